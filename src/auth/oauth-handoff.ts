import { ArgumentError } from "../errors/base";
import type { RequestSpec } from "../http/types";
import { resolveHandlerUrls } from "../urls/handler-urls";
import type { HandlerUrlOptions } from "../urls/handler-urls";
import { relativePart } from "../urls/handler-redirects";
import type { RedirectTarget } from "../urls/handler-redirects";
import {
  OAUTH_CALLBACK_PARAMS,
  handoffReturnTarget,
  isCompleteHandoff,
  readHandoffParams,
  withNewHandoff,
  writeHandoffParams,
} from "../urls/cross-domain-params";
import type { HandoffParams } from "../urls/cross-domain-params";
import { RETURN_TO } from "../urls/redirect";
import type { AppContext } from "../core/context";
import { saveVerifierAndState } from "./oauth-cookies";

/** The platform's rule for a PKCE code challenge (`POST /auth/oauth/cross-domain/authorize`). */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * What the hand-off needs from an app's core (`AppCore` fits; named by shape so this module, loaded by the core,
 * does not import it back).
 * @internal
 * @example
 * const url = await crossDomainTarget(appCore, "signIn", "https://p.built-with-stack-auth.com/handler/sign-in");
 */
export interface HandoffCore {
  readonly projectId: string;
  readonly options: { readonly urls?: HandlerUrlOptions };
  request<T>(spec: RequestSpec): Promise<T>;
  session(): NonNullable<RequestSpec["session"]>;
}

/** What `POST /auth/oauth/cross-domain/authorize` is asked for. */
export interface HandoffAuthorization {
  /** The app's callback that redeems the code (absolute, http or https). */
  redirectUri: string;
  /** The PKCE state the app keeps its verifier under (1–512 characters). */
  state: string;
  /** The S256 challenge of that verifier (43–128 unreserved characters). */
  codeChallenge: string;
  /** Where the app goes once it holds the session (absolute, http or https). */
  afterCallbackRedirectUrl?: string;
}

/** Checks `value` is an absolute http(s) URL, or throws an ArgumentError naming `name`. */
function httpUrl(value: unknown, name: string): void {
  let url: URL | null = null;
  try {
    url = typeof value === "string" ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new ArgumentError(`${name} must be an absolute http or https URL, got ${String(value)}.`);
}

/**
 * Hands the signed-in session of this page to the app at `redirectUri` on another domain:
 * `POST /auth/oauth/cross-domain/authorize` `{ redirect_uri, state, code_challenge, code_challenge_method: "S256",
 * after_callback_redirect_url? }` with the session's access and refresh tokens, answered by `{ redirect_url }`: the
 * `redirectUri` with a one-time authorization `code` and the `state`, which the app redeems with its PKCE verifier.
 * The arguments are checked first (ArgumentError, nothing sent); the platform's refusals are thrown as they come
 * (`REDIRECT_URL_NOT_WHITELISTED`, `USER_AUTHENTICATION_REQUIRED`, …).
 * @internal
 * @example
 * const next = await authorizeHandoff(core, { redirectUri: "https://app.example/handler/oauth-callback?hexclave_cross_domain_auth=1", state, codeChallenge });
 */
export async function authorizeHandoff(core: HandoffCore, request: HandoffAuthorization): Promise<string> {
  if (typeof request !== "object" || request === null) throw new ArgumentError("The hand-off request must be an object.");
  httpUrl(request.redirectUri, "redirectUri");
  if (typeof request.state !== "string" || request.state.length < 1 || request.state.length > 512) {
    throw new ArgumentError("state must be a string of 1 to 512 characters.");
  }
  if (typeof request.codeChallenge !== "string" || !CODE_CHALLENGE.test(request.codeChallenge)) {
    throw new ArgumentError("codeChallenge must be an S256 PKCE challenge: 43 to 128 letters, digits or . _ ~ -.");
  }
  if (request.afterCallbackRedirectUrl !== undefined) httpUrl(request.afterCallbackRedirectUrl, "afterCallbackRedirectUrl");
  // The URLs are sent as given, not normalised: the code is bound to the exact `redirect_uri` string.
  const body: Record<string, string> = {
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  };
  if (request.afterCallbackRedirectUrl !== undefined) body.after_callback_redirect_url = request.afterCallbackRedirectUrl;
  const answer = await core.request<{ redirect_url: string }>({
    method: "POST",
    path: "/auth/oauth/cross-domain/authorize",
    session: core.session(),
    body,
    expect: "redirect_url",
  });
  return answer.redirect_url;
}

/**
 * The app's own page that redeems a hand-off's code: the current page (without the OAuth callback's parameters)
 * when the OAuth callback is hosted, else the handler's `oauth-callback` page, as the official SDK picks it.
 */
function localCallbackUrl(core: HandoffCore, here: URL): string {
  const urls = core.options.urls;
  const target = urls?.oauthCallback ?? urls?.default;
  if (typeof target === "object" && target?.type === "hosted") {
    const page = new URL(here.href);
    for (const param of OAUTH_CALLBACK_PARAMS) page.searchParams.delete(param);
    return page.href;
  }
  return resolveHandlerUrls({ ...urls, default: { type: "handler-component" }, oauthCallback: { type: "handler-component" } }, core.projectId).oauthCallback;
}

/** `value` as a URL against `base`, or an ArgumentError naming it. */
function parse(value: string, base: URL, name: string): URL {
  try {
    return new URL(value, base);
  } catch {
    throw new ArgumentError(`The ${name} ${value} is not a URL.`);
  }
}

/**
 * The sending side: `url` (a sign-in, sign-up, onboarding or sign-out page) carrying the hand-off parameters of the
 * current page when it has some; and, for a sign-in, sign-up or onboarding page on another origin that has none, a
 * new hand-off — a PKCE verifier kept in this origin's cookies, its state and challenge, and the app's callback
 * as `after_auth_return_to` (see `withNewHandoff`).
 */
async function toSigningInPage(core: HandoffCore, target: RedirectTarget, url: string, here: URL): Promise<string> {
  const next = parse(url, here, "page address");
  const carried = readHandoffParams(here.searchParams);
  const present = readHandoffParams(next.searchParams);
  writeHandoffParams(next.searchParams, {
    state: present.state ?? carried.state,
    codeChallenge: present.codeChallenge ?? carried.codeChallenge,
    afterCallbackRedirectUrl: present.afterCallbackRedirectUrl ?? carried.afterCallbackRedirectUrl,
  });
  const format = (u: URL) => (u.origin === here.origin ? relativePart(u) : u.href);
  if (target === "signOut" || next.origin === here.origin || isCompleteHandoff(readHandoffParams(next.searchParams))) return format(next);
  const pkce =
    carried.state !== null && carried.codeChallenge !== null ? { state: carried.state, codeChallenge: carried.codeChallenge } : await saveVerifierAndState();
  return withNewHandoff(next, here, localCallbackUrl(core, here), pkce).href;
}

/**
 * The signing-in page's side (a hosted page, or any page the app sent the user to): when its
 * `after_auth_return_to` (`url`) needs a hand-off (see `handoffReturnTarget`) and the page carries the app's state
 * and challenge, the platform's `redirect_url` that brings the code to the app; otherwise `url` unchanged.
 */
async function backToApp(core: HandoffCore, url: string, here: URL): Promise<string> {
  const back = parse(url, here, "after_auth_return_to");
  const fromPage = readHandoffParams(here.searchParams);
  const fromBack = readHandoffParams(back.searchParams);
  const params: HandoffParams = {
    state: fromPage.state ?? fromBack.state,
    codeChallenge: fromPage.codeChallenge ?? fromBack.codeChallenge,
    afterCallbackRedirectUrl: fromPage.afterCallbackRedirectUrl ?? fromBack.afterCallbackRedirectUrl,
  };
  const returnTarget = handoffReturnTarget(back, here, params);
  if (!returnTarget || params.state === null || params.codeChallenge === null) return url;
  return authorizeHandoff(core, {
    redirectUri: returnTarget.href,
    state: params.state,
    codeChallenge: params.codeChallenge,
    afterCallbackRedirectUrl: parse(params.afterCallbackRedirectUrl ?? here.href, here, "after-callback address").href,
  });
}

/**
 * @internal Where a `redirectTo*` helper for `target` really goes, given the URL `handlerRedirectUrl` planned, in a
 * browser page: a sign-in, sign-up or onboarding page on another origin (the platform's hosted pages) starts a
 * cross-domain hand-off (the parameters in both families); after sign-in or sign-up, a page whose
 * `after_auth_return_to` is the callback of an app on another origin hands the session over to it through the
 * platform. Any other target, and any target of an app that cannot navigate, is returned as planned. The app hands
 * this down to its core as `core.handOff`.
 * @example
 * const url = await handOff(ctx, "signIn", handlerRedirectUrl(ctx.core.urls, "signIn"));
 */
export function handOff(ctx: AppContext, target: RedirectTarget, url: string): Promise<string> {
  // The navigation is in the client's lazy group (loaded on demand, as here: a static import would split it).
  return import("../urls/navigate").then((m) => (m.canNavigate(ctx.core.redirectMethod) ? crossDomainTarget(ctx.core, target, url) : url));
}

/**
 * @internal {@link handOff}'s work in a page that can navigate.
 * @example
 * const url = await crossDomainTarget(core, "signIn", handlerRedirectUrl(core.urls, "signIn"));
 */
export async function crossDomainTarget(core: HandoffCore, target: RedirectTarget, url: string): Promise<string> {
  const here = new URL(window.location.href);
  if (target === "signIn" || target === "signUp" || target === "onboarding" || target === "signOut") return toSigningInPage(core, target, url, here);
  if ((target === "afterSignIn" || target === "afterSignUp") && here.searchParams.has(RETURN_TO)) return backToApp(core, url, here);
  return url;
}
