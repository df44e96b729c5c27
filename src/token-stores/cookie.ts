import Cookies from "js-cookie";
import { ArgumentError } from "../errors/base";
import { parentDomains, parseCookieHeader, planCookieWrite, readCookieTokens } from "./cookie-format";
import type { TokenPair, TokenStore } from "./types";
import { samePair } from "./validate";

/**
 * Options of {@link createCookieTokenStore}.
 *
 * @example
 * const options: CookieTokenStoreOptions = { projectId: "6f1c…", pollIntervalMs: 100 };
 */
export interface CookieTokenStoreOptions {
  /** The project whose refresh cookie is read and written. */
  projectId: string;
  /** How often `document.cookie` is checked for changes made by other tabs while someone subscribes. Default 100 ms. */
  pollIntervalMs?: number;
  /** Timer used for polling (tests); defaults to the global `setInterval`. */
  setInterval?: (callback: () => void, ms: number) => unknown;
  /** Stops the timer returned by `setInterval`; defaults to the global `clearInterval`. */
  clearInterval?: (timer: never) => void;
}

/**
 * Whether this code runs in a browser page, where the cookie store can work: `document.cookie` to read and
 * write, and `location` to tell http from https. Node, workers, edge runtimes and DOM shims used for server
 * rendering lack one or the other.
 * @internal
 */
export const inCookiePage = (): boolean =>
  typeof document !== "undefined" && typeof document.cookie === "string" && typeof location !== "undefined" && typeof location.protocol === "string";

const browserStores = new WeakSet<TokenStore>();

/**
 * Whether `store` is a browser cookie store made by {@link createCookieTokenStore}: shared with the page's other
 * tabs, so apps follow its changes and coordinate refreshes across tabs.
 * @internal
 * @example
 * if (isBrowserCookieStore(store)) store.subscribe!(onChange);
 */
export const isBrowserCookieStore = (store: TokenStore): boolean => browserStores.has(store);

/**
 * The browser cookie token store, compatible with the official SDK's cookies (see `cookie-format.ts` for the names
 * it reads and writes). Refresh cookie for 1 year (31536000 s), access cookie for 1 day (86400 s), `Path=/`,
 * `SameSite=Lax`; on an https page both are `Secure` and the refresh cookie takes the `__Host-` name, on an http
 * page neither (a browser would drop a `Secure` cookie there), as the official SDK does. While at least one
 * listener is subscribed it polls `document.cookie` every 100 ms and calls the listeners when another tab changed
 * the tokens; listeners are also called after every `set`. An app using this store subscribes from its first use
 * of the session on, so a sign-out or sign-in in another tab reaches it (and tabs refreshing at once make one
 * refresh, see `session/cross-tab.ts`). Setting `{ accessToken: null, refreshToken: null }` deletes the cookies.
 * Throws an `ArgumentError` outside a browser page, naming the stores to use there.
 *
 * @example
 * const store = createCookieTokenStore({ projectId });
 * const stop = store.subscribe!((t) => render(t.refreshToken ? "signed in" : "signed out"));
 */
export function createCookieTokenStore(options: CookieTokenStoreOptions): TokenStore {
  if (!inCookiePage()) {
    throw new ArgumentError(
      'The "cookie" token store only works in a browser page. Elsewhere use "memory", the incoming request, ' +
        '{ accessToken, refreshToken }, or "nextjs-cookie" on a Next.js server.',
    );
  }
  const { projectId } = options;
  const listeners = new Set<(tokens: TokenPair) => void>();
  let last: TokenPair = { accessToken: null, refreshToken: null };
  let timer: unknown;
  const emit = () => {
    for (const listener of [...listeners]) listener({ ...last });
  };
  // An access token that could not be put in a cookie (no refresh token, too big) is kept in memory while the
  // refresh token in the cookies stays the same.
  const read = (): TokenPair => {
    const tokens = readCookieTokens(parseCookieHeader(document.cookie), projectId);
    if (!tokens.accessToken && tokens.refreshToken === last.refreshToken) tokens.accessToken = last.accessToken;
    return tokens;
  };
  const sync = () => {
    const tokens = read();
    if (!samePair(tokens, last)) {
      last = tokens;
      emit();
    }
  };
  last = read();

  const store: TokenStore = {
    get() {
      sync();
      return { ...last };
    },
    set(tokens) {
      const secure = location.protocol === "https:";
      for (const [name, value, days] of planCookieWrite(parseCookieHeader(document.cookie), projectId, tokens, secure)) {
        const attributes = { path: "/", sameSite: "Lax" as const, secure: secure || name.startsWith("__Host-") };
        if (value !== null) Cookies.set(name, value, { ...attributes, expires: days });
        else {
          const domains = name.includes("--custom-") ? parentDomains(location.hostname) : [];
          for (const domain of [undefined, ...domains]) Cookies.remove(name, { ...attributes, domain });
        }
      }
      last = { accessToken: tokens.accessToken ?? null, refreshToken: tokens.refreshToken ?? null };
      emit();
    },
    subscribe(listener) {
      const entry = (tokens: TokenPair) => listener(tokens);
      listeners.add(entry);
      if (timer === undefined) {
        timer = (options.setInterval ?? setInterval)(sync, options.pollIntervalMs ?? 100);
        (timer as { unref?: () => void } | null)?.unref?.();
      }
      return () => {
        listeners.delete(entry);
        if (!listeners.size && timer !== undefined) {
          (options.clearInterval ?? clearInterval)(timer as never);
          timer = undefined;
        }
      };
    },
  };
  browserStores.add(store);
  return store;
}
