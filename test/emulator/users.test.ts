import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

describe("/users/me", () => {
  test("GET returns exactly the client read shape", async () => {
    const user = await signUp(em);
    const me = await call(em, "/users/me", { accessToken: user.access_token });
    expect(Object.keys(me.json)).toEqual([
      "id",
      "primary_email",
      "primary_email_verified",
      "display_name",
      "client_metadata",
      "client_read_only_metadata",
      "profile_image_url",
      "signed_up_at_millis",
      "has_password",
      "auth_with_email",
      "oauth_providers",
      "selected_team_id",
      "selected_team",
      "requires_totp_mfa",
      "otp_auth_enabled",
      "passkey_auth_enabled",
      "is_anonymous",
      "is_restricted",
      "restricted_reason",
      "restricted_by_admin",
      "restricted_by_admin_reason",
    ]);
    expect(me.json.selected_team_id).toBe(me.json.selected_team.id);
    expect(Object.keys(me.json.selected_team)).toEqual(["id", "display_name", "profile_image_url", "client_metadata", "client_read_only_metadata"]);
  });

  test("server access sees the server shape of the same user", async () => {
    const user = await signUp(em);
    const r = await call(em, "/users/me", { access: "server", accessToken: user.access_token });
    expect(r.json).toMatchObject({
      id: user.user_id,
      primary_email_auth_enabled: true,
      server_metadata: null,
      last_active_at_millis: expect.any(Number),
      restricted_by_admin_private_details: null,
      country_code: null,
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
      selected_team: { created_at_millis: expect.any(Number), server_metadata: null },
    });
    const byId = await call(em, `/users/${user.user_id}`, { access: "server" });
    expect(byId.json.id).toBe(user.user_id);
    expectKnown(await call(em, "/users/00000000-0000-4000-8000-000000000000", { access: "server" }), 404, "USER_NOT_FOUND");
    expect(expectKnown(await call(em, "/users/not-a-uuid", { access: "server" }), 400, "SCHEMA_ERROR").error).toContain("params.user_id must be a valid UUID");
  });

  test("PATCH updates client fields and rejects server fields from clients", async () => {
    const user = await signUp(em);
    const r = await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { display_name: "Ada", client_metadata: { theme: "dark" } } });
    expect(r.json).toMatchObject({ display_name: "Ada", client_metadata: { theme: "dark" } });
    const bad = await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { server_metadata: { a: 1 } } });
    expect(expectKnown(bad, 400, "SCHEMA_ERROR").error).toBe("Request validation failed on PATCH /api/v1/users/me:\n  - body contains unknown properties: server_metadata");
    const img = await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { profile_image_url: "https://example.com/a.png" } });
    expect([img.status, img.text]).toEqual([400, "Invalid profile image URL"]);
    const server = await call(em, `/users/${user.user_id}`, { method: "PATCH", access: "server", body: { server_metadata: { plan: "pro" }, primary_email_verified: true } });
    expect(server.json).toMatchObject({ server_metadata: { plan: "pro" }, primary_email_verified: true });
  });

  test("DELETE needs client deletion enabled; server may always delete", async () => {
    const user = await signUp(em);
    const refused = await call(em, "/users/me", { method: "DELETE", accessToken: user.access_token, body: {} });
    expect([refused.status, refused.text]).toEqual([400, "Client user deletion is not enabled for this project"]);
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.clientUserDeletionEnabled = true;
    try {
      expect((await call(em, "/users/me", { method: "DELETE", accessToken: user.access_token, body: {} })).json).toEqual({ success: true });
    } finally {
      config.clientUserDeletionEnabled = false;
    }
    expectKnown(await call(em, "/users/me", { accessToken: user.access_token }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    const other = await signUp(em);
    expect((await call(em, `/users/${other.user_id}`, { method: "DELETE", access: "server" })).json).toEqual({ success: true });
  });
});

describe("contact channels", () => {
  test("list, create, read, update, delete", async () => {
    const user = await signUp(em);
    const h = { accessToken: user.access_token };
    const listed = await call(em, "/contact-channels?user_id=me", h);
    expect(listed.json).toEqual({
      items: [{ id: expect.any(String), user_id: user.user_id, type: "email", value: user.email, is_primary: true, is_verified: false, used_for_auth: true }],
      is_paginated: false,
    });
    const second = freshEmail();
    const created = await call(em, "/contact-channels", { ...h, body: { user_id: "me", type: "email", value: second, used_for_auth: false } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ value: second, is_primary: false, is_verified: false, used_for_auth: false });
    const path = `/contact-channels/me/${created.json.id}`;
    expect((await call(em, path, h)).json.id).toBe(created.json.id);
    const patched = await call(em, path, { ...h, method: "PATCH", body: { is_primary: true } });
    expect(patched.json.is_primary).toBe(true);
    const all = (await call(em, "/contact-channels?user_id=me", h)).json.items;
    expect(all.filter((c: { is_primary: boolean }) => c.is_primary)).toHaveLength(1);
    expect((await call(em, path, { ...h, method: "DELETE", body: {} })).json).toEqual({ success: true });
    const gone = await call(em, path, h);
    expect([gone.status, gone.text]).toEqual([404, "Contact channel not found."]);
  });

  test("errors: duplicate, used for auth by someone else, client setting is_verified", async () => {
    const alice = await signUp(em);
    const bob = await signUp(em);
    const h = { accessToken: alice.access_token };
    const dup = await call(em, "/contact-channels", { ...h, body: { user_id: "me", type: "email", value: alice.email, used_for_auth: false } });
    expect([dup.status, dup.text]).toEqual([400, "Contact channel already exists"]);
    const taken = await call(em, "/contact-channels", { ...h, body: { user_id: "me", type: "email", value: bob.email, used_for_auth: true } });
    expect(expectKnown(taken, 409, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE").details).toEqual({
      type: "email",
      contact_channel_value: bob.email,
      would_work_if_email_was_verified: false,
    });
    const verified = await call(em, "/contact-channels", { ...h, body: { user_id: "me", type: "email", value: freshEmail(), used_for_auth: false, is_verified: true } });
    expect(expectKnown(verified, 400, "SCHEMA_ERROR").error).toContain("body contains unknown properties: is_verified");
  });

  test("send a verification code (per channel and legacy), verify, then EMAIL_ALREADY_VERIFIED", async () => {
    const user = await signUp(em);
    const h = { accessToken: user.access_token };
    const channel = (await call(em, "/contact-channels?user_id=me", h)).json.items[0];
    const sent = await call(em, `/contact-channels/me/${channel.id}/send-verification-code`, { ...h, body: { callback_url: "http://localhost:3000/verify" } });
    expect(sent.json).toEqual({ success: true });
    const legacy = await call(em, "/contact-channels/send-verification-code", { ...h, body: { email: user.email, callback_url: "http://localhost:3000/verify" } });
    expect(legacy.json).toEqual({ success: true });
    const mail = await latestEmail(em, user.email);
    expect((await call(em, "/contact-channels/verify/check-code", { body: { code: mail.code } })).json).toEqual({ is_code_valid: true });
    expect((await call(em, "/contact-channels/verify", { access: "client", body: { code: mail.code } })).json).toEqual({ success: true });
    expect((await call(em, "/users/me", h)).json.primary_email_verified).toBe(true);
    expectKnown(await call(em, `/contact-channels/me/${channel.id}/send-verification-code`, { ...h, body: { callback_url: "http://localhost:3000/verify" } }), 409, "EMAIL_ALREADY_VERIFIED");
    expectKnown(
      await call(em, "/contact-channels/send-verification-code", { ...h, body: { email: freshEmail(), callback_url: "http://localhost:3000/verify" } }),
      400,
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
    );
  });
});

describe("sessions", () => {
  test("list marks the current session; another session can be revoked, the current one cannot", async () => {
    const user = await signUp(em);
    const second = (await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } })).json;
    const h = { accessToken: user.access_token };
    const listed = await call(em, "/auth/sessions?user_id=me", h);
    expect(listed.json.is_paginated).toBe(false);
    expect(listed.json.items).toHaveLength(2);
    expect(Object.keys(listed.json.items[0])).toEqual(["id", "user_id", "created_at", "last_used_at", "is_impersonation", "is_current_session"]);
    const current = listed.json.items.find((s: { is_current_session: boolean }) => s.is_current_session);
    const other = listed.json.items.find((s: { is_current_session: boolean }) => !s.is_current_session);
    expectKnown(await call(em, `/auth/sessions/${current.id}?user_id=me`, { ...h, method: "DELETE", body: {} }), 400, "CANNOT_DELETE_CURRENT_SESSION");
    expect((await call(em, `/auth/sessions/${other.id}?user_id=me`, { ...h, method: "DELETE", body: {} })).json).toEqual({ success: true });
    const missing = await call(em, `/auth/sessions/${other.id}?user_id=me`, { ...h, method: "DELETE", body: {} });
    expect([missing.status, missing.text]).toEqual([404, "Session not found."]);
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: second.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  test("DELETE /auth/sessions/current signs out; twice → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED; none → ACCESS_TOKEN_EXPIRED", async () => {
    const user = await signUp(em);
    expect((await call(em, "/auth/sessions/current", { method: "DELETE", accessToken: user.access_token, body: {} })).json).toEqual({ success: true });
    expectKnown(await call(em, "/auth/sessions/current", { method: "DELETE", accessToken: user.access_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expectKnown(await call(em, "/auth/sessions/current", { method: "DELETE", body: {} }), 401, "ACCESS_TOKEN_EXPIRED");
  });

  test("server creates sessions (impersonation hidden from the client list)", async () => {
    const user = await signUp(em);
    const r = await call(em, "/auth/sessions", { access: "server", body: { user_id: user.user_id, expires_in_millis: 60_000, is_impersonation: true } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["access_token", "refresh_token"]);
    expect((await call(em, "/users/me", { accessToken: r.json.access_token })).json.id).toBe(user.user_id);
    expect((await call(em, "/auth/sessions?user_id=me", { accessToken: user.access_token })).json.items).toHaveLength(1);
    expect((await call(em, `/auth/sessions?user_id=${user.user_id}`, { access: "admin" })).json.items).toHaveLength(2);
    const unknown = await call(em, "/auth/sessions", { access: "server", body: { user_id: "00000000-0000-4000-8000-000000000000" } });
    expectKnown(unknown, 400, "USER_ID_DOES_NOT_EXIST");
    const tooLong = await call(em, "/auth/sessions", { access: "server", body: { user_id: user.user_id, expires_in_millis: 31708800001 } });
    expect(expectKnown(tooLong, 400, "SCHEMA_ERROR").error).toContain("body.expires_in_millis must be less than or equal to 31708800000");
  });
});

describe("projects", () => {
  test("GET /projects/current has the client shape", async () => {
    const r = await call(em, "/projects/current");
    expect(r.json).toEqual({
      id: em.projectId,
      display_name: "Latchkey Demo",
      config: {
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: true,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: false,
        allow_localhost: true,
        allow_user_api_keys: true,
        allow_team_api_keys: true,
        enabled_oauth_providers: [{ id: "github" }, { id: "google" }, { id: "microsoft" }],
        domains: [{ domain: "http://localhost:*", handler_path: "/handler" }],
      },
    });
  });

  test("the admin API reads and changes the configuration", async () => {
    const read = await call(em, "/internal/projects/current", { access: "admin" });
    expect(read.json).toMatchObject({ id: em.projectId, owner_team_id: em.internal.adminUser && expect.any(String), config: { allow_localhost: true, oauth_account_merge_strategy: "link_method" } });
    const patched = await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] } } });
    expect(patched.json.config).toMatchObject({ sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] });
    expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "password123" } }), 400, "SIGN_UP_NOT_ENABLED");
    await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { sign_up_enabled: true, domains: [{ domain: "http://localhost:*", handler_path: "/handler" }] } } });
  });
});
