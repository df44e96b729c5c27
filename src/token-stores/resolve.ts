import { ArgumentError } from "../errors/base";
import { createCookieTokenStore, inCookiePage, isBrowserCookieStore } from "./cookie";
import { createExplicitTokenStore } from "./explicit";
import { createMemoryTokenStore } from "./memory";
import type { RequestLike, TokenPair, TokenStore, TokenStoreInit } from "./types";
import { toTokenPair } from "./validate";

const checked = new WeakMap<TokenStore, TokenStore>();

// A user's own store: what its `get` returns is checked like any other user input. One wrapper per store object.
const checkedStore = (store: TokenStore): TokenStore => {
  let wrapper = checked.get(store);
  if (!wrapper) {
    const check = (tokens: TokenPair) => toTokenPair(tokens, "The value returned by the custom token store's get()");
    wrapper = {
      get() {
        const tokens = store.get();
        return typeof (tokens as { then?: unknown })?.then === "function" ? Promise.resolve(tokens).then(check) : check(tokens as TokenPair);
      },
      set: (tokens) => store.set(tokens),
      ...(store.subscribe && { subscribe: (listener: (tokens: TokenPair) => void) => store.subscribe!(listener) }),
    };
    checked.set(store, wrapper);
  }
  return wrapper;
};

// Stores that only a server needs (the Next.js server store, a request's store) load on first use, so a browser
// bundle does not carry them. Their `get` is asynchronous, and a request with a bad token header is refused by the
// first `get`, which comes before any request is sent.
const lazyStore = (load: () => Promise<TokenStore>): TokenStore => {
  let loading: Promise<TokenStore> | undefined;
  const store = () => (loading ??= load());
  return {
    get: () => store().then((s) => s.get()),
    set: (tokens) => store().then((s) => s.set(tokens)),
  };
};

// One store per request and project, as `createRequestTokenStore` keeps, so every call with the same request shares
// its tokens (and a refresh made for one call serves the next).
const requestStores = new WeakMap<object, Map<string, TokenStore>>();
const requestStore = (request: RequestLike, projectId: string): TokenStore => {
  let byProject = requestStores.get(request);
  if (!byProject) requestStores.set(request, (byProject = new Map()));
  let store = byProject.get(projectId);
  if (!store) byProject.set(projectId, (store = lazyStore(() => import("./request").then((m) => m.createRequestTokenStore(request, projectId)))));
  return store;
};

const describe = (value: unknown): string =>
  typeof value === "string"
    ? value.length <= 24 ? JSON.stringify(value) : "a string" // a long string may be a token: never print it
    : value === null || typeof value !== "object" ? String(value)
    : Array.isArray(value) ? "an array" : "an object with none of get/set, headers, accessToken, refreshToken";

/**
 * Turns a `tokenStore` option into a store: `"memory"` → a new memory store, `"cookie"` → the browser cookie
 * store, `"nextjs-cookie"` → the Next.js cookie store, an object with `get` and `set` functions → that store
 * (its `get` results checked), an object with `headers` → the store of that request, an object with
 * `accessToken`/`refreshToken` → a memory store seeded with them, `null` → `null` (no store). Anything else, or
 * invalid tokens, throws an `ArgumentError`. `ctx.parentDomain` finds the page's trusted parent domain for the
 * browser cookie store's cross-subdomain refresh cookie (see `CookieTokenStoreOptions.parentDomain`).
 *
 * @example
 * const store = resolveTokenStore("cookie", { projectId }); // TokenStore
 * resolveTokenStore(null, { projectId }); // null
 */
export function resolveTokenStore(
  init: TokenStoreInit,
  ctx: { projectId: string; parentDomain?: () => Promise<string | null | undefined> },
): TokenStore | null {
  if (init === null) return null;
  if (init === "memory") return createMemoryTokenStore();
  if (init === "cookie") return createCookieTokenStore(ctx);
  if (init === "nextjs-cookie") {
    // In a browser page the Next.js store is the cookie store.
    return inCookiePage() ? createCookieTokenStore(ctx) : lazyStore(() => import("./nextjs-cookie").then((m) => m.createNextjsCookieTokenStore(ctx)));
  }
  if (typeof init === "object" && !Array.isArray(init)) {
    const value = init as Record<string, unknown>;
    if (typeof value.get === "function" && typeof value.set === "function") {
      // latchkey's own cookie store needs no checking, and apps must recognize it (see isBrowserCookieStore).
      return isBrowserCookieStore(init as TokenStore) ? (init as TokenStore) : checkedStore(init as TokenStore);
    }
    if ("headers" in value) return requestStore(init as RequestLike, ctx.projectId);
    if ("accessToken" in value || "refreshToken" in value) return createExplicitTokenStore(value);
  }
  throw new ArgumentError(
    `Invalid tokenStore (${describe(init)}): expected "memory", "cookie", "nextjs-cookie", null, a request ({ headers }), ` +
      "tokens ({ accessToken, refreshToken }) or a store with get() and set() functions.",
  );
}
