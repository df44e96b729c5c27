import { knownError } from "../errors/lineage";
import { requireString } from "./validate";

/**
 * @internal Checks a code from an e-mailed link (e-mail verification, magic link or one-time code + nonce, password
 * reset, team invitation) or an MFA attempt code. Not a non-empty string: an ArgumentError naming it, as for any
 * argument. A string of any length but the platform's 45 characters: no such code is ever issued (the platform
 * refuses it with a SCHEMA_ERROR), so no request is sent and the `VERIFICATION_CODE_NOT_FOUND` known error (404) is
 * thrown (with the platform's message for an unknown code), which the methods taking a code return as their error result, as they do for an unknown code: a
 * truncated link reads "invalid link" like any other unusable one.
 * @example
 * return ctx.core.expect(async () => post({ code: requireVerificationCode(code) }), ["VERIFICATION_ERROR"]);
 */
export function requireVerificationCode(value: unknown, name = "code"): string {
  if (requireString(value, name).length != 45) throw knownError("VERIFICATION_CODE_NOT_FOUND", undefined, "The verification code does not exist for this project.", 404);
  return value as string;
}
