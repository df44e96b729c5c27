import { describeError } from "./errors";
import type { ErrorField } from "./errors";

/**
 * {@link describeError} plus the errors only the pages that finish flows meet (second factor, OAuth, team
 * invitations, CLI login), kept apart so a page that only signs in does not carry their sentences.
 * @internal
 * @example
 * describeFlowError(result.error); // { field: "form", text: "This CLI login link has already been used." }
 */
export function describeFlowError(error: unknown): { field: ErrorField; text: string; values?: Record<string, string | number> } {
  switch ((error as { code?: unknown })?.code) {
    case "MULTI_FACTOR_AUTHENTICATION_REQUIRED":
      return { field: "form", text: "This account also needs a code from your authenticator app." };
    case "USER_AUTHENTICATION_REQUIRED":
      return { field: "form", text: "Please sign in first." };
    case "RESTRICTED_USER_NOT_ALLOWED":
      return { field: "form", text: "Your account is not ready for this yet. Verify your e-mail address first." };
    case "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED":
      return { field: "form", text: "Verify your e-mail address before joining a team." };
    case "TEAM_INVITATION_EMAIL_MISMATCH":
      return { field: "form", text: "This invitation was sent to another e-mail address. Sign in with that address to accept it." };
    case "TEAM_MEMBERSHIP_ALREADY_EXISTS":
      return { field: "form", text: "You are already a member of this team." };
    case "CLI_AUTH_ERROR":
      return { field: "form", text: "This CLI login link is invalid or has expired. Start the login again from the command line." };
    case "CLI_AUTH_EXPIRED_ERROR":
      return { field: "form", text: "This CLI login request has expired. Start the login again from the command line." };
    case "CLI_AUTH_USED_ERROR":
      return { field: "form", text: "This CLI login link has already been used." };
    case "OAUTH_PROVIDER_ACCESS_DENIED":
      return { field: "form", text: "The sign-in was cancelled or refused at the provider." };
    case "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE":
      return { field: "form", text: "The sign-in provider cannot be reached right now. Please try again in a moment." };
    case "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER":
      return { field: "form", text: "This account is already connected to another user. Please connect a different account." };
    case "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION":
      return { field: "form", text: "You are already connected to another account at this provider. Did you choose the wrong account there?" };
    case "INVALID_AUTHORIZATION_CODE":
      return { field: "form", text: "The provider's sign-in code is invalid or was already used. Please sign in again." };
    case "OUTER_OAUTH_TIMEOUT":
      return { field: "form", text: "The sign-in took too long. Please sign in again." };
    case "INVALID_OAUTH_CLIENT_ID_OR_SECRET":
      return { field: "form", text: "This sign-in provider is not set up correctly for this project." };
  }
  return describeError(error);
}
