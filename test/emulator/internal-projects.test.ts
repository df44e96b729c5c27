import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator, type CallOptions } from "./helpers";

let em: RunningEmulator;
let adminToken: string;
beforeAll(async () => {
  em = await startTestEmulator();
  const r = await call(em, "/auth/password/sign-in", { projectId: "internal", body: { email: em.internal.adminUser.email, password: em.internal.adminUser.password } });
  adminToken = r.json.access_token;
});
afterAll(() => em.stop());

const dashboard = (path: string, o: CallOptions = {}) => call(em, path, { projectId: "internal", accessToken: adminToken, ...o });
const asOwner = (projectId: string, path: string, o: CallOptions = {}) =>
  call(em, path, { projectId, access: "admin", ...o, headers: { "x-stack-admin-access-token": adminToken, ...(o.headers ?? {}) } });
const ownerTeam = () => em.core.store.users.get(em.internal.adminUser.id)!.selectedTeamId!;

async function newProject(body: Record<string, unknown> = {}) {
  const r = await dashboard("/internal/projects", { body: { display_name: "Created", owner_team_id: ownerTeam(), ...body } });
  expect(r.status).toBe(201);
  return r.json as { id: string; config: Record<string, unknown> };
}

describe("GET/POST /internal/projects", () => {
  test("lists the projects of the user's teams and creates projects (201, admin shape)", async () => {
    const listed = await dashboard("/internal/projects");
    expect(listed.json.is_paginated).toBe(false);
    expect(listed.json.items.map((p: { id: string }) => p.id)).toContain(em.projectId);
    const created = await newProject({ description: "Made by a test", config: { magic_link_enabled: true, allow_localhost: false } });
    expect(Object.keys(created)).toEqual([
      "id", "display_name", "description", "created_at_millis", "is_production_mode", "is_development_environment", "owner_team_id", "onboarding_status",
      "logo_url", "logo_full_url", "logo_dark_mode_url", "logo_full_dark_mode_url", "config",
    ]);
    expect(created).toMatchObject({ display_name: "Created", description: "Made by a test", is_production_mode: false, owner_team_id: ownerTeam(), onboarding_status: "completed" });
    expect(created.config).toMatchObject({ allow_localhost: false, magic_link_enabled: true, sign_up_enabled: true, credential_enabled: true, email_config: { type: "shared" }, oauth_providers: [], domains: [] });
    expect((await dashboard("/internal/projects")).json.items.map((p: { id: string }) => p.id)).toContain(created.id);
    // the owner's admin access token manages it right away; it has no key set until one is created
    expect((await asOwner(created.id, "/internal/projects/current")).json.id).toBe(created.id);
    expect((await asOwner(created.id, "/internal/api-keys")).json.items).toEqual([]);
    const client = await call(em, "/projects/current", { projectId: created.id, headers: { "x-stack-publishable-client-key": "__stack_public_client__" } });
    expect(client.json.id).toBe(created.id);
  });

  test("errors: no user, not the internal project, owner team not the user's", async () => {
    expect(expectKnown(await call(em, "/internal/projects", { projectId: "internal" }), 401, "USER_AUTHENTICATION_REQUIRED").error).toBe("User authentication required for this endpoint.");
    const user = await signUp(em);
    expect(expectKnown(await call(em, "/internal/projects", { accessToken: user.access_token }), 401, "EXPECTED_INTERNAL_PROJECT").error).toBe("The project ID is expected to be internal.");
    // the platform checks for a user before it checks the project
    expectKnown(await call(em, "/internal/projects", { access: "admin" }), 401, "USER_AUTHENTICATION_REQUIRED");
    const other = await dashboard("/internal/projects", { body: { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000" } });
    expectKnown(other, 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expect(expectKnown(await dashboard("/internal/projects", { body: { owner_team_id: ownerTeam() } }), 400, "SCHEMA_ERROR").error).toContain("body.display_name must be defined");
  });
});

describe("project fields", () => {
  test("development environment, onboarding status and logos are stored, validated and returned", async () => {
    const logo = "https://cdn.example.com/logo.png";
    const created = await newProject({ is_development_environment: true, onboarding_status: "auth_setup", logo_url: logo, logo_full_dark_mode_url: logo, config: { sign_up_enabled: false } });
    expect(created).toMatchObject({ is_development_environment: true, onboarding_status: "auth_setup", logo_url: logo, logo_full_url: null, logo_dark_mode_url: null, logo_full_dark_mode_url: logo });
    expect(created.config).toMatchObject({ sign_up_enabled: false });
    const plain = await newProject();
    expect(plain).toMatchObject({ is_development_environment: false, onboarding_status: "completed", logo_url: null });
    const patch = (body: Record<string, unknown>) => asOwner(created.id, "/internal/projects/current", { method: "PATCH", body });
    const r = await patch({ onboarding_status: "completed", logo_url: null, logo_dark_mode_url: logo });
    expect(r.json).toMatchObject({ onboarding_status: "completed", logo_url: null, logo_dark_mode_url: logo, logo_full_dark_mode_url: logo, is_development_environment: true });
    const status = expectKnown(await patch({ onboarding_status: "done" }), 400, "SCHEMA_ERROR");
    expect(status.error).toContain("body.onboarding_status must be one of the following values: config_choice, apps_selection, auth_setup, domain_setup, email_theme_setup, payments_setup, welcome, completed");
    expect(expectKnown(await patch({ logo_url: "not-a-url" }), 400, "SCHEMA_ERROR").error).toContain("body.logo_url is not a valid URL");
    // is_development_environment is fixed at creation
    expect(expectKnown(await patch({ is_development_environment: false }), 400, "SCHEMA_ERROR").error).toContain("body contains unknown properties: is_development_environment");
  });
});

describe("PATCH /internal/projects/current", () => {
  test("every config field round-trips", async () => {
    const p = await newProject();
    const config = {
      allow_localhost: false,
      domains: [{ domain: "https://app.example.com", handler_path: "/auth" }],
      oauth_providers: [{ id: "github", type: "standard", client_id: "cid", client_secret: "secret" }, { id: "google", type: "shared" }],
      email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Shop", sender_email: "no-reply@example.com" },
      email_theme: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
      create_team_on_sign_up: true,
      team_creator_default_permissions: [{ id: "team_admin" }, { id: "team_member" }],
      team_member_default_permissions: [],
      user_default_permissions: [{ id: "reader" }],
      oauth_account_merge_strategy: "raise_error",
    };
    const r = await asOwner(p.id, "/internal/projects/current", { method: "PATCH", body: { display_name: "Renamed", config } });
    expect(r.status).toBe(200);
    const read = (await asOwner(p.id, "/internal/projects/current")).json;
    expect(read.display_name).toBe("Renamed");
    expect(read.config).toMatchObject({
      ...config,
      oauth_providers: [
        { provider_config_id: "github", id: "github", type: "standard", client_id: "cid", client_secret: "secret" },
        { provider_config_id: "google", id: "google", type: "shared" },
      ],
      enabled_oauth_providers: [{ id: "github" }, { id: "google" }],
    });
    const bad = await asOwner(p.id, "/internal/projects/current", { method: "PATCH", body: { config: { email_theme: "00000000-0000-4000-8000-000000000000" } } });
    expect([bad.status, bad.text]).toEqual([400, "Invalid email theme"]);
    const partial = await asOwner(p.id, "/internal/projects/current", { method: "PATCH", body: { config: { email_config: { type: "standard", host: "smtp.example.com" } } } });
    expect([partial.status, partial.headers.get("x-stack-known-error"), partial.json?.error]).toEqual([
      400,
      "SCHEMA_ERROR",
      "Request validation failed on PATCH /api/v1/internal/projects/current:\n" +
        ["port", "username", "password", "sender_name", "sender_email"].map((k) => `  - body.config.email_config.${k} must be defined`).join("\n"),
    ]);
  });

  // The platform stores is_production_mode as sent: PATCH /internal/projects/current
  // (apps/backend/src/app/api/latest/internal/projects/current/crud.tsx → createOrUpdateProjectWithLegacyConfig in
  // apps/backend/src/lib/projects.tsx) checks only the body schema and the e-mail theme; getProductionModeErrors
  // (packages/stack-shared/src/helpers/production-mode.ts) is called by the SDK and dashboard, never by the backend.
  test("production mode is stored as sent, even while production-mode checks fail (200, as on the platform)", async () => {
    const p = await newProject();
    const patch = (body: Record<string, unknown>) => asOwner(p.id, "/internal/projects/current", { method: "PATCH", body });
    const on = await patch({ is_production_mode: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ is_production_mode: true, config: { allow_localhost: true } });
    expect((await asOwner(p.id, "/internal/projects/current")).json.is_production_mode).toBe(true);
    const withHttp = await patch({ is_production_mode: true, config: { domains: [{ domain: "http://localhost:3000", handler_path: "/handler" }] } });
    expect([withHttp.status, withHttp.json.is_production_mode]).toEqual([200, true]);
    expect((await patch({ is_production_mode: false })).json.is_production_mode).toBe(false);
    const created = await newProject({ is_production_mode: true });
    expect((await asOwner(created.id, "/internal/projects/current")).json).toMatchObject({ is_production_mode: true, config: { allow_localhost: true } });
  });

  test("DELETE removes the project and its data; the internal project cannot be deleted", async () => {
    const p = await newProject();
    const user = await call(em, "/users", { projectId: p.id, access: "admin", headers: { "x-stack-admin-access-token": adminToken }, body: { primary_email: "gone@example.com" } });
    expect(user.status).toBe(201);
    expect((await asOwner(p.id, "/internal/projects/current", { method: "DELETE" })).json).toEqual({ success: true });
    expect(em.core.store.projects.has(p.id)).toBe(false);
    expect(em.core.store.users.has(user.json.id)).toBe(false);
    expectKnown(await asOwner(p.id, "/internal/projects/current"), 400, "CURRENT_PROJECT_NOT_FOUND");
    const internal = await call(em, "/internal/projects/current", { projectId: "internal", access: "admin", method: "DELETE" });
    expect(internal.status).toBe(400);
  });

  test("access matrix", async () => {
    expectKnown(await call(em, "/internal/projects/current", { access: "client" }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnown(await call(em, "/internal/projects/current", { access: "server", method: "DELETE" }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnown(await call(em, "/internal/projects/current", { access: "admin", headers: { "x-stack-super-secret-admin-key": "sak_wrong" } }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY");
  });
});
