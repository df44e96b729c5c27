import { ArgumentError } from "../errors/base";
import type { TokenPair } from "./types";

/**
 * Checks one token that came from the user (explicit tokens, a custom store, a request header).
 * `null`, `undefined` and `""` mean "no token" and become `null`. The string `"undefined"` (usually a
 * stringified missing value) and non-strings throw an {@link ArgumentError}; the message never contains a token.
 *
 * @example
 * checkToken("eyJhbGciOi…", "accessToken", "tokenStore"); // "eyJhbGciOi…"
 * checkToken(undefined, "accessToken", "tokenStore"); // null
 * checkToken("undefined", "refreshToken", "tokenStore"); // throws ArgumentError
 */
export function checkToken(value: unknown, name: string, source: string): string | null {
  if (value == null || value === "") return null;
  if (typeof value !== "string") throw new ArgumentError(`${source}: ${name} must be a string or null, not ${typeof value}.`);
  if (value === "undefined") {
    throw new ArgumentError(`${source}: ${name} is the string "undefined"; pass null (or leave it out) when there is no token.`);
  }
  return value;
}

/**
 * Turns a user-supplied `{ accessToken, refreshToken }` object into a checked {@link TokenPair}
 * (see {@link checkToken}); anything that is not a plain object throws an {@link ArgumentError}.
 *
 * @example
 * toTokenPair({ refreshToken: "r1" }, "tokenStore"); // { accessToken: null, refreshToken: "r1" }
 */
export function toTokenPair(value: unknown, source: string): TokenPair {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ArgumentError(`${source} must be an object like { accessToken, refreshToken }.`);
  }
  const v = value as Record<string, unknown>;
  return {
    accessToken: checkToken(v.accessToken, "accessToken", source),
    refreshToken: checkToken(v.refreshToken, "refreshToken", source),
  };
}

/**
 * True when two token pairs hold the same tokens.
 *
 * @example
 * samePair({ accessToken: null, refreshToken: "r" }, { accessToken: null, refreshToken: "r" }); // true
 */
export const samePair = (a: TokenPair, b: TokenPair): boolean =>
  a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;
