import type { AppCore } from "../core/app-core";
import { knownError } from "../errors/lineage";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownErrors } from "../errors";
import { OAuthCallbackError } from "../errors/oauth-callback";
import { knownErrorStatus } from "../errors/table";
import { sendRequest } from "../http/client";
import { completeSignIn } from "../core/context";
import { mfaRequired } from "./mfa-required";
import type { AppContext, TokenResponse } from "../core/context";
import { consumeVerifier } from "./oauth-cookies";
import { CALLBACK_PARAMS, PUBLIC_CLIENT_SECRET, oauthRedirectUri, requireBrowser } from "./oauth-urls";
import { handoffRedirectUri, hasHandoffMarker } from "../urls/cross-domain-params";

/** What the OAuth callback shows when a wrong TOTP code ends the sign-in (the official SDK's words). */
const INVALID_TOTP_MESSAGE = "Invalid TOTP code. Please try signing in again.";
/** The message of the error thrown when the code exchange fails (the official SDK's words). */
const CALLBACK_FAILED_MESSAGE = "Error signing in during OAuth callback. Please try again.";

/** The tokens of the exchange, and what the platform says about them. */
interface ExchangedTokens extends TokenResponse {
  after_callback_redirect_url: string | null;
}

/** Replaces the address bar's URL (no navigation, no new history entry) by the current one without `params`. */
function removeFromAddressBar(params: readonly string[]): void {
  const url = new URL(window.location.href);
  for (const param of params) url.searchParams.delete(param);
  window.history.replaceState(window.history.state, "", url.toString());
}

/**
 * The error the platform sent back through the callback's address (`errorCode`, `message`, `details` JSON), as
 * the `KnownError` it names; those parameters are removed from the address bar. Null when there is none.
 */
function errorFromAddress(here: URL): Error | null {
  const code = here.searchParams.get("errorCode");
  const message = here.searchParams.get("message");
  if (!code || !message) return null;
  let details: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(here.searchParams.get("details") ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    // Malformed details: the code and message still say what went wrong.
  }
  removeFromAddressBar(CALLBACK_PARAMS.filter((p) => p !== "code" && p !== "state"));
  return knownError(code, details, message, knownErrorStatus(code));
}

/**
 * The authorization-code grant at `POST /auth/oauth/token` (wire §8.7). The form (`code`, `redirect_uri`, `code_verifier`, and the client as `client_id` +
 * `client_secret`: the publishable key or the public-client sentinel) goes through the SDK's one HTTP pipeline, as
 * the refresh-token grant does, so its answer is read like every other (a known error such as
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` is thrown as such). Not retried: a code is good for one exchange.
 */
async function exchangeCode(core: AppCore, params: URLSearchParams, verifier: string, redirectUri: string): Promise<ExchangedTokens> {
  const body = await sendRequest<Record<string, unknown> | null>(core.http, {
    method: "POST",
    path: "/auth/oauth/token",
    bare: true,
    form: {
      grant_type: "authorization_code",
      code: params.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: core.projectId,
      client_secret: core.http.publishableClientKey || PUBLIC_CLIENT_SECRET,
    },
  });
  if (typeof body?.access_token !== "string" || typeof body.refresh_token !== "string") {
    throw new OAuthCallbackError("The platform's token answer has no access token or no refresh token.");
  }
  const newUser = body.is_new_user ?? body.newUser;
  const after = body.after_callback_redirect_url ?? body.afterCallbackRedirectUrl;
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    is_new_user: newUser === true,
    after_callback_redirect_url: typeof after === "string" && after ? after : null,
  };
}

/**
 * @internal `callOAuthCallback`: finishes the OAuth flow on the callback page. Throws the `KnownError` the
 * platform reported through the address (`errorCode` + `message`), an {@link OAuthCallbackError} when the address
 * has no `code` or `state`; returns false (after a warning, storing nothing) when no verifier cookie matches the
 * state. Otherwise consumes that cookie, removes `code` and `state` from the address bar, exchanges the code,
 * stores the tokens and goes to the after-callback URL of the flow (the page that started a link), else
 * `after_auth_return_to`, else after-sign-up for a new user or after-sign-in, and returns true. On the app's end of
 * a cross-domain hand-off (`hexclave_cross_domain_auth=1` or `stack_cross_domain_auth=1`) the code is redeemed
 * for this page's own address, and the after-callback URL is the page the hand-off started from. A second factor:
 * the MFA path (attempt code kept, MFA page, the error thrown); a wrong TOTP code: an alert, false; any other
 * failure of the exchange: an OAuthCallbackError "Error signing in during OAuth callback. Please try again."
 * @example
 * if (await callOAuthCallback(ctx)) return; // navigating away
 */
export async function callOAuthCallback(ctx: AppContext): Promise<boolean> {
  requireBrowser("callOAuthCallback");
  const session = ctx.core.session();
  const here = new URL(window.location.href);
  const reported = errorFromAddress(here);
  if (reported) throw reported;
  // An RFC 6749 error without the platform's known-error parameters (state checked by the cookie lookup below).
  const refusal = here.searchParams.get("error");
  if (refusal) {
    removeFromAddressBar(CALLBACK_PARAMS);
    const description = here.searchParams.get("error_description");
    throw new OAuthCallbackError(`The OAuth sign-in was refused: ${refusal}${description ? ` (${description})` : ""}.`);
  }
  const missing = ["code", "state"].filter((p) => !here.searchParams.get(p));
  if (missing.length) {
    throw new OAuthCallbackError(
      `The OAuth callback needs the code and state query parameters, but this page's address has no ${missing.join(" and no ")}. ` +
        "Was the page reloaded or opened again from the browser history?",
    );
  }
  const state = here.searchParams.get("state")!;
  const verifier = consumeVerifier(state);
  if (!verifier) {
    console.warn(
      "latchkey: no OAuth verifier cookie for this callback's state, so nobody was signed in (flow over an hour old, cookie " +
        "deleted or already used by a reload, or another OAuth client on this page). Harmless unless you debug OAuth.",
    );
    return false;
  }
  // The app's end of a cross-domain hand-off: the code was issued for this very page's address.
  const redirectUri = hasHandoffMarker(here.searchParams) ? handoffRedirectUri(here) : oauthRedirectUri(ctx.core);
  removeFromAddressBar(["code", "state"]);
  let tokens: ExchangedTokens;
  try {
    tokens = await exchangeCode(ctx.core, here.searchParams, verifier, redirectUri);
  } catch (error) {
    if (isKnownErrorOf(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) {
      return mfaRequired(ctx, error as KnownErrors["MultiFactorAuthenticationRequired"]);
    }
    if (isKnownErrorOf(error, "INVALID_TOTP_CODE")) {
      window.alert(INVALID_TOTP_MESSAGE);
      return false;
    }
    throw new OAuthCallbackError(CALLBACK_FAILED_MESSAGE, { cause: error });
  }
  const after = tokens.after_callback_redirect_url;
  await completeSignIn(ctx, session, tokens, { noRedirect: after !== null, isNewUser: tokens.is_new_user });
  if (after !== null) await ctx.core.redirect(after, true);
  return true;
}
