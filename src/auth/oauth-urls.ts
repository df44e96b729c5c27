import type { AppCore } from "../core/app-core";
import { optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import { OAUTH_CALLBACK_PARAMS } from "../urls/cross-domain-params";
import { RETURN_TO, inBrowser } from "../urls/redirect";
import { untrustedRedirect } from "../urls/trusted-redirects";

/**
 * The client secret sent when the app has no publishable key (the platform's sentinel).
 * @internal
 * @example
 * const secret = core.http.publishableClientKey || PUBLIC_CLIENT_SECRET;
 */
export const PUBLIC_CLIENT_SECRET = "__stack_public_client__";

/**
 * Query parameters the platform adds to the OAuth callback page's address.
 * @internal
 * @example
 * for (const param of CALLBACK_PARAMS) url.searchParams.delete(param);
 */
export const CALLBACK_PARAMS: readonly string[] = OAUTH_CALLBACK_PARAMS;

/**
 * Throws an ArgumentError naming `method` unless this runs in a browser page (OAuth flows navigate the window and
 * keep their verifier in its cookies).
 * @internal
 * @example
 * requireBrowser("signInWithOAuth");
 */
export function requireBrowser(method: string): void {
  if (!inBrowser()) throw new ArgumentError(`${method} only works in a browser page: the OAuth flow navigates the window and keeps its verifier in a cookie.`);
}

/**
 * `url` as an absolute URL for the platform: resolved against the current page, keeping the page's
 * `after_auth_return_to`, without a fragment. A `url` the URL parser cannot read gets the untrusted-redirect
 * ArgumentError.
 * @internal
 * @example
 * constructRedirectUrl("/handler/oauth-callback"); // "https://myapp.example/handler/oauth-callback"
 */
export function constructRedirectUrl(url: string): string {
  const here = new URL(window.location.href);
  let target: URL;
  try {
    target = new URL(url, here);
  } catch {
    throw untrustedRedirect(url);
  }
  const returnTo = here.searchParams.get(RETURN_TO);
  if (returnTo !== null) target.searchParams.set(RETURN_TO, returnTo);
  target.hash = "";
  return target.toString();
}

/**
 * The OAuth callback page as sent in `redirect_uri`: the app's `oauthCallback` page, or, when that page is hosted
 * by the platform (`{ type: "hosted" }`), the current page without the callback's own query parameters.
 * @internal
 * @example
 * const redirectUri = oauthRedirectUri(ctx.core);
 */
export function oauthRedirectUri(core: AppCore): string {
  const urls = core.options.urls;
  const target = urls?.oauthCallback ?? urls?.default;
  if (typeof target === "object" && target?.type === "hosted") {
    const here = new URL(window.location.href);
    for (const param of CALLBACK_PARAMS) here.searchParams.delete(param);
    return constructRedirectUrl(here.href);
  }
  return constructRedirectUrl(core.urls.oauthCallback);
}

/**
 * Scope lists merged into one space-separated string, each scope once, in first-seen order.
 * @internal
 * @example
 * mergeScopes(["repo", "user"], ["user", "gist"]); // "repo user gist"
 */
export function mergeScopes(...lists: readonly (readonly string[] | undefined)[]): string {
  return [...new Set(lists.flatMap((list) => list ?? []))].join(" ");
}

/**
 * The `scopes` of an options object, checked: an array of scope names (non-empty, without spaces), or [] when absent.
 * @internal
 * @example
 * scopesOption({ scopes: ["repo"] }, "linkConnectedAccount options"); // ["repo"]
 */
export function scopesOption(options: { scopes?: string[] } | undefined, name: string): string[] {
  const { scopes } = optionalObject(options, name);
  if (scopes === undefined) return [];
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== "string" || !s || /\s/.test(s))) {
    throw new ArgumentError("scopes must be an array of scope names (non-empty strings without spaces).");
  }
  return [...scopes];
}

/**
 * What an authorize request carries besides the app's own keys.
 * @internal
 * @example
 * const request: AuthorizeRequest = { provider: "github", type: "authenticate", state, codeChallenge, redirectUri, errorRedirectUrl };
 */
export interface AuthorizeRequest {
  provider: string;
  type: "authenticate" | "link";
  state: string;
  codeChallenge: string;
  redirectUri: string;
  errorRedirectUrl: string;
  afterCallbackRedirectUrl?: string;
  /** The user's access token: required to link, and upgrades an anonymous user on sign-in. */
  token?: string | null;
  /** Extra provider scopes, space-separated. */
  providerScope?: string;
  /** Ask for `{ location }` as JSON instead of a redirect. */
  json?: boolean;
}

/**
 * The path and query of `GET /auth/oauth/authorize/{provider}` (wire §8.7), parameters in the official SDK's order.
 * @internal
 * @example
 * const { path, query } = authorizeRequest(ctx.core, request);
 */
export function authorizeRequest(core: AppCore, r: AuthorizeRequest): { path: string; query: Record<string, string> } {
  const redirectUri = new URL(r.redirectUri);
  redirectUri.searchParams.delete("code");
  redirectUri.searchParams.delete("state");
  const query: Record<string, string> = {
    client_id: core.projectId,
    client_secret: core.http.publishableClientKey || PUBLIC_CLIENT_SECRET,
    redirect_uri: redirectUri.toString(),
    scope: "legacy",
    state: r.state,
    grant_type: "authorization_code",
    code_challenge: r.codeChallenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: r.type,
    error_redirect_uri: r.errorRedirectUrl,
  };
  if (r.token) query.token = r.token;
  if (r.afterCallbackRedirectUrl) query.after_callback_redirect_url = r.afterCallbackRedirectUrl;
  if (r.providerScope) query.provider_scope = r.providerScope;
  if (r.json) {
    query.hexclave_response_mode = "json";
    query.stack_response_mode = "json";
  }
  return { path: `/auth/oauth/authorize/${encodeURIComponent(r.provider.toLowerCase())}`, query };
}
