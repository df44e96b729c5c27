import { optionalObject, requireString } from "../util/validate";
import { requireVerificationCode } from "../util/verification-code";
import type { KnownErrors } from "../errors";
import type { Result } from "../util/result";
import { emailCallbackUrl } from "../urls/email-callback";
import type { AppContext } from "../core/context";
import { checkNewPassword } from "../util/password-rules";

/** @internal `POST /auth/password/send-reset-code`: the platform answers the same whether or not the e-mail exists. */
export async function sendForgotPasswordEmail(
  ctx: AppContext,
  email: string,
  options?: { callbackUrl?: string },
): Promise<Result<undefined, KnownErrors["UserNotFound"]>> {
  requireString(email, "email");
  const o = optionalObject(options, "sendForgotPasswordEmail options");
  const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.passwordReset, "sendForgotPasswordEmail");
  return ctx.core.expect(async () => {
    await ctx.core.request({ method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url } });
    return undefined;
  }, ["USER_NOT_FOUND"]);
}

/** @internal `POST /auth/password/reset/check-code`: is this reset code still usable? */
export async function verifyPasswordResetCode(ctx: AppContext, code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
  return ctx.core.expect(async () => {
    await ctx.core.request({ method: "POST", path: "/auth/password/reset/check-code", body: { code: requireVerificationCode(code) } });
    return undefined;
  }, ["VERIFICATION_ERROR"]);
}

/**
 * Options of {@link ClientApp.resetPassword}.
 *
 * @example
 * await app.resetPassword({ code: new URLSearchParams(location.search).get("code")!, password: "new password!" });
 */
export interface ResetPasswordOptions {
  /** The code from the reset e-mail's link. */
  code: string;
  password: string;
  /**
   * When given, must equal `password`: checked before any request, a mismatch throws
   * `PASSWORD_CONFIRMATION_MISMATCH` (a latchkey extra; the official SDK has no such option).
   */
  confirmPassword?: string;
}

/**
 * @internal `POST /auth/password/reset`. As in the official SDK only a bad code is a result: a password the
 * platform refuses (checked here first) and a confirmation mismatch are thrown known errors.
 */
export async function resetPassword(
  ctx: AppContext,
  options: ResetPasswordOptions,
): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
  const o = optionalObject(options, "resetPassword options") as ResetPasswordOptions;
  const code = requireString(o.code, "code");
  const password = requireString(o.password, "password");
  const problem = checkNewPassword(password, o.confirmPassword);
  if (problem) throw problem;
  return ctx.core.expect(async () => {
    await ctx.core.request({ method: "POST", path: "/auth/password/reset", body: { code: requireVerificationCode(code), password } });
    return undefined;
  }, ["VERIFICATION_ERROR"]);
}
