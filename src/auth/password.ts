import { ArgumentError } from "../errors/base";
import { knownError } from "../errors/from-json";
import { isKnownErrorOf } from "../errors/known-error";
import type { KnownError, KnownErrors } from "../errors";
import { optionalObject, requireString } from "../apps/options";
import type { TokenStoreInit } from "../token-stores/types";
import { absoluteUrl, inBrowser } from "../urls/redirect";
import { err } from "../util/result";
import { botChallengeFailed } from "./bot-challenge";
import type { Result } from "../util/result";
import { completeSignIn, mfaRequired } from "./context";
import type { AuthContext, TokenResponse } from "./context";

/** The platform's password length bounds (inclusive). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

/**
 * The password rule the platform enforces, checked before any request: too short / too long (with bounds), and
 * a confirmation, when given, must match.
 * @internal
 */
export function checkNewPassword(
  password: string,
  confirmation?: string,
): KnownErrors["PasswordRequirementsNotMet"] | KnownErrors["PasswordConfirmationMismatch"] | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return knownError("PASSWORD_TOO_SHORT", { min_length: PASSWORD_MIN_LENGTH }, `Password too short. Minimum length is ${PASSWORD_MIN_LENGTH}.`) as KnownErrors["PasswordTooShort"];
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return knownError("PASSWORD_TOO_LONG", { maxLength: PASSWORD_MAX_LENGTH }, `Password too long. Maximum length is ${PASSWORD_MAX_LENGTH}.`) as KnownErrors["PasswordTooLong"];
  }
  if (confirmation !== undefined && confirmation !== password) {
    return knownError("PASSWORD_CONFIRMATION_MISMATCH", undefined, "The password and its confirmation do not match.") as KnownErrors["PasswordConfirmationMismatch"];
  }
  return null;
}

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
  ctx: AuthContext,
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
        method: "POST",
        path: "/auth/password/sign-up",
        session,
        body: { email, password, verification_callback_url: callback && absoluteUrl(callback) },
      });
      await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect, isNewUser: true });
      return undefined;
    }, ["USER_EMAIL_ALREADY_EXISTS", "PASSWORD_REQUIREMENTS_NOT_MET", "BOT_CHALLENGE_FAILED", "BOT_CHALLENGE_REQUIRED"]),
  );
}

/**
 * Options of {@link ClientApp.signInWithCredential}.
 *
 * @example
 * const result = await app.signInWithCredential({ email, password, noRedirect: true });
 */
export interface SignInOptions {
  email: string;
  password: string;
  /** Stay on the page after signing in. */
  noRedirect?: boolean;
  tokenStore?: TokenStoreInit;
}

/**
 * @internal `POST /auth/password/sign-in`. A required second factor is not a result: in a browser the user is
 * sent to the MFA page, and the `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error is thrown (see `mfaRequired`).
 */
export async function signInWithCredential(
  ctx: AuthContext,
  options: SignInOptions,
): Promise<Result<undefined, KnownErrors["EmailPasswordMismatch"] | KnownErrors["InvalidTotpCode"]>> {
  const o = optionalObject(options, "signInWithCredential options") as SignInOptions;
  const email = requireString(o.email, "email");
  const password = requireString(o.password, "password");
  const session = ctx.core.session(o.tokenStore);
  const result = await ctx.core.expect<undefined, KnownError>(async () => {
    const tokens = await ctx.core.request<TokenResponse>({ method: "POST", path: "/auth/password/sign-in", session, body: { email, password } });
    await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect });
    return undefined;
  }, ["EMAIL_PASSWORD_MISMATCH", "INVALID_TOTP_CODE", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"]);
  if (result.status === "error" && isKnownErrorOf(result.error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) {
    return mfaRequired(ctx, result.error as KnownErrors["MultiFactorAuthenticationRequired"]);
  }
  return result as Awaited<ReturnType<typeof signInWithCredential>>;
}
