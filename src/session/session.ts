import { ArgumentError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error";
import type { TokenPair, TokenStore } from "../token-stores/types";
import { accessTokenExpiresAt } from "./jwt";

/** An access token is reused while at least this much validity remains (spec §9). */
export const MIN_TOKEN_VALIDITY_MS = 20_000;
/** Callers may ask for at most this much remaining validity (exclusive). */
export const MAX_REQUESTABLE_VALIDITY_MS = 60_000;

/**
 * Exchanges a refresh token for a new access token, or throws the platform's error.
 * @internal
 */
export type Refresher = (refreshToken: string) => Promise<string>;

/**
 * A signed-in (or signed-out) session over one token store: hands out access tokens that are valid for at
 * least 20 s, refreshing them with the refresh token when needed. Concurrent callers share one refresh.
 * A refresh the server refuses (a refresh-token error) invalidates the session and clears the store.
 *
 * `user._internalSession` presents it with the official SDK's `InternalSession` members (see
 * `session/internal-session.ts`).
 *
 * @example
 * const session = new Session(store, refresher);
 * const { accessToken } = await session.getTokens(); // refreshed if it had under 20 s left
 */
export class Session {
  private refreshing: Promise<TokenPair> | null = null;
  /** @internal An access token the server refused (never handed out again). */
  expiredToken: string | null = null;
  private invalidateListeners = new Set<() => void>();
  /** @internal The tokens last read from or written to the store. */
  known: TokenPair = { accessToken: null, refreshToken: null };
  /** @internal Ended (sign-out, a refused refresh) and nobody signed in on it since. */
  invalid = false;

  constructor(
    /** Where the tokens live. */
    readonly store: TokenStore,
    private readonly refresher: Refresher,
    /** @internal The clock. */
    readonly now: () => number = Date.now,
  ) {}

  /**
   * Tokens whose access token stays valid for at least `minValidityMs` (default 20 000 ms, must be under
   * 60 000). Refreshes when needed; returns `accessToken: null` when there is no way to get one.
   */
  async getTokens(minValidityMs = MIN_TOKEN_VALIDITY_MS): Promise<TokenPair> {
    if (!(minValidityMs >= 0 && minValidityMs < MAX_REQUESTABLE_VALIDITY_MS)) {
      throw new ArgumentError(
        `The requested token validity must be at least 0 and under ${MAX_REQUESTABLE_VALIDITY_MS} ms, got ${minValidityMs}.`,
      );
    }
    const tokens = await this.read();
    const { accessToken, refreshToken } = tokens;
    if (accessToken && accessToken !== this.expiredToken) {
      const remaining = accessTokenExpiresAt(accessToken) - this.now();
      if (remaining >= minValidityMs || (!refreshToken && remaining > 0)) return tokens;
    }
    if (!refreshToken) return { accessToken: null, refreshToken: null };
    return this.refresh(refreshToken);
  }

  /** @internal The stored tokens, as they are (no refresh). */
  async read(): Promise<TokenPair> {
    const tokens = (this.known = { ...(await this.store.get()) });
    if (tokens.refreshToken || tokens.accessToken) this.invalid = false;
    return tokens;
  }

  /**
   * The server said this access token is invalid (default: the one last seen): the next {@link getTokens}
   * refreshes it. Takes the token string or an `InternalSession` access-token object.
   */
  markAccessTokenExpired(accessToken: string | { token: string } | null | undefined = this.known.accessToken): void {
    this.expiredToken = typeof accessToken === "string" ? accessToken : (accessToken?.token ?? null);
  }

  /** Stores a freshly issued token pair (sign-in). */
  async setTokens(tokens: TokenPair): Promise<void> {
    this.expiredToken = null;
    this.invalid = false;
    await this.store.set((this.known = { ...tokens }));
  }

  /** Clears the tokens and tells listeners the session is over (sign-out, a refused refresh). */
  async invalidate(): Promise<void> {
    this.invalid = true;
    await this.store.set((this.known = { accessToken: null, refreshToken: null }));
    for (const listener of this.invalidateListeners) listener();
  }

  /**
   * Calls `listener` whenever the session is invalidated. Returns a function that stops it, which is also
   * available as its `unsubscribe` (the official `InternalSession` shape).
   */
  onInvalidate(listener: () => void): (() => void) & { unsubscribe: () => void } {
    this.invalidateListeners.add(listener);
    const stop = () => void this.invalidateListeners.delete(listener);
    return Object.assign(stop, { unsubscribe: stop });
  }

  /** @internal Exchanges `refreshToken` for a new access token (one exchange at a time). */
  refresh(refreshToken: string): Promise<TokenPair> {
    this.refreshing ??= this.runRefresh(refreshToken).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(refreshToken: string): Promise<TokenPair> {
    let accessToken: string;
    try {
      accessToken = await this.refresher(refreshToken);
    } catch (error) {
      if (!isKnownErrorOf(error, "REFRESH_TOKEN_ERROR")) throw error;
      // Only end the session if nobody signed in again while the refresh was in flight.
      if ((await this.store.get()).refreshToken === refreshToken) await this.invalidate();
      return { accessToken: null, refreshToken: null };
    }
    const current = await this.read();
    if (current.refreshToken !== refreshToken) return current;
    const tokens = { accessToken, refreshToken };
    await this.store.set((this.known = tokens));
    return tokens;
  }
}
