import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * TOTP time step in seconds (RFC 6238 default, what the platform uses).
 *
 * @example
 * const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
 */
export const TOTP_PERIOD_SECONDS = 30;
/**
 * TOTP code length.
 *
 * @example
 * const looksLikeTotp = new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
 */
export const TOTP_DIGITS = 6;

/**
 * The HOTP value (RFC 4226) of a key and counter: HMAC-SHA-1, dynamic truncation, `digits` decimal digits.
 *
 * @example
 * hotp(Buffer.from("12345678901234567890"), 0n); // "755224"
 */
export function hotp(key: Uint8Array, counter: bigint, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** digits).padStart(digits, "0");
}

/**
 * The TOTP code (RFC 6238, SHA-1, 30 s, 6 digits) of a key at a time.
 *
 * @example
 * totpAt(secret, Date.now());
 */
export function totpAt(key: Uint8Array, timeMillis: number): string {
  return hotp(key, BigInt(Math.floor(timeMillis / 1000 / TOTP_PERIOD_SECONDS)));
}

/**
 * True when `code` is the key's TOTP for the current step or one step before or after (clock drift allowance).
 *
 * @example
 * if (!verifyTotp(Buffer.from(user.totpSecretBase64, "base64"), body.totp)) throw known("INVALID_TOTP_CODE");
 */
export function verifyTotp(key: Uint8Array, code: string, nowMillis = Date.now(), window = 1): boolean {
  if (key.length === 0 || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return false;
  const step = BigInt(Math.floor(nowMillis / 1000 / TOTP_PERIOD_SECONDS));
  let ok = false;
  for (let delta = -window; delta <= window; delta++) {
    const expected = Buffer.from(hotp(key, step + BigInt(delta)));
    if (timingSafeEqual(expected, Buffer.from(code))) ok = true;
  }
  return ok;
}
