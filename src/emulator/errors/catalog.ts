/**
 * The platform's known errors as data: wire code → HTTP status and the human-readable message the platform sends
 * (the messages are protocol facts; clients show them to people). Abstract parent codes are never sent and are
 * therefore not listed.
 */

type Details = Record<string, unknown>;

/**
 * One known error: its HTTP status and how its message is built from its details.
 *
 * @example
 * const entry: KnownErrorEntry = { status: 404, message: () => "User not found." };
 */
export interface KnownErrorEntry {
  status: number;
  message: (d: Details) => string;
}

const docsLink = "For more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication";
const fixed = (status: number, text: string): KnownErrorEntry => ({ status, message: () => text });
const q = (v: unknown) => JSON.stringify(v);
const unverifiedHint =
  " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.";

/**
 * Every known error code the emulator can send.
 *
 * @example
 * KNOWN_ERRORS.EMAIL_PASSWORD_MISMATCH.status; // 400
 */
export const KNOWN_ERRORS = {
  UNSUPPORTED_ERROR: { status: 500, message: (d) => `An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: ${d.originalErrorCode}` },
  BODY_PARSING_ERROR: { status: 400, message: (d) => String(d.message) },
  SCHEMA_ERROR: { status: 400, message: (d) => String(d.message) },
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: fixed(400, "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate."),
  INVALID_ACCESS_TYPE: { status: 400, message: (d) => `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${d.accessType}'.` },
  ACCESS_TYPE_WITHOUT_PROJECT_ID: { status: 400, message: (d) => `The x-stack-access-type header was '${d.request_type}', but the x-stack-project-id header was not provided.\n\n${docsLink}` },
  ACCESS_TYPE_REQUIRED: fixed(400, `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\n${docsLink}`),
  INSUFFICIENT_ACCESS_TYPE: { status: 401, message: (d) => `The x-stack-access-type header must be ${(d.allowed_access_types as string[]).map((s) => `'${s}'`).join(" or ")}, but was '${d.actual_access_type}'.` },
  INVALID_PUBLISHABLE_CLIENT_KEY: { status: 401, message: (d) => `The publishable key is not valid for the project ${q(d.project_id)}. Does the project and/or the key exist?` },
  INVALID_SECRET_SERVER_KEY: { status: 401, message: (d) => `The secret server key is not valid for the project ${q(d.project_id)}. Does the project and/or the key exist?` },
  INVALID_SUPER_SECRET_ADMIN_KEY: { status: 401, message: (d) => `The super secret admin key is not valid for the project ${q(d.project_id)}. Does the project and/or the key exist?` },
  UNPARSABLE_ADMIN_ACCESS_TOKEN: fixed(401, "Admin access token is not parsable."),
  ADMIN_ACCESS_TOKEN_EXPIRED: { status: 401, message: (d) => `Admin access token has expired. Please refresh it and try again.${typeof d.expired_at_millis === "number" ? ` (The access token expired at ${new Date(d.expired_at_millis).toISOString()}.)` : ""}` },
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: fixed(401, "Admin access tokens must be created on the internal project."),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: fixed(401, "Admin access token does not have the required permissions to access this project."),
  CLIENT_AUTHENTICATION_REQUIRED: fixed(401, "The publishable client key must be provided."),
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: fixed(401, "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access."),
  SERVER_AUTHENTICATION_REQUIRED: fixed(401, "The secret server key must be provided."),
  ADMIN_AUTHENTICATION_REQUIRED: fixed(401, "The super secret admin key must be provided."),
  EXPECTED_INTERNAL_PROJECT: fixed(401, "The project ID is expected to be internal."),
  UNPARSABLE_ACCESS_TOKEN: fixed(401, "Access token is not parsable."),
  ACCESS_TOKEN_EXPIRED: {
    status: 401,
    message: (d) =>
      "Access token has expired. Please refresh it and try again." +
      (typeof d.expired_at_millis === "number" ? ` (The access token expired at ${new Date(d.expired_at_millis).toISOString()}.)` : "") +
      (d.project_id ? ` Project ID: ${d.project_id}.` : "") +
      (d.user_id ? ` User ID: ${d.user_id}.` : "") +
      (d.refresh_token_id ? ` Refresh token ID: ${d.refresh_token_id}.` : "") +
      "\n\nDebug info: Most likely, you fetched the access token before it expired (for example, in a server component, pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using the SDK, make sure you refresh the access token with the refresh endpoint.",
  },
  INVALID_PROJECT_FOR_ACCESS_TOKEN: { status: 401, message: (d) => `Access token not valid for this project. Expected project ID ${q(d.expected_project_id)}, but the token is for project ID ${q(d.actual_project_id)}.` },
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: fixed(401, "Refresh token not found for this project, or the session has expired/been revoked."),
  CANNOT_DELETE_CURRENT_SESSION: fixed(400, "Cannot delete the current session."),
  PROVIDER_REJECTED: fixed(401, "The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate."),
  USER_EMAIL_ALREADY_EXISTS: { status: 409, message: (d) => `A user with email ${q(d.email)} already exists${d.would_work_if_email_was_verified ? unverifiedHint : "."}` },
  EMAIL_NOT_VERIFIED: fixed(400, "The email is not verified."),
  CANNOT_GET_OWN_USER_WITHOUT_USER: fixed(400, "You have specified 'me' as a userId, but did not provide authentication for a user."),
  USER_ID_DOES_NOT_EXIST: { status: 400, message: (d) => `The given user with the ID ${d.user_id} does not exist.` },
  USER_NOT_FOUND: fixed(404, "User not found."),
  RESTRICTED_USER_NOT_ALLOWED: { status: 403, message: (d) => `The user in the access token is in restricted state. Reason: ${(d.restricted_reason as { type: string }).type}. Please pass the X-Stack-Allow-Restricted-User header if this is intended.` },
  PROJECT_NOT_FOUND: { status: 404, message: (d) => `Project ${d.project_id} not found or is not accessible with the current user.` },
  CURRENT_PROJECT_NOT_FOUND: { status: 400, message: (d) => `The current project with ID ${d.project_id} was not found. Please check the value of the x-stack-project-id header.` },
  BRANCH_DOES_NOT_EXIST: { status: 400, message: (d) => `The branch with ID ${d.branch_id} does not exist.` },
  SIGN_UP_NOT_ENABLED: fixed(400, "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."),
  SIGN_UP_REJECTED: { status: 403, message: (d) => (typeof d.message === "string" ? d.message : "Your sign up was rejected by an administrator's sign-up rule.") },
  PASSWORD_AUTHENTICATION_NOT_ENABLED: fixed(400, "Password authentication is not enabled for this project."),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: fixed(400, "Passkey authentication is not enabled for this project."),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: fixed(400, "Anonymous accounts are not enabled for this project."),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: fixed(401, "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users."),
  EMAIL_PASSWORD_MISMATCH: fixed(400, "Wrong e-mail or password."),
  REDIRECT_URL_NOT_WHITELISTED: fixed(400, "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?"),
  PASSWORD_TOO_SHORT: { status: 400, message: (d) => `Password too short. Minimum length is ${d.min_length}.` },
  PASSWORD_TOO_LONG: { status: 400, message: (d) => `Password too long. Maximum length is ${d.maxLength}.` },
  USER_DOES_NOT_HAVE_PASSWORD: fixed(400, "This user does not have password authentication enabled."),
  VERIFICATION_CODE_NOT_FOUND: fixed(404, "The verification code does not exist for this project."),
  VERIFICATION_CODE_EXPIRED: fixed(400, "The verification code has expired."),
  VERIFICATION_CODE_ALREADY_USED: fixed(409, "The verification link has already been used."),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: fixed(400, "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore."),
  PASSWORD_CONFIRMATION_MISMATCH: fixed(400, "Passwords do not match."),
  EMAIL_ALREADY_VERIFIED: fixed(409, "The e-mail is already verified."),
  EMAIL_NOT_ASSOCIATED_WITH_USER: fixed(400, "The e-mail is not associated with a user that could log in with that e-mail."),
  EMAIL_IS_NOT_PRIMARY_EMAIL: { status: 400, message: (d) => `The given e-mail (${d.email}) must equal the user's primary e-mail (${d.primary_email}).` },
  PASSKEY_REGISTRATION_FAILED: { status: 400, message: (d) => String(d.message) },
  PASSKEY_WEBAUTHN_ERROR: { status: 400, message: (d) => String(d.message) },
  PASSKEY_AUTHENTICATION_FAILED: { status: 400, message: (d) => String(d.message) },
  PERMISSION_NOT_FOUND: { status: 404, message: (d) => `Permission "${d.permission_id}" not found. Make sure you created it on the dashboard.` },
  WRONG_PERMISSION_SCOPE: { status: 404, message: (d) => `Permission ${q(d.permission_id)} not found. (It was found for a different scope ${q(d.actual_scope)}, but scope ${q(d.expected_scope)} was expected.)` },
  CONTAINED_PERMISSION_NOT_FOUND: { status: 400, message: (d) => `Contained permission with ID "${d.permission_id}" not found. Make sure you created it on the dashboard.` },
  TEAM_NOT_FOUND: { status: 404, message: (d) => `Team ${d.team_id} not found.` },
  TEAM_ALREADY_EXISTS: { status: 409, message: (d) => `Team ${d.team_id} already exists.` },
  TEAM_MEMBERSHIP_NOT_FOUND: { status: 404, message: (d) => `User ${d.user_id} is not found in team ${d.team_id}.` },
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: { status: 403, message: (d) => `Restricted users cannot accept team invitations. Reason: ${(d.restricted_reason as { type: string }).type}. Please complete the onboarding process before accepting team invitations.` },
  EMAIL_TEMPLATE_ALREADY_EXISTS: fixed(409, "Email template already exists."),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: fixed(400, "The OAuth connection is not connected to any user."),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: fixed(409, "The OAuth connection is already connected to another user."),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: fixed(400, "The OAuth connection does not have the required scope."),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: { status: 400, message: (d) => `Failed to retrieve an OAuth access token for the connected account (provider: ${d.provider}). ${d.details}` },
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(400, "Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes."),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(400, "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens."),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: fixed(400, "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key."),
  INVALID_SCOPE: { status: 400, message: (d) => `The scope "${d.scope}" is not a valid OAuth scope for Stack.` },
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: fixed(409, "The user is already connected to another OAuth account. Did you maybe selected the wrong account?"),
  OUTER_OAUTH_TIMEOUT: fixed(408, "The OAuth flow has timed out. Please sign in again."),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: fixed(400, "The OAuth provider is not found or not enabled."),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: fixed(400, "A provider with the same account ID is already used for signing in."),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: fixed(400, "Multi-factor authentication is required for this user."),
  INVALID_TOTP_CODE: fixed(400, "The TOTP code is invalid. Please try again."),
  USER_AUTHENTICATION_REQUIRED: fixed(401, "User authentication required for this endpoint."),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: fixed(409, "Team membership already exists."),
  PROJECT_PERMISSION_REQUIRED: { status: 401, message: (d) => `User ${d.user_id} does not have permission ${d.permission_id}.` },
  TEAM_PERMISSION_REQUIRED: { status: 401, message: (d) => `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.` },
  TEAM_PERMISSION_NOT_FOUND: { status: 401, message: (d) => `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.` },
  INVALID_AUTHORIZATION_CODE: fixed(400, "The given authorization code is invalid."),
  OAUTH_PROVIDER_ACCESS_DENIED: fixed(400, "The OAuth provider denied access to the user."),
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: fixed(503, "The OAuth provider is temporarily unavailable. Please try signing in again."),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: {
    status: 409,
    message: (d) =>
      `This ${d.type} ${d.contact_channel_value ? `"(${d.contact_channel_value})"` : ""} is already used for authentication by another account${d.would_work_if_email_was_verified ? unverifiedHint : "."}`,
  },
  INVALID_POLLING_CODE: fixed(400, "The polling code is invalid or does not exist."),
  CLI_AUTH_ERROR: { status: 400, message: (d) => String(d.message) },
  CLI_AUTH_EXPIRED_ERROR: fixed(400, "CLI authentication request expired. Please try again."),
  CLI_AUTH_USED_ERROR: fixed(400, "This authentication token has already been used."),
  API_KEY_EXPIRED: fixed(401, "API key has expired."),
  API_KEY_REVOKED: fixed(401, "API key has been revoked."),
  WRONG_API_KEY_TYPE: { status: 400, message: (d) => `This endpoint is for ${d.expected_type} API keys, but a ${d.actual_type} API key was provided.` },
  API_KEY_NOT_FOUND: fixed(404, "API key not found."),
  PERMISSION_ID_ALREADY_EXISTS: { status: 400, message: (d) => `Permission with ID "${d.permission_id}" already exists. Choose a different ID.` },
  EMAIL_RENDERING_ERROR: { status: 400, message: (d) => `Failed to render email with theme: ${d.error}` },
  REQUIRES_CUSTOM_EMAIL_SERVER: fixed(400, "This action requires a custom SMTP server. Please edit your email server configuration and try again."),
  TEMPLATE_SOURCE_REWRITE_ERROR: { status: 400, message: (d) => `Failed to rewrite template source: ${d.error}` },
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: { status: 409, message: (d) => `Email capacity boost is already active until ${d.expires_at}.` },
  EMAIL_NOT_EDITABLE: {
    status: 400,
    message: (d) =>
      `Email with ID "${d.email_id}" cannot be edited because it is in status "${d.status}". Only emails in PAUSED, PREPARING, RENDERING, RENDER_ERROR, SCHEDULED, QUEUED, or SERVER_ERROR status can be edited.`,
  },
  DATA_VAULT_STORE_DOES_NOT_EXIST: { status: 400, message: (d) => `Data vault store with ID ${d.store_id} does not exist.` },
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: { status: 400, message: (d) => `Data vault store with ID ${d.store_id} does not contain a key with hash ${d.hashed_key}.` },
  ITEM_NOT_FOUND: { status: 404, message: (d) => `Item with ID "${d.item_id}" not found.` },
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: {
    status: 400,
    message: (d) =>
      `The ${d.actual_customer_type} with ID ${q(d.customer_id)} is not a valid customer for the item with ID ${q(d.item_id)}. ` +
      (d.item_customer_type
        ? `The item is configured to only be available for ${d.item_customer_type} customers, but the customer is a ${d.actual_customer_type}.`
        : "The item is missing a customer type field. Please make sure it is set up correctly in your project configuration."),
  },
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: {
    status: 400,
    message: (d) => `The item with ID ${q(d.item_id)} has an insufficient quantity for the customer with ID ${q(d.customer_id)}. An attempt was made to charge ${d.quantity} credits.`,
  },
} satisfies Record<string, KnownErrorEntry>;

/**
 * A known error code the emulator can send.
 *
 * @example
 * const code: KnownErrorCode = "USER_NOT_FOUND";
 */
export type KnownErrorCode = keyof typeof KNOWN_ERRORS;
