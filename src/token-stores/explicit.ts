import { createMemoryTokenStore } from "./memory";
import type { TokenPair, TokenStore } from "./types";
import { toTokenPair } from "./validate";

/**
 * A memory store seeded with tokens you already have, e.g. the result of `getAuthJson()` sent over a WebSocket
 * or an RPC call. Tokens are checked: non-strings and the string `"undefined"` throw an `ArgumentError`.
 *
 * @example
 * const store = createExplicitTokenStore({ accessToken: msg.accessToken, refreshToken: msg.refreshToken });
 * const user = await serverApp.getUser({ tokenStore: store });
 */
export function createExplicitTokenStore(tokens: { accessToken?: string | null; refreshToken?: string | null }): TokenStore {
  const pair: TokenPair = toTokenPair(tokens, "The tokenStore tokens object");
  return createMemoryTokenStore(pair);
}
