/**
 * The page's own cookies (`document.cookie`): read one, write one, remove one. The browser cookie store, the
 * cross-tab refresh marker and the OAuth verifier cookies use these (they replace js-cookie, whose encoding and
 * attributes they keep: a value is percent-encoded except for the characters cookies allow, attributes follow in
 * the order given, `path=/` unless told otherwise). Each function reads `document` when called, never when the
 * module loads, so Node imports it safely.
 * @internal
 * @module
 */
import { parseCookieHeader } from "./cookie-format";

/**
 * Attributes of a cookie write; `expires` in days from now or a date (none: a session cookie).
 * @internal
 * @example
 * const attributes: CookieAttributes = { path: "/", sameSite: "Lax", secure: true, expires: 365 };
 */
export interface CookieAttributes {
  path?: string;
  domain?: string;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
  partitioned?: boolean;
  expires?: number | Date;
}

/**
 * The value of the page's cookie `name` (decoded), or undefined.
 * @internal
 * @example
 * const marker = readCookie("latchkey-refreshing-p1");
 */
export const readCookie = (name: string): string | undefined => parseCookieHeader(document.cookie)[name];

/**
 * Sets the page's cookie `name` to `value` with `attributes`.
 * @internal
 * @example
 * writeCookie("stack-access", JSON.stringify([refreshToken, accessToken]), { sameSite: "Lax", secure: true, expires: 1 });
 */
export function writeCookie(name: string, value: string, attributes: CookieAttributes): void {
  const { expires, ...rest } = { path: "/", ...attributes };
  const until = typeof expires === "number" ? new Date(Date.now() + expires * 864e5) : expires;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent)}`;
  for (const [key, v] of Object.entries({ ...rest, expires: until?.toUTCString() })) if (v) cookie += v === true ? `; ${key}` : `; ${key}=${v}`;
  document.cookie = cookie;
}

/**
 * Removes the page's cookie `name` (its path, domain and partitioning must be the ones it was written with).
 * @internal
 * @example
 * removeCookie("stack-access", { path: "/" });
 */
export const removeCookie = (name: string, attributes: CookieAttributes): void => writeCookie(name, "", { ...attributes, expires: -1 });
