import { knownError } from "../errors/lineage";
import type { KnownErrors } from "../errors";

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
    return knownError("PASSWORD_CONFIRMATION_MISMATCH", undefined, "Passwords do not match.") as KnownErrors["PasswordConfirmationMismatch"];
  }
  return null;
}

