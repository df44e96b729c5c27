/**
 * Cookie names and value formats shared with the official SDK, so an app can switch to latchkey and back without
 * signing its users out.
 *
 * Read (newest structured cookie wins, by `updated_at_millis`; the raw legacy names only when there is none):
 * - `[__Host-]hexclave-refresh-<projectId>--<suffix>` (official 2.8.108; `--default`, or `--custom-…` on a parent
 *   domain) and `[__Host-]stack-refresh-<projectId>--<suffix>` (official 2.8.86), value JSON
 *   `{"refresh_token": "…", "updated_at_millis": 1700000000000}`;
 * - legacy raw values `stack-refresh-<projectId>`, then `stack-refresh`;
 * - access: `hexclave-access` or `stack-access`, value JSON `[refreshToken, accessToken]`, used only when its
 *   refresh token is the one chosen above.
 *
 * Written: `[__Host-]stack-refresh-<projectId>--default` (`__Host-` on https) and `stack-access`. Official 2.8.86
 * reads exactly these; 2.8.108 reads them too (its `stack-refresh-<projectId>--` prefix and its `stack-access`
 * fallback), once no `hexclave-*` cookie competes: so every write also deletes all the other names above. When the
 * page is under a trusted parent domain (see `cross-subdomain.ts`), the refresh cookie is written as
 * `stack-refresh-<projectId>--custom-<base32(domain)>` with `Domain=<parent>` instead, and the `--default` one is
 * deleted, as the official SDK does, so the page's sibling subdomains read the same session.
 * @internal
 * @module
 */
import type { TokenPair } from "./types";

/**
 * The access cookie latchkey writes (read by both official versions).
 * @internal
 * @example
 * document.cookie.includes(`${ACCESS_COOKIE}=`);
 */
export const ACCESS_COOKIE = "stack-access";

/**
 * @internal The prefix of the refresh cookie on an https page.
 * @example
 * `${HOST}stack-refresh-p1--default`;
 */
export const HOST = "__Host-";

/**
 * The refresh cookie latchkey writes for a project.
 * @internal
 * @example
 * refreshCookieName("p1", true); // "__Host-stack-refresh-p1--default"
 */
export const refreshCookieName = (projectId: string, secure: boolean): string =>
  `${secure ? HOST : ""}stack-refresh-${projectId}--default`;

const structured = (name: string, projectId: string): boolean =>
  !!/^(?:__Host-)?(?:hexclave|stack)-refresh-(.*)/.exec(name)?.[1].startsWith(`${projectId}--`);

/**
 * @internal The legacy raw refresh cookies of a project, in the order they are read.
 * @example
 * legacyNames("p1"); // ["stack-refresh-p1", "stack-refresh"]
 */
export const legacyNames = (projectId: string): string[] => [`stack-refresh-${projectId}`, "stack-refresh"];

const isTokenCookie = (name: string, projectId: string): boolean =>
  name === "hexclave-access" || name === ACCESS_COOKIE || legacyNames(projectId).includes(name) || structured(name, projectId);

/**
 * Parses a `Cookie` request header or `document.cookie` into a name → decoded value map (first value wins,
 * surrounding double quotes removed, like the parsers the official SDK uses).
 * @internal
 * @example
 * parseCookieHeader("a=1; b=%7B%7D"); // { a: "1", b: "{}" }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of (header || "").split(";")) {
    const i = part.indexOf("=");
    const name = part.slice(0, i).trim();
    if (i < 0 || !name || name in jar) continue;
    let value = part.slice(i + 1).trim();
    if (value[0] === '"' && value.length > 1 && value.endsWith('"')) value = value.slice(1, -1);
    try {
      jar[name] = decodeURIComponent(value);
    } catch {
      jar[name] = value;
    }
  }
  return jar;
}

const json = (text: string | undefined): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

// Cookies are not user input: a token stored as the string "undefined" is treated as missing, not thrown.
const usable = (v: unknown): v is string => typeof v === "string" && v !== "" && v !== "undefined";

/**
 * Reads the token pair from a cookie map, following the rules at the top of this file.
 * @internal
 * @example
 * readCookieTokens({ "stack-refresh-p1": "r1" }, "p1"); // { accessToken: null, refreshToken: "r1" }
 */
export function readCookieTokens(jar: Record<string, string>, projectId: string): TokenPair {
  let refreshToken: string | null = null;
  let newest = -Infinity;
  for (const name in jar) {
    if (!structured(name, projectId)) continue;
    const v = json(jar[name]) as { refresh_token?: unknown; updated_at_millis?: unknown } | undefined;
    if (!v || typeof v !== "object" || !usable(v.refresh_token)) continue;
    const at = typeof v.updated_at_millis === "number" ? v.updated_at_millis : -Infinity;
    if (refreshToken === null || at > newest) [refreshToken, newest] = [v.refresh_token, at];
  }
  if (refreshToken === null) refreshToken = legacyNames(projectId).map((n) => jar[n]).find(usable) ?? null;
  let accessToken: string | null = null;
  if (refreshToken !== null) {
    for (const name of ["hexclave-access", ACCESS_COOKIE]) {
      const a = json(jar[name]);
      if (Array.isArray(a) && a.length === 2 && a[0] === refreshToken && usable(a[1])) {
        accessToken = a[1];
        break;
      }
    }
  }
  return { accessToken, refreshToken };
}

/**
 * One cookie change: set `name` to `value` for `days`, or delete it when `value` is null; `domain`, when given,
 * is the cookie's `Domain` attribute (the cross-subdomain refresh cookie), else the cookie is the page host's own.
 * @internal
 * @example
 * const write: CookieWrite = ["stack-access", '["r","a"]', 1];
 * const shared: CookieWrite = ["stack-refresh-p1--custom-CNW62VBGDHJJWRVFDM", '{"refresh_token":"r",…}', 365, "example.com"];
 */
export type CookieWrite = [name: string, value: string | null, days: number, domain?: string];

/**
 * The cross-subdomain refresh cookie of a page: its name (`stack-refresh-<projectId>--custom-<base32(domain)>`) and
 * its `Domain`, the page's trusted parent domain (see `cross-subdomain.ts`).
 * @internal
 * @example
 * const shared: SharedCookie = { name: "stack-refresh-p1--custom-CNW62VBGDHJJWRVFDM", domain: "example.com" };
 */
export interface SharedCookie {
  name: string;
  domain: string;
}

/**
 * The cookie changes that store `tokens`: the refresh and access cookies latchkey writes, and deletion of every
 * other token cookie present (so no stale official cookie outranks them after switching back). With the page's
 * `shared` cookie (on its trusted parent domain), the refresh cookie is that one, with `Domain=<its domain>`, for
 * 365 days, and the page's own `--default` cookie is deleted (as the official SDK does once it wrote the shared
 * one). Signing out (no refresh token) deletes all of them, the shared one on its domain too.
 * @internal
 * @example
 * planCookieWrite({}, "p1", { accessToken: "a", refreshToken: "r" }, false);
 * // [["stack-refresh-p1--default", '{"refresh_token":"r","updated_at_millis":…}', 365], ["stack-access", '["r","a"]', 1]]
 * planCookieWrite({}, "p1", { accessToken: "a", refreshToken: "r" }, true, { name: "stack-refresh-p1--custom-CNW62VBGDHJJWRVFDM", domain: "example.com" });
 * // [["stack-refresh-p1--custom-CNW62VBGDHJJWRVFDM", '{"refresh_token":"r",…}', 365, "example.com"], ["stack-access", '["r","a"]', 1]]
 */
export function planCookieWrite(
  jar: Record<string, string>,
  projectId: string,
  tokens: TokenPair,
  secure: boolean,
  shared?: SharedCookie | null,
): CookieWrite[] {
  const target = shared ? shared.name : refreshCookieName(projectId, secure);
  const { accessToken: a, refreshToken: r } = tokens;
  const writes: CookieWrite[] = [
    [target, r ? JSON.stringify({ refresh_token: r, updated_at_millis: Date.now() }) : null, 365, ...(shared ? [shared.domain] : [])] as CookieWrite,
    [ACCESS_COOKIE, r && a ? JSON.stringify([r, a]) : null, 1],
  ];
  for (const name in jar) if (name !== target && name !== ACCESS_COOKIE && isTokenCookie(name, projectId)) writes.push([name, null, 0]);
  return writes.filter(([name, value]) => value !== null || name in jar);
}

/**
 * The domains a cookie set by `hostname` may live on (itself and its parents, without the bare top level), used
 * to delete the official SDK's cross-subdomain `--custom-…` refresh cookies.
 * @internal
 * @example
 * parentDomains("a.b.example.com"); // ["a.b.example.com", "b.example.com", "example.com"]
 */
export const parentDomains = (hostname: string): string[] =>
  hostname
    .split(".")
    .map((_, i, parts) => parts.slice(i).join("."))
    .slice(0, -1);
