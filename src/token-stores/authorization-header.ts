import type { TokenPair } from "./types";

// UTF-8-safe base64 with only btoa/atob (browsers, Node, edge runtimes; no Buffer, no TextEncoder). Reading the
// header is in authorization-header-read.ts: only servers (and the request token store) need it.
const toBase64 = (text: string): string =>
  btoa(encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));

/**
 * Builds the `Authorization` header value a client sends to its own backend so the backend can act as the
 * signed-in user: `"Bearer stackauth_" + base64(JSON.stringify({ accessToken, refreshToken }))`, the format of the
 * official SDK's `getAuthorizationHeader()`.
 *
 * @example
 * await fetch("/api/todos", { headers: { Authorization: encodeAuthorizationHeader(await app.getAuthJson()) } });
 */
export function encodeAuthorizationHeader(tokens: TokenPair): string {
  return "Bearer stackauth_" + toBase64(JSON.stringify({ accessToken: tokens.accessToken ?? null, refreshToken: tokens.refreshToken ?? null }));
}

/**
 * @internal The header of `session`'s tokens (refreshed if needed), or null when signed out: `getAuthorizationHeader`
 * of apps and users, which load this module with their first call.
 * @example
 * const authorization = await authorizationHeaderOf(session); // "Bearer stackauth_…" | null
 */
export async function authorizationHeaderOf(session: { getTokens(): Promise<TokenPair> }): Promise<string | null> {
  const tokens = await session.getTokens();
  return tokens.accessToken || tokens.refreshToken ? encodeAuthorizationHeader(tokens) : null;
}
