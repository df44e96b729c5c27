import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownError, KnownErrors } from "../errors";
import { optionalObject, requireString } from "../util/validate";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { completeSignIn } from "../core/context";
import { mfaRequired } from "./mfa-required";
import type { AppContext, TokenResponse } from "../core/context";

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
  ctx: AppContext,
  options: SignInOptions,
): Promise<Result<undefined, KnownErrors["EmailPasswordMismatch"] | KnownErrors["InvalidTotpCode"]>> {
  const o = optionalObject(options, "signInWithCredential options") as SignInOptions;
  const email = requireString(o.email, "email");
  const password = requireString(o.password, "password");
  const session = ctx.core.session(o.tokenStore);
  // The sign-in runs from here (the request, then the bookkeeping); `expect` only sorts its outcome.
  const signIn = async () => {
    const tokens = await ctx.core.request<TokenResponse>({ expect: "access_token refresh_token", method: "POST", path: "/auth/password/sign-in", session, body: { email, password } });
    await completeSignIn(ctx, session, tokens, { noRedirect: o.noRedirect });
    return undefined;
  };
  const result = await ctx.core.expect<undefined, KnownError>(signIn(), ["EMAIL_PASSWORD_MISMATCH", "INVALID_TOTP_CODE", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"]);
  if (result.status === "error" && isKnownErrorOf(result.error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) {
    return mfaRequired(ctx, result.error as KnownErrors["MultiFactorAuthenticationRequired"]);
  }
  return result as Awaited<ReturnType<typeof signInWithCredential>>;
}
