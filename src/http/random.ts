const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

// Random bytes are drawn from the platform's CSPRNG in batches: one call per 64 nonces instead of one per
// request (each call has a fixed cost that shows in the request pipeline's overhead).
let pool = new Uint8Array(0);
let used = 0;

function randomBytes(count: number): Uint8Array {
  if (used + count > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(Math.max(count, 64 * 45)));
    used = 0;
  }
  const bytes = pool.subarray(used, used + count);
  used += count;
  return bytes;
}

/**
 * `bytes` in RFC 4648 base32, lower case, without padding (the last character carries the leftover bits).
 * @internal
 * @example
 * base32(new Uint8Array([0xff])); // "74"
 */
export function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let held = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    held += 8;
    while (held >= 5) {
      held -= 5;
      out += ALPHABET[(buffer >> held) & 31];
    }
    buffer &= (1 << held) - 1;
  }
  if (held > 0) out += ALPHABET[(buffer << (5 - held)) & 31];
  return out;
}

/**
 * A fresh random string in lowercase base32 carrying `bits` bits of entropy from the platform's CSPRNG
 * (224 bits → 45 characters, the platform's nonce and code format).
 * @internal
 * @example
 * randomBase32(); // e.g. "k3v…" (45 characters of a–z, 2–7)
 */
export function randomBase32(bits = 224): string {
  // Each character takes the low 5 bits of its own random byte: 256 is a multiple of 32, so every character is
  // uniform and independent, carrying 5 bits as packed bits would, at a fraction of the cost of `base32` (this
  // runs on every request).
  const bytes = randomBytes(Math.ceil(bits / 5));
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}
