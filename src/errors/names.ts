import { knownErrorCodes, type KnownErrorCode } from "./table";

/**
 * Words spelled with inner capitals in class names, as the official SDK spells them
 * (OAUTH_PROVIDER_ACCESS_DENIED → `OAuthProviderAccessDenied`, PASSKEY_WEBAUTHN_ERROR → `PasskeyWebAuthnError`).
 */
const SPECIAL_WORDS = { OAUTH: "OAuth", WEBAUTHN: "WebAuthn" } as const;

/**
 * Official class names that differ from the name derived from their code. Each maps to its code; the derived
 * name stays available too (`KnownErrors.UserEmailAlreadyExists === KnownErrors.UserWithEmailAlreadyExists`).
 */
const ALIASES = {
  UserWithEmailAlreadyExists: "USER_EMAIL_ALREADY_EXISTS",
  VerificationCodeError: "VERIFICATION_ERROR",
  PermissionScopeMismatch: "WRONG_PERMISSION_SCOPE",
  InvalidPollingCodeError: "INVALID_POLLING_CODE",
} as const;

type Word<W extends string> = W extends keyof typeof SPECIAL_WORDS
  ? (typeof SPECIAL_WORDS)[W]
  : Capitalize<Lowercase<W>>;

/**
 * The class name derived from an error code: EMAIL_PASSWORD_MISMATCH → `EmailPasswordMismatch`.
 *
 * @example
 * type N = PascalName<"INVALID_TOTP_CODE">; // "InvalidTotpCode"
 */
export type PascalName<C extends string> = C extends `${infer W}_${infer Rest}`
  ? `${Word<W>}${PascalName<Rest>}`
  : Word<C>;

/**
 * Every name `KnownErrors` answers to, mapped to its code.
 *
 * @example
 * type C = KnownErrorNames["UserWithEmailAlreadyExists"]; // "USER_EMAIL_ALREADY_EXISTS"
 */
export type KnownErrorNames = { [C in KnownErrorCode as PascalName<C>]: C } & typeof ALIASES;

/**
 * The class name derived from an error code, computed the same way as {@link PascalName}.
 *
 * @example
 * pascalName("OAUTH_PROVIDER_ACCESS_DENIED"); // "OAuthProviderAccessDenied"
 */
export const pascalName = (code: string): string =>
  code
    .split("_")
    .map((w) => SPECIAL_WORDS[w as keyof typeof SPECIAL_WORDS] ?? w.charAt(0) + w.slice(1).toLowerCase())
    .join("");

let byName: Map<string, KnownErrorCode> | undefined;

/**
 * The code behind a `KnownErrors` name (derived or official alias); `undefined` when there is none.
 *
 * @example
 * codeForName("EmailPasswordMismatch"); // "EMAIL_PASSWORD_MISMATCH"
 * codeForName("UserWithEmailAlreadyExists"); // "USER_EMAIL_ALREADY_EXISTS"
 */
export const codeForName = (name: string): KnownErrorCode | undefined => {
  if (!byName) {
    byName = new Map(Object.entries(ALIASES));
    for (const code of knownErrorCodes()) byName.set(pascalName(code), code);
  }
  return byName.get(name);
};
