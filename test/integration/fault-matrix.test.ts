/**
 * The fault matrix, over real HTTP against the emulator's fault injection, with the injectable sleep (waits are
 * recorded, never slept; only the 2 s latency rows really wait):
 *
 * - a GET (`getProject`, idempotent) succeeds once the fault clears within the retry budget, for every fault: a
 *   connection dropped before or after the server applied it, 500, 502, 503, 429 with and without Retry-After,
 *   508 with the loop marker, 2 s of latency; a fault that never clears ends in the ConnectivityError with its
 *   diagnostics (method, URL, 5 attempts, the last cause);
 * - a POST (`signUpWithCredential`, not idempotent) is never applied twice: the emulator's stats count exactly the
 *   users created. Answers that say nothing was done (429, 508) are retried; a dropped connection or a 5xx is not
 *   (the sign-up may have happened) and is reported at once.
 */
import { ConnectivityError, HttpError } from "../../src/index";
import type { FaultRule } from "../../src/emulator";
import { clientFor, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let em: Emulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());
beforeEach(async () => {
  em.setFaults([]);
  await fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
});

const GET_ROUTE = "GET /projects/current";
const POST_ROUTE = "POST /auth/password/sign-up";
const PASSWORD = "correct horse battery";

/** A fault on `route` for its next `times` requests (every request when `times` is undefined). */
type Fault = Omit<FaultRule, "route" | "times">;
const FAULTS: Record<string, Fault> = {
  "connection dropped before the server applied it": { action: "drop" },
  "connection dropped after the server applied it": { action: "drop", when: "after" },
  "500": { action: "status", status: 500 },
  "500 after the server applied it": { action: "status", status: 500, when: "after" },
  "502": { action: "status", status: 502 },
  "503": { action: "status", status: 503 },
  "429 with Retry-After: 3": { action: "rate-limit", retryAfterSeconds: 3 },
  "429 without Retry-After": { action: "rate-limit" },
  "508 with the loop marker": { action: "loop" },
};

const client = () => clientFor(em, { noAutomaticPrefetch: true } as never);
const rule = (route: string, fault: Fault, times?: number): FaultRule => ({ route, ...fault, ...(times ? { times } : {}) });

describe("GET (idempotent): succeeds once the fault clears within the retry budget", () => {
  test.each(Object.keys(FAULTS))("%s, twice", async (name) => {
    em.setFaults([rule(GET_ROUTE, FAULTS[name], 2)]);
    const { app, waits } = client();
    expect((await app.getProject()).id).toBe(em.projectId);
    const stats = await routeStats(em, GET_ROUTE);
    expect([stats.requests, stats.faults]).toEqual([3, 2]);
    // Retry-After is honoured; otherwise the backoff doubles (random() = 0.5 → factor 1).
    expect(waits).toEqual(name.includes("Retry-After: 3") ? [3000, 3000] : [1000, 2000]);
  });

  test("2 s of latency: one request, answered late", async () => {
    em.setFaults([rule(GET_ROUTE, { action: "latency", latencyMs: 2000 }, 1)]);
    const { app, waits } = client();
    const started = Date.now();
    expect((await app.getProject()).id).toBe(em.projectId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect((await routeStats(em, GET_ROUTE)).requests).toBe(1);
    expect(waits).toEqual([]);
  });

  test.each(Object.keys(FAULTS))("%s, never clearing: the ConnectivityError with its diagnostics after 5 attempts", async (name) => {
    em.setFaults([rule(GET_ROUTE, FAULTS[name])]);
    const { app, waits } = client();
    const error = await app.getProject().catch((e: unknown) => e);
    if (!ConnectivityError.isInstance(error)) throw error;
    expect(error).toMatchObject({ method: "GET", url: `${em.url}/api/v1/projects/current`, attempts: 5, offline: false });
    expect(error.message).toMatch(new RegExp(`^Could not reach the authentication server\\. GET ${em.url}/api/v1/projects/current failed after 5 attempts; last cause: .+`));
    if (FAULTS[name].action !== "drop") expect(HttpError.isInstance(error.cause)).toBe(true);
    expect(waits).toHaveLength(4);
    expect((await routeStats(em, GET_ROUTE)).requests).toBe(5);
  });
});

describe("POST (not idempotent): never applied twice", () => {
  const signUp = (app: ReturnType<typeof client>["app"], email = uniqueEmail("fault")) =>
    app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });

  /** Users created by the sign-up route since the stats were reset, and how many requests it saw. */
  const created = async () => {
    const stats = await routeStats(em, POST_ROUTE);
    return { requests: stats.requests, users: stats.effects.users_created ?? 0 };
  };

  test.each([
    ["429 with Retry-After: 3", [3000, 3000]],
    ["429 without Retry-After", [1000, 2000]],
    ["508 with the loop marker", [1000, 2000]],
  ] as const)("%s, twice (the server did nothing): retried, one user", async (name, expectedWaits) => {
    em.setFaults([rule(POST_ROUTE, FAULTS[name], 2)]);
    const { app, waits } = client();
    const result = await signUp(app);
    expect(result.status).toBe("ok");
    expect(await created()).toEqual({ requests: 3, users: 1 });
    expect(waits).toEqual(expectedWaits);
    expect(await app.getUser()).not.toBeNull();
  });

  test.each([
    ["connection dropped before the server applied it", 0],
    ["connection dropped after the server applied it", 1],
  ] as const)("%s: one attempt, the ConnectivityError, %i user(s)", async (name, users) => {
    em.setFaults([rule(POST_ROUTE, FAULTS[name], 1)]);
    const { app, waits } = client();
    const error = await signUp(app).catch((e: unknown) => e);
    if (!ConnectivityError.isInstance(error)) throw error;
    expect(error).toMatchObject({ method: "POST", url: `${em.url}/api/v1/auth/password/sign-up`, attempts: 1 });
    expect(error.message).toContain("failed after 1 attempt; last cause:");
    expect(await created()).toEqual({ requests: 1, users });
    expect(waits).toEqual([]);
    // Nothing was stored: the app is not signed in with tokens it never received.
    expect(await app.getUser()).toBeNull();
  });

  test.each([
    ["500", 0],
    ["500 after the server applied it", 1],
    ["502", 0],
    ["503", 0],
  ] as const)("%s: one attempt, the HttpError at once, %i user(s)", async (name, users) => {
    em.setFaults([rule(POST_ROUTE, FAULTS[name], 1)]);
    const { app, waits } = client();
    const error = await signUp(app).catch((e: unknown) => e);
    if (!HttpError.isInstance(error)) throw error;
    expect(error.status).toBe(FAULTS[name].status);
    expect(await created()).toEqual({ requests: 1, users });
    expect(waits).toEqual([]);
  });

  test("2 s of latency: one request, one user", async () => {
    em.setFaults([rule(POST_ROUTE, { action: "latency", latencyMs: 2000 }, 1)]);
    const { app } = client();
    expect((await signUp(app)).status).toBe("ok");
    expect(await created()).toEqual({ requests: 1, users: 1 });
  });

  test("a sign-up retried by hand after a lost answer finds the user already there: still one user", async () => {
    em.setFaults([rule(POST_ROUTE, FAULTS["connection dropped after the server applied it"], 1)]);
    const { app } = client();
    const email = uniqueEmail("fault-retry");
    await expect(signUp(app, email)).rejects.toBeInstanceOf(ConnectivityError);
    const again = await signUp(app, email);
    expect(again.status).toBe("error");
    expect(await created()).toEqual({ requests: 2, users: 1 });
  });
});
