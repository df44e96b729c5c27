import { decodeJwt } from "jose";

/**
 * When an access token expires, in epoch milliseconds, read from its `exp` claim without verifying it
 * (the server verifies; the client only needs to know when to refresh). An unreadable token counts as expired.
 * @internal
 */
export function accessTokenExpiresAt(accessToken: string): number {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp === "number" ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}
