// Helpers of the cross-tab tests (jsdom): a Web Locks manager shared by "tabs", a fake platform answering token
// refreshes, and waiting for a condition.
import type { LockRequester } from "../../../src/session/cross-tab-refresh";
import { knownErrorReply, PROJECT } from "../../helpers/http";
import { fakeAccessToken } from "../../helpers/tokens";

/**
 * An exclusive, first-come first-served lock manager like `navigator.locks`: a request waits until every earlier
 * holder of the name released it (its callback settled), or until its `signal` aborts (then it rejects with an
 * `AbortError` and never gets the lock).
 */
export class FakeLocks implements LockRequester {
  private tails = new Map<string, Promise<void>>();
  /** Names of the locks granted so far, in order. */
  readonly granted: string[] = [];

  request<T>(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<T>): Promise<T> {
    const before = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((done) => (release = done));
    this.tails.set(name, before.then(() => mine));
    return new Promise<T>((resolve, reject) => {
      let state: "waiting" | "granted" | "aborted" = "waiting";
      options.signal?.addEventListener("abort", () => {
        if (state !== "waiting") return;
        state = "aborted";
        release();
        reject(new DOMException("The lock request was aborted.", "AbortError"));
      });
      void before.then(() => {
        if (state !== "waiting") return;
        state = "granted";
        this.granted.push(name);
        Promise.resolve()
          .then(() => callback({ name, mode: "exclusive" }))
          .then(resolve, reject)
          .finally(release);
      });
    });
  }

  /**
   * Takes `name` the way another tab would and holds it until the returned `release` is called (a tab that
   * closes), or forever. Resolves once the lock is held.
   */
  async hold(name: string): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((granted) => {
      void this.request(name, {}, () => {
        granted();
        return new Promise<void>((done) => (release = done));
      });
    });
    await held;
    return release;
  }
}

/** Installs `locks` as `navigator.locks` (undefined removes it); returns a function that restores the old one. */
export function installLocks(locks: LockRequester | undefined): () => void {
  const previous = Object.getOwnPropertyDescriptor(navigator, "locks");
  Object.defineProperty(navigator, "locks", { value: locks, configurable: true });
  return () => {
    if (previous) Object.defineProperty(navigator, "locks", previous);
    else delete (navigator as { locks?: unknown }).locks;
  };
}

/**
 * The platform, faked: counts token refreshes, each answered after `delayMs` with `renewed` (or, with `refuse`,
 * with the refresh-token error of a session that ended).
 */
export function fakePlatform(options: { delayMs?: number; renewed?: string; refuse?: boolean; routes?: Record<string, [number, unknown]> } = {}) {
  const renewed = options.renewed ?? fakeAccessToken(900);
  const calls: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const route = `${init.method ?? "GET"} ${new URL(url).pathname.replace("/api/v1", "")}`;
    calls.push(route);
    if (route === "POST /auth/oauth/token") {
      await new Promise((done) => setTimeout(done, options.delayMs ?? 50));
      if (options.refuse) {
        const [status, body, headers] = knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401);
        return new Response(body, { status, headers });
      }
      return Response.json({ access_token: renewed });
    }
    const [status, body] = options.routes?.[route] ?? [404, { error: "not found" }];
    return Response.json(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls, renewed, refreshes: () => calls.filter((c) => c === "POST /auth/oauth/token").length };
}

/** The options of a ClientApp with the cookie store (one "tab") talking to `fetch`. */
export const tabOptions = (fetch: typeof globalThis.fetch) => ({
  projectId: PROJECT,
  baseUrl: "https://api.example.test",
  tokenStore: "cookie" as const,
  fetch,
  redirectMethod: "none" as const,
  noAutomaticPrefetch: true,
});

/** Polls `check` every 20 ms until it is truthy, failing after `timeoutMs`; resolves with the time it took. */
export async function waitUntil(check: () => unknown, timeoutMs = 2000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return Date.now() - started;
}
