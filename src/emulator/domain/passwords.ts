import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { known } from "../errors";
import { isBcryptHash, verifyBcryptPassword } from "./imported-password-hashes";

/**
 * How passwords are hashed: `scrypt` is slow by design (N=2^14, r=8, p=1); `fast` is a salted SHA-256 for tests.
 *
 * @example
 * await startEmulator({ passwordHashing: "fast" });
 */
export type PasswordHashing = "scrypt" | "fast";

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashes a password. The result names its scheme, so `verifyPassword` reads hashes of either mode.
 *
 * @example
 * const hash = await hashPassword("correct horse", "scrypt");
 */
export async function hashPassword(password: string, mode: PasswordHashing): Promise<string> {
  const salt = randomBytes(16);
  if (mode === "fast") {
    const digest = createHash("sha256").update(salt).update(password).digest("base64url");
    return `fast$${salt.toString("base64url")}$${digest}`;
  }
  const key = await scrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/**
 * Checks a password against a stored hash (false for a missing or unknown hash): the emulator's own hashes, and
 * bcrypt hashes imported with `password_hash` (checked like the platform, see `imported-password-hashes.ts`).
 *
 * @example
 * if (!(await verifyPassword(body.password, user.passwordHash))) throw known("EMAIL_PASSWORD_MISMATCH");
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (isBcryptHash(stored)) return verifyBcryptPassword(password, stored);
  const parts = stored.split("$");
  let expected: Buffer;
  let actual: Buffer;
  if (parts[0] === "fast" && parts.length === 3) {
    expected = Buffer.from(parts[2], "base64url");
    actual = createHash("sha256").update(Buffer.from(parts[1], "base64url")).update(password).digest();
  } else if (parts[0] === "scrypt" && parts.length === 6) {
    const [N, r, p] = parts.slice(1, 4).map(Number);
    expected = Buffer.from(parts[5], "base64url");
    actual = await scrypt(password, Buffer.from(parts[4], "base64url"), expected.length, { N, r, p, maxmem: 64 * 1024 * 1024 });
  } else {
    return false;
  }
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Minimum and maximum password lengths (wire §4).
 *
 * @example
 * password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
 */
export const PASSWORD_MIN = 8;
/**
 * Longest accepted password.
 *
 * @example
 * if (password.length > PASSWORD_MAX) throw known("PASSWORD_TOO_LONG", { maxLength: PASSWORD_MAX });
 */
export const PASSWORD_MAX = 70;

/**
 * Throws `PASSWORD_TOO_SHORT` / `PASSWORD_TOO_LONG` like the platform.
 *
 * @example
 * assertPasswordAllowed(body.password);
 */
export function assertPasswordAllowed(password: string): void {
  if (password.length < PASSWORD_MIN) throw known("PASSWORD_TOO_SHORT", { min_length: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX) throw known("PASSWORD_TOO_LONG", { maxLength: PASSWORD_MAX });
}
