import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const raw = (headers: Record<string, string>, path = "/users/me") =>
  fetch(`${em.url}/api/v1${path}`, { headers }).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    text: await res.clone().text(),
    json: await res.json().catch(() => undefined),
  }));

async function adminAccessToken(): Promise<string> {
  const r = await call(em, "/auth/password/sign-in", {
    projectId: "internal",
    body: { email: em.internal.adminUser.email, password: em.internal.adminUser.password },
  });
  expect(r.status).toBe(200);
  return r.json.access_token;
}

describe("auth resolution order (wire §3)", () => {
  test("1: a key without an access type → PROJECT_KEY_WITHOUT_ACCESS_TYPE", async () => {
    expectKnown(await raw({ "x-stack-project-id": em.projectId, "x-stack-publishable-client-key": em.keys.publishableClientKey }), 400, "PROJECT_KEY_WITHOUT_ACCESS_TYPE");
    expectKnown(await raw({ "x-hexclave-secret-server-key": "ssk_whatever" }), 400, "PROJECT_KEY_WITHOUT_ACCESS_TYPE");
  });

  test("2: no access type → no auth; routes needing one answer ACCESS_TYPE_REQUIRED", async () => {
    const body = expectKnown(await raw({ "x-stack-project-id": em.projectId }, "/projects/current"), 400, "ACCESS_TYPE_REQUIRED");
    expect(body.error).toBe(
      "You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication",
    );
  });

  test("3: an unknown access type → INVALID_ACCESS_TYPE", async () => {
    const body = expectKnown(await raw({ "x-stack-access-type": "root", "x-stack-project-id": em.projectId }), 400, "INVALID_ACCESS_TYPE");
    expect(body.error).toBe("The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'root'.");
    expect(body.details).toBeUndefined();
  });

  test("4: an access type without a project id → ACCESS_TYPE_WITHOUT_PROJECT_ID", async () => {
    const body = expectKnown(await raw({ "x-stack-access-type": "server" }), 400, "ACCESS_TYPE_WITHOUT_PROJECT_ID");
    expect(body.details).toEqual({ request_type: "server" });
  });

  test("5: a bad access token → UNPARSABLE_ACCESS_TOKEN, checked before the project exists", async () => {
    const r = await call(em, "/users/me", { projectId: "does-not-exist", accessToken: "not.a.jwt" });
    expect(expectKnown(r, 401, "UNPARSABLE_ACCESS_TOKEN").error).toBe("Access token is not parsable.");
  });

  test("5: a token of another project → INVALID_PROJECT_FOR_ACCESS_TOKEN", async () => {
    const token = await adminAccessToken();
    const body = expectKnown(await call(em, "/users/me", { accessToken: token }), 401, "INVALID_PROJECT_FOR_ACCESS_TOKEN");
    expect(body.details).toEqual({ expected_project_id: em.projectId, actual_project_id: "internal" });
  });

  test("5: an anonymous token without the allow header → ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", async () => {
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    expectKnown(await call(em, "/users/me", { accessToken: anon.access_token }), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    const ok = await call(em, "/users/me", { accessToken: anon.access_token, allowAnonymous: true });
    expect(ok.json).toMatchObject({ id: anon.user_id, is_anonymous: true, is_restricted: true, restricted_reason: { type: "anonymous" }, primary_email: null });
  });

  test("5: a restricted token needs x-stack-allow-restricted-user → else RESTRICTED_USER_NOT_ALLOWED", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.requireEmailVerification = true;
    try {
      const user = await signUp(em);
      const body = expectKnown(await call(em, "/users/me", { accessToken: user.access_token }), 403, "RESTRICTED_USER_NOT_ALLOWED");
      expect(body.details).toEqual({ restricted_reason: { type: "email_not_verified" } });
      const ok = await call(em, "/users/me", { accessToken: user.access_token, headers: { "x-stack-allow-restricted-user": "true" } });
      expect(ok.json).toMatchObject({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });
    } finally {
      config.requireEmailVerification = false;
    }
  });

  test("6: an unknown project → CURRENT_PROJECT_NOT_FOUND", async () => {
    const body = expectKnown(await call(em, "/projects/current", { projectId: "does-not-exist" }), 400, "CURRENT_PROJECT_NOT_FOUND");
    expect(body.details).toEqual({ project_id: "does-not-exist" });
    expect(body.error).toBe("The current project with ID does-not-exist was not found. Please check the value of the x-stack-project-id header.");
  });

  test("7: client keys: none is fine, a wrong one is INVALID_PUBLISHABLE_CLIENT_KEY, the sentinel means none", async () => {
    const base = { "x-stack-access-type": "client", "x-stack-project-id": em.projectId };
    expect((await raw(base, "/projects/current")).status).toBe(200);
    expect((await raw({ ...base, "x-stack-publishable-client-key": "__stack_public_client__" }, "/projects/current")).status).toBe(200);
    const body = expectKnown(await raw({ ...base, "x-stack-publishable-client-key": "pck_wrong" }, "/projects/current"), 401, "INVALID_PUBLISHABLE_CLIENT_KEY");
    expect(body.details).toEqual({ project_id: em.projectId });
    expect(body.error).toBe(`The publishable key is not valid for the project "${em.projectId}". Does the project and/or the key exist?`);
  });

  test("7: a project requiring publishable keys → PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.requirePublishableClientKey = true;
    try {
      const base = { "x-stack-access-type": "client", "x-stack-project-id": em.projectId };
      expectKnown(await raw(base, "/projects/current"), 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
      expectKnown(await raw({ ...base, "x-stack-publishable-client-key": "__stack_public_client__" }, "/projects/current"), 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
      expect((await call(em, "/projects/current")).status).toBe(200);
    } finally {
      config.requirePublishableClientKey = false;
    }
  });

  test("7: server and admin keys: missing and wrong", async () => {
    const s = { "x-stack-access-type": "server", "x-stack-project-id": em.projectId };
    expect(expectKnown(await raw(s), 401, "SERVER_AUTHENTICATION_REQUIRED").error).toBe("The secret server key must be provided.");
    expectKnown(await raw({ ...s, "x-stack-secret-server-key": em.keys.superSecretAdminKey }), 401, "INVALID_SECRET_SERVER_KEY");
    const a = { "x-stack-access-type": "admin", "x-stack-project-id": em.projectId };
    expectKnown(await raw(a), 401, "ADMIN_AUTHENTICATION_REQUIRED");
    const body = expectKnown(await raw({ ...a, "x-stack-super-secret-admin-key": "sak_wrong" }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY");
    expect(body.error).toBe(`The super secret admin key is not valid for the project "${em.projectId}". Does the project and/or the key exist?`);
  });

  test("7: keys of another project are rejected", async () => {
    const r = await raw({ "x-stack-access-type": "server", "x-stack-project-id": em.projectId, "x-stack-secret-server-key": em.internal.keys.secretServerKey }, "/projects/current");
    expectKnown(r, 401, "INVALID_SECRET_SERVER_KEY");
  });

  test("8: an unknown branch → BRANCH_DOES_NOT_EXIST (after the keys)", async () => {
    const body = expectKnown(await call(em, "/projects/current", { headers: { "x-stack-branch-id": "invalid-branch" } }), 400, "BRANCH_DOES_NOT_EXIST");
    expect(body.details).toEqual({ branch_id: "invalid-branch" });
    expectKnown(await call(em, "/projects/current", { access: "server", headers: { "x-stack-branch-id": "x", "x-stack-secret-server-key": "bad" } }), 401, "INVALID_SECRET_SERVER_KEY");
  });

  test("9: a client on a server route → INSUFFICIENT_ACCESS_TYPE", async () => {
    const body = expectKnown(await call(em, "/auth/sessions", { body: { user_id: em.internal.adminUser.id } }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expect(body.details).toEqual({ actual_access_type: "client", allowed_access_types: ["server", "admin"] });
    expect(body.error).toBe("The x-stack-access-type header must be 'server' or 'admin', but was 'client'.");
    expectKnown(await call(em, "/internal/projects/current", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });

  test("the x-hexclave-* prefix works for every header", async () => {
    const user = await signUp(em);
    const r = await call(em, "/users/me", { prefix: "x-hexclave-", accessToken: user.access_token });
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(user.user_id);
    expect((await call(em, "/internal/projects/current", { prefix: "x-hexclave-", access: "admin" })).status).toBe(200);
  });
});

describe("admin access tokens", () => {
  test("an internal user's token manages the projects their team owns", async () => {
    const token = await adminAccessToken();
    const r = await raw(
      { "x-stack-access-type": "admin", "x-stack-project-id": em.projectId, "x-stack-admin-access-token": token },
      "/internal/projects/current",
    );
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(em.projectId);
  });

  test("bad, foreign and non-owner tokens are rejected", async () => {
    const h = { "x-stack-access-type": "admin", "x-stack-project-id": em.projectId };
    expectKnown(await raw({ ...h, "x-stack-admin-access-token": "garbage" }, "/internal/projects/current"), 401, "UNPARSABLE_ADMIN_ACCESS_TOKEN");
    const demoUser = await signUp(em);
    expectKnown(await raw({ ...h, "x-stack-admin-access-token": demoUser.access_token }, "/internal/projects/current"), 401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
    const stranger = await call(em, "/auth/password/sign-up", { projectId: "internal", body: { email: "stranger@example.com", password: "password123" } });
    expectKnown(await raw({ ...h, "x-stack-admin-access-token": stranger.json.access_token }, "/internal/projects/current"), 401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
  });

  test("an expired admin access token → ADMIN_ACCESS_TOKEN_EXPIRED", async () => {
    em.settings.accessTokenTtlSeconds = 0;
    const token = await adminAccessToken().finally(() => (em.settings.accessTokenTtlSeconds = 600));
    const r = await raw({ "x-stack-access-type": "admin", "x-stack-project-id": em.projectId, "x-stack-admin-access-token": token }, "/internal/projects/current");
    expect(expectKnown(r, 401, "ADMIN_ACCESS_TOKEN_EXPIRED").details).toHaveProperty("expired_at_millis");
  });
});

describe("users can only reach their own data", () => {
  test("a client cannot read, change or delete another user", async () => {
    const alice = await signUp(em);
    const bob = await signUp(em);
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const r = await call(em, `/users/${bob.user_id}`, { method, accessToken: alice.access_token, ...(method === "PATCH" ? { body: { display_name: "x" } } : {}) });
      expectKnown(r, 401, "INSUFFICIENT_ACCESS_TYPE"); // the platform serves users by id to server and admin only
    }
    expect((await call(em, `/auth/sessions?user_id=${bob.user_id}`, { accessToken: alice.access_token })).status).toBe(403);
    expect((await call(em, `/contact-channels?user_id=${bob.user_id}`, { accessToken: alice.access_token })).status).toBe(403);
    const me = await call(em, "/users/me", { accessToken: alice.access_token });
    expect(me.json.id).toBe(alice.user_id);
  });

  test("'me' without a user → CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    expectKnown(await call(em, "/auth/sessions?user_id=me"), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expectKnown(await call(em, "/users/me", { access: "server" }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  test("routes needing a user say auth.user must be defined", async () => {
    const r = await call(em, "/auth/password/set", { body: { password: "password123" } });
    expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toBe("Request validation failed on POST /api/v1/auth/password/set:\n  - auth.user must be defined");
  });
});
