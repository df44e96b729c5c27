import { ArgumentError, ConnectivityError } from "../errors/base";
import { KnownError } from "../errors/known-error";
import { isKnownErrorOf } from "../errors/known-error-of";
import { CLIENT_VERSION } from "../version";
import { decodeResponse } from "./decode";
import { randomBase32 } from "./random";
import type { HttpSettings, RequestSpec } from "./types";

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** @internal `{baseUrl}/api/v1{path}?{query}` without a trailing slash. */
export function apiUrl(baseUrl: string, path: string, query?: RequestSpec["query"]): string {
  let search = "";
  for (const key in query) if (query[key] != null) search += (search ? "&" : "") + formPair(key, String(query[key]));
  return (baseUrl.replace(/\/+$/, "") + "/api/v1" + path).replace(/\/+$/, "") + (search ? "?" + search : "");
}

/**
 * `key=value` as `URLSearchParams` writes it. Pairs with nothing to escape (numbers, ids, plain words: most of them)
 * are joined as they are: a `URLSearchParams` per request costs more than the rest of the URL.
 */
const formPair = (key: string, value: string): string =>
  /^[\w.*-]*$/.test(key + value) ? key + "=" + value : new URLSearchParams([[key, value]]).toString();

/**
 * The only code that calls `fetch`. Adds the platform's headers, decodes answers, and retries:
 * network failures and 500 / 502 / 503 / 504 answers of idempotent methods, and 429 / 508-loop answers, with
 * exponential backoff (`(random + 0.5) · 1000 ms · 2^attempt`, 429 honouring `Retry-After` seconds), and an
 * access token the server calls invalid after marking it expired (so the next attempt refreshes it). Other known
 * errors, and a 5xx answer to a POST or PATCH (it may have been applied), are thrown at once. When attempts run
 * out a {@link ConnectivityError} says what was tried (its `cause` is the last failure).
 * @internal
 */
export async function sendRequest<T = unknown>(settings: HttpSettings, spec: RequestSpec): Promise<T> {
  const method = spec.method ?? "GET";
  const url = apiUrl(settings.baseUrl, spec.path, spec.query);
  const idempotent = spec.idempotent ?? !(method === "POST" || method === "PATCH");
  const maxAttempts = settings.maxAttempts ?? 5;
  const doFetch = settings.fetch ?? fetch;

  // The JSON body is made first: a value JSON cannot hold is refused before anything is sent, a token refresh included.
  const json = !spec.form && (spec.body !== undefined || method === "POST" || method === "PATCH" || method === "PUT") ? jsonBody(spec.body ?? {}, method, spec.path) : undefined;
  let lastFailure: unknown;
  let attempt = 0;
  while (attempt < maxAttempts) {
    const tokens = spec.session ? await spec.session.getTokens() : null;
    const adminTokens = !spec.bare && settings.adminSession ? await settings.adminSession.getTokens() : null;
    const init = buildInit(settings, spec, method, tokens, adminTokens?.accessToken ?? null, json);
    attempt++;
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (cause) {
      lastFailure = cause;
      if (!idempotent) break;
      if (attempt < maxAttempts) await pause(settings, attempt);
      continue;
    }
    const decoded = await decodeResponse(response, { method, url }, spec.expect);
    if (decoded.kind === "ok") {
      // A form post is an OAuth token grant: it changes no read (the sign-in that follows tells its own changes).
      if (method !== "GET" && !spec.form) settings.afterWrite?.(method, spec.path);
      return decoded.value as T;
    }
    if (decoded.kind === "known") {
      const error = decoded.error;
      if (tokens?.accessToken && isKnownErrorOf(error, "INVALID_ACCESS_TOKEN")) {
        spec.session!.markAccessTokenExpired(tokens.accessToken);
      } else if (adminTokens?.accessToken && settings.adminSession!.markAccessTokenExpired && isKnownErrorOf(error, "INVALID_ADMIN_ACCESS_TOKEN")) {
        settings.adminSession!.markAccessTokenExpired(adminTokens.accessToken);
      } else {
        throw error;
      }
      lastFailure = error;
      continue;
    }
    const { status, error } = decoded;
    const loop = status === 508 && error.text.includes("INFINITE_LOOP_DETECTED");
    // A 500, 502, 503 or 504 is retried like a lost connection, and only where repeating is safe.
    if (status !== 429 && !loop && !(idempotent && [500, 502, 503, 504].includes(status))) throw error;
    lastFailure = error;
    if (attempt < maxAttempts) await pause(settings, attempt, status === 429 ? Number.parseFloat(decoded.retryAfter ?? "") : NaN);
  }
  if (KnownError.isInstance(lastFailure)) throw lastFailure;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  throw new ConnectivityError(method, url, attempt, offline, lastFailure);
}

/**
 * Waits before the attempt after `attempt`: `retryAfter` seconds when the server said so, else the exponential
 * backoff `(random + 0.5) · 1000 ms · 2^(attempt - 1)`.
 */
function pause(settings: HttpSettings, attempt: number, retryAfter = NaN): Promise<void> {
  const ms = retryAfter >= 0 ? retryAfter * 1000 : ((settings.random ?? Math.random)() + 0.5) * 1000 * 2 ** (attempt - 1);
  return (settings.sleep ?? defaultSleep)(ms);
}

function buildInit(
  settings: HttpSettings,
  spec: RequestSpec,
  method: string,
  tokens: { accessToken: string | null; refreshToken: string | null } | null,
  adminAccessToken: string | null,
  json: string | undefined,
): RequestInit {
  const headers: Record<string, string> = {};
  if (!spec.bare) {
    Object.assign(headers, {
      "x-stack-override-error-status": "true",
      "x-stack-project-id": settings.projectId,
      "x-stack-access-type": settings.accessType,
      "x-stack-client-version": CLIENT_VERSION,
      "x-stack-allow-anonymous-user": "true",
      "x-stack-random-nonce": randomBase32(),
    });
    const set = (name: string, value: string | null | undefined) => {
      if (value) headers[`x-stack-${name}`] = value;
    };
    set("publishable-client-key", settings.publishableClientKey);
    if (settings.accessType !== "client") set("secret-server-key", settings.secretServerKey);
    if (settings.accessType === "admin") set("super-secret-admin-key", settings.superSecretAdminKey);
    set("admin-access-token", adminAccessToken);
    set("access-token", tokens?.accessToken);
    set("refresh-token", tokens?.refreshToken);
    Object.assign(headers, settings.extraRequestHeaders);
  }
  let body: string | undefined;
  if (spec.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(spec.form).toString();
  } else if (json !== undefined) {
    headers["content-type"] = "application/json";
    body = json;
  }
  return { method, headers, body, credentials: "omit", cache: "no-store" };
}

/** A request body as JSON text; a value JSON cannot hold (a bigint, a cycle) is the caller's bad argument, caught before sending. */
function jsonBody(value: unknown, method: string, path: string): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    throw new ArgumentError(`The body of ${method} ${path} cannot be sent as JSON (${e instanceof Error ? e.message : String(e)}); pass plain JSON values only.`);
  }
}
