import { isKind, LatchkeyError } from "./base";
import { isCodeOrDescendant, knownErrorStatus, type DescendantOf, type KnownErrorCode } from "./table";

/** "PASSWORD_TOO_SHORT" → "Password too short." */
const defaultMessage = (code: string): string => (code.charAt(0) + code.slice(1).toLowerCase()).replace(/_/g, " ") + ".";

/**
 * One of the platform's known errors: a stable `code`, the HTTP `status` it came with, optional `details`
 * and a readable `message` (the server's own text when decoded from a response).
 *
 * Use `KnownError.isInstance(e)` (any known error) or `KnownErrors.X.isInstance(e)` (one code and its
 * descendants) rather than `instanceof`: both work for errors created by another copy of the package.
 *
 * @example
 * catch (e) {
 *   if (KnownError.isInstance(e)) console.log(e.code, e.status, e.details, e.message);
 * }
 */
export class KnownError<C extends string = string> extends LatchkeyError {
  /** The error code, e.g. `"EMAIL_PASSWORD_MISMATCH"`. */
  readonly code: C;
  /** The HTTP status (as sent by the server, or the catalogue's status for the code). */
  readonly status: number;
  /** Extra data the server attached (snake_case keys as on the wire), if any. */
  readonly details: Record<string, unknown> | undefined;

  /**
   * @param code - the error code
   * @param details - extra data, as on the wire
   * @param message - defaults to a sentence built from the code
   * @param status - defaults to the catalogue's status for `code`, or 400 for an unknown or abstract code
   */
  constructor(code: C, details?: Record<string, unknown>, message?: string, status?: number) {
    super(message || defaultMessage(code), "KnownError");
    this.name = `KnownError<${code}>`;
    this.code = code;
    this.details = details;
    this.status = status ?? knownErrorStatus(code) ?? 400;
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

/**
 * True if `e` is a known error whose code is `code` or one of its descendants (e.g. any INVALID_ACCESS_TOKEN
 * child for `"INVALID_ACCESS_TOKEN"`). Compares codes through the catalogue, so it works across package copies.
 *
 * @internal used by the http and session layers
 * @example
 * if (isKnownErrorOf(e, "INVALID_ACCESS_TOKEN")) await refreshAndRetry();
 */
export const isKnownErrorOf = <C extends KnownErrorCode>(e: unknown, code: C): e is KnownError<DescendantOf<C>> =>
  KnownError.isInstance(e) && isCodeOrDescendant((e as KnownError).code, code);
