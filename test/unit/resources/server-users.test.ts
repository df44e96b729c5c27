import nock from "nock";
import { ArgumentError, KnownErrors, ServerApp } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const SSK = "ssk_unit_test";
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const T1 = "3f1e0a52-0000-4000-8000-0000000000f1";
const C0 = "3f1e0a52-0000-4000-8000-0000000000c0";
const S1 = "3f1e0a52-0000-4000-8000-0000000000a1";
const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const serverUserJson = (overrides: Record<string, unknown> = {}) =>
  userJson({
    primary_email_auth_enabled: true,
    server_metadata: { plan: "pro" },
    last_active_at_millis: 1_760_000_000_000,
    restricted_by_admin_private_details: null,
    country_code: null,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
    ...overrides,
  });

function server(options: Record<string, unknown> = {}) {
  return new ServerApp({
    projectId: PROJECT,
    baseUrl: BASE,
    secretServerKey: SSK,
    tokenStore: "memory",
    retry: { sleep: async () => {}, random: () => 0.5 },
    ...options,
  });
}

/** Intercepts with server headers checked. */
const api = () => nock(BASE).matchHeader("x-stack-access-type", "server").matchHeader("x-stack-secret-server-key", SSK);

async function fetchedUser(app = server()) {
  api().get(`/api/v1/users/${U1}`).reply(...json(serverUserJson()));
  return (await app.getUser(U1))!;
}

describe("createUser", () => {
  test("POST /users with a snake_case body and server headers; the 201 answer maps to a ServerUser", async () => {
    let body: any;
    api()
      .post("/api/v1/users", (b) => ((body = b), true))
      .reply(...json(serverUserJson({ display_name: "Ada", selected_team: null }), 201));
    const user = await server().createUser({
      primaryEmail: "ada@example.com",
      primaryEmailAuthEnabled: true,
      password: "correct horse",
      otpAuthEnabled: false,
      displayName: "Ada",
      primaryEmailVerified: true,
      clientMetadata: { a: 1 },
      clientReadOnlyMetadata: { b: 2 },
      serverMetadata: { c: 3 },
    });
    expect(body).toEqual({
      primary_email: "ada@example.com",
      primary_email_auth_enabled: true,
      password: "correct horse",
      otp_auth_enabled: false,
      display_name: "Ada",
      primary_email_verified: true,
      client_metadata: { a: 1 },
      client_read_only_metadata: { b: 2 },
      server_metadata: { c: 3 },
    });
    expect(user).toMatchObject({
      id: U1,
      displayName: "Ada",
      primaryEmail: "ada@example.com",
      primaryEmailAuthEnabled: true,
      signedUpAt: new Date(1735600000000),
      lastActiveAt: new Date(1_760_000_000_000),
      serverMetadata: { plan: "pro" },
      restrictedByAdmin: false,
      restrictedByAdminReason: null,
      restrictedByAdminPrivateDetails: null,
      countryCode: null,
      selectedTeam: null,
    });
    expect(typeof user.update).toBe("function");
  });

  test("without data it sends {}; bad fields are refused before any request", async () => {
    let body: any;
    api().post("/api/v1/users", (b) => ((body = b), true)).reply(...json(serverUserJson(), 201));
    await server().createUser();
    expect(body).toEqual({});
    const app = server();
    await expect(app.createUser(null as never)).rejects.toThrow(ArgumentError);
    await expect(app.createUser({ primaryEmail: 5 as never })).rejects.toThrow(ArgumentError);
    await expect(app.createUser({ password: "" })).rejects.toThrow(ArgumentError);
    await expect(app.createUser({ primaryEmailVerified: "yes" as never })).rejects.toThrow(ArgumentError);
    await expect(app.createUser({ serverMetadata: () => 1 })).rejects.toThrow(ArgumentError);
  });
});

describe("getUser", () => {
  test("getUser(id) reads GET /users/{id} once (cached); USER_NOT_FOUND gives null", async () => {
    const app = server();
    api().get(`/api/v1/users/${U1}`).once().reply(...json(serverUserJson()));
    const [a, b] = await Promise.all([app.getUser(U1), app.getUser(U1)]);
    expect(a!.id).toBe(U1);
    expect(b!.lastActiveAt).toEqual(new Date(1_760_000_000_000));
    const missing = "9d0c2f5e-1111-4222-8333-444455556666"; // well-formed: a non-UUID is refused before any request
    api().get(`/api/v1/users/${missing}`).reply(...knownErrorReply("USER_NOT_FOUND", 404));
    expect(await app.getUser(missing)).toBeNull();
    expect(nock.isDone()).toBe(true);
  });

  test("getUser('') and other arguments are refused before any request", async () => {
    const app = server();
    await expect(app.getUser("")).rejects.toThrow(ArgumentError);
    await expect(app.getUser({ apiKey: "" })).rejects.toThrow(ArgumentError);
    await expect(app.getUser({ apiKey: "k", tokenStore: "memory" } as never)).rejects.toThrow(ArgumentError);
    await expect(app.getUser({ apiKey: "k", or: "redirect" } as never)).rejects.toThrow(ArgumentError);
    await expect(app.getUser(5 as never)).rejects.toThrow(ArgumentError);
  });

  test("getUser({ apiKey }) checks the key, then reads its owner; an invalid key gives null", async () => {
    let body: any;
    api()
      .post("/api/v1/user-api-keys/check", (b) => ((body = b), true))
      .reply(...json({ id: "k1", description: "", is_public: false, created_at_millis: 0, type: "user", user_id: U1, value: { last_four: "abcd" } }))
      .get(`/api/v1/users/${U1}`)
      .reply(...json(serverUserJson()));
    const app = server();
    expect((await app.getUser({ apiKey: "sk_secret" }))!.id).toBe(U1);
    expect(body).toEqual({ api_key: "sk_secret" });
    for (const code of ["API_KEY_NOT_FOUND", "API_KEY_REVOKED", "API_KEY_EXPIRED"]) {
      api().post("/api/v1/user-api-keys/check").reply(...knownErrorReply(code, code === "API_KEY_NOT_FOUND" ? 404 : 401));
      expect(await app.getUser({ apiKey: "sk_bad" })).toBeNull();
    }
  });

  test("getUser({ tokenStore }) reads /users/me with the session's token and the server key, in server form", async () => {
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    api()
      .matchHeader("x-stack-access-token", tokens.accessToken)
      .get("/api/v1/users/me")
      .reply(...json(serverUserJson()));
    const user = await server().getUser({ tokenStore: tokens, or: "throw" });
    expect(user.serverMetadata).toEqual({ plan: "pro" });
    expect(user.lastActiveAt).toEqual(new Date(1_760_000_000_000));
    expect(await user.getAccessToken()).toBe(tokens.accessToken);
    expect(typeof user.grantPermission).toBe("function");
    expect(await server().getUser()).toBeNull();
  });
});

describe("listUsers", () => {
  test("sends every option as its wire query parameter and returns the page with nextCursor", async () => {
    api()
      .get("/api/v1/users")
      .query({
        cursor: C0,
        limit: "2",
        order_by: "signed_up_at",
        desc: "true",
        query: "ada",
        team_id: T1,
        include_restricted: "true",
        include_anonymous: "false",
      })
      .reply(...json({ items: [serverUserJson(), serverUserJson({ id: "u2" })], is_paginated: true, pagination: { next_cursor: "c1" } }));
    const page = await server().listUsers({
      cursor: C0,
      limit: 2,
      orderBy: "signedUpAt",
      desc: true,
      query: "ada",
      teamId: T1,
      includeRestricted: true,
      includeAnonymous: false,
    });
    expect(page.map((u) => u.id)).toEqual([U1, "u2"]);
    expect(page.nextCursor).toBe("c1");
    expect(page[0].signedUpAt).toEqual(new Date(1735600000000));
  });

  test("no options: no query parameters; the last page has nextCursor null", async () => {
    api().get("/api/v1/users").query({}).reply(...json({ items: [], is_paginated: true, pagination: { next_cursor: null } }));
    const page = await server().listUsers();
    expect(page).toHaveLength(0);
    expect(page.nextCursor).toBeNull();
  });

  test("bad arguments are refused before any request", async () => {
    const app = server();
    for (const bad of [{ limit: 0 }, { limit: 1.5 }, { orderBy: "email" }, { desc: "yes" }, { cursor: "" }, { teamId: 3 }, { query: 1 }, { includeAnonymous: 1 }, { nope: 1 }]) {
      await expect(app.listUsers(bad as never)).rejects.toThrow(ArgumentError);
    }
    await expect(app.listUsers(null as never)).rejects.toThrow(ArgumentError);
  });
});

describe("ServerUser actions", () => {
  test("update sends PATCH /users/{id} with snake_case server fields, then getUser refetches", async () => {
    const app = server();
    const user = await fetchedUser(app);
    let body: any;
    api()
      .patch(`/api/v1/users/${U1}`, (b) => ((body = b), true))
      .reply(...json(serverUserJson()))
      .get(`/api/v1/users/${U1}`)
      .reply(...json(serverUserJson({ display_name: "Grace" })));
    await user.update({
      displayName: "Grace",
      primaryEmail: "g@example.com",
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: "new password!",
      clientMetadata: 1,
      clientReadOnlyMetadata: 2,
      serverMetadata: 3,
      selectedTeamId: null,
      otpAuthEnabled: true,
      passkeyAuthEnabled: false,
      totpMultiFactorSecret: new Uint8Array([1, 2, 3]),
    });
    expect(body).toEqual({
      display_name: "Grace",
      primary_email: "g@example.com",
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "new password!",
      client_metadata: 1,
      client_read_only_metadata: 2,
      server_metadata: 3,
      selected_team_id: null,
      otp_auth_enabled: true,
      passkey_auth_enabled: false,
      totp_secret_base64: "AQID",
    });
    expect((await app.getUser(U1))!.displayName).toBe("Grace");
    expect(nock.isDone()).toBe(true);
  });

  test("setters send the matching PATCH bodies; bad values are refused first", async () => {
    const user = await fetchedUser();
    const bodies: unknown[] = [];
    api()
      .patch(`/api/v1/users/${U1}`, (b) => (bodies.push(b), true))
      .times(5)
      .reply(...json(serverUserJson()));
    await user.setDisplayName("Ada");
    await user.setClientMetadata({ x: 1 });
    await user.setClientReadOnlyMetadata({ y: 2 });
    await user.setServerMetadata({ z: 3 });
    await user.setPrimaryEmail("ada@new.example", { verified: true });
    expect(bodies).toEqual([
      { display_name: "Ada" },
      { client_metadata: { x: 1 } },
      { client_read_only_metadata: { y: 2 } },
      { server_metadata: { z: 3 } },
      { primary_email: "ada@new.example", primary_email_verified: true },
    ]);
    await expect(user.setPrimaryEmail("")).rejects.toThrow(ArgumentError);
    await expect(user.setDisplayName(3 as never)).rejects.toThrow(ArgumentError);
    await expect(user.update({ primaryEmailVerified: "y" as never })).rejects.toThrow(ArgumentError);
    await expect(user.update(null as never)).rejects.toThrow(ArgumentError);
  });

  test("delete sends DELETE /users/{id}; the next getUser reads again", async () => {
    const app = server();
    const user = await fetchedUser(app);
    api().delete(`/api/v1/users/${U1}`).reply(...json({ success: true }));
    api().get(`/api/v1/users/${U1}`).reply(...knownErrorReply("USER_NOT_FOUND", 404));
    await user.delete();
    expect(await app.getUser(U1)).toBeNull();
  });

  test("grant/revoke permissions at team and project scope, and reads with user_id={id}", async () => {
    const user = await fetchedUser();
    api()
      .post(`/api/v1/team-permissions/${T1}/${U1}/team_admin`, {})
      .reply(...json({ id: "team_admin", team_id: T1, user_id: U1 }, 201))
      .delete(`/api/v1/team-permissions/${T1}/${U1}/team_admin`)
      .reply(...json({ success: true }))
      .post(`/api/v1/project-permissions/${U1}/billing`, {})
      .reply(...json({ id: "billing", user_id: U1 }, 201))
      .delete(`/api/v1/project-permissions/${U1}/billing`)
      .reply(...json({ success: true }));
    await user.grantPermission({ id: T1 }, "team_admin");
    await user.revokePermission(T1, "team_admin");
    await user.grantPermission("billing");
    await user.revokePermission("billing");
    api()
      .get("/api/v1/team-permissions")
      .query({ team_id: T1, user_id: U1, recursive: "true" })
      .times(2)
      .reply(...json({ items: [{ id: "team_admin", team_id: T1, user_id: U1 }] }))
      .get("/api/v1/project-permissions")
      .query({ user_id: U1, recursive: "false" })
      .reply(...json({ items: [{ id: "billing", user_id: U1 }] }));
    expect(await user.hasPermission(T1, "team_admin")).toBe(true);
    expect(await user.getPermission(T1, "other")).toBeNull();
    expect(await user.listPermissions({ recursive: false })).toEqual([{ id: "billing" }]);
    expect(nock.isDone()).toBe(true);
    await expect(user.grantPermission("")).rejects.toThrow(ArgumentError);
    await expect(user.revokePermission(T1, "")).rejects.toThrow(ArgumentError);
    await expect(user.listPermissions({ recursive: 1 } as never)).rejects.toThrow(ArgumentError);
  });

  test("createSession sends POST /auth/sessions with the defaults and returns the tokens", async () => {
    const user = await fetchedUser();
    const bodies: unknown[] = [];
    api()
      .post("/api/v1/auth/sessions", (b) => (bodies.push(b), true))
      .times(2)
      .reply(...json({ access_token: "at", refresh_token: "rt" }));
    const session = await user.createSession();
    expect(await session.getTokens()).toEqual({ accessToken: "at", refreshToken: "rt" });
    await user.createSession({ expiresInMillis: 60_000, isImpersonation: true });
    expect(bodies).toEqual([
      { user_id: U1, expires_in_millis: 31536000000, is_impersonation: false },
      { user_id: U1, expires_in_millis: 60_000, is_impersonation: true },
    ]);
    await expect(user.createSession({ expiresInMillis: -1 })).rejects.toThrow(ArgumentError);
    await expect(user.createSession({ expiresInMillis: 31_708_800_001 })).rejects.toThrow(ArgumentError);
    await expect(user.createSession({ isImpersonation: "yes" as never })).rejects.toThrow(ArgumentError);
  });

  test("createSession for a deleted user throws USER_ID_DOES_NOT_EXIST", async () => {
    const user = await fetchedUser();
    api().post("/api/v1/auth/sessions").reply(...knownErrorReply("USER_ID_DOES_NOT_EXIST", 400, { user_id: U1 }));
    const error = await caught(user.createSession());
    expect(KnownErrors.UserIdDoesNotExist.isInstance(error)).toBe(true);
  });

  test("contact channels use the server paths /contact-channels/{userId}/{id} and may set isVerified", async () => {
    const user = await fetchedUser();
    const channel = { id: "c1", user_id: U1, type: "email", value: "a@example.com", is_primary: true, is_verified: false, used_for_auth: true };
    let createBody: any;
    let patchBody: any;
    api()
      .get("/api/v1/contact-channels")
      .query({ user_id: U1 })
      .reply(...json({ items: [channel] }))
      .post("/api/v1/contact-channels", (b) => ((createBody = b), true))
      .reply(...json({ ...channel, id: "c2", is_primary: false, is_verified: true }, 201))
      .patch(`/api/v1/contact-channels/${U1}/c1`, (b) => ((patchBody = b), true))
      .reply(...json({ ...channel, is_verified: true }))
      .delete(`/api/v1/contact-channels/${U1}/c2`)
      .reply(...json({ success: true }));
    const [c1] = await user.listContactChannels();
    expect(c1).toMatchObject({ id: "c1", value: "a@example.com", isPrimary: true, isVerified: false, usedForAuth: true });
    const c2 = await user.createContactChannel({ type: "email", value: "b@example.com", usedForAuth: false, isVerified: true });
    expect(createBody).toEqual({ user_id: U1, type: "email", value: "b@example.com", used_for_auth: false, is_verified: true });
    expect(c2.isVerified).toBe(true);
    await c1.update({ isVerified: true });
    expect(patchBody).toEqual({ is_verified: true });
    await c2.delete();
    await expect(user.createContactChannel({ type: "sms", value: "x", usedForAuth: false } as never)).rejects.toThrow(ArgumentError);
    await expect(c1.update({ isVerified: "y" } as never)).rejects.toThrow(ArgumentError);
  });

  test("sessions are listed and revoked with user_id={id}", async () => {
    const user = await fetchedUser();
    const s = { id: S1, user_id: U1, created_at: 1_700_000_000_000, last_used_at: null, is_impersonation: false, is_current_session: false };
    api()
      .get("/api/v1/auth/sessions")
      .query({ user_id: U1 })
      .reply(...json({ items: [s] }))
      .delete(`/api/v1/auth/sessions/${S1}`)
      .query({ user_id: U1 })
      .reply(...json({ success: true }));
    expect(await user.getActiveSessions()).toEqual([
      { id: S1, userId: U1, createdAt: new Date(1_700_000_000_000), isImpersonation: false, lastUsedAt: undefined, isCurrentSession: false },
    ]);
    await user.revokeSession(S1);
    await expect(user.revokeSession("")).rejects.toThrow(ArgumentError);
  });

  test("teams and API keys are read for the user ({ user_id: id })", async () => {
    const user = await fetchedUser();
    let keyBody: any;
    api()
      .get("/api/v1/teams")
      .query({ user_id: U1 })
      .reply(...json({ items: [{ id: T1, display_name: "Ops", profile_image_url: null, client_metadata: null, client_read_only_metadata: null, created_at_millis: 5, server_metadata: null }] }))
      .get("/api/v1/user-api-keys")
      .query({ user_id: U1 })
      .reply(...json({ items: [{ id: "k1", description: "ci", is_public: false, created_at_millis: 1, type: "user", user_id: U1, value: { last_four: "abcd" } }] }))
      .post("/api/v1/user-api-keys", (b) => ((keyBody = b), true))
      .reply(...json({ id: "k2", description: "job", is_public: false, created_at_millis: 2, type: "user", user_id: U1, value: "sk_full" }));
    const [team] = await user.listTeams();
    expect(team).toMatchObject({ id: T1, displayName: "Ops", createdAt: new Date(5) });
    const [key] = await user.listApiKeys();
    expect(key).toMatchObject({ id: "k1", userId: U1, value: { lastFour: "abcd" } });
    const created = await user.createApiKey({ description: "job", expiresAt: null });
    expect(created.value).toBe("sk_full");
    expect(keyBody).toEqual({ description: "job", expires_at_millis: null, user_id: U1 });
  });
});

describe("checkApiKey", () => {
  const keyJson = (type: "user" | "team") => ({
    id: "k1",
    description: "",
    is_public: false,
    created_at_millis: 0,
    type,
    ...(type === "user" ? { user_id: U1 } : { team_id: T1 }),
    value: { last_four: "abcd" },
  });
  const marked = (type: string) => `sk_${"a".repeat(45)}${"0".repeat(32)}${type}0574ck4u7h0123abcd`;

  test("the key's marker picks the endpoint", async () => {
    api().post("/api/v1/team-api-keys/check", { api_key: marked("team") }).reply(...json(keyJson("team")));
    const result = await server().checkApiKey(marked("team"));
    expect(result.status).toBe("ok");
    expect(result.status === "ok" && result.data).toMatchObject({ type: "team", teamId: T1 });
  });

  test("without a marker: user check first, then team; invalid keys come back as error results", async () => {
    api()
      .post("/api/v1/user-api-keys/check")
      .reply(...knownErrorReply("API_KEY_NOT_FOUND", 404))
      .post("/api/v1/team-api-keys/check")
      .reply(...json(keyJson("team")));
    expect((await server().checkApiKey("legacy-key")).status).toBe("ok");
    api().post("/api/v1/user-api-keys/check").reply(...knownErrorReply("API_KEY_REVOKED", 401));
    const revoked = await server().checkApiKey(marked("user"));
    expect(revoked.status === "error" && KnownErrors.ApiKeyRevoked.isInstance(revoked.error)).toBe(true);
    await expect(server().checkApiKey("")).rejects.toThrow(ArgumentError);
  });
});
