import { ArgumentError } from "../errors/base";
import { decodeAuthorizationHeader } from "./authorization-header-read";
import { parseCookieHeader, readCookieTokens } from "./cookie-format";
import { createMemoryTokenStore } from "./memory";
import type { RequestLike, TokenPair, TokenStore } from "./types";
import { toTokenPair } from "./validate";

export { encodeAuthorizationHeader } from "./authorization-header";
export { decodeAuthorizationHeader } from "./authorization-header-read";

/**
 * One header of a {@link RequestLike}: through `headers.get(name)` when there is one, otherwise looked up in the
 * plain record ignoring case. Repeated values are joined (`; ` for `cookie`); for other headers the first one counts.
 *
 * @example
 * readRequestHeader({ headers: { Cookie: ["a=1", "b=2"] } }, "cookie"); // "a=1; b=2"
 */
export function readRequestHeader(request: RequestLike, name: string): string | null {
  const headers = request.headers as Record<string, string | string[] | undefined> & { get?: unknown };
  const lower = name.toLowerCase();
  let value: string | string[] | null | undefined;
  if (typeof headers?.get === "function") value = (headers.get as (n: string) => string | null)(lower);
  else for (const key in headers) if (key.toLowerCase() === lower) value ??= headers[key];
  return Array.isArray(value) ? (lower === "cookie" ? value.join("; ") : value[0]) ?? null : value ?? null;
}

/**
 * The tokens an incoming request carries, looked for in this order: (1) `Authorization: Bearer stackauth_…`
 * (or `hexclave_…`; other bearer tokens are ignored), (2) the `x-stack-auth` header, a JSON object
 * `{ accessToken, refreshToken }`, (3) the token cookies in the `cookie` header. Malformed (1) or (2), and tokens
 * equal to the string `"undefined"`, throw an `ArgumentError`.
 *
 * @example
 * readRequestTokens(req, projectId); // { accessToken: "…", refreshToken: "…" }
 */
export function readRequestTokens(request: RequestLike, projectId: string): TokenPair {
  const authorization = readRequestHeader(request, "authorization");
  const fromBearer = authorization ? decodeAuthorizationHeader(authorization) : null;
  if (fromBearer) return fromBearer;
  const header = readRequestHeader(request, "x-stack-auth");
  if (header) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(header);
    } catch {
      // reported below
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ArgumentError('The x-stack-auth header must be a JSON object like {"accessToken": "…", "refreshToken": "…"}.');
    }
    return toTokenPair(parsed, "The x-stack-auth header");
  }
  return readCookieTokens(parseCookieHeader(readRequestHeader(request, "cookie")), projectId);
}

const stores = new WeakMap<object, Map<string, TokenStore>>();

/**
 * A token store for one incoming request (see {@link readRequestTokens} for where tokens are found). The same
 * request object always gives the same store. `set` keeps new tokens in memory for the rest of that request: a
 * server cannot write the client's cookies from here.
 *
 * @example
 * export async function GET(request: Request) {
 *   const user = await serverApp.getUser({ tokenStore: request }); // uses createRequestTokenStore underneath
 * }
 */
export function createRequestTokenStore(request: RequestLike, projectId: string): TokenStore {
  let byProject = stores.get(request);
  if (!byProject) stores.set(request, (byProject = new Map()));
  let store = byProject.get(projectId);
  if (!store) byProject.set(projectId, (store = createMemoryTokenStore(readRequestTokens(request, projectId))));
  return store;
}
