import type { TokenPair } from "../token-stores/types";

/**
 * The three access levels of the platform, sent in `x-stack-access-type`.
 *
 * @example
 * const level: AccessType = "server";
 */
export type AccessType = "client" | "server" | "admin";

/**
 * What the request pipeline needs from a session: tokens that are likely valid, and a way to say the server
 * rejected one.
 * @internal
 */
export interface SessionLike {
  getTokens(): Promise<TokenPair>;
  markAccessTokenExpired(accessToken: string): void;
}

/**
 * How to wait between retries and how to draw the random backoff factor. Inject both in tests to run retries
 * without real waiting.
 *
 * @example
 * const waits: number[] = [];
 * new ClientApp({ projectId, tokenStore: "memory", retry: { sleep: async (ms) => { waits.push(ms); }, random: () => 0.5 } });
 */
export interface RetryOptions {
  /** Waits `ms` milliseconds. Default: `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1); the backoff factor is `random() + 0.5`. Default: `Math.random`. */
  random?: () => number;
  /** Attempts per request, the first one included. Default 5. */
  maxAttempts?: number;
}

/** @internal Settings of one app's request pipeline. */
export interface HttpSettings extends RetryOptions {
  /** API origin without `/api/v1`, e.g. `https://api.stack-auth.com`. */
  baseUrl: string;
  projectId: string;
  accessType: AccessType;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  /**
   * A project owner's session: its access token is sent as `x-stack-admin-access-token`. Without
   * `markAccessTokenExpired` (a bare token getter), a refused admin token is not retried.
   */
  adminSession?: Pick<SessionLike, "getTokens"> & Partial<Pick<SessionLike, "markAccessTokenExpired">>;
  extraRequestHeaders?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * Told after each write that succeeded (any method but GET, a form post, i.e. an OAuth token grant, aside), e.g. so
   * a UI re-reads what no cache names.
   */
  afterWrite?: (method: string, path: string) => void;
}

/** @internal One request, described without any header. */
export interface RequestSpec {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path under `/api/v1`, starting with `/`. */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body. POST/PATCH/PUT without a body send `{}`. */
  body?: unknown;
  /** Form body (`application/x-www-form-urlencoded`), for the OAuth token endpoint. */
  form?: Record<string, string>;
  /** The user session whose tokens go in the headers. */
  session?: SessionLike | null;
  /** Send no `x-stack-*` header at all (the OAuth token endpoint). */
  bare?: boolean;
  /**
   * Fields the answer must carry, space-separated: `name[]` an array of objects, `name{}` an object, any other
   * name a string (`"id"`, `"items[]"`, `"access_token refresh_token"`). Any 2xx answer must be a JSON object.
   */
  expect?: string;
  /** Override the method's idempotency (a refresh-token grant can safely be repeated). */
  idempotent?: boolean;
}
