import { FAMILIES } from "./lineage";

/**
 * The catalogue of the platform's known error codes, as data.
 *
 * Outer keys are parent codes (`""` for codes with no parent); inner keys are the codes themselves, in the
 * reference's order, and the values their HTTP status (`0` marks an abstract parent: the server never sends
 * it, it only groups its children for `isInstance`). The server sends the human-readable message, so the
 * client needs nothing more. Of the encodings tried (this one, a nested tree, an indented string parsed at
 * run time), this one gzips about as small as any and lets the types below be read straight off it.
 *
 * Source: wire-protocol reference §6, plus TEAM_INVITATION_EMAIL_MISMATCH (shipped by one official release).
 */
const TABLE = {
  "": {
    UNSUPPORTED_ERROR: 500, BODY_PARSING_ERROR: 400, SCHEMA_ERROR: 400, ALL_OVERLOADS_FAILED: 400,
    PROJECT_AUTHENTICATION_ERROR: 0, SESSION_AUTHENTICATION_ERROR: 0, REFRESH_TOKEN_ERROR: 0,
    USER_EMAIL_ALREADY_EXISTS: 409, EMAIL_NOT_VERIFIED: 400, CANNOT_GET_OWN_USER_WITHOUT_USER: 400,
    USER_ID_DOES_NOT_EXIST: 400, USER_NOT_FOUND: 404, RESTRICTED_USER_NOT_ALLOWED: 403, PROJECT_NOT_FOUND: 404,
    CURRENT_PROJECT_NOT_FOUND: 400, BRANCH_DOES_NOT_EXIST: 400, SIGN_UP_NOT_ENABLED: 400, SIGN_UP_REJECTED: 403,
    BOT_CHALLENGE_REQUIRED: 409, BOT_CHALLENGE_FAILED: 400, PASSWORD_AUTHENTICATION_NOT_ENABLED: 400,
    DATA_VAULT_STORE_DOES_NOT_EXIST: 400, DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: 400,
    PASSKEY_AUTHENTICATION_NOT_ENABLED: 400, ANONYMOUS_ACCOUNTS_NOT_ENABLED: 400,
    ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: 401, EMAIL_PASSWORD_MISMATCH: 400, REDIRECT_URL_NOT_WHITELISTED: 400,
    PASSWORD_REQUIREMENTS_NOT_MET: 0, USER_DOES_NOT_HAVE_PASSWORD: 400, VERIFICATION_ERROR: 0,
    PASSWORD_CONFIRMATION_MISMATCH: 400, EMAIL_ALREADY_VERIFIED: 409, EMAIL_NOT_ASSOCIATED_WITH_USER: 400,
    EMAIL_IS_NOT_PRIMARY_EMAIL: 400, PASSKEY_REGISTRATION_FAILED: 400, PASSKEY_WEBAUTHN_ERROR: 400,
    PASSKEY_AUTHENTICATION_FAILED: 400, PERMISSION_NOT_FOUND: 404, WRONG_PERMISSION_SCOPE: 404,
    CONTAINED_PERMISSION_NOT_FOUND: 400, TEAM_NOT_FOUND: 404, TEAM_ALREADY_EXISTS: 409,
    TEAM_MEMBERSHIP_NOT_FOUND: 404, TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: 403,
    TEAM_INVITATION_EMAIL_MISMATCH: 403,
    EMAIL_TEMPLATE_ALREADY_EXISTS: 409, OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: 400,
    OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: 409, OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: 400,
    OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: 400, OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: 400,
    OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: 400, INVALID_OAUTH_CLIENT_ID_OR_SECRET: 400,
    INVALID_SCOPE: 400, USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: 409, OUTER_OAUTH_TIMEOUT: 408,
    OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: 400, APPLE_BUNDLE_ID_NOT_CONFIGURED: 400,
    OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: 400, MULTI_FACTOR_AUTHENTICATION_REQUIRED: 400,
    INVALID_TOTP_CODE: 400, USER_AUTHENTICATION_REQUIRED: 401, TEAM_MEMBERSHIP_ALREADY_EXISTS: 409,
    PROJECT_PERMISSION_REQUIRED: 401, TEAM_PERMISSION_REQUIRED: 401, TEAM_PERMISSION_NOT_FOUND: 401,
    INVALID_SHARED_OAUTH_PROVIDER_ID: 400, INVALID_STANDARD_OAUTH_PROVIDER_ID: 400, INVALID_AUTHORIZATION_CODE: 400,
    INVALID_APPLE_CREDENTIALS: 400, OAUTH_PROVIDER_ACCESS_DENIED: 400, OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: 503,
    CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: 409, INVALID_POLLING_CODE: 400, CLI_AUTH_ERROR: 400,
    CLI_AUTH_EXPIRED_ERROR: 400, CLI_AUTH_USED_ERROR: 400, API_KEY_NOT_VALID: 0, PERMISSION_ID_ALREADY_EXISTS: 400,
    EMAIL_RENDERING_ERROR: 400, TEMPLATE_SOURCE_REWRITE_ERROR: 400, REQUIRES_CUSTOM_EMAIL_SERVER: 400,
    EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: 409, EMAIL_NOT_EDITABLE: 400, ITEM_NOT_FOUND: 404,
    ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: 400, CUSTOMER_DOES_NOT_EXIST: 400, SUBSCRIPTION_INVOICE_NOT_FOUND: 404,
    ONE_TIME_PURCHASE_NOT_FOUND: 404, SUBSCRIPTION_ALREADY_REFUNDED: 400, ONE_TIME_PURCHASE_ALREADY_REFUNDED: 400,
    TEST_MODE_PURCHASE_NON_REFUNDABLE: 400, PRODUCT_DOES_NOT_EXIST: 400, PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: 400,
    PRODUCT_ALREADY_GRANTED: 400, ITEM_QUANTITY_INSUFFICIENT_AMOUNT: 400, STRIPE_ACCOUNT_INFO_NOT_FOUND: 404,
    ANALYTICS_QUERY_TIMEOUT: 400, ANALYTICS_QUERY_ERROR: 400, ANALYTICS_NOT_ENABLED: 400,
    DEFAULT_PAYMENT_METHOD_REQUIRED: 400, NEW_PURCHASES_BLOCKED: 403,
  },
  ...FAMILIES,
} as const;

type Table = typeof TABLE;
type ParentKey = keyof Table;

/**
 * Every error code the platform is known to send (and the abstract parents that group them).
 *
 * @example
 * const code: KnownErrorCode = "EMAIL_PASSWORD_MISMATCH";
 */
export type KnownErrorCode = { [P in ParentKey]: keyof Table[P] }[ParentKey];

/** Codes whose parent is one of `P` (one level down). */
type ChildOf<P> = { [K in ParentKey]: K extends P ? keyof Table[K] : never }[ParentKey] & string;

/**
 * `C` and every code below it in the hierarchy, e.g. `DescendantOf<"PASSWORD_REQUIREMENTS_NOT_MET">` is
 * `"PASSWORD_REQUIREMENTS_NOT_MET" | "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG"`.
 *
 * @example
 * type AccessTokenProblems = DescendantOf<"INVALID_ACCESS_TOKEN">; // "INVALID_ACCESS_TOKEN" | "ACCESS_TOKEN_EXPIRED" | …
 */
export type DescendantOf<C extends string> = C | ([ChildOf<C>] extends [never] ? never : DescendantOf<ChildOf<C>>);

/**
 * The HTTP status of a code (`0` for an abstract parent).
 *
 * @example
 * type S = KnownErrorStatus<"USER_NOT_FOUND">; // 404
 */
export type KnownErrorStatus<C extends KnownErrorCode> = {
  [P in ParentKey]: C extends keyof Table[P] ? Table[P][C] : never;
}[ParentKey];

/** code -> [status (0 = abstract), parent code or ""], built on first use. */
let flat: Record<string, [number, string]> | undefined;

const entries = (): Record<string, [number, string]> => {
  if (!flat) {
    flat = Object.create(null) as Record<string, [number, string]>;
    for (const parent in TABLE) {
      const group = TABLE[parent as ParentKey] as Record<string, number>;
      for (const code in group) flat[code] = [group[code], parent];
    }
  }
  return flat;
};

/**
 * True if the table knows `code` (concrete or abstract).
 *
 * @example
 * isKnownErrorCode("USER_NOT_FOUND"); // true
 * isKnownErrorCode("SOMETHING_NEWER"); // false
 */
export const isKnownErrorCode = (code: unknown): code is KnownErrorCode =>
  typeof code === "string" && code in entries();

/**
 * The HTTP status the platform sends with `code`; `undefined` for abstract parents and unknown codes.
 *
 * @example
 * knownErrorStatus("EMAIL_PASSWORD_MISMATCH"); // 400
 * knownErrorStatus("VERIFICATION_ERROR"); // undefined (abstract)
 */
export const knownErrorStatus = (code: string): number | undefined => entries()[code]?.[0] || undefined;

/**
 * The parent of `code` in the hierarchy; `undefined` for a root or an unknown code.
 *
 * @example
 * knownErrorParent("PASSWORD_TOO_SHORT"); // "PASSWORD_REQUIREMENTS_NOT_MET"
 */
export const knownErrorParent = (code: string): KnownErrorCode | undefined =>
  (entries()[code]?.[1] || undefined) as KnownErrorCode | undefined;

/**
 * Every code in the table, parents included, in table order.
 *
 * @example
 * knownErrorCodes().includes("USER_NOT_FOUND"); // true
 */
export const knownErrorCodes = (): KnownErrorCode[] => Object.keys(entries()) as KnownErrorCode[];

/**
 * True if `code` is `ancestor` or sits below it in the hierarchy. Walks the table, never prototypes, so it
 * gives the same answer for errors made by another copy of the package.
 *
 * @example
 * isCodeOrDescendant("ACCESS_TOKEN_EXPIRED", "SESSION_AUTHENTICATION_ERROR"); // true
 * isCodeOrDescendant("USER_NOT_FOUND", "INVALID_ACCESS_TOKEN"); // false
 */
export const isCodeOrDescendant = (code: string, ancestor: string): boolean => {
  for (let c: string | undefined = code; c; c = entries()[c]?.[1]) if (c === ancestor) return true;
  return false;
};
