/**
 * Request economy, counted where it matters: at the emulator's `GET /emulator/stats`, over real HTTP.
 *   - 100 concurrent `getUser()` on one ClientApp send one request;
 *   - 1,000 concurrent authenticated calls across an access-token expiry share one refresh and none fails;
 *   - a sign-in followed by the first `getUser()` takes two round trips.
 * The expiry is made deterministic by faking only `Date` (the SDK, the emulator and its JWT checks all read it,
 * in this one process): the clock jumps past the token's lifetime while half the calls are on the wire.
 * Every figure here is a count, never a time.
 */
import { jest } from "@jest/globals";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

const PASSWORD = "correct horse battery";
const TTL_SECONDS = 60;
const REFRESH = "POST /auth/oauth/token";
const ME = "GET /users/me";
// The writes of the expiry test: not user updates, which also mark the token stale (each then refreshes it).
const PATCH_PREFERENCE = "PATCH /emails/notification-preference/:user_id/:notification_category_id";

// Everything but `Date` stays real (sockets, timers), so the HTTP round trips run as usual; the fake `Date` still
// moves with real time (the read cache's throttle waits on it), and jumps ahead when the test says so.
const REAL = ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] as const;

let em: Emulator;
beforeAll(async () => {
  jest.useFakeTimers({ doNotFake: [...REAL], now: new Date("2026-06-01T12:00:00Z"), advanceTimers: true });
  em = await startTestEmulator({ accessTokenTtlSeconds: TTL_SECONDS });
});
afterAll(async () => {
  await em.stop();
  jest.useRealTimers();
});

type Snapshot = { totals: { requests: number }; routes: Record<string, { requests: number; responses: Record<string, number> }> };
const stats = async (): Promise<Snapshot> => (await fetch(`${em.url}/emulator/stats`)).json() as Promise<Snapshot>;
const resetStats = () => fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
const requestsTo = (s: Snapshot, route: string) => s.routes[route]?.requests ?? 0;

/** A signed-in ClientApp (signed up by another app, so its own store holds only the sign-in's tokens). */
async function signedIn() {
  const email = uniqueEmail("economy");
  const { app: signer } = clientFor(em);
  expect((await signer.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
  const { app } = clientFor(em);
  await resetStats();
  expect((await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
  return app;
}

test("sign-in, then the first getUser(): two round trips (the sign-in and GET /users/me)", async () => {
  const app = await signedIn();
  const user = await app.getUser({ or: "throw" });
  expect(user.primaryEmail).toMatch(/^economy-/);
  const s = await stats();
  expect(s.totals.requests).toBe(2);
  expect([requestsTo(s, "POST /auth/password/sign-in"), requestsTo(s, ME)]).toEqual([1, 1]);
});

test("100 concurrent getUser() on one ClientApp: one HTTP request, and all get the same user", async () => {
  const app = await signedIn();
  await resetStats();
  const users = await Promise.all(Array.from({ length: 100 }, () => app.getUser({ or: "throw" })));
  expect(new Set(users.map((u) => u.id)).size).toBe(1);
  const s = await stats();
  expect(s.totals.requests).toBe(1);
  expect(requestsTo(s, ME)).toBe(1);
});

/** Resolves once the emulator has received at least `count` requests of `route` (in-process counters). */
async function untilReceived(route: string, count: number) {
  while ((em.stats.toJSON().routes[route]?.requests ?? 0) < count) await new Promise((r) => setImmediate(r));
}

test("1,000 concurrent authenticated calls across an access-token expiry: one refresh, no failure", async () => {
  const app = await signedIn();
  const user = await app.getUser({ or: "throw" });
  const marketing = (await user.listNotificationCategories()).find((c) => c.canDisable)!;
  await resetStats();
  // 900 writes (each its own PATCH of a notification preference, never cached) and 100 reads of four kinds, all on
  // one session.
  const reads = [() => app.getUser({ or: "throw" }), () => user.listContactChannels(), () => user.getActiveSessions(), () => user.listTeams()];
  const call = (i: number): Promise<unknown> => (i % 10 === 0 ? reads[(i / 10) % reads.length]!() : marketing.setEnabled(i % 2 === 0));
  const first = Array.from({ length: 500 }, (_, i) => call(i).then(() => "ok", (e: unknown) => e));
  // Half the calls are on their way with the signed-in token: now it expires (for the SDK and the server alike).
  await untilReceived(PATCH_PREFERENCE, 50);
  jest.setSystemTime(Date.now() + (TTL_SECONDS + 1) * 1000);
  const second = Array.from({ length: 500 }, (_, i) => call(500 + i).then(() => "ok", (e: unknown) => e));
  const outcomes = await Promise.all([...first, ...second]);
  const failures = outcomes.filter((o) => o !== "ok");
  expect(failures).toEqual([]);

  const s = await stats();
  expect(requestsTo(s, REFRESH)).toBe(1);
  // Every write really reached the server and was applied once; some were refused as expired and sent again.
  expect(s.routes[PATCH_PREFERENCE]?.responses["200"]).toBe(900);
  const expired = s.routes[PATCH_PREFERENCE]?.responses["401"] ?? 0;
  expect(requestsTo(s, PATCH_PREFERENCE)).toBe(900 + expired);
  expect(expired).toBeGreaterThan(0);
  expect(typeof (await user.listNotificationCategories()).find((c) => c.id === marketing.id)?.enabled).toBe("boolean");
});
