import type { RunningEmulator } from "../../src/emulator";
import { linkOAuthAccount } from "../../src/emulator/domain/oauth-accounts";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

let accountCounter = 1000;
const create = (userId: string, body: Record<string, unknown> = {}) =>
  call(em, "/oauth-providers", {
    access: "server",
    body: { user_id: userId, provider_config_id: "github", account_id: String(accountCounter++), email: "gh@example.com", allow_sign_in: true, allow_connected_accounts: true, ...body },
  });

describe("/oauth-providers", () => {
  test("server creates (201); client reads its own without account_id; user objects list the connection", async () => {
    const user = await signUp(em);
    const created = await create(user.user_id);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      user_id: user.user_id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "gh@example.com",
      provider_config_id: "github",
      type: "github",
      allow_sign_in: true,
      allow_connected_accounts: true,
      account_id: created.json.account_id,
    });
    const list = await call(em, "/oauth-providers?user_id=me", { accessToken: user.access_token });
    expect(list.json).toEqual({ items: [{ ...created.json, account_id: undefined }].map(({ account_id: _, ...rest }) => rest), is_paginated: false });
    const one = await call(em, `/oauth-providers/me/${created.json.id}`, { accessToken: user.access_token });
    expect(one.json.account_id).toBeUndefined();
    const me = await call(em, "/users/me", { accessToken: user.access_token });
    expect(me.json.oauth_providers).toEqual([{ id: "github", account_id: created.json.account_id, email: "gh@example.com" }]);
  });

  test("client updates and deletes its own; server may change email and account_id", async () => {
    const user = await signUp(em);
    const created = await create(user.user_id);
    const upd = await call(em, `/oauth-providers/me/${created.json.id}`, { method: "PATCH", accessToken: user.access_token, body: { allow_sign_in: false } });
    expect(upd.json).toMatchObject({ allow_sign_in: false, allow_connected_accounts: true });
    expectKnown(await call(em, `/oauth-providers/me/${created.json.id}`, { method: "PATCH", accessToken: user.access_token, body: { email: "x@y.co" } }), 400, "SCHEMA_ERROR");
    const srv = await call(em, `/oauth-providers/${user.user_id}/${created.json.id}`, { method: "PATCH", access: "server", body: { email: "new@example.com", account_id: "new-account" } });
    expect(srv.json).toMatchObject({ email: "new@example.com", account_id: "new-account" });
    expect((await call(em, `/oauth-providers/me/${created.json.id}`, { method: "DELETE", accessToken: user.access_token })).json).toEqual({ success: true });
    const gone = await call(em, `/oauth-providers/me/${created.json.id}`, { accessToken: user.access_token });
    expect([gone.status, gone.text]).toEqual([404, `OAuth provider ${created.json.id} for user ${user.user_id} not found`]);
  });

  test("uniqueness rules and unknown provider configs", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    const first = await create(a.user_id, { account_id: "shared-account" });
    const taken = await create(b.user_id, { account_id: "shared-account" });
    expect(expectKnown(taken, 400, "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN").error).toBe("A provider with the same account ID is already used for signing in.");
    expect((await create(b.user_id, { account_id: "shared-account", allow_sign_in: false })).status).toBe(201);
    const second = await create(a.user_id, { account_id: "other" });
    expect([second.status, second.text]).toEqual([400, "The same provider type with sign-in enabled already exists for this user."]);
    const dup = await create(a.user_id, { account_id: "shared-account", allow_sign_in: false });
    expect([dup.status, dup.text]).toEqual([400, "The same provider type with the same account ID already exists for this user."]);
    const unknown = await create(a.user_id, { provider_config_id: "gitlab" });
    expect([unknown.status, unknown.text]).toEqual([404, "OAuth provider gitlab not found or not configured"]);
    expect(first.status).toBe(201);
  });

  test("access matrix: clients only their own, create is server-only", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    const created = await create(a.user_id);
    expectKnown(await call(em, "/oauth-providers", { accessToken: a.access_token, body: { user_id: "me", provider_config_id: "github", account_id: "1", allow_sign_in: true, allow_connected_accounts: true } }), 401, "INSUFFICIENT_ACCESS_TYPE");
    const cases: [Promise<{ status: number; text: string }>, string][] = [
      [call(em, `/oauth-providers?user_id=${a.user_id}`, { accessToken: b.access_token }), "list"],
      [call(em, "/oauth-providers", { accessToken: b.access_token }), "list"],
      [call(em, `/oauth-providers/${a.user_id}/${created.json.id}`, { accessToken: b.access_token }), "read"],
      [call(em, `/oauth-providers/${a.user_id}/${created.json.id}`, { method: "PATCH", accessToken: b.access_token, body: {} }), "update"],
      [call(em, `/oauth-providers/${a.user_id}/${created.json.id}`, { method: "DELETE", accessToken: b.access_token }), "delete"],
    ];
    for (const [pending, verb] of cases) {
      const r = await pending;
      expect([r.status, r.text]).toEqual([403, `Client can only ${verb} OAuth providers for their own user.`]);
    }
    const all = await call(em, "/oauth-providers", { access: "server" });
    expect(all.json.items.some((p: { id: string }) => p.id === created.json.id)).toBe(true);
  });
});

describe("connected accounts", () => {
  test("lists connections and hands out the stored provider token (201), checking scopes", async () => {
    const user = await signUp(em);
    linkOAuthAccount(em.core.store, { projectId: em.projectId, userId: user.user_id, providerId: "github", accountId: "gh-1", email: null, scopes: ["repo", "user:email"], accessToken: "mock_token_1" });
    const list = await call(em, "/connected-accounts/me", { accessToken: user.access_token });
    expect(list.json).toEqual({ items: [{ user_id: user.user_id, provider: "github", provider_account_id: "gh-1" }], is_paginated: false });
    const token = await call(em, "/connected-accounts/me/github/access-token", { accessToken: user.access_token, body: { scope: "repo" } });
    expect([token.status, token.json]).toEqual([201, { access_token: "mock_token_1" }]);
    const byAccount = await call(em, `/connected-accounts/${user.user_id}/github/gh-1/access-token`, { access: "server", body: {} });
    expect(byAccount.json).toEqual({ access_token: "mock_token_1" });
    expectKnown(await call(em, "/connected-accounts/me/github/access-token", { accessToken: user.access_token, body: { scope: "admin:org" } }), 400, "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
    expectKnown(await call(em, "/connected-accounts/me/google/access-token", { accessToken: user.access_token, body: {} }), 400, "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
    expectKnown(await call(em, "/connected-accounts/me/github/gh-other/access-token", { accessToken: user.access_token, body: {} }), 400, "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
    expectKnown(await call(em, "/connected-accounts/me/gitlab/access-token", { accessToken: user.access_token, body: {} }), 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const noToken = await create(user.user_id, { provider_config_id: "google", account_id: "g-1" });
    expect(noToken.status).toBe(201);
    expectKnown(await call(em, "/connected-accounts/me/google/access-token", { accessToken: user.access_token, body: {} }), 400, "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE");
  });

  test("clients cannot use another user's connected accounts", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    linkOAuthAccount(em.core.store, { projectId: em.projectId, userId: a.user_id, providerId: "github", accountId: "gh-a", scopes: [], accessToken: "t" });
    const list = await call(em, `/connected-accounts/${a.user_id}`, { accessToken: b.access_token });
    expect([list.status, list.text]).toEqual([403, "Client can only list connected accounts for their own user."]);
    const token = await call(em, `/connected-accounts/${a.user_id}/github/access-token`, { accessToken: b.access_token, body: {} });
    expect([token.status, token.text]).toEqual([403, "Client can only access its own connected accounts"]);
  });
});
