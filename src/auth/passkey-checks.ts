import { WebAuthnError } from "@simplewebauthn/browser";
import type { KnownError } from "../errors";
import { knownError } from "../errors/lineage";
import { isKnownErrorOf } from "../errors/known-error-of";

/**
 * Why a WebAuthn ceremony failed, as `PasskeyWebAuthnError`'s `details.code` says it: the codes of
 * `@simplewebauthn/browser`, one per documented reason a browser refuses `navigator.credentials.create()` or
 * `.get()`. `ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY` carries the browser's own message (most often the user
 * closing the dialog or the timeout running out); it is also used for a failure no other code explains.
 *
 * @example
 * const result = await user.registerPasskey();
 * if (result.status === "error" && KnownErrors.PasskeyWebAuthnError.isInstance(result.error)) {
 *   const code = result.error.details?.code as PasskeyWebAuthnErrorCode;
 *   if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") showMessage("This device already holds a passkey for you.");
 * }
 */
export type PasskeyWebAuthnErrorCode =
  | "ERROR_CEREMONY_ABORTED"
  | "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT"
  | "ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE"
  | "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT"
  | "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
  | "ERROR_MALFORMED_PUBKEYCREDPARAMS"
  | "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG"
  | "ERROR_INVALID_DOMAIN"
  | "ERROR_INVALID_RP_ID"
  | "ERROR_INVALID_USER_ID_LENGTH"
  | "ERROR_AUTHENTICATOR_GENERAL_ERROR"
  | "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY";

/**
 * @internal The relying-party id the platform puts in its options for the client to replace with the page's hostname.
 * @example
 * if (options_json.rp.id === RP_ID_SENTINEL) options_json.rp.id = window.location.hostname;
 */
export const RP_ID_SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com";

type WebAuthnFailure = KnownError<"PASSKEY_WEBAUTHN_ERROR">;

/**
 * @internal A `PasskeyWebAuthnError` with `details` `{ message, code }` (the official SDK's shape) and `cause`.
 * @example
 * return err(webAuthnError("ERROR_INVALID_RP_ID", "…"));
 */
export function webAuthnError(code: PasskeyWebAuthnErrorCode, message: string, cause?: unknown): WebAuthnFailure {
  const error = knownError("PASSKEY_WEBAUTHN_ERROR", { message, code }, message) as WebAuthnFailure;
  if (cause !== undefined) Object.defineProperty(error, "cause", { value: cause, configurable: true, writable: true });
  return error;
}

/**
 * @internal Any failure of the browser ceremony (`startRegistration` / `startAuthentication`) as a
 * `PasskeyWebAuthnError`: a `WebAuthnError` (which `@simplewebauthn/browser` raises with one of its codes) keeps
 * its code and message; anything else the browser threw is passed through with its own message.
 * @example
 * try { response = await startRegistration({ optionsJSON }); } catch (e) { return err(ceremonyFailure(e)); }
 */
export function ceremonyFailure(error: unknown): WebAuthnFailure {
  // The library creates its WebAuthnError in this realm, so `instanceof` holds for it; the browser's own errors
  // are not checked with `instanceof Error`: a DOMException may come from another realm (a frame, a test environment).
  const { message } = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown };
  const text = typeof message === "string" && message ? message : `The browser refused the passkey ceremony: ${String(error)}`;
  return webAuthnError(error instanceof WebAuthnError ? (error.code as PasskeyWebAuthnErrorCode) : "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", text, error);
}

// Labels of letters, digits and inner hyphens; two or more of them; an alphabetic or punycode top-level label.
const DOTTED_HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * True for a hostname WebAuthn accepts as a relying-party domain: `localhost`, or a dotted hostname such as
 * `example.com` (not an IP address, not a single label).
 * @internal
 * @example
 * isPasskeyDomain("app.example.com"); // true
 * isPasskeyDomain("127.0.0.1"); // false
 */
export const isPasskeyDomain = (hostname: string): boolean => hostname === "localhost" || DOTTED_HOSTNAME.test(hostname);

/**
 * @internal The relying-party id for a ceremony on a page at `pageHost`: `requested` (lower-cased) or the page's
 * own hostname. The page must sit on a passkey domain (`ERROR_INVALID_DOMAIN`), and the id must be a passkey
 * domain equal to the page's hostname or a parent of it (`ERROR_INVALID_RP_ID`), as browsers require.
 * @example
 * relyingPartyId("app.example.com", "example.com"); // { rpId: "example.com" }
 */
export function relyingPartyId(pageHost: string, requested?: string): { rpId: string } | { error: WebAuthnFailure } {
  if (!isPasskeyDomain(pageHost)) {
    return { error: webAuthnError("ERROR_INVALID_DOMAIN", `${pageHost || "This page"} is not a valid domain for passkeys: it must be localhost or a dotted hostname such as example.com.`) };
  }
  const rpId = requested === undefined ? pageHost : requested.toLowerCase();
  if (!isPasskeyDomain(rpId) || (rpId !== pageHost && !pageHost.endsWith(`.${rpId}`))) {
    return { error: webAuthnError("ERROR_INVALID_RP_ID", `The relying party id "${rpId}" is not valid on ${pageHost}: use the page's hostname or a domain it belongs to.`) };
  }
  return { rpId };
}

/**
 * @internal The byte length of a WebAuthn user id as the platform sends it (base64url), or 0 when it sent none.
 * @example
 * userIdBytes("dXNlcg"); // 4
 */
export function userIdBytes(base64url: unknown): number {
  if (typeof base64url !== "string") return 0;
  const digits = base64url.replace(/=+$/, "").length;
  return Math.floor((digits * 3) / 4);
}

/**
 * @internal `ERROR_INVALID_USER_ID_LENGTH` unless the user id in the platform's creation options is 1 to 64 bytes.
 * @example
 * const problem = userIdProblem(options_json.user?.id);
 * if (problem) return err(problem);
 */
export function userIdProblem(base64url: unknown): WebAuthnFailure | undefined {
  const bytes = userIdBytes(base64url);
  if (bytes >= 1 && bytes <= 64) return undefined;
  return webAuthnError("ERROR_INVALID_USER_ID_LENGTH", `The passkey user id must be 1 to 64 bytes long; the server sent ${bytes}.`);
}

/** The platform's answers on a passkey endpoint that mean the passkey step failed (rather than the session or the request). */
const SERVER_FAILURES = ["PASSKEY_REGISTRATION_FAILED", "PASSKEY_AUTHENTICATION_FAILED", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "VERIFICATION_ERROR"] as const;

type Failure = "PASSKEY_REGISTRATION_FAILED" | "PASSKEY_AUTHENTICATION_FAILED";

/**
 * @internal A platform answer on a passkey endpoint as the flow's failure (`as`): a `PASSKEY_*_FAILED` of that
 * kind is kept as it is, a disabled feature or an expired or used ceremony code becomes one carrying the platform's
 * message (the original as `cause`). Returns undefined for anything else, which the caller throws.
 * @example
 * const failure = serverFailure(e, "PASSKEY_REGISTRATION_FAILED", "Passkey registration failed");
 */
export function serverFailure(error: unknown, as: Failure, prefix: string): KnownError<Failure> | undefined {
  if (isKnownErrorOf(error, as)) return error as KnownError<Failure>;
  if (!SERVER_FAILURES.some((code) => isKnownErrorOf(error, code))) return undefined;
  const failure = knownError(as, undefined, `${prefix}: ${(error as Error).message}`) as KnownError<Failure>;
  Object.defineProperty(failure, "cause", { value: error, configurable: true, writable: true });
  return failure;
}
