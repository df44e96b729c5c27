import type { RunningEmulator, StatsSnapshot } from "../../src/emulator";
import { call, freshEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator({ faults: [{ route: "GET /projects/current", action: "status", status: 502, times: 1 }] });
});
afterAll(() => em.stop());
afterEach(async () => {
  await fetch(`${em.url}/emulator/faults`, { method: "DELETE" });
});

const stats = async (): Promise<StatsSnapshot> => (await fetch(`${em.url}/emulator/stats`)).json();
const addFaults = (body: unknown) =>
  fetch(`${em.url}/emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("fault injection", () => {
  test("faults given at start apply to the next N requests", async () => {
    const first = await call(em, "/projects/current", { overrideErrorStatus: true });
    expect(first.status).toBe(502);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect((await call(em, "/projects/current")).status).toBe(200);
  });

  test("fixed statuses, 429 with and without Retry-After, 508 with the loop marker", async () => {
    await addFaults([
      { route: "/projects/current", action: "status", status: 503, times: 1 },
      { route: "/projects/current", action: "rate-limit", retryAfterSeconds: 2, times: 1 },
      { route: "/projects/current", action: "rate-limit", times: 1 },
      { route: "/projects/current", action: "loop", times: 1 },
    ]);
    expect((await call(em, "/projects/current")).status).toBe(503);
    const limited = await call(em, "/projects/current", { overrideErrorStatus: true });
    expect([limited.status, limited.headers.get("retry-after"), limited.headers.get("x-stack-actual-status")]).toEqual([429, "2", null]);
    const noHeader = await call(em, "/projects/current");
    expect([noHeader.status, noHeader.headers.get("retry-after")]).toEqual([429, null]);
    const loop = await call(em, "/projects/current");
    expect(loop.status).toBe(508);
    expect(loop.text).toContain("INFINITE_LOOP_DETECTED");
    expect((await call(em, "/projects/current")).status).toBe(200);
  });

  test("drop closes the connection without an answer; the server keeps serving", async () => {
    em.setFaults([{ route: "*", action: "drop", times: 1 }]);
    await expect(call(em, "/projects/current")).rejects.toThrow();
    expect((await call(em, "/projects/current")).status).toBe(200);
  });

  test("added latency delays the answer", async () => {
    await addFaults({ route: "GET /projects/*", action: "latency", latencyMs: 150, times: 1 });
    const start = Date.now();
    expect((await call(em, "/projects/current")).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
  });

  test("probability 0 never applies, probability 1 always does; methods filter", async () => {
    await addFaults({ rules: [{ route: "*", action: "status", status: 500, probability: 0 }], replace: true });
    expect((await call(em, "/projects/current")).status).toBe(200);
    await addFaults({ rules: [{ route: "POST *", action: "status", status: 500, probability: 1 }], replace: true });
    expect((await call(em, "/projects/current")).status).toBe(200);
    expect((await call(em, "/auth/anonymous/sign-up", { body: {} })).status).toBe(500);
  });

  test("a lost response (when: after) is applied once — stats prove it", async () => {
    await fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
    em.setFaults([{ route: "POST /auth/password/sign-up", action: "drop", times: 1, when: "after" }]);
    const email = freshEmail();
    await expect(call(em, "/auth/password/sign-up", { body: { email, password: "password123" } })).rejects.toThrow();
    const s = await stats();
    expect(s.routes["POST /auth/password/sign-up"]).toMatchObject({ requests: 1, applied: 1, faults: 1, effects: { users_created: 1, sessions_created: 1 } });
    const login = await call(em, "/auth/password/sign-in", { body: { email, password: "password123" } });
    expect(login.status).toBe(200);
  });

  test("invalid rules are rejected with a 400 explaining why", async () => {
    const res = await addFaults({ route: "*", action: "status", status: 418 });
    expect([res.status, await res.text()]).toEqual([400, "Fault rule 0: status must be 500, 502 or 503."]);
    expect(() => em.setFaults([{ route: "", action: "drop" }])).toThrow(/route must be a non-empty string/);
  });

  test("GET /emulator/faults lists active rules with remaining counts", async () => {
    await addFaults({ route: "/users/me", action: "status", status: 503, times: 3 });
    await call(em, "/users/me");
    const { items } = await (await fetch(`${em.url}/emulator/faults`)).json();
    expect(items).toEqual([{ route: "/users/me", action: "status", status: 503, times: 2 }]);
  });
});

describe("stats", () => {
  test("count requests, statuses and side effects per route", async () => {
    await fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
    const user = await signUp(em);
    await call(em, "/users/me", { accessToken: user.access_token });
    await call(em, "/users/me");
    const s = await stats();
    expect(s.routes["POST /auth/password/sign-up"]).toEqual({
      requests: 1,
      responses: { "200": 1 },
      applied: 1,
      faults: 0,
      effects: { users_created: 1, sessions_created: 1, sign_ins: 1 },
    });
    expect(s.routes["GET /users/me"]).toMatchObject({ requests: 2, responses: { "200": 1, "400": 1 }, applied: 1 });
    expect(s.totals).toEqual({ requests: 3, effects: { users_created: 1, sessions_created: 1, sign_ins: 1 } });
  });
});

describe("outbox and inbox page", () => {
  test("GET /emulator/outbox lists captured mails; DELETE empties it", async () => {
    const email = freshEmail();
    await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/cb" } });
    const { items } = await (await fetch(`${em.url}/emulator/outbox?to=${encodeURIComponent(email)}`)).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      id: expect.any(String),
      project_id: em.projectId,
      kind: "magic_link",
      from: '"Latchkey Demo" <noreply@example.com>',
      from_display: "Latchkey Demo <noreply@example.com>",
      to: [email],
      subject: expect.stringContaining(items[0].otp),
      text: expect.stringContaining(items[0].links[0]),
      html: expect.stringContaining("<a href="),
      links: [`http://localhost:3000/cb?code=${items[0].code}`],
      code: expect.stringMatching(/^[a-z2-7]{45}$/),
      otp: expect.stringMatching(/^[A-Z2-7]{6}$/),
      user_id: null,
      sent_at_millis: expect.any(Number),
    });
    expect(em.outbox.list({ to: email })).toHaveLength(1);
    await fetch(`${em.url}/emulator/outbox`, { method: "DELETE" });
    expect((await (await fetch(`${em.url}/emulator/outbox`)).json()).items).toEqual([]);
  });

  test("the inbox page at / shows mails with clickable links and the project keys", async () => {
    const email = freshEmail();
    await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/cb?x=1&y=2" } });
    const res = await fetch(`${em.url}/`);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await res.text();
    const mail = em.outbox.list({ to: email })[0];
    expect(page).toContain(`<a href="http://localhost:3000/cb?x=1&amp;y=2&amp;code=${mail.code}">`);
    expect(page).toContain(mail.otp!);
    expect(page).toContain(em.keys.publishableClientKey);
  });

  test("emulator pages are never served under /api/v1", async () => {
    expect((await fetch(`${em.url}/api/v1/emulator/outbox`)).status).toBe(404);
    const info = await (await fetch(`${em.url}/emulator/info`)).json();
    expect(info.projects.map((p: { id: string }) => p.id)).toEqual(["internal", em.projectId]);
  });
});
