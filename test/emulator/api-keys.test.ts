import type { RunningEmulator } from "../../src/emulator";
import { crc32Hex, findApiKeyUser } from "../../src/emulator/domain/api-keys";
import { addTeamMember } from "../../src/emulator/domain/teams";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const userKey = (accessToken: string, body: Record<string, unknown> = {}) =>
  call(em, "/user-api-keys", { accessToken, body: { user_id: "me", description: "CI key", expires_at_millis: null, ...body } });

function withConfig(patch: { allowUserApiKeys?: boolean; allowTeamApiKeys?: boolean }, fn: () => Promise<void>) {
  const config = em.core.store.projects.get(em.projectId)!.config;
  const saved = { allowUserApiKeys: config.allowUserApiKeys, allowTeamApiKeys: config.allowTeamApiKeys };
  Object.assign(config, patch);
  return fn().finally(() => Object.assign(config, saved));
}

describe("key format", () => {
  test("crc32 matches the IEEE check value", () => {
    expect(crc32Hex("123456789")).toBe("cbf43926");
  });

  test("create returns 200 with the full value in the platform's format; reads show last_four only", async () => {
    const user = await signUp(em);
    const created = await userKey(user.access_token);
    expect(created.status).toBe(200);
    expect(Object.keys(created.json)).toEqual(["id", "description", "is_public", "created_at_millis", "value", "user_id", "type"]);
    expect(created.json).toMatchObject({ description: "CI key", is_public: false, user_id: user.user_id, type: "user" });
    const value: string = created.json.value;
    const m = /^sk_([a-z2-7]{45})([0-9a-f]{32})user1574ck4u7h([0-9a-f]{8})$/.exec(value);
    expect(m).not.toBeNull();
    expect(m![2]).toBe(created.json.id.replace(/-/g, ""));
    expect(m![3]).toBe(crc32Hex(value.slice(0, -8)));
    const pub = await userKey(user.access_token, { is_public: true });
    expect(pub.json.value).toMatch(/^pk_.{77}user3574ck4u7h[0-9a-f]{8}$/);

    const read = await call(em, `/user-api-keys/${created.json.id}?user_id=me`, { accessToken: user.access_token });
    expect(read.json.value).toEqual({ last_four: value.slice(-4) });
    const stored = JSON.stringify(em.core.store.extra["api-keys"]);
    expect(stored).not.toContain(value);
    expect(findApiKeyUser(em.core.store, em.projectId, value)?.id).toBe(user.user_id);
  });
});

describe("user API keys", () => {
  test("list (newest first), patch description, revoke, check", async () => {
    const user = await signUp(em);
    const first = await userKey(user.access_token, { description: "first" });
    const expiring = Date.now() + 3_600_000;
    const second = await userKey(user.access_token, { description: "second", expires_at_millis: expiring });
    expect(second.json.expires_at_millis).toBe(expiring);
    const listed = await call(em, "/user-api-keys?user_id=me", { accessToken: user.access_token });
    expect(listed.json.is_paginated).toBe(false);
    expect(listed.json.items.map((k: { description: string }) => k.description)).toEqual(["second", "first"]);

    const checked = await call(em, "/user-api-keys/check", { access: "server", body: { api_key: first.json.value } });
    expect(checked.status).toBe(200);
    expect(checked.json).toMatchObject({ id: first.json.id, value: { last_four: first.json.value.slice(-4) } });

    const renamed = await call(em, `/user-api-keys/${first.json.id}?user_id=me`, { method: "PATCH", accessToken: user.access_token, body: { description: "renamed" } });
    expect(renamed.json).toMatchObject({ description: "renamed" });
    expect(renamed.json.manually_revoked_at_millis).toBeUndefined();
    const revoked = await call(em, `/user-api-keys/${first.json.id}?user_id=me`, { method: "PATCH", accessToken: user.access_token, body: { revoked: true } });
    expect(revoked.json.manually_revoked_at_millis).toEqual(expect.any(Number));
    const body = expectKnown(await call(em, "/user-api-keys/check", { access: "server", body: { api_key: first.json.value } }), 401, "API_KEY_REVOKED");
    expect(body.error).toBe("API key has been revoked.");
    expect(findApiKeyUser(em.core.store, em.projectId, first.json.value)).toBeUndefined();
    const notTrue = await call(em, `/user-api-keys/${first.json.id}?user_id=me`, { method: "PATCH", accessToken: user.access_token, body: { revoked: false } });
    expectKnown(notTrue, 400, "SCHEMA_ERROR");
  });

  test("check errors: not found, wrong type, expired", async () => {
    const user = await signUp(em);
    expect(expectKnown(await call(em, "/user-api-keys/check", { access: "server", body: { api_key: "sk_fake" } }), 404, "API_KEY_NOT_FOUND").error).toBe("API key not found.");
    const expired = await userKey(user.access_token, { expires_at_millis: Date.now() - 1000 });
    expect(expired.status).toBe(200);
    expect(expectKnown(await call(em, "/user-api-keys/check", { access: "server", body: { api_key: expired.json.value } }), 401, "API_KEY_EXPIRED").error).toBe("API key has expired.");
    const me = await call(em, "/users/me", { accessToken: user.access_token });
    const team = await call(em, "/team-api-keys", { accessToken: user.access_token, body: { team_id: me.json.selected_team_id, description: "t", expires_at_millis: null } });
    expect(team.status).toBe(200);
    const wrong = expectKnown(await call(em, "/user-api-keys/check", { access: "server", body: { api_key: team.json.value } }), 400, "WRONG_API_KEY_TYPE");
    expect(wrong).toEqual({ code: "WRONG_API_KEY_TYPE", details: { expected_type: "user", actual_type: "team" }, error: "This endpoint is for user API keys, but a team API key was provided." });
  });

  test("access matrix: clients cannot check, read or change another user's keys; server can", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    const key = await userKey(a.access_token);
    expectKnown(await call(em, "/user-api-keys/check", { accessToken: a.access_token, body: { api_key: key.json.value } }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expectKnown(await call(em, "/user-api-keys/check", { access: "server", headers: { "x-stack-secret-server-key": "ssk_wrong" }, body: { api_key: key.json.value } }), 401, "INVALID_SECRET_SERVER_KEY");
    expectKnown(await call(em, "/user-api-keys?user_id=me", { accessToken: a.access_token, headers: { "x-stack-publishable-client-key": "pck_wrong" } }), 401, "INVALID_PUBLISHABLE_CLIENT_KEY");
    for (const r of [
      await call(em, `/user-api-keys?user_id=${a.user_id}`, { accessToken: b.access_token }),
      await call(em, "/user-api-keys", { accessToken: b.access_token, body: { user_id: a.user_id, description: "x", expires_at_millis: null } }),
      await call(em, `/user-api-keys/${key.json.id}?user_id=${a.user_id}`, { accessToken: b.access_token }),
      await call(em, `/user-api-keys/${key.json.id}?user_id=${a.user_id}`, { method: "PATCH", accessToken: b.access_token, body: { revoked: true } }),
    ]) {
      expect([r.status, r.text]).toEqual([403, "Client can only manage their own api keys"]);
    }
    const serverCreated = await call(em, "/user-api-keys", { access: "server", body: { user_id: b.user_id, description: "by server", expires_at_millis: null } });
    expect(serverCreated.status).toBe(200);
    expect((await call(em, `/user-api-keys/${key.json.id}`, { access: "server" })).json.user_id).toBe(a.user_id);
    const noUserId = expectKnown(await call(em, "/user-api-keys", { access: "server" }), 400, "SCHEMA_ERROR");
    expect(noUserId).toEqual({ code: "SCHEMA_ERROR", details: { message: "user_id is required for user API keys" }, error: "user_id is required for user API keys" });
    // like the platform, a read by id needs no user_id: the key's own user may read it
    expect((await call(em, `/user-api-keys/${key.json.id}`, { accessToken: a.access_token })).json.user_id).toBe(a.user_id);
    expectKnown(await call(em, "/user-api-keys/00000000-0000-4000-8000-000000000000", { access: "server" }), 404, "API_KEY_NOT_FOUND");
    expectKnown(await call(em, "/user-api-keys", { access: "server", body: { user_id: "00000000-0000-4000-8000-000000000000", description: "x", expires_at_millis: null } }), 404, "USER_NOT_FOUND");
    expectKnown(await call(em, "/user-api-keys?user_id=me"), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  test("feature switches answer the platform's 400 texts", async () => {
    const user = await signUp(em);
    await withConfig({ allowUserApiKeys: false, allowTeamApiKeys: false }, async () => {
      const r = await userKey(user.access_token);
      expect([r.status, r.text]).toEqual([400, "User API keys are not enabled for this project."]);
      const l = await call(em, "/user-api-keys?user_id=me", { accessToken: user.access_token });
      expect(l.text).toBe("User API keys are not enabled for this project.");
      const me = await call(em, "/users/me", { accessToken: user.access_token });
      const t = await call(em, "/team-api-keys", { accessToken: user.access_token, body: { team_id: me.json.selected_team_id, description: "x", expires_at_millis: null } });
      expect([t.status, t.text]).toEqual([400, "Team API keys are not enabled for this project."]);
    });
  });
});

test("keys of deleted users stop resolving", async () => {
  const user = await signUp(em);
  const key = await userKey(user.access_token);
  em.core.store.deleteUser(user.user_id);
  expectKnown(await call(em, "/user-api-keys/check", { access: "server", body: { api_key: key.json.value } }), 404, "API_KEY_NOT_FOUND");
  expect(findApiKeyUser(em.core.store, em.projectId, key.json.value)).toBeUndefined();
});

describe("team API keys", () => {
  test("team admins manage keys; members without $manage_api_keys and outsiders get API_KEY_NOT_FOUND", async () => {
    const owner = await signUp(em);
    const member = await signUp(em);
    const outsider = await signUp(em);
    const teamId = (await call(em, "/users/me", { accessToken: owner.access_token })).json.selected_team_id as string;
    addTeamMember(em.core, em.core.store.teams.get(teamId)!, member.user_id, ["team_member"]);
    const created = await call(em, "/team-api-keys", { accessToken: owner.access_token, body: { team_id: teamId, description: "deploy", expires_at_millis: null } });
    expect(created.status).toBe(200);
    expect(Object.keys(created.json)).toEqual(["id", "description", "is_public", "created_at_millis", "value", "team_id", "type"]);
    expect(created.json.value).toMatch(/^sk_.{77}team1574ck4u7h[0-9a-f]{8}$/);
    const listed = await call(em, `/team-api-keys?team_id=${teamId}`, { accessToken: owner.access_token });
    expect(listed.json.items).toHaveLength(1);
    const read = await call(em, `/team-api-keys/${created.json.id}?team_id=${teamId}`, { accessToken: owner.access_token });
    expect(read.json).toMatchObject({ team_id: teamId, type: "team", value: { last_four: created.json.value.slice(-4) } });
    for (const token of [member.access_token, outsider.access_token]) {
      expectKnown(await call(em, `/team-api-keys?team_id=${teamId}`, { accessToken: token }), 404, "API_KEY_NOT_FOUND");
      expectKnown(await call(em, "/team-api-keys", { accessToken: token, body: { team_id: teamId, description: "x", expires_at_millis: null } }), 404, "API_KEY_NOT_FOUND");
      expectKnown(await call(em, `/team-api-keys/${created.json.id}?team_id=${teamId}`, { method: "PATCH", accessToken: token, body: { revoked: true } }), 404, "API_KEY_NOT_FOUND");
    }
    expect((await call(em, "/team-api-keys/check", { access: "server", body: { api_key: created.json.value } })).json.id).toBe(created.json.id);
    expectKnown(await call(em, "/team-api-keys/check", { access: "server", body: { api_key: (await userKey(owner.access_token)).json.value } }), 400, "WRONG_API_KEY_TYPE");
    expect(expectKnown(await call(em, "/team-api-keys", { access: "server" }), 400, "SCHEMA_ERROR").error).toContain("query.team_id must be defined");
    expectKnown(await call(em, `/user-api-keys/${created.json.id}`, { access: "server" }), 404, "API_KEY_NOT_FOUND");
  });
});
