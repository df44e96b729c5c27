import { optionalObject, requireString } from "../util/validate";
import { ArgumentError, LatchkeyError } from "../errors/base";
import { apiUrl } from "../http/client";
import type { Session } from "../session/session";
import { accessTokenClaims } from "../session/jwt";
import type { AppContext } from "../core/context";
import { saveVerifierAndState } from "./oauth-cookies";
import { authorizeRequest, constructRedirectUrl, mergeScopes, oauthRedirectUri, requireBrowser } from "./oauth-urls";
import type { AuthorizeRequest } from "./oauth-urls";

// The token goes to the platform with the authorize request and must still be valid when the platform reads it.
const TOKEN_VALIDITY_MS = 45_000;

/**
 * Options of {@link ClientApp.signInWithOAuth}.
 *
 * @example
 * await app.signInWithOAuth("github", { returnTo: "/welcome" });
 */
export interface OAuthSignInOptions {
  /**
   * Where to go once signed in (relative to the current page, or an absolute URL the project trusts). Default:
   * the page's `after_auth_return_to` if it has one, else after-sign-up for a new user and after-sign-in otherwise.
   */
  returnTo?: string;
}

function checkCanNavigate(ctx: AppContext, method: string): void {
  requireBrowser(method);
  if (ctx.core.redirectMethod === "none") {
    throw new ArgumentError(`${method} has to send the browser to the OAuth provider, but this app's redirectMethod is "none".`);
  }
}

/**
 * Navigates to the provider (or the platform's authorize URL), then never settles: the page is being left. These
 * targets are off the app's domains by nature (the platform chose them), so they do not go through the app's
 * trusted-redirect check.
 */
async function leaveFor(ctx: AppContext, url: string): Promise<never> {
  // The navigation is in the client's lazy group (loaded on demand, as here: a static import would split it).
  await (await import("../urls/navigate")).navigate(ctx.core.redirectMethod, url);
  return new Promise<never>(() => {});
}

/**
 * A new PKCE verifier and state (kept in their cookie), and the authorize request carrying them with the parts
 * every flow shares: the callback page as `redirect_uri` and the error page for failures.
 */
async function authorize(ctx: AppContext, request: Omit<AuthorizeRequest, "state" | "codeChallenge" | "redirectUri" | "errorRedirectUrl">) {
  const { state, codeChallenge } = await saveVerifierAndState();
  return authorizeRequest(ctx.core, {
    ...request,
    state,
    codeChallenge,
    redirectUri: oauthRedirectUri(ctx.core),
    errorRedirectUrl: constructRedirectUrl(ctx.core.urls.error),
  });
}

/**
 * @internal `signInWithOAuth`: keeps a PKCE verifier in a cookie named after a fresh `state`, asks the platform for
 * the provider's consent page (`GET /auth/oauth/authorize/{provider}` in JSON mode, as the official SDK does) and
 * sends the browser there. An anonymous user's access token goes along, so the platform upgrades that user
 * instead of creating another. The promise never settles once the browser is on its way.
 * @example
 * await signInWithOAuth(ctx, "google", { returnTo: "/dashboard" });
 */
export async function signInWithOAuth(ctx: AppContext, provider: string, options?: OAuthSignInOptions): Promise<void> {
  const id = requireString(provider, "provider");
  const o = optionalObject(options, "signInWithOAuth options");
  const returnTo = o.returnTo === undefined ? undefined : requireString(o.returnTo, "returnTo");
  checkCanNavigate(ctx, "signInWithOAuth");
  const session = ctx.core.session();
  const { accessToken } = await session.getTokens(TOKEN_VALIDITY_MS);
  const anonymous = !!accessToken && accessTokenClaims(accessToken)?.is_anonymous === true;
  const { path, query } = await authorize(ctx, {
    provider: id,
    type: "authenticate",
    afterCallbackRedirectUrl: returnTo === undefined ? undefined : constructRedirectUrl(returnTo),
    token: anonymous ? accessToken : null,
    providerScope: mergeScopes(ctx.core.oauthScopesOnSignIn[id]),
    json: true,
  });
  const answer = await ctx.core.request<{ location: string }>({ expect: "location", path, query, bare: true });
  return leaveFor(ctx, answer.location);
}

/**
 * @internal Links another account at `provider` to the user of `session` (or asks it for more `scopes`): a PKCE
 * verifier in a cookie as for sign-in, then the browser goes straight to the platform's authorize URL with
 * `type=link`, the user's access token, the scopes (plus the app's `oauthScopesOnSignIn` for that provider) and
 * the current page as where to come back to. Never settles once the browser is on its way.
 * @example
 * await startLinking(ctx, session, "github", ["repo"]);
 */
export async function startLinking(ctx: AppContext, session: Session, provider: string, scopes: readonly string[]): Promise<never> {
  checkCanNavigate(ctx, "Linking an OAuth account");
  const { accessToken } = await session.getTokens(TOKEN_VALIDITY_MS);
  if (!accessToken) throw new LatchkeyError("This user's session has ended, so no account can be linked to it; sign in again.", "NotSignedInError");
  const { path, query } = await authorize(ctx, {
    provider,
    type: "link",
    afterCallbackRedirectUrl: constructRedirectUrl(window.location.href),
    token: accessToken,
    providerScope: mergeScopes(scopes, ctx.core.oauthScopesOnSignIn[provider]),
  });
  return leaveFor(ctx, apiUrl(ctx.core.http.baseUrl, path, query));
}
