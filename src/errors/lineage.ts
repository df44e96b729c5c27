// Known errors with their lineage: the error families (which code is a kind of which) and the functions that build a
// KnownError from a code or a response body. The client core loads this module with the first known error it decodes,
// so a page that never sees one does not download the table.
import { KnownError } from "./known-error";

/**
 * The part of the error catalogue that has a hierarchy: each key is a parent code and its value the codes
 * directly below it with their HTTP status (`0` marks an abstract parent, never sent by the server). Decoding
 * a response needs only this (to give an error its lineage), so it is kept apart from the codes without a
 * parent, which only the `KnownErrors` classes need.
 *
 * Source: wire-protocol reference §6.
 */
export const FAMILIES = {
  PROJECT_AUTHENTICATION_ERROR: {
    INVALID_PROJECT_AUTHENTICATION: 0, PROJECT_AUTHENTICATION_REQUIRED: 0, EXPECTED_INTERNAL_PROJECT: 401,
  },
  INVALID_PROJECT_AUTHENTICATION: {
    PROJECT_KEY_WITHOUT_ACCESS_TYPE: 400, INVALID_ACCESS_TYPE: 400, ACCESS_TYPE_WITHOUT_PROJECT_ID: 400,
    ACCESS_TYPE_REQUIRED: 400, INSUFFICIENT_ACCESS_TYPE: 401, INVALID_PUBLISHABLE_CLIENT_KEY: 401,
    INVALID_SECRET_SERVER_KEY: 401, INVALID_SUPER_SECRET_ADMIN_KEY: 401, INVALID_ADMIN_ACCESS_TOKEN: 0,
  },
  INVALID_ADMIN_ACCESS_TOKEN: {
    UNPARSABLE_ADMIN_ACCESS_TOKEN: 401, ADMIN_ACCESS_TOKEN_EXPIRED: 401,
    INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: 401, ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: 401,
  },
  PROJECT_AUTHENTICATION_REQUIRED: {
    CLIENT_AUTHENTICATION_REQUIRED: 401, PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: 401,
    SERVER_AUTHENTICATION_REQUIRED: 401, CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: 401,
    CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: 401, CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: 401,
    ADMIN_AUTHENTICATION_REQUIRED: 401,
  },
  SESSION_AUTHENTICATION_ERROR: {
    INVALID_SESSION_AUTHENTICATION: 0,
  },
  INVALID_SESSION_AUTHENTICATION: {
    INVALID_ACCESS_TOKEN: 0,
  },
  INVALID_ACCESS_TOKEN: {
    UNPARSABLE_ACCESS_TOKEN: 401, ACCESS_TOKEN_EXPIRED: 401, INVALID_PROJECT_FOR_ACCESS_TOKEN: 401,
  },
  REFRESH_TOKEN_ERROR: {
    REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: 401, CANNOT_DELETE_CURRENT_SESSION: 400, PROVIDER_REJECTED: 401,
  },
  PASSWORD_REQUIREMENTS_NOT_MET: {
    PASSWORD_TOO_SHORT: 400, PASSWORD_TOO_LONG: 400,
  },
  VERIFICATION_ERROR: {
    VERIFICATION_CODE_NOT_FOUND: 404, VERIFICATION_CODE_EXPIRED: 400, VERIFICATION_CODE_ALREADY_USED: 409,
    VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: 400,
  },
  API_KEY_NOT_VALID: {
    API_KEY_EXPIRED: 401, API_KEY_REVOKED: 401, WRONG_API_KEY_TYPE: 400, API_KEY_NOT_FOUND: 404,
    PUBLIC_API_KEY_CANNOT_BE_REVOKED: 400,
  },
} as const;

let parents: Record<string, string> | undefined;

/**
 * `code` followed by its parents, nearest first (`["PASSWORD_TOO_SHORT", "PASSWORD_REQUIREMENTS_NOT_MET"]`);
 * just `[code]` for a code without a parent, or one this version does not know.
 *
 * @example
 * lineageOf("ACCESS_TOKEN_EXPIRED"); // ["ACCESS_TOKEN_EXPIRED", "INVALID_ACCESS_TOKEN", "INVALID_SESSION_AUTHENTICATION", "SESSION_AUTHENTICATION_ERROR"]
 */
export function lineageOf(code: string): string[] {
  if (!parents) {
    parents = Object.create(null) as Record<string, string>;
    for (const parent in FAMILIES) for (const child in FAMILIES[parent as keyof typeof FAMILIES]) parents[child] = parent;
  }
  const lineage = [code];
  for (let c = parents[code]; c; c = parents[c]) lineage.push(c);
  return lineage;
}

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
