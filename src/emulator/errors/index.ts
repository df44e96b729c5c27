import { KNOWN_ERRORS, type KnownErrorCode } from "./catalog";

export { KNOWN_ERRORS, type KnownErrorCode } from "./catalog";

/**
 * A plain-text error answer (the platform's `StatusError`): status N, `text/plain`, no known-error header.
 *
 * @example
 * throw new StatusError(403, "Client can only list sessions for their own user.");
 */
export class StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (e.g. `Connection: close` for 413). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "StatusError";
  }
}

/**
 * One of the platform's known errors: JSON body `{code, details?, error}` with `x-stack-known-error`.
 *
 * @example
 * throw new KnownError("USER_NOT_FOUND");
 */
export class KnownError extends StatusError {
  constructor(
    readonly code: KnownErrorCode,
    /** The `details` object sent on the wire (omitted when undefined). */
    readonly details?: Record<string, unknown>,
    /** Values used only to build the message (not sent as details). */
    messageArgs: Record<string, unknown> = {},
  ) {
    const entry = KNOWN_ERRORS[code];
    super(entry.status, entry.message({ ...messageArgs, ...(details ?? {}) }));
    this.name = `KnownError<${code}>`;
  }

  /** The wire body, pretty-printed with two spaces like the platform. */
  toBody(): string {
    const body: Record<string, unknown> = { code: this.code };
    if (this.details) body.details = this.details;
    body.error = this.message;
    return JSON.stringify(body, undefined, 2);
  }
}

/**
 * Shorthand for `new KnownError(code, details)`.
 *
 * @example
 * throw known("TEAM_NOT_FOUND", { team_id: id });
 */
export function known(code: KnownErrorCode, details?: Record<string, unknown>, messageArgs?: Record<string, unknown>): KnownError {
  return new KnownError(code, details, messageArgs);
}

/**
 * The `SCHEMA_ERROR` the platform sends when request validation fails.
 *
 * @example
 * throw schemaError("POST", "/api/v1/auth/password/sign-in", ["body.email must be defined"]);
 */
export function schemaError(method: string, pathname: string, messages: string[]): KnownError {
  // Every line of the list is indented by two spaces, continuation lines of a multi-line message included.
  const message = `Request validation failed on ${method} ${pathname}:\n  ${messages.map((m) => `- ${m}`).join("\n").replaceAll("\n", "\n  ")}`;
  return new KnownError("SCHEMA_ERROR", { message });
}
