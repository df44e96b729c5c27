import { currentUserJson, forgetCurrentUser } from "../resources/users/current";
import { ArgumentError, LatchkeyError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownErrors } from "../errors";
import { optionalObject, requireString } from "../util/validate";
import type { TokenStoreInit } from "../token-stores/types";
import type { CurrentUserJson } from "../resources/users/current";
import type { Session } from "../session/session";
import { inBrowser } from "../urls/redirect";
import { err } from "../util/result";
import type { Result } from "../util/result";
import { botChallengeFailed } from "./bot-challenge";
import { completeSignIn, storeTokens } from "../core/context";
import { emailCallbackUrl } from "../urls/email-callback";
import type { AppContext, TokenResponse } from "../core/context";
import { checkNewPassword } from "../util/password-rules";

/**
 * Options of {@link ClientApp.signUpWithCredential}.
 *
 * @example
 * await app.signUpWithCredential({ email: "ada@example.com", password: "correct horse", noRedirect: true });
 */
export interface SignUpOptions {
  email: string;
  password: string;
  /**
   * When given, must equal `password`: checked before any request, a mismatch throws
   * `PASSWORD_CONFIRMATION_MISMATCH` (a latchkey extra; the official SDK has no such option).
   */
  confirmPassword?: string;
  /** Stay on the page after signing up. */
  noRedirect?: boolean;
  /** Where the verification e-mail's link goes. Default: the email-verification page (in a browser). */
  verificationCallbackUrl?: string;
  /** Send no verification e-mail. Cannot be combined with `verificationCallbackUrl`. */
  noVerificationCallback?: boolean;
  tokenStore?: TokenStoreInit;
}

/**
 * @internal `POST /auth/password/sign-up`, then sign the new user in. A password the platform would refuse comes
 * back as an error result (checked here first); a confirmation mismatch is thrown.
 */
export async function signUpWithCredential(
  ctx: AppContext,
  options: SignUpOptions,
): Promise<Result<undefined, KnownErrors["UserWithEmailAlreadyExists"] | KnownErrors["PasswordRequirementsNotMet"] | KnownErrors["BotChallengeFailed"]>> {
  const o = optionalObject(options, "signUpWithCredential options") as SignUpOptions;
  const email = requireString(o.email, "email");
  const password = requireString(o.password, "password");
  if (o.verificationCallbackUrl !== undefined) requireString(o.verificationCallbackUrl, "verificationCallbackUrl");
  if (o.noVerificationCallback !== undefined && typeof o.noVerificationCallback !== "boolean") {
    throw new ArgumentError("noVerificationCallback must be a boolean.");
  }
  if (o.noVerificationCallback && o.verificationCallbackUrl !== undefined) {
    throw new ArgumentError("Pass noVerificationCallback or verificationCallbackUrl to signUpWithCredential, not both.");
  }
  const session = ctx.core.session(o.tokenStore);
  const problem = checkNewPassword(password, o.confirmPassword);
  if (problem && isKnownErrorOf(problem, "PASSWORD_CONFIRMATION_MISMATCH")) throw problem;
  if (problem) return err(problem as KnownErrors["PasswordRequirementsNotMet"]);
  const callback =
    o.noVerificationCallback ? undefined : o.verificationCallbackUrl ?? (inBrowser() ? ctx.core.urls.emailVerification : undefined);
  return botChallengeFailed(
    await ctx.core.expect(async () => {
      const tokens = await ctx.core.request<TokenResponse>({
                expect: "access_token refresh_token",
        method: "POST",
        path: "/auth/password/sign-up",
        session,
        body: { email, password, verification_callback_url: callback && emailCallbackUrl(callback, "", "") },
      });
      await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: true });
      return undefined;
    }, ["USER_EMAIL_ALREADY_EXISTS", "PASSWORD_REQUIREMENTS_NOT_MET", "BOT_CHALLENGE_FAILED", "BOT_CHALLENGE_REQUIRED"]),
  );
}

/**
 * @internal Signs up an anonymous user on `session` and reads it back: `getUser({ or: "anonymous" })` when nobody
 * (or only a user that does not count) is signed in.
 * @example
 * const user = await signUpAnonymously(ctx, session);
 */
export async function signUpAnonymously(ctx: AppContext, session: Session): Promise<CurrentUserJson> {
  const tokens = await ctx.core.request<TokenResponse>({ expect: "access_token refresh_token", method: "POST", path: "/auth/anonymous/sign-up", session });
  await storeTokens(session, tokens);
  forgetCurrentUser(ctx, session);
  const user = await currentUserJson(ctx, session);
  if (user) return user;
  throw new LatchkeyError("The anonymous user just created could not be read back.", "NotSignedInError");
}
