import { ArgumentError } from "../errors/base";
import type { TokenPair } from "./types";
import { toTokenPair } from "./validate";

// UTF-8-safe base64 with only btoa/atob (browsers, Node, edge runtimes; no Buffer, no TextEncoder).
const toBase64 = (text: string): string =>
  btoa(encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
const fromBase64 = (base64: string): string =>
  decodeURIComponent(
    Array.from(atob(base64.replace(/-/g, "+").replace(/_/g, "/")), (c) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0")).join(""),
  );

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
 * Reads tokens from an `Authorization` header value made by {@link encodeAuthorizationHeader} (the `hexclave_`
 * prefix of newer official SDKs is accepted too). Returns `null` for anything that is not `Bearer stackauth_…` or
 * `Bearer hexclave_…` (e.g. a plain JWT bearer meant for another system); throws an `ArgumentError` when the
 * prefix is there but the payload is not base64 JSON `{ accessToken, refreshToken }` of strings or nulls.
 *
 * @example
 * decodeAuthorizationHeader(request.headers.get("authorization") ?? ""); // { accessToken, refreshToken } | null
 */
export function decodeAuthorizationHeader(value: string): TokenPair | null {
  const credential = /^bearer\s+(.+)$/i.exec(value.trim())?.[1]?.trim() ?? "";
  const prefix = ["stackauth_", "hexclave_"].find((p) => credential.startsWith(p));
  if (!prefix) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(fromBase64(credential.slice(prefix.length)));
  } catch {
    throw new ArgumentError(
      `The Authorization header starts with "Bearer ${prefix}" but the rest is not base64-encoded JSON; expected "Bearer stackauth_<base64 of {accessToken, refreshToken}>".`,
    );
  }
  return toTokenPair(payload, `The Authorization header's ${prefix} payload`);
}
