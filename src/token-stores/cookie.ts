import Cookies from "js-cookie";
import { ArgumentError } from "../errors/base";
import { httpsPage, inBrowser } from "../util/browser";
import { parentDomains, parseCookieHeader, planCookieWrite, readCookieTokens } from "./cookie-format";
import type { CookieWrite, SharedCookie } from "./cookie-format";
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
  /**
   * Finds the trusted parent domain of the page (e.g. `"example.com"` on `app.example.com`), on which the refresh
   * token is then kept so that the page's sibling subdomains share the session: the official SDK's cross-subdomain
   * cookie, `stack-refresh-<projectId>--custom-<base32(domain)>` with `Domain=<parent>`. Asked once, and again at
   * the next write when it failed or answered undefined (not known yet); null: none. A client app passes one that
   * reads the project's trusted domains (see `apps/page-parent-domain.ts`). A domain that is not the page's host or
   * one of its parents is ignored.
   */
  parentDomain?: () => Promise<string | null | undefined>;
}

/**
 * Whether this code runs in a browser page, where the cookie store can work: `window` and `document` (see
 * `inBrowser`), `document.cookie` to read and write, and `window.location` to tell http from https. Node,
 * workers, edge runtimes and DOM shims used for server rendering lack one or the other. A global `location` is not
 * needed (the official SDK does not need it either).
 * @internal
 * @example
 * if (inCookiePage()) createCookieTokenStore({ projectId });
 */
export const inCookiePage = (): boolean =>
  inBrowser() && typeof document.cookie === "string" && typeof window.location?.protocol === "string";

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
 * With a trusted parent domain (`parentDomain`) the refresh cookie is the shared
 * `stack-refresh-<projectId>--custom-<base32(domain)>` on `Domain=<parent>` (same value, lifetime and attributes),
 * written on every sign-in and refresh and deleted on sign-out, so every subdomain reads one session.
 * Throws an `ArgumentError` outside a browser page, naming the stores to use there.
 *
 * @example
 * const store = createCookieTokenStore({ projectId });
 * const shared = createCookieTokenStore({ projectId, parentDomain: async () => "example.com" }); // on app.example.com
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

  const apply = (writes: CookieWrite[]) => {
    const secure = httpsPage();
    for (const [name, value, days, domain] of writes) {
      const attributes = { path: "/", sameSite: "Lax" as const, secure: secure || name.startsWith("__Host-") };
      if (value !== null) Cookies.set(name, value, { ...attributes, expires: days, ...(domain ? { domain } : {}) });
      else {
        const domains = name.includes("--custom-") ? parentDomains(window.location.hostname) : [];
        for (const d of [undefined, ...domains]) Cookies.remove(name, { ...attributes, domain: d });
      }
    }
  };

  // The page's shared cookie on its trusted parent domain, once known (see cross-subdomain.ts, loaded only then).
  let shared: SharedCookie | null = null;
  // Whether the parent domain was asked for (or is being): a failed question lets the next write ask again.
  let asked = false;
  // Whether tokens were written in the page's own cookie before the shared one was known.
  let wrote = false;
  const ask = () => {
    if (asked || !options.parentDomain) return;
    asked = true;
    Promise.resolve()
      .then(options.parentDomain)
      .then(async (domain) => {
        if (domain === undefined) asked = false;
        else if (domain) shared = (await import("./cross-subdomain")).shareOn(domain, projectId, wrote, apply);
      })
      .catch(() => (asked = false));
  };
  ask();

  const store: TokenStore = {
    get() {
      sync();
      return { ...last };
    },
    set(tokens) {
      ask();
      wrote ||= !shared;
      apply(planCookieWrite(parseCookieHeader(document.cookie), projectId, tokens, httpsPage(), shared));
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
