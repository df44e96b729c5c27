/**
 * The platform's wording for the known errors the SDK builds itself, before or without a request (a password
 * checked locally, a CLI login poll's final answer, a call only the internal project allows). Errors decoded from a
 * response carry the server's own text; these keep the locally made ones word for word the same. One named export
 * per message, so a bundle carries only the ones it uses.
 *
 * Source: the platform's packages/stack-shared/src/known-errors.tsx (recorded in fixtures/wire/known-error-messages.json).
 */

/**
 * PASSWORD_TOO_SHORT's message.
 *
 * @example
 * passwordTooShortMessage(8); // "Password too short. Minimum length is 8."
 */
export const passwordTooShortMessage = (minLength: number): string => `Password too short. Minimum length is ${minLength}.`;

/**
 * PASSWORD_TOO_LONG's message.
 *
 * @example
 * passwordTooLongMessage(70); // "Password too long. Maximum length is 70."
 */
export const passwordTooLongMessage = (maxLength: number): string => `Password too long. Maximum length is ${maxLength}.`;

/**
 * PASSWORD_CONFIRMATION_MISMATCH's message.
 *
 * @example
 * knownError("PASSWORD_CONFIRMATION_MISMATCH", undefined, PASSWORD_CONFIRMATION_MISMATCH_MESSAGE);
 */
export const PASSWORD_CONFIRMATION_MISMATCH_MESSAGE = "Passwords do not match.";

/**
 * CLI_AUTH_EXPIRED_ERROR's message.
 *
 * @example
 * knownError("CLI_AUTH_EXPIRED_ERROR", undefined, CLI_AUTH_EXPIRED_MESSAGE);
 */
export const CLI_AUTH_EXPIRED_MESSAGE = "CLI authentication request expired. Please try again.";

/**
 * CLI_AUTH_USED_ERROR's message.
 *
 * @example
 * knownError("CLI_AUTH_USED_ERROR", undefined, CLI_AUTH_USED_MESSAGE);
 */
export const CLI_AUTH_USED_MESSAGE = "This authentication token has already been used.";

/**
 * EXPECTED_INTERNAL_PROJECT's message.
 *
 * @example
 * knownError("EXPECTED_INTERNAL_PROJECT", undefined, EXPECTED_INTERNAL_PROJECT_MESSAGE, 401);
 */
export const EXPECTED_INTERNAL_PROJECT_MESSAGE = "The project ID is expected to be internal.";

/**
 * USER_AUTHENTICATION_REQUIRED's message.
 *
 * @example
 * knownError("USER_AUTHENTICATION_REQUIRED", undefined, USER_AUTHENTICATION_REQUIRED_MESSAGE, 401);
 */
export const USER_AUTHENTICATION_REQUIRED_MESSAGE = "User authentication required for this endpoint.";

/**
 * OAUTH_ACCESS_TOKEN_NOT_AVAILABLE's message, from its two details.
 *
 * @example
 * oauthAccessTokenNotAvailableMessage("github", "The refresh token was revoked.");
 */
export const oauthAccessTokenNotAvailableMessage = (provider: string, details: string): string =>
  `Failed to retrieve an OAuth access token for the connected account (provider: ${provider}). ${details}`;
