import { accessTokenClaims } from "./jwt";
import type { JWTPayload } from "jose";

/**
 * An access token with its claims decoded (not verified: the server verifies, the client only reads), as the
 * official SDK's `InternalSession` hands them out.
 *
 * @example
 * const tokens = await user._internalSession.getOrFetchLikelyValidTokens(20_000, null);
 * console.log(tokens?.accessToken.payload.sub, tokens?.accessToken.expiresInMillis);
 */
export interface SessionAccessToken {
  readonly token: string;
  /** The claims: `sub`, `exp`, `iat`, `email`, `name`, `is_anonymous`, `is_restricted`, … */
  readonly payload: JWTPayload & Record<string, unknown>;
  readonly expiresAt: Date;
  readonly issuedAt: Date;
  /** Milliseconds until expiry, 0 once expired. */
  readonly expiresInMillis: number;
  readonly issuedMillisAgo: number;
  isExpired(): boolean;
}

/**
 * @internal A {@link SessionAccessToken} for `token` (an undecodable token has empty claims and counts as expired).
 * @example
 * accessTokenOf(jwt).expiresAt; // a Date
 */
export function accessTokenOf(token: string, now: () => number = Date.now): SessionAccessToken {
  // An unreadable token: no claims, expired.
  const payload: JWTPayload = accessTokenClaims(token) ?? {};
  const expiresAt = new Date(typeof payload.exp === "number" ? payload.exp * 1000 : 0);
  const issuedAt = new Date((payload.iat ?? 0) * 1000);
  return {
    token,
    payload,
    expiresAt,
    issuedAt,
    get expiresInMillis() {
      return Math.max(0, expiresAt.getTime() - now());
    },
    get issuedMillisAgo() {
      return Math.max(0, now() - issuedAt.getTime());
    },
    isExpired() {
      return this.expiresInMillis <= 0;
    },
  };
}
