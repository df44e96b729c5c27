import { decodeJwt } from "jose";

/**
 * The payload of an access token, read without verifying it (the server verifies; the client only needs its
 * expiry and claims), or null when it is not a readable JWT.
 * @internal
 */
export function accessTokenClaims(accessToken: string): Record<string, unknown> | null {
  try {
    return decodeJwt(accessToken);
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
