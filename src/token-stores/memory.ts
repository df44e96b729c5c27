import type { TokenPair, TokenStore } from "./types";
import { toTokenPair } from "./validate";

/**
 * A token store that keeps the pair in a variable: lost on reload, shared by everything holding the same object.
 * For scripts, tests, Node and per-request stores. `subscribe` listeners are called after every `set`.
 * The optional initial tokens are checked like user input (the string `"undefined"` is rejected).
 *
 * @example
 * const store = createMemoryTokenStore({ refreshToken: "r1" });
 * const stop = store.subscribe!((t) => console.log("tokens now", t));
 * store.set({ accessToken: "a2", refreshToken: "r2" }); // logs
 * stop();
 */
export function createMemoryTokenStore(initial?: Partial<TokenPair> | null): TokenStore {
  let pair = toTokenPair(initial ?? {}, "The initial tokens of a memory token store");
  const listeners = new Set<(tokens: TokenPair) => void>();
  return {
    get: () => ({ ...pair }),
    set(tokens) {
      pair = { accessToken: tokens.accessToken ?? null, refreshToken: tokens.refreshToken ?? null };
      for (const listener of [...listeners]) listener({ ...pair });
    },
    subscribe(listener) {
      const entry = (tokens: TokenPair) => listener(tokens);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}
