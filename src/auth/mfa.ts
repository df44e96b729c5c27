import { optionalObject, requireString } from "../apps/options";
import { isKnownErrorOf } from "../errors/known-error";
import type { KnownError, KnownErrors } from "../errors";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { completeSignIn } from "./context";
import type { AuthContext, TokenResponse } from "./context";

/**
 * @internal `POST /auth/mfa/sign-in` with the user's TOTP code and the attempt code of the sign-in that asked for
 * it (`MULTI_FACTOR_AUTHENTICATION_REQUIRED`'s `details.attempt_code`), then signs the user in: new users go to
 * after-sign-up, others to after-sign-in, unless `noRedirect`. A wrong TOTP code and an unknown, expired or used
 * attempt code are error results; anything else is thrown.
 * @example
 * const result = await signInWithMfa(ctx, "123456", attemptCode, { noRedirect: true });
 */
export async function signInWithMfa(
  ctx: AuthContext,
  otp: string,
  code: string,
  options?: { noRedirect?: boolean; tokenStore?: TokenStoreInit },
): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
  const totp = requireString(otp, "otp");
  requireString(code, "code");
  const o = optionalObject(options, "signInWithMfa options");
  const session = ctx.core.session(o.tokenStore);
  const result = await ctx.core.expect<undefined, KnownError>(async () => {
    const tokens = await ctx.core.request<TokenResponse>({ method: "POST", path: "/auth/mfa/sign-in", session, body: { type: "totp", totp, code } });
    await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: tokens.is_new_user });
    return undefined;
  }, ["VERIFICATION_ERROR", "INVALID_TOTP_CODE"]);
  if (result.status === "error" && !isKnownErrorOf(result.error, "VERIFICATION_ERROR") && !isKnownErrorOf(result.error, "INVALID_TOTP_CODE")) {
    throw result.error;
  }
  return result as Awaited<ReturnType<typeof signInWithMfa>>;
}
