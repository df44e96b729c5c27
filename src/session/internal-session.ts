import { accessTokenOf } from "./access-token";
import type { SessionAccessToken } from "./access-token";
import type { Session } from "./session";
import type { SessionTokens } from "./internal-session-tokens";

// The members that fetch tokens load on first use (internal-session-tokens.ts).
const tokens = () => import("./internal-session-tokens");

/**
 * A session with the members of the official SDK's `InternalSession` (what `user._internalSession` is there),
 * over one of latchkey's sessions: what an `AdminApp` needs as a `projectOwnerSession`, and the token accessors
 * apps use. The synchronous members answer from the tokens the session last read or wrote.
 *
 * @example
 * const user = await dashboard.getUser({ or: "throw" });
 * const tokens = await user._internalSession.getOrFetchLikelyValidTokens(20_000, null);
 * const admin = new AdminApp({ projectId, tokenStore: null, projectOwnerSession: user._internalSession });
 */
export class InternalSession {
  /** @param session - @internal the latchkey session it presents */
  constructor(private readonly session: Session) {}

  /** `refresh-<token>`, `access-<token>` or `not-logged-in`, from the tokens last seen. */
  get sessionKey(): string {
    const { accessToken, refreshToken } = this.session.known;
    return refreshToken ? `refresh-${refreshToken}` : accessToken ? `access-${accessToken}` : "not-logged-in";
  }

  /** True once the session was ended (sign-out, a refused refresh), until someone signs in on it again. */
  isKnownToBeInvalid(): boolean {
    return this.session.invalid;
  }

  /** Ends the session: clears its tokens and tells `onInvalidate` listeners. */
  markInvalid(): void {
    this.session.invalidate().catch(() => {});
  }

  /** Calls `callback` when the session ends; `unsubscribe` stops that. */
  onInvalidate(callback: () => void): { unsubscribe: () => void } {
    return this.session.onInvalidate(callback);
  }

  /** The refresh token last seen, or null. */
  getRefreshToken(): { token: string } | null {
    const { refreshToken } = this.session.known;
    return !this.session.invalid && refreshToken ? { token: refreshToken } : null;
  }

  /**
   * The access token last seen if it has at least `minMillisUntilExpiration` left and (unless
   * `maxMillisSinceIssued` is null) was issued at most that long ago; never fetches.
   */
  getAccessTokenIfNotExpiredYet(minMillisUntilExpiration: number, maxMillisSinceIssued: number | null): SessionAccessToken | null {
    const { accessToken } = this.session.known;
    if (this.session.invalid || !accessToken || accessToken === this.session.expiredToken) return null;
    const token = accessTokenOf(accessToken, this.session.now);
    if (token.isExpired() || token.expiresInMillis < minMillisUntilExpiration) return null;
    return maxMillisSinceIssued !== null && token.issuedMillisAgo > maxMillisSinceIssued ? null : token;
  }

  /**
   * Tokens whose access token has at least `minMillisUntilExpiration` left (under 60 000) and, unless
   * `maxMillisSinceIssued` is null, was issued at most that long ago (refreshed otherwise); null without a way
   * to get one.
   */
  getOrFetchLikelyValidTokens(minMillisUntilExpiration: number, maxMillisSinceIssued: number | null): Promise<SessionTokens | null> {
    return tokens().then((m) => m.likelyValidTokens(this.session, minMillisUntilExpiration, maxMillisSinceIssued));
  }

  /** A freshly refreshed access token (with the refresh token), or null without a refresh token. */
  fetchNewTokens(): Promise<SessionTokens | null> {
    return tokens().then((m) => m.newTokens(this.session));
  }

  /** The access token (default: the one last seen) must not be used again: the next use refreshes it. */
  markAccessTokenExpired(accessToken?: { token: string } | string): void {
    this.session.markAccessTokenExpired(accessToken);
  }

  /** The access token may carry outdated claims: refresh it on next use, if there is a refresh token. */
  suggestAccessTokenExpired(): void {
    this.session.suggestAccessTokenExpired();
  }
}

const views = new WeakMap<Session, InternalSession>();

/**
 * @internal The one {@link InternalSession} of `session`.
 * @example
 * internalSessionOf(session).getRefreshToken();
 */
export function internalSessionOf(session: Session): InternalSession {
  let view = views.get(session);
  if (!view) views.set(session, (view = new InternalSession(session)));
  return view;
}
