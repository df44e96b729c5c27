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

describe("config", () => {
  test("GET /internal/config renders the nested config; overrides change the project config", async () => {
    const config = JSON.parse((await admin("/internal/config")).json.config_string);
    expect(config).toMatchObject({ auth: { allowSignUp: true, password: { allowSignIn: true } }, apiKeys: { enabled: { user: true, team: true } }, emails: { server: { isShared: true } } });
    const override = {
      "auth.allowSignUp": false,
      "teams.allowClientTeamCreation": false,
      "domains.trustedDomains.prod": { baseUrl: "https://prod.example.com", handlerPath: "/auth" },
      "auth.oauth.providers.github": null,
      "rbac.defaultPermissions.signUp": { reader: true },
      "custom.flag": 42,
    };
    const r = await admin("/internal/config/override", { config_override_string: JSON.stringify(override) }, "PATCH");
    expect(r.json).toEqual({ success: true });
    const project = (await admin("/internal/projects/current")).json;
    expect(project.config).toMatchObject({ sign_up_enabled: false, client_team_creation_enabled: false, user_default_permissions: [{ id: "reader" }] });
    expect(project.config.domains).toContainEqual({ domain: "https://prod.example.com", handler_path: "/auth" });
    expect(project.config.oauth_providers.map((p: { id: string }) => p.id)).not.toContain("github");
    const after = JSON.parse((await admin("/internal/config")).json.config_string);
    expect(after.custom).toEqual({ flag: 42 });
    expect(after.auth.allowSignUp).toBe(false);
    expectKnown(await call(em, "/auth/password/sign-up", { body: { email: "late@example.com", password: "password123" } }), 400, "SIGN_UP_NOT_ENABLED");
    await admin("/internal/config/override/environment", { config_override_string: JSON.stringify({ "auth.allowSignUp": true }) }, "PATCH");
    expect((await admin("/internal/projects/current")).json.config.sign_up_enabled).toBe(true);
  });

  test("override errors and access", async () => {
    const bad = await admin("/internal/config/override", { config_override_string: "{nope" }, "PATCH");
    expect([bad.status, bad.text]).toEqual([400, "Invalid config JSON"]);
    const wrongType = await admin("/internal/config/override", { config_override_string: JSON.stringify({ "auth.allowSignUp": "yes" }) }, "PATCH");
    expect([wrongType.status, wrongType.text]).toEqual([400, "Invalid config override: auth.allowSignUp must be a boolean"]);
    expect((await admin("/internal/projects/current")).json.config.sign_up_enabled).toBe(true);
    expectKnown(await call(em, "/internal/config", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
    const serverEnv = await call(em, "/internal/config/override/environment", { access: "server", method: "PATCH", body: { config_override_string: "{}" } });
    expect([serverEnv.status, serverEnv.text]).toEqual([403, "Server access can only manage branch config overrides."]);
    expect((await call(em, "/internal/config/override/branch", { access: "server", method: "PATCH", body: { config_override_string: "{}" } })).status).toBe(200);
  });
});
