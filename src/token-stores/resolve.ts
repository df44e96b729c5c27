import { ArgumentError } from "../errors/base";
import { createCookieTokenStore, isBrowserCookieStore } from "./cookie";
import { createExplicitTokenStore } from "./explicit";
import { createMemoryTokenStore } from "./memory";
import { createNextjsCookieTokenStore } from "./nextjs-cookie";
import { createRequestTokenStore } from "./request";
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
 * invalid tokens, throws an `ArgumentError`.
 *
 * @example
 * const store = resolveTokenStore("cookie", { projectId }); // TokenStore
 * resolveTokenStore(null, { projectId }); // null
 */
export function resolveTokenStore(init: TokenStoreInit, ctx: { projectId: string }): TokenStore | null {
  if (init === null) return null;
  if (init === "memory") return createMemoryTokenStore();
  if (init === "cookie") return createCookieTokenStore(ctx);
  if (init === "nextjs-cookie") return createNextjsCookieTokenStore(ctx);
  if (typeof init === "object" && !Array.isArray(init)) {
    const value = init as Record<string, unknown>;
    if (typeof value.get === "function" && typeof value.set === "function") {
      // latchkey's own cookie store needs no checking, and apps must recognize it (see isBrowserCookieStore).
      return isBrowserCookieStore(init as TokenStore) ? (init as TokenStore) : checkedStore(init as TokenStore);
    }
    if ("headers" in value) return createRequestTokenStore(init as RequestLike, ctx.projectId);
    if ("accessToken" in value || "refreshToken" in value) return createExplicitTokenStore(value);
  }
  throw new ArgumentError(
    `Invalid tokenStore (${describe(init)}): expected "memory", "cookie", "nextjs-cookie", null, a request ({ headers }), ` +
      "tokens ({ accessToken, refreshToken }) or a store with get() and set() functions.",
  );
}
