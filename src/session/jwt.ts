/**
 * An access token is reused while at least this much validity remains (spec §9). Kept here, beside the code that
 * reads expiries, so the lazily loaded cross-tab module can use it without pulling the session class into a chunk
 * of its own.
 * @internal
 * @example
 * const usable = accessTokenExpiresAt(token) - Date.now() >= MIN_TOKEN_VALIDITY_MS;
 */
export const MIN_TOKEN_VALIDITY_MS = 20_000;

/**
 * The payload of an access token, read without verifying it (the server verifies; the client only needs its
 * expiry and claims), or null when it is not a readable JWT.
 * @internal
 */
export function accessTokenClaims(accessToken: string): Record<string, unknown> | null {
  // A signed JWT is header.payload.signature, the payload base64url-encoded JSON. Decoded here rather than with jose,
  // so that importing the package (in Node or in a page) never loads jose; only local verification needs it.
  const parts = typeof accessToken === "string" ? accessToken.split(".") : [];
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1])));
    return claims !== null && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * When an access token expires, in epoch milliseconds, read from its `exp` claim. An unreadable token counts as
 * expired.
 * @internal
 */
export function accessTokenExpiresAt(accessToken: string): number {
  const exp = accessTokenClaims(accessToken)?.exp;
  return typeof exp === "number" ? exp * 1000 : 0;
}

/** The bytes of a base64url string (no padding needed); throws on characters outside the alphabet. */
function base64UrlDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new TypeError("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
