import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, startTestEmulator, type CallOptions } from "./helpers";

// The config override routes: levels, how they combine, reset-keys, the pushed-config source, validation and access.
let em: RunningEmulator;
let adminToken: string;
beforeAll(async () => {
  em = await startTestEmulator();
  const r = await call(em, "/auth/password/sign-in", { projectId: "internal", body: { email: em.internal.adminUser.email, password: em.internal.adminUser.password } });
  adminToken = r.json.access_token;
});
afterAll(() => em.stop());

const ownerTeam = () => em.core.store.users.get(em.internal.adminUser.id)!.selectedTeamId!;

/** A fresh project of the dashboard admin, and admin calls on it with the owner's token. */
async function project(body: Record<string, unknown> = {}) {
  const r = await call(em, "/internal/projects", { projectId: "internal", accessToken: adminToken, body: { display_name: "Config", owner_team_id: ownerTeam(), ...body } });
  expect(r.status).toBe(201);
  const id = r.json.id as string;
  const admin = (path: string, o: CallOptions = {}) => call(em, path, { projectId: id, access: "admin", ...o, headers: { "x-stack-admin-access-token": adminToken } });
  const put = (level: string, config: unknown, source?: unknown) => admin(`/internal/config/override/${level}`, { method: "PUT", body: { config_string: JSON.stringify(config), ...(source ? { source } : {}) } });
  const patch = (level: string, config: unknown) => admin(`/internal/config/override/${level}`, { method: "PATCH", body: { config_override_string: JSON.stringify(config) } });
  const read = async (level: string) => JSON.parse((await admin(`/internal/config/override/${level}`)).json.config_string);
  const rendered = async () => JSON.parse((await admin("/internal/config")).json.config_string);
  const crud = async () => (await admin("/internal/projects/current")).json;
  return { id, admin, put, patch, read, rendered, crud };
}

const GITHUB = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commit_hash: "abc123", config_file_path: "stack.config.ts" };

describe("levels", () => {
  test("environment wins over branch; both show in the rendered config and the project fields", async () => {
    const p = await project();
    expect((await p.put("branch", { "auth.allowSignUp": false, "teams.allowClientTeamCreation": true }, { type: "pushed-from-unknown" })).json).toEqual({ success: true });
    expect(await p.read("branch")).toEqual({ "auth.allowSignUp": false, "teams.allowClientTeamCreation": true });
    expect((await p.rendered()).auth.allowSignUp).toBe(false);
    expect((await p.crud()).config).toMatchObject({ sign_up_enabled: false, client_team_creation_enabled: true });
    // the project refuses sign-ups now
    const signUp = await call(em, "/auth/password/sign-up", { projectId: p.id, headers: { "x-stack-publishable-client-key": "__stack_public_client__" }, body: { email: "late@example.com", password: "password123" } });
    expectKnown(signUp, 400, "SIGN_UP_NOT_ENABLED");
    expect((await p.patch("environment", { "auth.allowSignUp": true })).json).toEqual({ success: true });
    expect((await p.rendered()).auth.allowSignUp).toBe(true);
    expect((await p.crud()).config.sign_up_enabled).toBe(true);
    // a new push does not beat the environment either
    await p.put("branch", { "auth.allowSignUp": false }, { type: "pushed-from-unknown" });
    expect((await p.rendered()).auth).toMatchObject({ allowSignUp: true });
    expect((await p.rendered()).teams.allowClientTeamCreation).toBe(false);
    // removing the environment key lets the branch value through
    expect((await p.admin("/internal/config/override/environment/reset-keys", { body: { keys: ["auth.allowSignUp"] } })).json).toEqual({ success: true });
    expect((await p.rendered()).auth.allowSignUp).toBe(false);
    expect((await p.read("environment"))["auth.allowSignUp"]).toBeUndefined();
  });

  test("PATCH merges with the platform's key rules; PUT replaces the level", async () => {
    const p = await project();
    await p.patch("environment", { teams: { allowClientTeamCreation: true, createPersonalTeamOnSignUp: true } });
    await p.patch("environment", { "teams.createPersonalTeamOnSignUp": false });
    const env = await p.read("environment");
    expect(env.teams).toEqual({ allowClientTeamCreation: true, createPersonalTeamOnSignUp: true });
    expect(env["teams.createPersonalTeamOnSignUp"]).toBe(false);
    expect((await p.rendered()).teams).toEqual({ allowClientTeamCreation: true, createPersonalTeamOnSignUp: false });
    // a whole object replaces every dotted key under it
    await p.patch("environment", { teams: { allowClientTeamCreation: false } });
    expect((await p.read("environment"))["teams.createPersonalTeamOnSignUp"]).toBeUndefined();
    expect((await p.rendered()).teams).toEqual({ allowClientTeamCreation: false, createPersonalTeamOnSignUp: false });
    await p.put("environment", { "apiKeys.enabled.user": true });
    expect(await p.read("environment")).toEqual({ "apiKeys.enabled.user": true });
    const crud = await p.crud();
    expect(crud.config).toMatchObject({ allow_user_api_keys: true, client_team_creation_enabled: false, allow_localhost: false, credential_enabled: false });
  });

  test("reset-keys removes nested and dotted keys under a key", async () => {
    const p = await project();
    await p.put("environment", { teams: { allowClientTeamCreation: true, createPersonalTeamOnSignUp: true }, "teams.allowClientTeamCreation": false, "auth.allowSignUp": false });
    await p.admin("/internal/config/override/environment/reset-keys", { body: { keys: ["teams.allowClientTeamCreation"] } });
    expect(await p.read("environment")).toEqual({ teams: { createPersonalTeamOnSignUp: true }, "auth.allowSignUp": false });
    await p.admin("/internal/config/override/environment/reset-keys", { body: { keys: ["teams", "auth"] } });
    expect(await p.read("environment")).toEqual({});
    expect((await p.crud()).config).toMatchObject({ sign_up_enabled: true, create_team_on_sign_up: false });
  });

  test("legacy project writes land in the environment level", async () => {
    const p = await project();
    await p.admin("/internal/projects/current", { method: "PATCH", body: { config: { sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/auth" }] } } });
    const env = await p.read("environment");
    expect(env["auth.allowSignUp"]).toBe(false);
    expect(Object.values(env["domains.trustedDomains"])).toEqual([{ baseUrl: "https://app.example.com", handlerPath: "/auth" }]);
    expect((await p.rendered()).domains.trustedDomains).toEqual(env["domains.trustedDomains"]);
  });

  test("project level: requirePublishableClientKey", async () => {
    const p = await project();
    expect(await p.read("project")).toEqual({});
    await p.patch("project", { "project.requirePublishableClientKey": true });
    expect(await p.read("project")).toEqual({ "project.requirePublishableClientKey": true });
    const noKey = await call(em, "/projects/current", { projectId: p.id, headers: { "x-stack-publishable-client-key": "__stack_public_client__" } });
    expectKnown(noKey, 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
    const onBranch = await p.patch("branch", { "project.requirePublishableClientKey": false });
    expect([onBranch.status, onBranch.text]).toEqual([400, 'The key "project.requirePublishableClientKey" is not valid (nested object not found in schema: "project").']);
  });
});

describe("state from earlier emulator versions", () => {
  test("values an older emulator kept outside its model become the environment level", async () => {
    const p = await project();
    // a store written before override levels existed: no level records, the old record of unmodelled values
    em.core.store.extra["config-layers"] = (em.core.store.extra["config-layers"] ?? []).filter((r) => (r as { projectId: string }).projectId !== p.id);
    (em.core.store.extra["config-overrides"] ??= []).push({ projectId: p.id, tree: { apps: { installed: { teams: { enabled: true } } } } });
    expect(await p.read("environment")).toMatchObject({ apps: { installed: { teams: { enabled: true } } } });
    expect((await p.rendered()).apps.installed.teams).toEqual({ enabled: true });
    expect((em.core.store.extra["config-overrides"] as { projectId: string }[]).some((r) => r.projectId === p.id)).toBe(false);
  });
});

describe("pushed config source", () => {
  test("unlinked until a push names one; PATCH and reset keep it; DELETE unlinks", async () => {
    const p = await project();
    expect((await p.admin("/internal/config/source")).json).toEqual({ source: { type: "unlinked" } });
    await p.put("branch", { "auth.allowSignUp": false }, { ...GITHUB, workflow_path: ".github/workflows/stack.yml" });
    expect((await p.admin("/internal/config/source")).json.source).toEqual({ ...GITHUB, workflow_path: ".github/workflows/stack.yml" });
    await p.patch("branch", { "auth.otp.allowSignIn": true });
    await p.admin("/internal/config/override/branch/reset-keys", { body: { keys: ["auth.allowSignUp"] } });
    expect((await p.admin("/internal/config/source")).json.source.type).toBe("pushed-from-github");
    expect(await p.read("branch")).toEqual({ "auth.otp.allowSignIn": true });
    expect((await p.admin("/internal/config/source", { method: "DELETE" })).json).toEqual({ success: true });
    expect((await p.admin("/internal/config/source")).json).toEqual({ source: { type: "unlinked" } });
    // unlinking keeps the pushed config
    expect(await p.read("branch")).toEqual({ "auth.otp.allowSignIn": true });
  });

  test("the branch level needs a source; sources are validated", async () => {
    const p = await project();
    const missing = await p.put("branch", {});
    expect([missing.status, missing.text]).toEqual([400, "source is required for branch level config"]);
    const bad = expectKnown(await p.put("branch", {}, { type: "pushed-from-github", owner: "acme" }), 400, "SCHEMA_ERROR");
    expect(bad.error).toBe(
      [
        "Request validation failed on PUT /api/v1/internal/config/override/branch:",
        "  - body.source is not matched by any of the provided schemas:",
        "    Schema 0:",
        "      body.source.repo must be defined",
        "      body.source.branch must be defined",
        "      body.source.commit_hash must be defined",
        "      body.source.config_file_path must be defined",
        "    Schema 1:",
        "      body.source.type must be one of the following values: pushed-from-unknown",
        "      body.source contains unknown properties: owner",
        "    Schema 2:",
        "      body.source.type must be one of the following values: unlinked",
        "      body.source contains unknown properties: owner",
      ].join("\n"),
    );
    expect((await p.admin("/internal/config/source")).json.source).toEqual({ type: "unlinked" });
  });
});

describe("validation", () => {
  test("the platform's schema and messages", async () => {
    const p = await project();
    const cases: [string, unknown, string][] = [
      ["environment", { "custom.flag": 1 }, 'The key "custom.flag" is not valid (nested object not found in schema: "custom").'],
      ["environment", { "auth.allowSignUp": "yes" }, 'auth.allowSignUp must be a `boolean` type, but the final value was: `"yes"`.'],
      ["environment", { auth: { nope: true } }, "auth contains unknown properties: nope"],
      ["environment", { "auth.oauth.accountMergeStrategy": "merge" }, "auth.oauth.accountMergeStrategy must be one of the following values: link_method, raise_error, allow_duplicates"],
      ["branch", { "domains.allowLocalhost": true }, 'The key "domains.allowLocalhost" is not valid (nested object not found in schema: "domains.allowLocalhost").'],
      ["branch", { "emails.server.host": "smtp.example.com" }, 'The key "emails.server.host" is not valid (nested object not found in schema: "emails.server").'],
      ["environment", null, "Config override must be a non-null object."],
      ["environment", { teams: { "a.b": true } }, "Key a.b contains a dot, which is not allowed in config override."],
      ["environment", { "payments.products.p.prices": "include-by-default" }, '"include-by-default" is no longer supported at payments.products.p.prices. Use an explicit $0 price instead.'],
    ];
    for (const [level, config, message] of cases) {
      const r = await (level === "branch" ? p.put(level, config, { type: "pushed-from-unknown" }) : p.patch(level, config));
      expect([r.status, r.text]).toEqual([400, message]);
    }
    const notJson = await p.admin("/internal/config/override/environment", { method: "PATCH", body: { config_override_string: "{nope" } });
    expect([notJson.status, notJson.text]).toEqual([400, "Invalid config JSON"]);
    // nothing was stored by the refused writes
    expect(await p.read("environment")).toEqual(expect.not.objectContaining({ "custom.flag": 1 }));
    expect(await p.read("branch")).toEqual({});
    const level = expectKnown(await p.admin("/internal/config/override/staging"), 400, "SCHEMA_ERROR");
    expect(level.error).toContain("params.level must be one of the following values: project, branch, environment");
    const resetLevel = expectKnown(await p.admin("/internal/config/override/project/reset-keys", { body: { keys: [] } }), 400, "SCHEMA_ERROR");
    expect(resetLevel.error).toContain("params.level must be one of the following values: branch, environment");
    const keys = expectKnown(await p.admin("/internal/config/override/environment/reset-keys", { body: {} }), 400, "SCHEMA_ERROR");
    expect(keys.error).toContain("body.keys must be defined");
    const putBody = expectKnown(await p.admin("/internal/config/override/environment", { method: "PUT", body: {} }), 400, "SCHEMA_ERROR");
    expect(putBody.error).toContain("body.config_string must be defined");
  });

  test("hostile overrides get a 400 and change nothing", async () => {
    const p = await project();
    const deep = '{"auth":' + "[".repeat(20000) + "]".repeat(20000) + "}";
    const r = await p.admin("/internal/config/override/environment", { method: "PATCH", body: { config_override_string: deep } });
    expect([r.status, r.text]).toEqual([400, "Invalid config JSON: nested too deeply"]);
    // a record key named like a prototype stays plain data
    const proto = await p.admin("/internal/config/override/environment", { method: "PATCH", body: { config_override_string: '{"rbac.defaultPermissions.signUp":{"__proto__":true,"reader":true}}' } });
    expect(proto.status).toBe(200);
    expect((await p.rendered()).rbac.defaultPermissions.signUp).toEqual(JSON.parse('{"__proto__":true,"reader":true}'));
    expect((await p.crud()).config.user_default_permissions).toEqual([{ id: "__proto__" }, { id: "reader" }]);
    expect(({} as Record<string, unknown>).reader).toBeUndefined();
  });

  test("a development environment's environment level is read-only and allows localhost", async () => {
    const p = await project({ is_development_environment: true, config: { allow_localhost: false } });
    expect((await p.crud()).is_development_environment).toBe(true);
    const env = await p.read("environment");
    expect(env).toMatchObject({ "domains.allowLocalhost": true, "payments.testMode": true });
    expect((await p.crud()).config.allow_localhost).toBe(true);
    const blocked = "Environment configuration overrides cannot be changed in a development environment. Update this in your production deployment instead.";
    for (const r of [await p.patch("environment", {}), await p.put("environment", {}), await p.admin("/internal/config/override/environment/reset-keys", { body: { keys: ["auth"] } })]) {
      expect([r.status, r.text]).toEqual([400, blocked]);
    }
    expect((await p.put("branch", { "auth.allowSignUp": false }, { type: "pushed-from-unknown" })).status).toBe(200);
    expect((await p.crud()).config.sign_up_enabled).toBe(false);
  });
});

describe("access", () => {
  test("server keys reach the branch level only; the rest is admin-only", async () => {
    const asServer = (path: string, o: CallOptions = {}) => call(em, path, { access: "server", ...o });
    const env = await asServer("/internal/config/override/environment");
    expect([env.status, env.text]).toEqual([403, "Server access can only manage branch config overrides."]);
    const put = await asServer("/internal/config/override/project", { method: "PUT", body: { config_string: "{}" } });
    expect([put.status, put.text]).toEqual([403, "Server access can only manage branch config overrides."]);
    expect((await asServer("/internal/config/override/branch")).json).toEqual({ config_string: "{}" });
    expect((await asServer("/internal/config/override/branch", { method: "PUT", body: { config_string: JSON.stringify({ "auth.otp.allowSignIn": true }), source: { type: "pushed-from-unknown" } } })).json).toEqual({ success: true });
    for (const [method, path] of [["GET", "/internal/config"], ["GET", "/internal/config/source"], ["DELETE", "/internal/config/source"], ["POST", "/internal/config/override/branch/reset-keys"], ["PATCH", "/internal/config/override"]]) {
      const r = expectKnown(await asServer(path, { method, body: method === "GET" || method === "DELETE" ? undefined : { keys: [] } }), 401, "INSUFFICIENT_ACCESS_TYPE");
      expect(r.details).toEqual({ actual_access_type: "server", allowed_access_types: ["admin"] });
    }
    const client = expectKnown(await call(em, "/internal/config/override/branch"), 401, "INSUFFICIENT_ACCESS_TYPE");
    expect(client.details).toEqual({ actual_access_type: "client", allowed_access_types: ["server", "admin"] });
    expectKnown(await call(em, "/internal/config/override/branch", { access: null }), 400, "ACCESS_TYPE_REQUIRED");
  });
});
