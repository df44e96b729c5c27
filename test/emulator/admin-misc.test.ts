import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const admin = (path: string, body?: unknown, method?: string) => call(em, path, { access: "admin", body, method });

describe("GET /internal/metrics", () => {
  test("real counts from the store", async () => {
    const before = (await admin("/internal/metrics")).json;
    await signUp(em);
    await signUp(em);
    await call(em, "/auth/anonymous/sign-up", { body: {} });
    const m = (await admin("/internal/metrics")).json;
    expect(m.total_users).toBe(before.total_users + 2);
    expect(m.daily_users).toHaveLength(30);
    expect(m.daily_users.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), activity: expect.any(Number) });
    expect(m.daily_users.at(-1).activity).toBeGreaterThanOrEqual(2);
    expect(m.recently_registered[0]).toEqual(expect.objectContaining({ id: expect.any(String), primary_email: expect.any(String), signed_up_at_millis: expect.any(Number) }));
    expect(m.login_methods).toEqual(expect.arrayContaining([{ method: "password", count: expect.any(Number) }]));
    expect(m.auth_overview).toMatchObject({ anonymous_users: before.auth_overview.anonymous_users + 1, total_users_filtered: m.total_users });
    for (const key of ["users_by_country", "active_users_by_country", "recently_active", "payments_overview", "email_overview", "analytics_overview"]) expect(m).toHaveProperty(key);
    const withAnon = (await call(em, "/internal/metrics?include_anonymous=true", { access: "admin" })).json;
    expect(withAnon.total_users).toBe(m.total_users + m.auth_overview.anonymous_users);
    expect((await admin("/internal/metrics/user-counts")).json).toEqual({ total_users: withAnon.total_users, anonymous_users: m.auth_overview.anonymous_users });
    expectKnown(await call(em, "/internal/metrics", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("svix token and AI chat", () => {
  test("svix-token returns a stable token", async () => {
    const a = await admin("/webhooks/svix-token", {});
    expect(a.json).toEqual({ token: expect.stringMatching(/^emulator_svix_[0-9a-f]{32}$/) });
    expect((await admin("/webhooks/svix-token", {})).json.token).toBe(a.json.token);
    expectKnown(await call(em, "/webhooks/svix-token", { access: "client", body: {} }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });

  test("ai-chat answers deterministically and stores thread messages", async () => {
    const body = { context_type: "email-template", messages: [{ role: "user", content: [{ type: "text", text: "Make it blue" }] }] };
    const r1 = await admin("/internal/ai-chat/thread-1", body);
    expect(r1.json).toEqual({ content: [{ type: "text", text: expect.stringContaining('"Make it blue"') }] });
    expect((await admin("/internal/ai-chat/thread-1", body)).json).toEqual(r1.json);
    expect((await admin("/internal/ai-chat/thread-1", { message: { role: "user", content: "hi" } }, "PATCH")).json).toEqual({});
    await admin("/internal/ai-chat/thread-1", { message: { role: "assistant", content: "hello" } }, "PATCH");
    expect((await admin("/internal/ai-chat/thread-1")).json).toEqual({ messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }] });
    expect((await admin("/internal/ai-chat/other")).json).toEqual({ messages: [] });
    expectKnown(await admin("/internal/ai-chat/thread-1", { context_type: "nope", messages: [] }), 400, "SCHEMA_ERROR");
  });
});
