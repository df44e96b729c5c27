/**
 * An access token and a refresh token; either may be missing.
 *
 * @example
 * const pair: TokenPair = { accessToken: null, refreshToken: "…45 chars…" };
 */
export interface TokenPair {
  accessToken: string | null;
  refreshToken: string | null;
}

/**
 * Where a session's tokens live. Implement it to keep tokens anywhere (a database, a native keychain…).
 * `get` and `set` may be synchronous or return promises.
 *
 * @example
 * const store: TokenStore = {
 *   get: () => ({ accessToken: db.access, refreshToken: db.refresh }),
 *   set: (t) => { db.access = t.accessToken; db.refresh = t.refreshToken; },
 * };
 * const app = new ClientApp({ projectId, tokenStore: store });
 */
export interface TokenStore {
  /** The current tokens. */
  get(): TokenPair | Promise<TokenPair>;
  /** Replaces the tokens; `{ accessToken: null, refreshToken: null }` clears them. */
  set(tokens: TokenPair): void | Promise<void>;
  /**
   * Optional: calls `listener` when the tokens change outside this object (another tab, another process).
   * Returns a function that stops listening.
   */
  subscribe?(listener: (tokens: TokenPair) => void): () => void;
}

/**
 * Anything that looks like an incoming HTTP request: a Fetch `Request`, a Node `IncomingMessage`, or a plain
 * `{ headers }` object. Tokens are read from `Authorization: Bearer stackauth_…`, then `x-stack-auth`, then cookies.
 *
 * @example
 * const user = await serverApp.getUser({ tokenStore: request });
 */
export interface RequestLike {
  headers: { get(name: string): string | null } | Record<string, string | string[] | null | undefined>;
}

/**
 * What `tokenStore` options accept: a named store, a request, explicit tokens, your own store, or `null`.
 *
 * @example
 * new ClientApp({ projectId, tokenStore: "cookie" });
 * new ClientApp({ projectId, tokenStore: { accessToken, refreshToken } });
 */
export type TokenStoreInit =
  | "memory"
  | "cookie"
  | "nextjs-cookie"
  | RequestLike
  | { accessToken?: string | null; refreshToken?: string | null }
  | TokenStore
  | null;
