/**
 * The cross-subdomain refresh cookie of the official SDK: when a page's host is under a *trusted parent domain*,
 * the refresh token is kept in a cookie on that domain (`Domain=<parent>`), so every subdomain shares the session.
 * This file decides the parent domain, names the cookie and moves a page's session there; `cookie-format.ts` plans
 * the writes. Loaded on first use (only for a project that trusts a `**.` domain, or a store given a parent domain),
 * so pages of other projects never download it.
 * @internal
 * @module
 */
import { parseCookieHeader, readCookieTokens, refreshCookieName } from "./cookie-format";
import type { CookieWrite, SharedCookie } from "./cookie-format";
import { httpsPage } from "../util/browser";

/**
 * The host pattern of one trusted domain, lower case and without a port: the host name of a plain URL
 * (`https://example.com:8443` → `example.com`), the host part of a pattern with `*` (`https://**.example.com:*` →
 * `**.example.com`). Null for anything else.
 */
function hostPattern(domain: unknown): string | null {
  if (typeof domain !== "string") return null;
  if (!domain.includes("*")) {
    try {
      return new URL(domain).hostname.toLowerCase() || null;
    } catch {
      // not a URL: read as a pattern below
    }
  }
  // `<scheme>://<host>[:<port> or :*][/…]`
  const host = /^[^:]*:\/\/([^/]+?)(?::(?:\d+|\*))?(?:\/|$)/.exec(domain)?.[1];
  return host ? host.toLowerCase() : null;
}

/**
 * The trusted parent domain of `hostname`, as the official SDK decides it: the shortest suffix of `hostname` of at
 * least two labels (the host itself included) for which the trusted domains hold both the domain itself (e.g.
 * `https://example.com`) and the pattern of all its subdomains at any depth (`https://**.example.com`). Schemes and
 * ports do not matter; a single-label wildcard (`*.example.com`) is not enough. Null when there is none.
 * @internal
 * @example
 * trustedParentDomain("app.example.com", ["https://example.com", "https://**.example.com"]); // "example.com"
 * trustedParentDomain("app.example.com", ["https://*.example.com"]); // null
 */
export function trustedParentDomain(hostname: string, trustedDomains: readonly unknown[]): string | null {
  const patterns = new Set(trustedDomains.map(hostPattern).filter((p): p is string => p !== null));
  const labels = hostname.toLowerCase().split(".");
  for (let i = labels.length - 2; i >= 0; i--) {
    const parent = labels.slice(i).join(".");
    if (patterns.has(parent) && patterns.has(`**.${parent}`)) return parent;
  }
  return null;
}

/**
 * @internal The Crockford base32 alphabet the official SDK encodes cookie names with.
 * @example
 * CROCKFORD[10]; // "A"
 */
export const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * `text` (a domain name: ASCII, one byte per character as in UTF-8) in Crockford base32, upper case, without
 * padding (the last character carries the leftover bits).
 */
function crockford(text: string): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    value = ((value << 8) | (text.charCodeAt(i) & 255)) & 0xfff;
    bits += 8;
    for (; bits >= 5; bits -= 5) out += CROCKFORD[(value >>> (bits - 5)) & 31];
  }
  return bits > 0 ? out + CROCKFORD[(value << (5 - bits)) & 31] : out;
}

/**
 * The cross-subdomain refresh cookie latchkey writes for `projectId` on `domain`:
 * `stack-refresh-<projectId>--custom-<Crockford base32 of the lower-cased domain>`. Official 2.8.108 names its own
 * `hexclave-refresh-…--custom-…` and reads this one too (it knows both base names when it decodes the domain of
 * such a cookie, and reads `stack-refresh-<projectId>--…` cookies as it reads latchkey's `--default` one);
 * 2.8.86 reads it by that same prefix.
 * @internal
 * @example
 * customRefreshCookieName("p1", "example.com"); // "stack-refresh-p1--custom-CNW62VBGDHJJWRVFDM"
 */
export const customRefreshCookieName = (projectId: string, domain: string): string =>
  `stack-refresh-${projectId}--custom-${crockford(domain.toLowerCase())}`;

/**
 * True when `domain` is `hostname` or one of its parents (a cookie set by `hostname` may name it as its Domain).
 * @internal
 * @example
 * coversHost("example.com", "app.example.com"); // true
 */
export const coversHost = (domain: string, hostname: string): boolean => {
  const d = domain.toLowerCase();
  const h = hostname.toLowerCase();
  return d.includes(".") && (h === d || h.endsWith(`.${d}`));
};

/**
 * The shared refresh cookie of `projectId` on `domain` for the current page, or null when `domain` is not the page's
 * host or one of its parents. Once it is known, a session the page holds only in its own cookie is copied there (the
 * official SDK's check on start-up, which keeps the page's own cookie); when `wrote`, tokens were written while the
 * domain was unknown, and they move there as if written after (the page's own cookie deleted).
 * @internal
 * @example
 * const shared = shareOn("example.com", projectId, false, apply); // on app.example.com: { name, domain }
 */
export function shareOn(domain: string, projectId: string, wrote: boolean, apply: (writes: CookieWrite[]) => void): SharedCookie | null {
  if (!coversHost(domain, window.location.hostname)) return null;
  const shared = { name: customRefreshCookieName(projectId, domain), domain };
  const jar = parseCookieHeader(document.cookie);
  // The page's session as a structured cookie with a time: the newest cookie holding the refresh token read.
  const { refreshToken } = readCookieTokens(jar, projectId);
  let own: { value: string; at: number } | undefined;
  for (const value of Object.values(jar)) {
    try {
      const v = JSON.parse(value) as { refresh_token?: unknown; updated_at_millis?: unknown };
      if (v?.refresh_token === refreshToken && typeof v.updated_at_millis === "number" && !(own && own.at >= v.updated_at_millis)) own = { value, at: v.updated_at_millis };
    } catch {
      // not a structured cookie
    }
  }
  if (refreshToken && own && !(shared.name in jar)) {
    apply([[shared.name, own.value, 365, domain], ...(wrote ? [[refreshCookieName(projectId, httpsPage()), null, 0] as CookieWrite] : [])]);
  }
  return shared;
}
