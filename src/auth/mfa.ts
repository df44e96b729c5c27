import { optionalObject, requireString } from "../util/validate";
import { requireVerificationCode } from "../util/verification-code";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownError, KnownErrors } from "../errors";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { inBrowser, RETURN_TO } from "../urls/redirect";
import { completeSignIn } from "../core/context";
import type { AppContext, TokenResponse } from "../core/context";

/**
 * Where the attempt code of a sign-in that asked for a second factor is kept in `sessionStorage`, as plain text:
 * the official SDK's current key first, then its older one (its MFA pages read the first, falling back to the
 * second; pages built for older releases read only the second). Both are written.
 * @internal
 * @example
 * const attemptCode = sessionStorage.getItem(MFA_ATTEMPT_KEYS[0]) ?? sessionStorage.getItem(MFA_ATTEMPT_KEYS[1]);
 */
export const MFA_ATTEMPT_KEYS = ["hexclave_mfa_attempt_code", "stack_mfa_attempt_code"] as const;

/**
 * A sign-in that needs a second factor, as the official SDK handles it: in a browser the attempt code is kept in
 * `sessionStorage` (under both {@link MFA_ATTEMPT_KEYS}) and the user is sent to the MFA page, keeping the page's
 * `after_auth_return_to` so the user lands there once the second factor is in; then (or at once where the app does
 * not navigate: `redirectMethod: "none"`, or Node) the `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error is thrown. Its
 * `details.attempt_code` goes with the user's TOTP code to `signInWithMfa`.
 * @internal
 * @example
 * if (isKnownErrorOf(e, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) return goToMfa(ctx, e);
 */
export async function goToMfa(ctx: AppContext, error: KnownErrors["MultiFactorAuthenticationRequired"]): Promise<never> {
  const attemptCode = error.details?.attempt_code;
  if (inBrowser() && typeof attemptCode === "string") {
    for (const key of MFA_ATTEMPT_KEYS) window.sessionStorage.setItem(key, attemptCode);
    const back = new URL(window.location.href).searchParams.get(RETURN_TO);
    const mfa = ctx.core.urls.mfa;
    await ctx.core.redirect(back ? `${mfa}${mfa.includes("?") ? "&" : "?"}${RETURN_TO}=${encodeURIComponent(back)}` : mfa);
  }
  throw error;
}

/**
 * @internal `POST /auth/mfa/sign-in` with the user's TOTP code and the attempt code of the sign-in that asked for
 * it (`MULTI_FACTOR_AUTHENTICATION_REQUIRED`'s `details.attempt_code`), then signs the user in: new users go to
 * after-sign-up, others to after-sign-in, unless `noRedirect`. A wrong TOTP code and an unknown, expired or used
 * attempt code are error results; anything else is thrown.
 * @example
 * const result = await signInWithMfa(ctx, "123456", attemptCode, { noRedirect: true });
 */
export async function signInWithMfa(
  ctx: AppContext,
  otp: string,
  code: string,
  options?: { noRedirect?: boolean; tokenStore?: TokenStoreInit },
): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
  const totp = requireString(otp, "otp");
  requireString(code, "code");
  const o = optionalObject(options, "signInWithMfa options");
  const session = ctx.core.session(o.tokenStore);
  const result = await ctx.core.expect<undefined, KnownError>(async () => {
    const body = { type: "totp", totp, code: requireVerificationCode(code) };
    const tokens = await ctx.core.request<TokenResponse>({ expect: "access_token refresh_token", method: "POST", path: "/auth/mfa/sign-in", session, body });
    // The attempt code is spent: the MFA page must not offer it again.
    if (inBrowser()) for (const key of MFA_ATTEMPT_KEYS) window.sessionStorage.removeItem(key);
    await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: tokens.is_new_user });
    return undefined;
  }, ["VERIFICATION_ERROR", "INVALID_TOTP_CODE"]);
  if (result.status === "error" && !isKnownErrorOf(result.error, "VERIFICATION_ERROR") && !isKnownErrorOf(result.error, "INVALID_TOTP_CODE")) {
    throw result.error;
  }
  return result as Awaited<ReturnType<typeof signInWithMfa>>;
}
