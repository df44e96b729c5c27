import { lineageOf } from "./families";
import { KnownError } from "./known-error";

/**
 * A known error for `code` with its lineage (so `KnownErrors.X.isInstance` and `instanceof KnownErrors.X` work),
 * built without the full catalogue: the request pipeline and client-side checks use this, so a page that never
 * names a `KnownErrors` class does not carry the catalogue.
 *
 * @internal
 * @example
 * const e = knownError("PASSWORD_TOO_SHORT", { min_length: 8 }, "Password too short. Minimum length is 8.", 400);
 */
export const knownError = (code: string, details?: Record<string, unknown>, message?: string, status = 400): KnownError =>
  new KnownError(code, details, message, status, lineageOf(code));

/**
 * Turns a known-error response body into a `KnownError` with the server's status, details and message. A code
 * this version does not know (a newer server) keeps its code, details, message and status.
 *
 * @internal called by the http layer
 * @example
 * const e = knownErrorFromJson({ code: "EMAIL_PASSWORD_MISMATCH", error: "Wrong e-mail or password." }, 400);
 * KnownErrors.EmailPasswordMismatch.isInstance(e); // true
 */
export const knownErrorFromJson = (body: { code: string; details?: unknown; error?: string }, status: number): KnownError => {
  const { details, error } = body;
  return knownError(
    String(body.code),
    typeof details === "object" && details !== null ? (details as Record<string, unknown>) : undefined,
    typeof error === "string" ? error : undefined,
    status,
  );
};
