// The hand-off to the MFA page, apart from `./mfa` itself (loaded only when a sign-in needs a second factor) and
// from `./context` (which `./mfa` imports).
import type { KnownErrors } from "../errors";
import type { AppContext } from "../core/context";

/**
 * A sign-in that needs a second factor: the attempt code is kept for the MFA page and the user sent there (in a
 * browser), then the `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error is thrown (see `goToMfa` in `./mfa`, loaded on
 * first use so a password-only page does not carry it).
 * @internal
 * @example
 * if (isKnownErrorOf(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) return mfaRequired(ctx, error);
 */
export const mfaRequired = (ctx: AppContext, error: KnownErrors["MultiFactorAuthenticationRequired"]): Promise<never> =>
  import("./mfa").then((m) => m.goToMfa(ctx, error));
