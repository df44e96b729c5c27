const BRAND = "__latchkeyError";

/**
 * Base class of every error latchkey throws or returns. `LatchkeyError.isInstance(e)` works across two copies
 * of the package (it checks a brand field, not only the prototype chain).
 *
 * @example
 * try { await app.getProject(); } catch (e) { if (LatchkeyError.isInstance(e)) console.error(e.message); }
 */
export class LatchkeyError extends Error {
  // The fields of these classes are declared only and set in their constructors (in this order): no class-field
  // definitions to ship to every page.
  /** Brand read by `isInstance`; the value names the concrete kind. */
  declare readonly [BRAND]: string;
  constructor(message: string, kind: string, options?: { cause?: unknown }) {
    super(message, options);
    this[BRAND] = kind;
    this.name = kind;
  }
  /** True for any latchkey error, from this copy of the package or another. */
  static isInstance(e: unknown): e is LatchkeyError {
    return typeof e === "object" && e !== null && typeof (e as Record<string, unknown>)[BRAND] === "string";
  }
}

/** @internal brand check for a concrete kind */
export const isKind = (e: unknown, kind: string): boolean =>
  LatchkeyError.isInstance(e) && (e as unknown as Record<string, string>)[BRAND] === kind;

/**
 * A bad argument, caught before any request was sent.
 *
 * @example
 * try { await app.getAccessToken({ tokenStore: 42 as never }); } catch (e) { if (ArgumentError.isInstance(e)) … }
 */
export class ArgumentError extends LatchkeyError {
  constructor(message: string) {
    super(message, "ArgumentError");
  }
  static override isInstance(e: unknown): e is ArgumentError {
    return isKind(e, "ArgumentError");
  }
}

/**
 * A non-2xx answer that is not one of the platform's known errors (e.g. a plain-text 403 or a 500).
 *
 * @example
 * catch (e) { if (HttpError.isInstance(e)) console.log(e.status, e.text); }
 */
export class HttpError extends LatchkeyError {
  /** The real HTTP status (restored from `x-stack-actual-status`). */
  declare readonly status: number;
  /** The response body as text. */
  declare readonly text: string;
  /** Method and URL of the request. */
  declare readonly request: { method: string; url: string };
  constructor(status: number, text: string, request: { method: string; url: string }) {
    super(`${request.method} ${request.url} failed with ${status}: ${text}`, "HttpError");
    this.status = status;
    this.text = text;
    this.request = request;
  }
  static override isInstance(e: unknown): e is HttpError {
    return isKind(e, "HttpError");
  }
}

/**
 * A 2xx answer whose body is not what the method reads: not JSON (an HTML page from a proxy, a truncated body),
 * empty, `null`, or without a field the method needs (`id`, `items`, a token) in the right type. Nothing was
 * stored or returned. `excerpt` is the body's start with long token-like runs replaced by `…`, so no token leaks.
 *
 * @example
 * catch (e) { if (UnexpectedResponseError.isInstance(e)) console.log(e.status, e.request.url, e.excerpt); }
 */
export class UnexpectedResponseError extends LatchkeyError {
  /** The HTTP status of the answer. */
  declare readonly status: number;
  /** Method and URL of the request. */
  declare readonly request: { method: string; url: string };
  /** The body's start, token-like runs (16+ word characters) replaced by `…`, cut to 100 characters. */
  declare readonly excerpt: string;
  constructor(status: number, body: string, request: { method: string; url: string }) {
    const excerpt = body.slice(0, 999).replace(/[\w.~+/=-]{16,}/g, "…").slice(0, 100);
    super(`${request.method} ${request.url} answered ${status} with an unexpected body: ${JSON.stringify(excerpt)}`, "UnexpectedResponseError");
    this.status = status;
    this.request = request;
    this.excerpt = excerpt;
  }
  static override isInstance(e: unknown): e is UnexpectedResponseError {
    return isKind(e, "UnexpectedResponseError");
  }
}

/**
 * The platform could not be reached after every allowed attempt.
 *
 * @example
 * catch (e) { if (ConnectivityError.isInstance(e)) console.log(e.url, e.attempts, e.offline); }
 */
export class ConnectivityError extends LatchkeyError {
  /** The method of the request. */
  declare readonly method: string;
  /** The URL of the request. */
  declare readonly url: string;
  /** How many attempts were made. */
  declare readonly attempts: number;
  /** True when the browser reported it was offline. */
  declare readonly offline: boolean;
  constructor(method: string, url: string, attempts: number, offline: boolean, cause: unknown) {
    super(
      (offline
        ? "You appear to be offline: check your internet connection. "
        : "Could not reach the authentication server. ") +
        `${method} ${url} failed after ${attempts} attempt${attempts === 1 ? "" : "s"}` +
        (cause instanceof Error ? `; last cause: ${cause.message}` : cause ? `; last cause: ${String(cause)}` : ""),
      "ConnectivityError",
      { cause },
    );
    this.method = method;
    this.url = url;
    this.attempts = attempts;
    this.offline = offline;
  }
  static override isInstance(e: unknown): e is ConnectivityError {
    return isKind(e, "ConnectivityError");
  }
}
