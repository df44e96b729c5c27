import nock from "nock";
import { sendRequest } from "../../../src/http/client";
import { ConnectivityError, HttpError, KnownError, KnownErrors, UnexpectedResponseError } from "../../../src/errors";
import { BASE, knownErrorReply, testSettings } from "../../helpers/http";
import { caught } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;

describe("network failures", () => {
  test("an idempotent request is retried up to 5 attempts with doubling randomised delays", async () => {
    const scope = nock(BASE).get("/api/v1/projects/current").times(4).replyWithError("socket hang up").get("/api/v1/projects/current").reply(...json({ id: "p" }));
    const settings = testSettings({ random: () => 0.25 });
    await expect(sendRequest(settings, { path: "/projects/current" })).resolves.toEqual({ id: "p" });
    expect(scope.isDone()).toBe(true);
    // (random + 0.5) * 1000 * 2^i with random = 0.25
    expect(settings.waits).toEqual([750, 1500, 3000, 6000]);
  });

  test("the random factor spans 0.5 to 1.5", async () => {
    nock(BASE).get("/api/v1/x").times(2).replyWithError("down").get("/api/v1/x").reply(...json({}));
    const low = testSettings({ random: () => 0 });
    await sendRequest(low, { path: "/x" });
    nock(BASE).get("/api/v1/x").times(2).replyWithError("down").get("/api/v1/x").reply(...json({}));
    const high = testSettings({ random: () => 0.999999 });
    await sendRequest(high, { path: "/x" });
    expect(low.waits).toEqual([500, 1000]);
    expect(high.waits.map(Math.round)).toEqual([1500, 3000]);
  });

  test("after the last attempt a connectivity error carries URL, method, attempts and the cause", async () => {
    nock(BASE).get("/api/v1/users/me").times(5).replyWithError("ECONNREFUSED");
    const settings = testSettings();
    const error = await caught(sendRequest(settings, { path: "/users/me" }));
    expect(ConnectivityError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ method: "GET", url: `${BASE}/api/v1/users/me`, attempts: 5, offline: false });
    expect(error.message).toContain("after 5 attempts");
    expect(error.message).toContain(`${BASE}/api/v1/users/me`);
    expect(settings.waits).toHaveLength(4);
  });

  test("a POST that failed on the network is never sent twice", async () => {
    let sent = 0;
    nock(BASE)
      .post("/api/v1/auth/password/sign-in")
      .times(5)
      .reply(() => {
        sent++;
        throw new Error("unreachable");
      });
    const failing = (async () => {
      sent++;
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const settings = testSettings({ fetch: failing });
    const error = await caught(sendRequest(settings, { method: "POST", path: "/auth/password/sign-in", body: {} }));
    expect(ConnectivityError.isInstance(error)).toBe(true);
    expect(error.attempts).toBe(1);
    expect(sent).toBe(1);
    expect(settings.waits).toEqual([]);
  });

  test("PATCH is not retried either, but DELETE and PUT are", async () => {
    let calls = 0;
    const failing = (async () => {
      calls++;
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    await expect(sendRequest(testSettings({ fetch: failing }), { method: "PATCH", path: "/users/me", body: {} })).rejects.toThrow();
    expect(calls).toBe(1);
    calls = 0;
    await expect(sendRequest(testSettings({ fetch: failing }), { method: "DELETE", path: "/x" })).rejects.toThrow();
    expect(calls).toBe(5);
  });

  test("an offline browser gets the offline message", async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", { value: { onLine: false }, configurable: true });
    try {
      nock(BASE).get("/api/v1/x").times(5).replyWithError("offline");
      const error = await caught(sendRequest(testSettings(), { path: "/x" }));
      expect(error.offline).toBe(true);
      expect(error.message).toMatch(/offline/i);
    } finally {
      if (original) Object.defineProperty(globalThis, "navigator", original);
    }
  });
});

describe("429 and 508", () => {
  test("429 with Retry-After waits that many seconds, then retries", async () => {
    nock(BASE).get("/api/v1/x").reply(429, "slow down", { "retry-after": "3" }).get("/api/v1/x").reply(...json({ ok: 1 }));
    const settings = testSettings();
    await expect(sendRequest(settings, { path: "/x" })).resolves.toEqual({ ok: 1 });
    expect(settings.waits).toEqual([3000]);
  });

  test("429 without Retry-After backs off exponentially", async () => {
    nock(BASE).get("/api/v1/x").times(2).reply(429, '{"message":"Artificial development rate limit triggered."}').get("/api/v1/x").reply(...json({}));
    const settings = testSettings({ random: () => 0.5 });
    await sendRequest(settings, { path: "/x" });
    expect(settings.waits).toEqual([1000, 2000]);
  });

  test("429 on a POST is retried (the server did not act on it)", async () => {
    const scope = nock(BASE).post("/api/v1/auth/password/sign-in").reply(429, "", { "retry-after": "0" }).post("/api/v1/auth/password/sign-in").reply(...json({ access_token: "a" }));
    await expect(sendRequest(testSettings(), { method: "POST", path: "/auth/password/sign-in", body: {} })).resolves.toEqual({ access_token: "a" });
    expect(scope.isDone()).toBe(true);
  });

  test("429 five times ends in a connectivity error whose cause is the 429", async () => {
    nock(BASE).get("/api/v1/x").times(5).reply(429, "busy", { "retry-after": "1" });
    const settings = testSettings();
    const error = await caught(sendRequest(settings, { path: "/x" }));
    expect(ConnectivityError.isInstance(error)).toBe(true);
    expect(error.attempts).toBe(5);
    expect(HttpError.isInstance(error.cause) && error.cause.status).toBe(429);
    expect(settings.waits).toEqual([1000, 1000, 1000, 1000]);
  });

  test("508 whose body says INFINITE_LOOP_DETECTED is retried", async () => {
    nock(BASE).get("/api/v1/users/me").reply(508, "INFINITE_LOOP_DETECTED").get("/api/v1/users/me").reply(...json({ id: "u" }));
    await expect(sendRequest(testSettings(), { path: "/users/me" })).resolves.toEqual({ id: "u" });
  });

  test("any other 508, a 501, and any 5xx to a POST are thrown at once as an HTTP error", async () => {
    nock(BASE).get("/api/v1/a").reply(508, "Loop? no").get("/api/v1/c").reply(501, "Not implemented.").post("/api/v1/b").reply(500, "Something went wrong.");
    const a = await caught(sendRequest(testSettings(), { path: "/a" }));
    const b = await caught(sendRequest(testSettings(), { method: "POST", path: "/b" }));
    const c = await caught(sendRequest(testSettings(), { path: "/c" }));
    expect(HttpError.isInstance(a) && a.status).toBe(508);
    expect(HttpError.isInstance(b) && [b.status, b.text]).toEqual([500, "Something went wrong."]);
    expect(HttpError.isInstance(c) && c.status).toBe(501);
  });

  test.each([500, 502, 503, 504])("%i to an idempotent request is retried with backoff; when it persists, a connectivity error whose cause is the last answer", async (status) => {
    nock(BASE).get("/api/v1/p").reply(status, "down").get("/api/v1/p").reply(...json({ id: "p" }));
    const settings = testSettings();
    await expect(sendRequest(settings, { path: "/p" })).resolves.toEqual({ id: "p" });
    expect(settings.waits).toEqual([1000]);
    nock(BASE).delete("/api/v1/p").times(5).reply(status, "still down");
    const error = await caught(sendRequest(testSettings(), { method: "DELETE", path: "/p" }));
    expect(ConnectivityError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ method: "DELETE", attempts: 5 });
    expect(HttpError.isInstance(error.cause) && [error.cause.status, error.cause.text]).toEqual([status, "still down"]);
    expect(error.message).toContain(`failed with ${status}: still down`);
  });
});

describe("decoding", () => {
  test("the real status is restored from x-stack-actual-status and the known error rebuilt", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-in").reply(...knownErrorReply("EMAIL_PASSWORD_MISMATCH", 400, undefined, "Wrong e-mail or password."));
    const error = await caught(sendRequest(testSettings(), { method: "POST", path: "/auth/password/sign-in", body: {} }));
    expect(KnownErrors.EmailPasswordMismatch.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "EMAIL_PASSWORD_MISMATCH", status: 400, message: "Wrong e-mail or password." });
  });

  test("details survive decoding", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-up").reply(...knownErrorReply("PASSWORD_TOO_SHORT", 400, { min_length: 8 }));
    const error = await caught(sendRequest(testSettings(), { method: "POST", path: "/auth/password/sign-up", body: {} }));
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(error)).toBe(true);
    expect(error.details).toEqual({ min_length: 8 });
  });

  test("known errors are never retried", async () => {
    const scope = nock(BASE).get("/api/v1/teams/t").reply(...knownErrorReply("TEAM_NOT_FOUND", 404, { team_id: "t" }));
    const settings = testSettings();
    await expect(sendRequest(settings, { path: "/teams/t" })).rejects.toBeInstanceOf(KnownError);
    expect(scope.isDone()).toBe(true);
    expect(settings.waits).toEqual([]);
  });

  test("a header that disagrees with the body's code is an HTTP error, not a known error", async () => {
    nock(BASE).get("/api/v1/x").reply(200, JSON.stringify({ code: "USER_NOT_FOUND", error: "x" }), { "x-stack-known-error": "TEAM_NOT_FOUND", "x-stack-actual-status": "404" });
    const error = await caught(sendRequest(testSettings(), { path: "/x" }));
    expect(HttpError.isInstance(error)).toBe(true);
    expect(KnownError.isInstance(error)).toBe(false);
    expect(error.status).toBe(404);
  });

  test("a plain-text 4xx becomes an HTTP error with status and text (also when overridden to 200)", async () => {
    const text = "Client can only list teams for their own user.";
    nock(BASE).get("/api/v1/teams").reply(200, text, { "content-type": "text/plain", "x-stack-actual-status": "403" });
    const error = await caught(sendRequest(testSettings(), { path: "/teams" }));
    expect(HttpError.isInstance(error)).toBe(true);
    expect([error.status, error.text]).toEqual([403, text]);
  });

  test("responses under the x-hexclave- prefix are understood too", async () => {
    nock(BASE).get("/api/v1/x").reply(200, JSON.stringify({ code: "USER_NOT_FOUND", error: "gone" }), { "x-hexclave-known-error": "USER_NOT_FOUND", "x-hexclave-actual-status": "404" });
    const error = await caught(sendRequest(testSettings(), { path: "/x" }));
    expect(KnownErrors.UserNotFound.isInstance(error)).toBe(true);
    expect(error.status).toBe(404);
  });

  test("an unknown code from a newer server keeps its code and details", async () => {
    nock(BASE).get("/api/v1/x").reply(...knownErrorReply("SOMETHING_NEW", 418, { a: 1 }));
    const error = await caught(sendRequest(testSettings(), { path: "/x" }));
    expect(KnownError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "SOMETHING_NEW", details: { a: 1 }, status: 418 });
  });

  test("a 2xx body that is not a JSON object is an UnexpectedResponseError with status, method, URL and an excerpt, not retried", async () => {
    for (const [body, type] of [["Welcome to the Stack API endpoint!", "text/plain"], ["", "application/json"], ["null", "application/json"], ["42", "application/json"], ['{"id":"u', "application/json"], ["<!doctype html><title>502</title>", "text/html"]]) {
      const scope = nock(BASE).delete("/api/v1/y").reply(200, body, { "content-type": type });
      const error = await caught(sendRequest(testSettings(), { method: "DELETE", path: "/y" }));
      expect(UnexpectedResponseError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 200, request: { method: "DELETE", url: `${BASE}/api/v1/y` }, excerpt: body });
      expect(error.message).toBe(`DELETE ${BASE}/api/v1/y answered 200 with an unexpected body: ${JSON.stringify(body)}`);
      expect(scope.isDone()).toBe(true);
    }
  });

  test("`expect` names the fields the answer must carry: `name[]` an array of objects, `name{}` an object, others strings", async () => {
    const reply = (body: unknown) => nock(BASE).get("/api/v1/x").reply(...json(body));
    const cases: [unknown, string, boolean][] = [
      [{ id: "u" }, "id", true],
      [{ id: 7 }, "id", false],
      [{}, "id", false],
      [{ items: [{ id: "a" }] }, "items[]", true],
      [{ items: [] }, "items[]", true],
      [{ items: "a" }, "items[]", false],
      [{ items: [null] }, "items[]", false],
      [{ items: [1] }, "items[]", false],
      [{ access_token: "a", refresh_token: "r" }, "access_token refresh_token", true],
      [{ access_token: "a" }, "access_token refresh_token", false],
      [{ stats: {}, capacity: { a: 1 } }, "stats{} capacity{}", true],
      [{ stats: {}, capacity: null }, "stats{} capacity{}", false],
      [{ stats: "s", capacity: {} }, "stats{} capacity{}", false],
    ];
    for (const [body, expect_, ok] of cases) {
      reply(body);
      const outcome = await sendRequest(testSettings(), { path: "/x", expect: expect_ }).then(() => "ok", (e: unknown) => (UnexpectedResponseError.isInstance(e) ? "unexpected" : e));
      expect([body, expect_, outcome]).toEqual([body, expect_, ok ? "ok" : "unexpected"]);
    }
  });

  test("the excerpt is short and never carries a token", async () => {
    const token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl";
    nock(BASE).post("/api/v1/auth/password/sign-in").reply(200, `{"access_token":"${token}","refresh_token":"rt_${"x".repeat(40)}","user_id":"u", ${"padding ".repeat(30)}`, { "content-type": "application/json" });
    const error = await caught(sendRequest(testSettings(), { method: "POST", path: "/auth/password/sign-in", body: {} }));
    expect(UnexpectedResponseError.isInstance(error)).toBe(true);
    expect(error.excerpt.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(error) + error.message + error.stack).not.toContain(token.slice(0, 16));
    expect(error.message).not.toContain("x".repeat(16));
    expect(error.excerpt).toContain('"user_id":"u"');
  });
});
