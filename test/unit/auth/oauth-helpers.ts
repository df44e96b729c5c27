// Helpers of the OAuth unit tests (jsdom): a ClientApp over a table-driven fake fetch that records every request.
import { createHash } from "node:crypto";
import { ClientApp } from "../../../src/index";
import type { ClientAppOptions } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";
import { recordLeaving } from "../../helpers/navigations";
import { startTestEmulator } from "../../helpers/emulator";
import type { Emulator } from "../../helpers/emulator";

export const PCK = "pck_unit_test_key";

/** One request the fake fetch saw. */
export interface SeenRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Reply = readonly [number, unknown, Record<string, string>?];

/** A fetch answering `METHOD /path` (under /api/v1) from `routes`; every request is recorded. */
export function fakeFetch(routes: Record<string, Reply | ((req: SeenRequest) => Reply)>) {
  const seen: SeenRequest[] = [];
  const impl = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const req: SeenRequest = { url, method: init.method ?? "GET", headers, body: init.body == null ? undefined : String(init.body) };
    seen.push(req);
    const route = routes[`${req.method} ${url.pathname.replace("/api/v1", "")}`];
    const [status, body, extra] = typeof route === "function" ? route(req) : (route ?? [404, "not found"]);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json", ...extra },
    });
  }) as unknown as typeof fetch;
  return { impl, seen };
}

/**
 * A browser ClientApp (cookie store) whose navigation is recorded instead of performed: `navigate` gets every URL
 * the app navigates to, through the router (same-origin) or by leaving the page (another origin; jsdom reports
 * that as a "jsdom-navigation" event, see recordLeaving) while it is the newest app made here.
 */
export function browserApp(routes: Parameters<typeof fakeFetch>[0], options: ClientAppOptions = {}) {
  const navigate = jest.fn();
  recordLeaving(navigate);
  const { impl, seen } = fakeFetch(routes);
  const app = new ClientApp({
    projectId: PROJECT,
    publishableClientKey: PCK,
    baseUrl: BASE,
    tokenStore: "cookie",
    fetch: impl,
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
    ...options,
  });
  return { app, navigate, seen };
}

/** Resolves once `mock` has been called (the flows navigate and then never settle). */
export async function calledOnce(mock: jest.Mock): Promise<string> {
  for (let i = 0; i < 200 && mock.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(mock).toHaveBeenCalledTimes(1);
  return mock.mock.calls[0][0] as string;
}

/** The base64url S256 challenge of a PKCE verifier, computed with Node's crypto (independently of the SDK). */
export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** The cookies of the page as name → value. */
export function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(";")
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [decodeURIComponent(c.slice(0, c.indexOf("="))), decodeURIComponent(c.slice(c.indexOf("=") + 1))]),
  );
}

/** Deletes every cookie of the page, empties sessionStorage and puts the page back at `/`. */
export function resetPage(): void {
  for (const name of Object.keys(cookies())) {
    for (const secure of ["", "; secure"]) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${secure}`;
  }
  expect(document.cookie).toBe("");
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
}

/**
 * For a file of browser-page tests against the emulator: starts one before the file's tests (handing it to `use`),
 * stops it after them, and after each test restores mocks and resets the page ({@link resetPage}).
 * @example
 * let emulator: Emulator;
 * emulatorForPages((e) => (emulator = e));
 */
export function emulatorForPages(use: (emulator: Emulator) => void): void {
  let started: Emulator | undefined;
  beforeAll(async () => {
    started = await startTestEmulator();
    use(started);
  });
  afterAll(() => started?.stop());
  afterEach(() => {
    jest.restoreAllMocks();
    resetPage();
  });
}

/**
 * A page load on `path` (or the current address) with an app of the emulator's demo project: cookie store, no
 * prefetch, and its navigations recorded by `navigate`, the router's and leaving the page alike (see recordLeaving).
 * @example
 * const { app, navigate } = emulatorPage(emulator, "/handler/sign-in", { urls: { afterSignIn: "/home" } });
 */
export function emulatorPage(emulator: Emulator, path: string | undefined, options: ClientAppOptions) {
  if (path) window.history.replaceState(null, "", path);
  const navigate = jest.fn();
  recordLeaving(navigate);
  const app = new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "cookie",
    redirectMethod: { navigate },
    noAutomaticPrefetch: true,
    ...options,
  });
  return { app, navigate };
}
