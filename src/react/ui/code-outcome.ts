import { isKnownErrorOf } from "../../errors/known-error-of";

/** What went wrong with an e-mailed code: unknown, expired or already used. */
export type CodeProblem = "invalid" | "expired" | "used";

/**
 * The problem with an e-mailed code an error names (`VERIFICATION_CODE_NOT_FOUND`, `…_EXPIRED`,
 * `…_ALREADY_USED`; too many attempts counts as expired), or null for any other error.
 * @internal
 * @example
 * if (result.status === "error" && codeProblem(result.error) === "expired") showExpired();
 */
export function codeProblem(error: unknown): CodeProblem | null {
  if (isKnownErrorOf(error, "VERIFICATION_CODE_NOT_FOUND")) return "invalid";
  if (isKnownErrorOf(error, "VERIFICATION_CODE_EXPIRED") || isKnownErrorOf(error, "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED")) return "expired";
  if (isKnownErrorOf(error, "VERIFICATION_CODE_ALREADY_USED")) return "used";
  return null;
}
