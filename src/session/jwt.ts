import { decode } from "jose/base64url";

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
  // A signed JWT is header.payload.signature; jose decodes the base64url payload. (jose's decodeJwt does the same
  // plus error classes a client that only reads its own tokens does not need: about 400 B gzip in every page.)
  const parts = typeof accessToken === "string" ? accessToken.split(".") : [];
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(decode(parts[1])));
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
