import { randomBytes, randomUUID } from "node:crypto";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * A random lowercase base32 string (the platform's codes, refresh tokens and key bodies are 45 of these).
 *
 * @example
 * const refreshToken = randomBase32(); // 45 characters
 */
export function randomBase32(length = 45): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += BASE32[bytes[i] & 31];
  return out;
}

/**
 * A fresh lowercase UUID v4.
 *
 * @example
 * const id = newId();
 */
export function newId(): string {
  return randomUUID();
}

/**
 * True for a `pck_`/`ssk_`/`sak_` style key: the prefix plus 45 lowercase base32 characters.
 *
 * @example
 * isWellFormedKey("pck_" + randomBase32(), "pck_"); // true
 */
export function isWellFormedKey(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && /^[a-z2-7]{45}$/.test(key.slice(prefix.length));
}
