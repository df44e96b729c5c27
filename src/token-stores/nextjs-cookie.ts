import { ArgumentError } from "../errors/base";
import { createCookieTokenStore, inCookiePage } from "./cookie";
import type { CookieTokenStoreOptions } from "./cookie";
import { ACCESS_COOKIE, HOST, legacyNames, parentDomains, planCookieWrite, readCookieTokens } from "./cookie-format";
import { coversHost, CROCKFORD, customRefreshCookieName } from "./cross-subdomain";
import type { TokenPair, TokenStore } from "./types";

/** The part of Next's `cookies()` object this store uses (Next 14 and 15). */
interface NextCookies {
  get(name: string): { value: string } | undefined;
  getAll?(): { name: string; value: string }[];
  set?(name: string, value: string, options: Record<string, unknown>): unknown;
}
type Maybe<T> = T | Promise<T>;
export interface NextHeadersModule {
  cookies(): Maybe<NextCookies>;
  headers?(): Maybe<{ get(name: string): string | null }>;
}

/** `next/headers` as `latchkey/next` imports it on a Next.js server (bundled with the app; any runtime, Edge included). */
let provided: NextHeadersModule | undefined;

/**
 * @internal Gives the `"nextjs-cookie"` store the app's own `next/headers` (`latchkey/next` on a Next.js server).
 * Without it, the store imports `next/headers` at run time, which a Node server can and the Edge runtime cannot.
 * @example
 * provideNextHeaders({ cookies, headers }); // import { cookies, headers } from "next/headers"
 */
export function provideNextHeaders(module: NextHeadersModule): void {
  provided = module;
}

/**
 * Every fixed cookie name the token stores read (the `--custom-…` names are found by prefix when a full list of
 * cookies is available). Kept here, its one reader, so a browser page does not carry it.
 * @example
 * knownCookieNames("p1").includes("hexclave-access"); // true
 */
const knownCookieNames = (projectId: string): string[] => [
  ...["hexclave", "stack"].flatMap((b) => [HOST, ""].map((h) => `${h}${b}-refresh-${projectId}--default`)),
  ...legacyNames(projectId),
  "hexclave-access",
  ACCESS_COOKIE,
];

// Tokens set during a request (keyed by that request's cookies object), so a Server Component, where Next
// refuses to write cookies, still sees the refreshed tokens for the rest of the request.
const written = new WeakMap<object, TokenPair>();

const cookieMap = (jar: NextCookies, projectId: string): Record<string, string> => {
  const map: Record<string, string> = {};
  if (jar.getAll) for (const c of jar.getAll()) map[c.name] ??= c.value;
  else for (const name of knownCookieNames(projectId)) {
    const value = jar.get(name)?.value;
    if (value !== undefined) map[name] = value;
  }
  return map;
};

/** The domain name spelled in Crockford base32 by `text` (as the official SDK encodes it), or null. */
function fromCrockford(text: string): string | null {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const char of text.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1")) {
    const index = CROCKFORD.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      out += String.fromCharCode((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return /^[a-z0-9.-]+$/.test(out) ? out : null;
}

/**
 * The domain of a cross-subdomain refresh cookie of `projectId` in `jar` (latchkey's `stack-refresh-<projectId>--custom-…`
 * or the official 2.8.108 `hexclave-refresh-<projectId>--custom-…`, the domain read back from the name) that is
 * `hostname` or one of its parents; null when there is none. A server sees cookies without their `Domain`: this
 * tells it where a browser page put the shared cookie.
 */
function sharedCookieDomain(jar: Record<string, string>, projectId: string, hostname: string): string | null {
  for (const name of Object.keys(jar)) {
    const encoded = /^(?:hexclave|stack)-refresh-(.*)--custom-([0-9A-Za-z]+)$/.exec(name);
    const domain = encoded && encoded[1] === projectId ? fromCrockford(encoded[2]) : null;
    if (domain && hostname && coversHost(domain, hostname)) return domain;
  }
  return null;
}

const isReadOnlyError = (e: unknown): boolean =>
  e instanceof Error && /Cookies can only be modified|ReadonlyRequestCookies/i.test(`${e.name} ${e.message}`);

/**
 * The `"nextjs-cookie"` token store. In a browser it is the cookie store ({@link createCookieTokenStore}). On the
 * server it reads the same cookies through Next's `cookies()` (from `next/headers`, imported only here and only on
 * first use; `next` is an optional peer dependency) and writes through `cookies().set(...)`; in Server Components,
 * where Next forbids writing cookies, the write is skipped silently and the new tokens are kept for the rest of the
 * request. When the request carries the cross-subdomain refresh cookie a browser page wrote on the site's trusted
 * parent domain (see `CookieTokenStoreOptions.parentDomain`), the server rewrites that cookie on its domain
 * (read back from its name) instead of writing the host's own. Throws an `ArgumentError` when `next/headers`
 * cannot be loaded.
 *
 * @example
 * // app/page.tsx (a Server Component)
 * const app = new ServerApp({ projectId, secretServerKey, tokenStore: "nextjs-cookie" });
 * const user = await app.getUser();
 */
export function createNextjsCookieTokenStore(options: Pick<CookieTokenStoreOptions, "projectId" | "parentDomain">): TokenStore {
  if (inCookiePage()) return createCookieTokenStore(options);
  const { projectId } = options;
  let loading: Promise<NextHeadersModule> | undefined;
  const load = () =>
    provided ??
    (loading ??= (async () => {
      try {
        // `next` is an optional peer. The specifier is a variable and the bundler hints tell webpack, Turbopack and
        // Vite to leave the import to the runtime, so apps without Next (or client bundles) never try to resolve it.
        // It names the file: Node's ES module resolution adds no extension and `next` has no "exports" map, so a
        // runtime import("next/headers") fails where "next/headers.js" loads (Next 14, 15 and 16 ship that file).
        const specifier = "next/headers.js";
        return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ specifier)) as NextHeadersModule;
      } catch {
        throw new ArgumentError(
          'The "nextjs-cookie" token store needs the `next` package on the server, but "next/headers" could not be loaded; install next, or use "memory" or the incoming request as the token store.',
        );
      }
    })());

  return {
    async get() {
      const jar = await (await load()).cookies();
      return { ...(written.get(jar) ?? readCookieTokens(cookieMap(jar, projectId), projectId)) };
    },
    async set(tokens) {
      const next = await load();
      const jar = await next.cookies();
      written.set(jar, { accessToken: tokens.accessToken ?? null, refreshToken: tokens.refreshToken ?? null });
      const map = cookieMap(jar, projectId);
      const headers = await next.headers?.();
      const proto = headers?.get("x-forwarded-proto")?.split(",")[0]?.trim();
      const secure = proto === "https" || !!map["stack-is-https"] || Object.keys(map).some((n) => n.startsWith("__Host-"));
      const host = headers?.get("host")?.split(":")[0] ?? "";
      // The cross-subdomain cookie a browser page keeps on the site's trusted parent domain is rewritten there.
      const parent = sharedCookieDomain(map, projectId, host);
      const shared = parent ? { name: customRefreshCookieName(projectId, parent), domain: parent } : null;
      try {
        for (const [name, value, days, domain] of planCookieWrite(map, projectId, tokens, secure, shared)) {
          const attributes = { path: "/", sameSite: "lax", secure: secure || name.startsWith("__Host-"), maxAge: value === null ? 0 : days * 86400 };
          const domains = value !== null ? [domain] : name.includes("--custom-") ? [undefined, ...parentDomains(host)] : [undefined];
          for (const d of domains) jar.set?.(name, value ?? "", d ? { ...attributes, domain: d } : attributes);
        }
      } catch (e) {
        if (!isReadOnlyError(e)) throw e;
      }
    },
  };
}
