/**
 * The data vault's client-side encryption, compatible with the official SDK so either can read what the other
 * wrote: the key is stretched with the secret (PBKDF2-SHA256, 100 000 rounds), the platform only ever sees a hash
 * of it, and the value is sealed with AES-256-GCM under an HKDF-derived key with a fresh salt and nonce. Web Crypto
 * only, so it runs in Node, browsers and edge runtimes alike.
 * @internal
 */

const HASH_PURPOSE = "stack-data-vault-client-side-encryption-key-hash";
const KEY_PURPOSE = "stack-data-vault-client-side-encryption-value-encryption-key-hash";
const VALUE_PURPOSE = "stack-data-vault-client-side-encryption-value-encryption-value-encryption";

type Bytes = Uint8Array<ArrayBuffer>;
const utf8 = (s: string): Bytes => new TextEncoder().encode(s) as Bytes;
const bytesOf = (v: string | Bytes): Bytes => (typeof v === "string" ? utf8(v) : v);

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Bytes {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("The data vault needs the Web Crypto API (globalThis.crypto.subtle), which this runtime lacks.");
  return s;
}

/** PBKDF2-SHA256 of `value`, salted with the purpose and the extra input (the official SDK's iterated hash). */
async function stretch(purpose: string, value: string | Bytes, extra: string, iterations: number): Promise<Bytes> {
  const salt = utf8(JSON.stringify(["stack-crypto-helper-iterated-hash", purpose, toBase64(new Uint8Array(0)), toBase64(utf8(extra))]));
  const material = await subtle().importKey("raw", bytesOf(value), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await subtle().deriveBits({ name: "PBKDF2", salt, iterations, hash: "SHA-256" }, material, 256));
}

/** The per-key secret: the key stretched with the caller's secret. */
const keySecret = (secret: string, key: string) => stretch(KEY_PURPOSE, key, secret, 100_000);

async function sealingKey(secret: Bytes, salt: Bytes): Promise<CryptoKey> {
  const material = await subtle().importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const info = utf8(JSON.stringify(["stack-crypto-helper-derived-symmetric-key", VALUE_PURPOSE, "binary-key", toBase64(salt)]));
  return subtle().deriveKey({ name: "HKDF", salt, info, hash: "SHA-256" }, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/**
 * What the platform stores the value under: a hash of the stretched key, so it never learns the key, and a
 * different secret gives a different hash.
 * @internal
 */
export async function hashVaultKey(secret: string, key: string): Promise<string> {
  return toBase64(await stretch(HASH_PURPOSE, await keySecret(secret, key), secret, 1));
}

/**
 * The value sealed for the platform: version bytes `01 00`, a 16-byte salt, a 12-byte nonce and the AES-GCM
 * ciphertext with its tag, in base64.
 * @internal
 */
export async function encryptVaultValue(secret: string, key: string, value: string): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv }, await sealingKey(await keySecret(secret, key), salt), utf8(value)));
  const out = new Uint8Array(2 + salt.length + iv.length + sealed.length);
  out.set([1, 0]);
  out.set(salt, 2);
  out.set(iv, 18);
  out.set(sealed, 30);
  return toBase64(out);
}

/**
 * Opens a sealed value, or returns null when it does not open with this secret and key (or is damaged).
 * @internal
 */
export async function decryptVaultValue(secret: string, key: string, encrypted: string): Promise<string | null> {
  let bytes: Bytes;
  try {
    bytes = fromBase64(encrypted);
  } catch {
    return null;
  }
  if (bytes.length < 30 + 16 || bytes[0] !== 1 || bytes[1] !== 0) return null;
  try {
    const key_ = await sealingKey(await keySecret(secret, key), bytes.slice(2, 18));
    const plain = await subtle().decrypt({ name: "AES-GCM", iv: bytes.slice(18, 30) }, key_, bytes.slice(30));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
