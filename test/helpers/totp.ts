import { createHmac } from "node:crypto";

/**
 * RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits), as an authenticator app computes it — written independently of the
 * emulator's code, so tests check the emulator against the standard.
 */
export function totp(secret: Uint8Array, atMillis = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMillis / 30_000)));
  const mac = createHmac("sha1", Buffer.from(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Waits until at least 2 s remain in the current 30 s step, so the server sees the same step as the test. */
export async function awayFromStepBoundary(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 2000) await new Promise((r) => setTimeout(r, left + 50));
}
