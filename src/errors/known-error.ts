import { isKind, LatchkeyError } from "./base";

/** "PASSWORD_TOO_SHORT" → "Password too short." */
const defaultMessage = (code: string): string => (code.charAt(0) + code.slice(1).toLowerCase()).replace(/_/g, " ") + ".";

/**
 * One of the platform's known errors: a stable `code`, the HTTP `status` it came with, optional `details`
 * and a readable `message` (the server's own text when decoded from a response).
 *
 * Use `KnownError.isInstance(e)` (any known error) or `KnownErrors.X.isInstance(e)` (one code and its
 * descendants) rather than `instanceof`: both work for errors created by another copy of the package.
 * Constructing one directly gives status 400 unless told otherwise; `new KnownErrors.X()` uses the catalogue.
 *
 * @example
 * catch (e) {
 *   if (KnownError.isInstance(e)) console.log(e.code, e.status, e.details, e.message);
 * }
 */
export class KnownError<C extends string = string> extends LatchkeyError {
  /** The error code, e.g. `"EMAIL_PASSWORD_MISMATCH"`. */
  declare readonly code: C;
  /** The HTTP status (as sent by the server, or the catalogue's status for the code). */
  declare readonly status: number;
  /** Extra data the server attached (snake_case keys as on the wire), if any. */
  declare readonly details: Record<string, unknown> | undefined;
  /**
   * The code followed by its parents in the catalogue (`["PASSWORD_TOO_SHORT", "PASSWORD_REQUIREMENTS_NOT_MET"]`).
   * Group checks read it from the error itself, so they need no catalogue and work across package copies.
   */
  declare readonly lineage: readonly string[];

  /**
   * @param code - the error code
   * @param details - extra data, as on the wire
   * @param message - defaults to a sentence built from the code
   * @param status - defaults to 400 (the `KnownErrors.X` classes pass the catalogue's status)
   * @param lineage - the code and its parents; defaults to the code alone
   */
  constructor(code: C, details?: Record<string, unknown>, message?: string, status?: number, lineage?: readonly string[]) {
    super(message || defaultMessage(code), "KnownError");
    this.name = `KnownError<${code}>`;
    // In the order of the declarations above (the order of an error's own properties).
    this.code = code;
    this.status = status ?? 400;
    this.details = details;
    this.lineage = lineage ?? [code];
  }

  /** Same as `code` (the official SDK's name). */
  get errorCode(): C {
    return this.code;
  }

  /** Same as `status` (the official SDK's name). */
  get statusCode(): number {
    return this.status;
  }

  /**
   * True for any known error, from this copy of the package or another.
   *
   * @example
   * if (KnownError.isInstance(e)) console.log(e.code);
   */
  static override isInstance(e: unknown): e is KnownError {
    return isKind(e, "KnownError");
  }
}
