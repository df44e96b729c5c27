import { ArgumentError } from "../errors/base";
import type { TokenPair } from "./types";
import { toTokenPair } from "./validate";

// The inverse of encodeAuthorizationHeader's base64 (UTF-8-safe, btoa/atob only).
const fromBase64 = (base64: string): string =>
  decodeURIComponent(
    Array.from(atob(base64.replace(/-/g, "+").replace(/_/g, "/")), (c) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0")).join(""),
  );

/**
 * Reads tokens from an `Authorization` header value made by `encodeAuthorizationHeader` (the `hexclave_`
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
