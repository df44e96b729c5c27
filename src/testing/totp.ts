import { randomBytes } from "node:crypto";
import { TOTP_PERIOD_SECONDS, totpAt } from "../emulator/domain/totp";
import { base32 } from "../http/random";

/**
 * A test user's authenticator app: the TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits) and its codes.
 *
 * @example
 * await page.getByLabel("Code").fill(user.totp!.code());
 */
export interface TotpAuthenticator {
  /** The secret as an authenticator app shows it (RFC 4648 base32, no padding). */
  secret: string;
  /** The secret's bytes. */
  secretBytes: Uint8Array;
  /** The code at `at` (default now). */
  code(at?: Date | number): string;
  /**
   * The current code once at least `marginMs` (default 2 s) remain in its 30 s step, waiting for the next step
   * otherwise, so the server still accepts it when it arrives.
   */
  freshCode(marginMs?: number): Promise<string>;
}

/**
 * An authenticator for `secretBytes` (default: 20 new random bytes, as authenticator set-ups use).
 *
 * @example
 * const totp = totpAuthenticator(); totp.code(); // "492039"
 */
export function totpAuthenticator(secretBytes: Uint8Array = new Uint8Array(randomBytes(20))): TotpAuthenticator {
  const code = (at: Date | number = Date.now()) => totpAt(secretBytes, typeof at === "number" ? at : at.getTime());
  return {
    secret: base32(secretBytes).toUpperCase(), // as authenticator apps show it
    secretBytes,
    code,
    async freshCode(marginMs = 2000) {
      const step = TOTP_PERIOD_SECONDS * 1000;
      const left = step - (Date.now() % step);
      if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 20));
      return code();
    },
  };
}
