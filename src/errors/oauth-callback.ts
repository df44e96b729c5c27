import { isKind, LatchkeyError } from "./base";

/**
 * The OAuth callback page could not finish a sign-in: its address has no `code` or `state` (opened again from the
 * history, or reloaded), or exchanging the code failed ("Error signing in during OAuth callback. Please try
 * again.", with the underlying error as `cause`). Errors the platform reported through the callback's address
 * (`errorCode`, `message`) are thrown as the `KnownError` they name instead.
 *
 * @example
 * try {
 *   await app.callOAuthCallback();
 * } catch (e) {
 *   if (OAuthCallbackError.isInstance(e)) showError(e.message);
 * }
 */
export class OAuthCallbackError extends LatchkeyError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, "OAuthCallbackError", options);
  }
  /** True for an `OAuthCallbackError` from this copy of the package or another. */
  static override isInstance(e: unknown): e is OAuthCallbackError {
    return isKind(e, "OAuthCallbackError");
  }
}
