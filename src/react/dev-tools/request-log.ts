// The dev tools' log of an app's requests. The core has no request hook of its own (one would ship in every
// production bundle): the log wraps the `fetch` of the app's request settings instead, which every request of the
// app (its token refreshes included) goes through. Only this module, loaded in development builds, does so.
import type { ClientApp } from "../../apps/client-app";
import { contextOf } from "../../core/context";

/**
 * One request the app sent, as the dev tools list it.
 * @internal
 * @example
 * const entry: RequestEntry = { id: 1, method: "POST", path: "/auth/password/sign-in", status: 400, errorCode: "EMAIL_PASSWORD_MISMATCH", at: Date.now(), ms: 12 };
 */
export interface RequestEntry {
  id: number;
  method: string;
  /** The path under `/api/v1` (with its query), or the whole URL for one elsewhere. */
  path: string;
  /** The HTTP status the platform meant (`x-stack-actual-status` when it answered an error as 200); 0 when no answer came. */
  status: number;
  /** The known error's code (`x-stack-known-error`), or null. */
  errorCode: string | null;
  /** When it was sent (epoch ms). */
  at: number;
  /** How long the answer took, in ms. */
  ms: number;
}

/** The entries kept: the newest ones. */
const KEPT = 50;

/**
 * @internal The request log of one app: its entries (newest first) and change listeners, the shape
 * `useSyncExternalStore` takes.
 * @example
 * const entries = useSyncExternalStore(log.subscribe, log.get, log.get);
 */
export interface RequestLog {
  get(): readonly RequestEntry[];
  subscribe(listener: () => void): () => void;
  /** The fetch the app used before the log wrapped it (for the dev tools' own requests, left out of the log). */
  fetch: typeof fetch;
}

const logs = new WeakMap<ClientApp, RequestLog>();

/**
 * The request log of `app`, started on first call: from then on, every request the app sends is logged.
 * @internal
 * @example
 * const log = requestLogOf(app);
 * log.subscribe(() => console.log(log.get()[0]));
 */
export function requestLogOf(app: ClientApp): RequestLog {
  let log = logs.get(app);
  if (log) return log;
  const http = contextOf(app).core.http;
  const inner: typeof fetch = http.fetch ?? ((input, init) => fetch(input, init));
  const api = http.baseUrl.replace(/\/+$/, "") + "/api/v1";
  const listeners = new Set<() => void>();
  let entries: readonly RequestEntry[] = [];
  let next = 0;
  const add = (entry: RequestEntry) => {
    entries = [entry, ...entries].slice(0, KEPT);
    listeners.forEach((listener) => listener());
  };
  http.fetch = async (input, init) => {
    const at = Date.now();
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const base = { id: ++next, method: init?.method ?? "GET", path: url.startsWith(api) ? url.slice(api.length) || "/" : url, at };
    try {
      const response = await inner(input, init);
      const status = Number(response.headers.get("x-stack-actual-status")) || response.status;
      add({ ...base, status, errorCode: response.headers.get("x-stack-known-error"), ms: Date.now() - at });
      return response;
    } catch (error) {
      add({ ...base, status: 0, errorCode: null, ms: Date.now() - at });
      throw error;
    }
  };
  log = {
    get: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    fetch: inner,
  };
  logs.set(app, log);
  return log;
}
