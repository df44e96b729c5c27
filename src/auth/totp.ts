/**
 * TOTP enrolment helpers (RFC 6238 with the platform's settings: HMAC-SHA-1, 6 digits, 30-second steps), built on
 * Web Crypto only. Turning the second factor on is `user.update({ totpMultiFactorSecret: secret })`; `null`
 * turns it off. Nothing here talks to the platform, and a bundle that never imports these leaves them out.
 */
import { ArgumentError } from "../errors/base";
import { base32 } from "../http/random";

const SECRET_BYTES = 20;
const DIGITS = 6;
const PERIOD_SECONDS = 30;

function requireSecret(secret: unknown): Uint8Array {
  if (!(secret instanceof Uint8Array) || secret.length === 0) throw new ArgumentError("secret must be a non-empty Uint8Array (the raw TOTP secret).");
  return secret;
}

function requireLabelPart(value: unknown, name: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new ArgumentError(`${name} must be a non-empty string.`);
  if (value.includes(":")) throw new ArgumentError(`${name} must not contain ":" (it separates the issuer from the account name).`);
  return value;
}

/**
 * A new random TOTP secret: 20 bytes (160 bits, the length RFC 4226 recommends) from `crypto.getRandomValues`.
 * Show it to the user as a QR code of {@link totpUri} (or as {@link totpSecretToBase32} to type in), then turn the
 * second factor on with `user.update`; from then on every sign-in asks for the code their app shows.
 *
 * @example
 * const secret = generateTotpSecret();
 * showQrCode(totpUri({ secret, accountName: user.primaryEmail!, issuer: "My App" }));
 * await user.update({ totpMultiFactorSecret: secret });
 */
export function generateTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
}

/**
 * The secret in RFC 4648 base32 (upper case, no padding): the form authenticator apps accept when typed in.
 *
 * @example
 * totpSecretToBase32(new TextEncoder().encode("12345678901234567890")); // "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
 */
export function totpSecretToBase32(secret: Uint8Array): string {
  return base32(requireSecret(secret)).toUpperCase();
}

/**
 * Options of {@link totpUri}.
 *
 * @example
 * const options: TotpUriOptions = { secret, accountName: "ada@example.com", issuer: "My App" };
 */
export interface TotpUriOptions {
  /** The raw secret, as given to `user.update({ totpMultiFactorSecret })`. */
  secret: Uint8Array;
  /** Who the entry is for in the authenticator app, usually the user's e-mail address. */
  accountName: string;
  /** Your app's name, shown above the account name. */
  issuer: string;
}

/**
 * The `otpauth://totp/…` key URI authenticator apps read from a QR code: label `issuer:accountName`, the secret in
 * base32, and the platform's algorithm (SHA1), digits (6) and period (30).
 *
 * @example
 * totpUri({ secret, accountName: "ada@example.com", issuer: "My App" });
 * // "otpauth://totp/My%20App:ada%40example.com?secret=…&issuer=My%20App&algorithm=SHA1&digits=6&period=30"
 */
export function totpUri(options: TotpUriOptions): string {
  if (typeof options !== "object" || options === null) throw new ArgumentError("totpUri needs { secret, accountName, issuer }.");
  const secret = totpSecretToBase32(options.secret);
  const issuer = encodeURIComponent(requireLabelPart(options.issuer, "issuer"));
  const account = encodeURIComponent(requireLabelPart(options.accountName, "accountName"));
  return `otpauth://totp/${issuer}:${account}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=${DIGITS}&period=${PERIOD_SECONDS}`;
}
