import { optionalObject, requireString } from "../util/validate";
import { requireVerificationCode } from "../util/verification-code";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownError, KnownErrors } from "../errors";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { botChallengeFailed } from "./bot-challenge";
import { completeSignIn, forgetSession } from "../core/context";
import { emailCallbackUrl } from "../urls/email-callback";
import { mfaRequired } from "./mfa-required";
import type { AppContext, TokenResponse } from "../core/context";

/** @internal `POST /auth/otp/send-sign-in-code`: e-mails a magic link and a one-time code; returns the nonce. */
export async function sendMagicLinkEmail(
  ctx: AppContext,
  email: string,
  options?: { callbackUrl?: string },
): Promise<Result<{ nonce: string }, KnownErrors["RedirectUrlNotWhitelisted"] | KnownErrors["BotChallengeFailed"]>> {
  requireString(email, "email");
  const o = optionalObject(options, "sendMagicLinkEmail options");
  const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.magicLinkCallback, "sendMagicLinkEmail");
  const result = await ctx.core.expect<{ nonce: string }, KnownErrors["RedirectUrlNotWhitelisted"] | KnownErrors["BotChallengeFailed"] | KnownErrors["BotChallengeRequired"]>(
    async () => {
      const { nonce } = await ctx.core.request<{ nonce: string }>({
                expect: "nonce",
        method: "POST",
        path: "/auth/otp/send-sign-in-code",
        body: { email, callback_url },
      });
      return { nonce };
    },
    ["REDIRECT_URL_NOT_WHITELISTED", "BOT_CHALLENGE_FAILED", "BOT_CHALLENGE_REQUIRED"],
  );
  return botChallengeFailed(result);
}

/**
 * `POST /auth/otp/sign-in` with the link's code (or the 6-character one-time code followed by the nonce), then
 * sign the user in: new users go to after-sign-up, others to after-sign-in. A required second factor is thrown
 * (after going to the MFA page in a browser), as in `signInWithCredential`.
 * @internal
 */
export async function signInWithMagicLink(
  ctx: AppContext,
  code: string,
  options?: { noRedirect?: boolean; tokenStore?: TokenStoreInit },
): Promise<Result<undefined, KnownErrors["VerificationCodeError"] | KnownErrors["InvalidTotpCode"]>> {
  const o = optionalObject(options, "signInWithMagicLink options");
  const session = ctx.core.session(o.tokenStore);
  const result = await ctx.core.expect<undefined, KnownError>(async () => {
    const body = { code: requireVerificationCode(code) };
    const tokens = await ctx.core.request<TokenResponse>({ expect: "access_token refresh_token", method: "POST", path: "/auth/otp/sign-in", session, body });
    await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: tokens.is_new_user });
    return undefined;
  }, ["VERIFICATION_ERROR", "INVALID_TOTP_CODE", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"]);
  if (result.status === "error" && isKnownErrorOf(result.error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) {
    return mfaRequired(ctx, result.error as KnownErrors["MultiFactorAuthenticationRequired"]);
  }
  return result as Awaited<ReturnType<typeof signInWithMagicLink>>;
}

/**
 * @internal `POST /contact-channels/verify`: confirms an e-mail address with the code from its link. Whose address
 * it was is not known here (the link may be opened anywhere), so everything cached for every session is forgotten
 * and every session's access token marked stale (`email_verified`, and the restriction of unverified users, are
 * claims). The user's own app, if it is another one, sees the change on its next `getUser()`.
 */
export async function verifyEmail(ctx: AppContext, code: string): Promise<Result<undefined, KnownErrors["VerificationCodeError"]>> {
  return ctx.core.expect(async () => {
    await ctx.core.request({ method: "POST", path: "/contact-channels/verify", body: { code: requireVerificationCode(code) } });
    forgetSession(ctx);
    ctx.core.markTokensStale();
    return undefined;
  }, ["VERIFICATION_ERROR"]);
}
