import { ConnectivityError, HttpError, LatchkeyError } from "../../errors/base";

/** Where a form shows an error: next to one of its fields, or above the submit button (`form`). */
export type ErrorField = "email" | "password" | "passwordRepeat" | "code" | "form";

/**
 * What a page shows for a failure: the field it concerns and a readable sentence (English, translated by the
 * caller). Every error of the spec's catalogue a page can meet has its own sentence; anything else shows the
 * error's own message.
 * @internal
 * @example
 * describeError(result.error); // { field: "password", text: "Wrong e-mail or password." }
 */
export function describeError(error: unknown): { field: ErrorField; text: string; values?: Record<string, string | number> } {
  const code = (error as { code?: unknown })?.code;
  const details = ((error as { details?: Record<string, unknown> })?.details ?? {}) as Record<string, unknown>;
  switch (code) {
    case "EMAIL_PASSWORD_MISMATCH":
      return { field: "password", text: "Wrong e-mail or password." };
    case "PASSWORD_TOO_SHORT":
      return { field: "password", text: "Password must be at least {min} characters long.", values: { min: Number(details.min_length ?? 8) } };
    case "PASSWORD_TOO_LONG":
      return { field: "password", text: "Password must be at most {max} characters long.", values: { max: Number(details.maxLength ?? details.max_length ?? 70) } };
    case "PASSWORD_CONFIRMATION_MISMATCH":
      return { field: "passwordRepeat", text: "Passwords do not match." };
    case "PASSWORD_REQUIREMENTS_NOT_MET":
      return { field: "password", text: "This password does not meet the requirements." };
    case "USER_DOES_NOT_HAVE_PASSWORD":
      return { field: "password", text: "This account has no password. Sign in another way." };
    case "USER_EMAIL_ALREADY_EXISTS":
      if (details.would_work_if_email_was_verified) return { field: "email", text: "An account uses this e-mail address but has not verified it yet. Sign in another way." };
      return { field: "email", text: "A user with this e-mail address already exists." };
    case "USER_NOT_FOUND":
      return { field: "email", text: "No user with this e-mail address exists." };
    case "SIGN_UP_NOT_ENABLED":
      return { field: "form", text: "Creating new accounts is not enabled for this project." };
    case "SIGN_UP_REJECTED":
      return { field: "form", text: "Your sign-up was rejected." };
    case "PASSWORD_AUTHENTICATION_NOT_ENABLED":
      return { field: "form", text: "Signing in with a password is not enabled for this project." };
    case "PASSKEY_AUTHENTICATION_NOT_ENABLED":
      return { field: "form", text: "Signing in with a passkey is not enabled for this project." };
    case "VERIFICATION_CODE_NOT_FOUND":
      return { field: "code", text: "This code is invalid." };
    case "VERIFICATION_CODE_EXPIRED":
      return { field: "code", text: "This code has expired." };
    case "VERIFICATION_CODE_ALREADY_USED":
      return { field: "code", text: "This code has already been used." };
    case "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED":
      return { field: "code", text: "Too many wrong attempts. Ask for a new code." };
    case "INVALID_TOTP_CODE":
      return { field: "code", text: "Invalid TOTP code." };
    case "EMAIL_ALREADY_VERIFIED":
      return { field: "form", text: "This e-mail address is already verified." };
    case "REDIRECT_URL_NOT_WHITELISTED":
      return { field: "form", text: "This redirect URL is not trusted." };
    case "PASSKEY_AUTHENTICATION_FAILED":
      if (/needs? a browser with WebAuthn/.test((error as Error).message)) return { field: "form", text: "This browser cannot use passkeys. Please sign in another way." };
      return { field: "form", text: "Signing in with the passkey failed. Try again or use another way." };
    case "PASSKEY_REGISTRATION_FAILED":
      return { field: "form", text: "The passkey could not be registered. Please try again." };
    case "PASSKEY_WEBAUTHN_ERROR":
      if (details.code === "ERROR_CEREMONY_ABORTED") return { field: "form", text: "The passkey request was cancelled or timed out. Please try again." };
      if (details.code === "ERROR_INVALID_DOMAIN" || details.code === "ERROR_INVALID_RP_ID") return { field: "form", text: "Passkeys cannot be used on this site's address." };
      return { field: "form", text: "The browser stopped the passkey request: {message}", values: { message: String(details.message ?? (error as Error).message) } };
    case "MULTI_FACTOR_AUTHENTICATION_REQUIRED":
      return { field: "form", text: "One more step: enter the code from your authenticator app." };
    case "CANNOT_GET_OWN_USER_WITHOUT_USER":
    case "USER_AUTHENTICATION_REQUIRED":
      return { field: "form", text: "You are signed out." };
    case "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE":
      return { field: "email", text: "This email address is already used to sign in to another account." };
    case "TEAM_PERMISSION_REQUIRED":
      return { field: "form", text: "You do not have the permission to do this in this team." };
    case "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED":
      return { field: "form", text: "This sign-in provider is not enabled for this project." };
  }
  // The server's own trouble and a lost connection, in words for the person at the page (details are in the console).
  // (A read retried through 5xx answers ends in a ConnectivityError whose cause is the last of them.)
  const serverFailed = (e: unknown) => HttpError.isInstance(e) && e.status >= 500;
  if (serverFailed(error) || (ConnectivityError.isInstance(error) && serverFailed(error.cause))) {
    return { field: "form", text: "The server had a problem. Please try again in a moment." };
  }
  if (ConnectivityError.isInstance(error)) {
    return { field: "form", text: error.offline ? "You appear to be offline. Check your internet connection." : "The server could not be reached. Please try again." };
  }
  if (error instanceof LatchkeyError || error instanceof Error) return { field: "form", text: error.message };
  return { field: "form", text: "Something went wrong. Please try again." };
}
