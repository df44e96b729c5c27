import { ArgumentError } from "../errors/base";
import type { TokenPair, TokenStore } from "../token-stores/types";
import { accessTokenExpiresAt, MIN_TOKEN_VALIDITY_MS } from "./jwt";
import type { RefreshCoordinator } from "./refresh";

export type { RefreshCoordinator };

export { MIN_TOKEN_VALIDITY_MS };
/** Callers may ask for at most this much remaining validity (exclusive). */
export const MAX_REQUESTABLE_VALIDITY_MS = 60_000;

/**
 * Exchanges a refresh token for a new access token, or throws the platform's error.
 * @internal
 */
export type Refresher = (refreshToken: string) => Promise<string>;

/**
 * A counter shared by the sessions of one app: bumping it marks all their access tokens stale at once.
 * @internal
 */
export interface StaleMarks {
  count: number;
}

/**
 * A signed-in (or signed-out) session over one token store: hands out access tokens that are valid for at
 * least 20 s, refreshing them with the refresh token when needed. Concurrent callers share one refresh (and, over
 * the browser cookie store, so do the other tabs: see `session/cross-tab.ts`).
 * A refresh the server refuses (a refresh-token error) invalidates the session and clears the store.
 *
 * An access token carries claims about the user (name, e-mail, verification, selected team, restriction,
 * TOTP). After a change to them, {@link suggestAccessTokenExpired} (or a bump of the app's {@link StaleMarks})
 * makes the next {@link getTokens} fetch a new token; nothing is fetched until then.
 *
 * `user._internalSession` presents it with the official SDK's `InternalSession` members (see
 * `session/internal-session.ts`).
 *
 * @example
 * const session = new Session(store, refresher);
 * const { accessToken } = await session.getTokens(); // refreshed if it had under 20 s left
 */
export class Session {
  /** @internal The refresh under way (see refresh.ts), with the mark count it was asked at. */
  private refreshing: { marks: number; promise: Promise<TokenPair> } | null = null;
  /** @internal The one refresh waiting for it, shared by every caller who asked after a change it predates. */
  private queued: Promise<TokenPair> | null = null;
  /** @internal An access token the server refused (never handed out again). */
  expiredToken: string | null = null;
  private invalidateListeners = new Set<() => void>();
  /** @internal The tokens last read from or written to the store. */
  known: TokenPair = { accessToken: null, refreshToken: null };
  /** @internal Ended (sign-out, a refused refresh) and nobody signed in on it since. */
  invalid = false;
  private ownMarks = 0;
  /** @internal The stored access token was obtained after this many marks (so it is stale while fewer than `marks()`). */
  declare freshAt: number;
  /**
   * @internal Set for a store shared with other tabs: resolves to what coordinates this session's refreshes with
   * theirs (see `session/cross-tab.ts`), or undefined when that could not be loaded.
   */
  declare crossTab?: Promise<RefreshCoordinator | undefined>;
  /** Where the tokens live. */
  declare readonly store: TokenStore;
  /** @internal Exchanges a refresh token for an access token. */
  declare readonly refresher: Refresher;
  /** @internal The clock. */
  declare readonly now: () => number;
  private declare readonly appMarks: StaleMarks;

  // Fields set here are declared only above: no class-field definitions to ship.
  constructor(store: TokenStore, refresher: Refresher, now: () => number = Date.now, appMarks: StaleMarks = { count: 0 }) {
    this.store = store;
    this.refresher = refresher;
    this.now = now;
    this.appMarks = appMarks;
    // Tokens this session has not seen yet (a request's, another tab's) are not known to be stale.
    this.freshAt = appMarks.count;
  }

  /** @internal */
  marks(): number {
    return this.ownMarks + this.appMarks.count;
  }

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
    const marks = this.marks();
    // Without a refresh token there is no way to a newer token: a stale one is still the best there is.
    if (accessToken && accessToken !== this.expiredToken && (this.freshAt >= marks || !refreshToken)) {
      const remaining = accessTokenExpiresAt(accessToken) - this.now();
      if (remaining >= minValidityMs || (!refreshToken && remaining > 0)) return tokens;
    }
    if (!refreshToken) return { accessToken: null, refreshToken: null };
    return this.refresh(refreshToken, marks);
  }

  /** @internal The stored tokens, as they are (no refresh). */
  async read(): Promise<TokenPair> {
    const tokens = (this.known = { ...(await this.store.get()) });
    if (tokens.refreshToken || tokens.accessToken) this.invalid = false;
    return tokens;
  }

  /**
   * The server said this access token is invalid, or it predates a change (default: the one last seen): the next
   * {@link getTokens} refreshes it. Takes the token string or an `InternalSession` access-token object.
   */
  markAccessTokenExpired(accessToken: string | { token: string } | null | undefined = this.known.accessToken): void {
    this.expiredToken = typeof accessToken === "string" ? accessToken : (accessToken?.token ?? null);
  }

  /**
   * The user's data changed, so the claims of the current access token may be outdated: the next
   * {@link getTokens} gets a new one (when there is a refresh token), even from a refresh already under way.
   */
  suggestAccessTokenExpired(): void {
    this.ownMarks++;
  }

  /** Stores a freshly issued token pair (sign-in). */
  async setTokens(tokens: TokenPair): Promise<void> {
    this.expiredToken = null;
    this.invalid = false;
    this.freshAt = this.marks();
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

  /**
   * @internal Exchanges `refreshToken` for a new access token, one exchange at a time. A caller shares the exchange
   * under way when it was asked at the caller's mark count or later; one who asked after a change it predates shares
   * the single exchange queued behind it, which starts when it ends with the marks of that moment, so any number
   * of changes made meanwhile cost one more exchange, not one each. Its code (session/refresh.ts) loads with the
   * first refresh.
   */
  refresh(refreshToken: string, marks = this.marks()): Promise<TokenPair> {
    const running = this.refreshing;
    if (running) {
      if (running.marks >= marks) return running.promise;
      // As a new caller would when the running one ends: the store as it is then (a sign-in may make it needless).
      const next = () => ((this.queued = null), this.getTokens());
      return (this.queued ??= running.promise.then(next, next));
    }
    // Registered at once, before the code loads: every caller from the first on shares this exchange.
    const replaced = this.known.accessToken;
    const started = { marks, promise: import("./refresh").then((m) => m.runRefresh(this, refreshToken, marks, replaced)) };
    started.promise = started.promise.finally(() => {
      if (this.refreshing === started) this.refreshing = null;
    });
    this.refreshing = started;
    return started.promise;
  }
}
