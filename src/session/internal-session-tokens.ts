import type { TokenPair } from "../token-stores/types";
import { accessTokenOf } from "./access-token";
import type { SessionAccessToken } from "./access-token";
import type { Session } from "./session";

// The fetching members of `InternalSession` (see internal-session.ts), loaded with the first call of one: a user
// object carries the session view, and most pages never ask it for tokens.

/**
 * Tokens as `InternalSession` hands them out.
 * @internal
 * @example
 * const tokens: SessionTokens | null = await user._internalSession.fetchNewTokens();
 */
export type SessionTokens = { accessToken: SessionAccessToken; refreshToken: { token: string } | null };

const wrap = (session: Session, { accessToken, refreshToken }: TokenPair): SessionTokens | null =>
  accessToken ? { accessToken: accessTokenOf(accessToken, session.now), refreshToken: refreshToken ? { token: refreshToken } : null } : null;

/**
 * @internal `InternalSession.getOrFetchLikelyValidTokens`: tokens whose access token has at least
 * `minMillisUntilExpiration` left and, unless `maxMillisSinceIssued` is null, was issued at most that long ago
 * (refreshed otherwise); null without a way to get one.
 * @example
 * const tokens = await likelyValidTokens(session, 20_000, null);
 */
export async function likelyValidTokens(session: Session, minMillisUntilExpiration: number, maxMillisSinceIssued: number | null): Promise<SessionTokens | null> {
  let tokens = await session.getTokens(minMillisUntilExpiration);
  const issuedAgo = tokens.accessToken ? accessTokenOf(tokens.accessToken, session.now).issuedMillisAgo : 0;
  if (maxMillisSinceIssued !== null && issuedAgo > maxMillisSinceIssued && tokens.refreshToken) {
    tokens = await session.refresh(tokens.refreshToken);
  }
  return wrap(session, tokens);
}

/**
 * @internal `InternalSession.fetchNewTokens`: a freshly refreshed access token (with the refresh token), or null
 * without a refresh token.
 * @example
 * const tokens = await newTokens(session);
 */
export async function newTokens(session: Session): Promise<SessionTokens | null> {
  const { refreshToken } = await session.read();
  return refreshToken ? wrap(session, await session.refresh(refreshToken)) : null;
}
