import { ArgumentError } from "../errors/base";
import { RETURN_TO } from "./redirect";

/**
 * The query parameters of the cross-domain hand-off, in both families the official SDKs use: `hexclave_*`
 * (`@stackframe/js` 2.8.108's `crossDomainAuthQueryParams`) and the older `stack_*` (the same table in earlier
 * versions). latchkey writes both and reads either (the newer first), so a hand-off between a latchkey page and a
 * page running either official version completes.
 * @internal
 * @example
 * HANDOFF_PARAM_FAMILIES.map((family) => family.marker); // ["hexclave_cross_domain_auth", "stack_cross_domain_auth"]
 */
export const HANDOFF_PARAM_FAMILIES = [
  {
    marker: "hexclave_cross_domain_auth",
    state: "hexclave_cross_domain_state",
    codeChallenge: "hexclave_cross_domain_code_challenge",
    afterCallbackRedirectUrl: "hexclave_cross_domain_after_callback_redirect_url",
  },
  {
    marker: "stack_cross_domain_auth",
    state: "stack_cross_domain_state",
    codeChallenge: "stack_cross_domain_code_challenge",
    afterCallbackRedirectUrl: "stack_cross_domain_after_callback_redirect_url",
  },
] as const;

/**
 * What a hand-off carries from the app to the page that signs the user in, and back: the PKCE `state` and S256
 * `codeChallenge` whose verifier the app kept, and where the app goes once it holds the session. Null when absent.
 * @internal
 * @example
 * const params: HandoffParams = { state: "abc", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", afterCallbackRedirectUrl: null };
 */
export interface HandoffParams {
  state: string | null;
  codeChallenge: string | null;
  afterCallbackRedirectUrl: string | null;
}

/**
 * Query parameters the platform adds to an OAuth callback page's address (the code and state, or an error).
 * @internal
 * @example
 * for (const param of OAUTH_CALLBACK_PARAMS) url.searchParams.delete(param);
 */
export const OAUTH_CALLBACK_PARAMS: readonly string[] = ["code", "state", "error", "error_description", "errorCode", "message", "details"];

type HandoffKey = keyof HandoffParams;
const HANDOFF_KEYS: readonly HandoffKey[] = ["state", "codeChallenge", "afterCallbackRedirectUrl"];

/**
 * The hand-off parameters of a query, each from the newer family if it has it, else from the older one.
 * @internal
 * @example
 * readHandoffParams(new URLSearchParams("stack_cross_domain_state=abc")); // { state: "abc", codeChallenge: null, afterCallbackRedirectUrl: null }
 */
export function readHandoffParams(query: URLSearchParams): HandoffParams {
  const read = (key: HandoffKey) => HANDOFF_PARAM_FAMILIES.map((family) => query.get(family[key])).find((value) => value !== null) ?? null;
  return { state: read("state"), codeChallenge: read("codeChallenge"), afterCallbackRedirectUrl: read("afterCallbackRedirectUrl") };
}

/**
 * Sets each given (non-null) hand-off parameter in `query`, under both families' names.
 * @internal
 * @example
 * writeHandoffParams(url.searchParams, { state, codeChallenge }); // hexclave_cross_domain_state=…&stack_cross_domain_state=…&…
 */
export function writeHandoffParams(query: URLSearchParams, params: Partial<HandoffParams>): void {
  for (const key of HANDOFF_KEYS) {
    const value = params[key];
    if (value !== null && value !== undefined) for (const family of HANDOFF_PARAM_FAMILIES) query.set(family[key], value);
  }
}

/**
 * True when a query carries all three hand-off parameters (in either family).
 * @internal
 * @example
 * if (isCompleteHandoff(readHandoffParams(next.searchParams))) return next.href; // the hand-off is already under way
 */
export const isCompleteHandoff = (p: HandoffParams): p is { [K in HandoffKey]: string } =>
  p.state !== null && p.codeChallenge !== null && p.afterCallbackRedirectUrl !== null;

/**
 * True when a page's query marks it as the app's end of a hand-off (`hexclave_cross_domain_auth=1` or
 * `stack_cross_domain_auth=1`): the OAuth callback that redeems the code must run on this very page.
 * @internal
 * @example
 * hasHandoffMarker(new URL(location.href).searchParams);
 */
export const hasHandoffMarker = (query: URLSearchParams): boolean => HANDOFF_PARAM_FAMILIES.some((family) => query.get(family.marker) === "1");

/**
 * The address the hand-off's code was issued for, as the callback must send it as `redirect_uri`: the page's
 * address without the `code` and `state` the platform added (and without a fragment).
 * @internal
 * @example
 * handoffRedirectUri(new URL("https://app.example/handler/oauth-callback?hexclave_cross_domain_auth=1&code=x&state=y"));
 * // "https://app.example/handler/oauth-callback?hexclave_cross_domain_auth=1"
 */
export function handoffRedirectUri(page: URL): string {
  const uri = new URL(page.href);
  uri.searchParams.delete("code");
  uri.searchParams.delete("state");
  uri.hash = "";
  return uri.href;
}

/**
 * The app's callback address the signing-in page sends the user back to: `callbackUrl` (resolved against the
 * current page, and on its origin — else an ArgumentError) with the marker and the given hand-off parameters in
 * both families.
 * @internal
 * @example
 * handoffCallbackUrl("/handler/oauth-callback", here, { state, codeChallenge, afterCallbackRedirectUrl: here.href });
 */
export function handoffCallbackUrl(callbackUrl: string, here: URL, params: HandoffParams): URL {
  const url = new URL(callbackUrl, here);
  if (url.origin !== here.origin) {
    throw new ArgumentError(`The cross-domain hand-off's callback ${url.href} must be on the current origin (${here.origin}).`);
  }
  for (const family of HANDOFF_PARAM_FAMILIES) url.searchParams.set(family.marker, "1");
  writeHandoffParams(url.searchParams, params);
  return url;
}

/**
 * The address of a signing-in page on another origin (`next`, e.g. a hosted sign-in page) carrying a new hand-off,
 * as the official SDK builds it: `after_auth_return_to` is the app's callback (see {@link handoffCallbackUrl}), and
 * the state, code challenge and after-callback address (the current page's own `after_auth_return_to`, else the
 * current page) ride along at the top level too, in both families.
 * @internal
 * @example
 * withNewHandoff(new URL("https://p.built-with-stack-auth.com/handler/sign-in"), here, "/handler/oauth-callback", { state, codeChallenge }).href;
 */
export function withNewHandoff(next: URL, here: URL, callbackUrl: string, pkce: { state: string; codeChallenge: string }): URL {
  const requested = here.searchParams.get(RETURN_TO);
  const params = { ...pkce, afterCallbackRedirectUrl: requested !== null ? new URL(requested, here).href : here.href };
  const url = new URL(next.href);
  url.searchParams.set(RETURN_TO, handoffCallbackUrl(callbackUrl, here, params).href);
  writeHandoffParams(url.searchParams, params);
  return url;
}

/**
 * Where a signed-in page that was asked to return to `back` (its `after_auth_return_to`) must hand the session
 * over instead of just going there, as the official SDK decides it: `back` itself when it is on another origin;
 * for a `back` on this origin, the same path on the origin of the hand-off's after-callback address when the
 * hand-off is complete and that address is elsewhere. Null when no hand-off is needed.
 * @internal
 * @example
 * handoffReturnTarget(new URL(returnTo, here), here, readHandoffParams(here.searchParams));
 */
export function handoffReturnTarget(back: URL, here: URL, params: HandoffParams): URL | null {
  if (back.origin !== here.origin) return back;
  if (!isCompleteHandoff(params)) return null;
  const after = new URL(params.afterCallbackRedirectUrl, here);
  if (after.origin === here.origin) return null;
  return new URL(back.pathname + back.search + back.hash, after.origin);
}

/**
 * True when a `redirectTo*` helper's planned `url` for `target` may involve a hand-off, so the hand-off code is
 * worth loading: in a browser page, a sign-in, sign-up, onboarding or sign-out page on another origin or reached
 * from a page that carries hand-off parameters; after sign-in or sign-up, a page with an `after_auth_return_to`
 * on another origin or with hand-off parameters.
 * @internal
 * @example
 * if (mayHandOff("signIn", url)) url = await core.handOff("signIn", url);
 */
export function mayHandOff(target: string, url: string): boolean {
  if (typeof window === "undefined" || typeof document === "undefined") return false;
  const here = new URL(window.location.href);
  const carries = HANDOFF_PARAM_FAMILIES.some((family) => [family.state, family.codeChallenge, family.afterCallbackRedirectUrl].some((name) => here.searchParams.has(name)));
  let elsewhere: boolean;
  try {
    elsewhere = new URL(url, here).origin !== here.origin;
  } catch {
    elsewhere = false;
  }
  if (["signIn", "signUp", "onboarding", "signOut"].includes(target)) return elsewhere || carries;
  return (target === "afterSignIn" || target === "afterSignUp") && here.searchParams.has(RETURN_TO) && (elsewhere || carries);
}
