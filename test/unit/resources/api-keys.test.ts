import nock from "nock";
import { ArgumentError } from "../../../src/index";
import { createApiKey, listApiKeys } from "../../../src/resources/api-keys/client";
import { BASE, caught } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const KEY_ID = "0f6b8a34-5d1e-4c1f-9a77-2b3c4d5e6f70";
const created = {
  id: KEY_ID,
  description: "CI",
  is_public: false,
  created_at_millis: 1_760_000_000_000,
  expires_at_millis: 1_900_000_000_000,
  value: "sk_full_secret_value_1234",
  user_id: "u1",
  type: "user",
};
const listed = { ...created, value: { last_four: "1234" }, manually_revoked_at_millis: 1_770_000_000_000 };

function signedIn() {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  // The internals the teams code calls these functions with.
  const internals = app as unknown as { ctx: Parameters<typeof createApiKey>[0]; core: { session(): Parameters<typeof createApiKey>[1] } };
  return { app, ctx: internals.ctx, session: internals.core.session() };
}

test("create sends snake_case (Date → ms) to /user-api-keys and maps the 200 answer with the full value", async () => {
  let body: unknown;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .post("/api/v1/user-api-keys", (b) => ((body = b), true)).reply(...json(created));
  const { app } = signedIn();
  const user = await app.getUser({ or: "throw" });
  const key = await user.createApiKey({ description: "CI", expiresAt: new Date(1_900_000_000_000), isPublic: false });
  expect(body).toEqual({ description: "CI", expires_at_millis: 1_900_000_000_000, is_public: false, user_id: "me" });
  expect({ ...key }).toMatchObject({
    id: KEY_ID,
    description: "CI",
    createdAt: new Date(1_760_000_000_000),
    expiresAt: new Date(1_900_000_000_000),
    manuallyRevokedAt: null,
    value: "sk_full_secret_value_1234",
    type: "user",
    userId: "u1",
  });
  // The official SDK's own properties, in its order; isPublic is readable but not one of them.
  expect(Object.keys(key)).toEqual([
    "id", "description", "expiresAt", "manuallyRevokedAt", "createdAt", "type", "userId", "value",
    "isValid", "whyInvalid", "revoke", "update",
  ]);
  expect(key.isPublic).toBe(false);
  expect(key.whyInvalid()).toBeNull();
  expect(key.isValid()).toBe(true);
});

test("a key that never expires sends expires_at_millis null; isPublic is left out unless given", async () => {
  let body: unknown;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .post("/api/v1/user-api-keys", (b) => ((body = b), true)).reply(...json({ ...created, expires_at_millis: undefined }));
  const user = await signedIn().app.getUser({ or: "throw" });
  const key = await user.createApiKey({ description: "forever", expiresAt: null });
  expect(body).toEqual({ description: "forever", expires_at_millis: null, user_id: "me" });
  expect(key.expiresAt).toBeUndefined();
  expect(key.isValid()).toBe(true);
});

test("listed keys carry { lastFour } and manuallyRevokedAt as a Date; the list is cached and refetched after a create", async () => {
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [listed], is_paginated: false }))
    .post("/api/v1/user-api-keys").reply(...json({ ...created, id: "k2" }))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [{ ...listed, id: "k2" }, listed], is_paginated: false }));
  const user = await signedIn().app.getUser({ or: "throw" });
  const [first] = await Promise.all([user.listApiKeys(), user.listApiKeys()]);
  expect(first).toHaveLength(1);
  expect(first[0].value).toEqual({ lastFour: "1234" });
  expect(first[0].manuallyRevokedAt).toEqual(new Date(1_770_000_000_000));
  await user.createApiKey({ description: "CI", expiresAt: null });
  expect((await user.listApiKeys()).map((k) => k.id)).toEqual(["k2", KEY_ID]);
  expect(nock.isDone()).toBe(true);
});

test("whyInvalid: revoked is reported before expired, then expired, then null", async () => {
  const past = Date.now() - 60_000;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(
      ...json({
        items: [
          { ...listed, id: "both", expires_at_millis: past, manually_revoked_at_millis: past },
          { ...listed, id: "expired", expires_at_millis: past, manually_revoked_at_millis: undefined },
          { ...listed, id: "valid", expires_at_millis: Date.now() + 60_000, manually_revoked_at_millis: undefined },
          { ...listed, id: "forever", expires_at_millis: undefined, manually_revoked_at_millis: undefined },
        ],
      }),
    );
  const user = await signedIn().app.getUser({ or: "throw" });
  const keys = await user.listApiKeys();
  expect(keys.map((k) => [k.id, k.whyInvalid(), k.isValid()])).toEqual([
    ["both", "manually-revoked", false],
    ["expired", "expired", false],
    ["valid", null, true],
    ["forever", null, true],
  ]);
});

test("update and revoke PATCH /user-api-keys/{id}?user_id=me with snake_case, then refetch the list", async () => {
  const patches: unknown[] = [];
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [listed] }))
    .patch(`/api/v1/user-api-keys/${KEY_ID}`, (b) => (patches.push(b), true)).query({ user_id: "me" }).reply(...json(listed))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [{ ...listed, description: "renamed" }] }))
    .patch(`/api/v1/user-api-keys/${KEY_ID}`, (b) => (patches.push(b), true)).query({ user_id: "me" }).reply(...json(listed))
    .get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [listed] }));
  const user = await signedIn().app.getUser({ or: "throw" });
  const [key] = await user.listApiKeys();
  await key.update({ description: "renamed", expiresAt: null });
  expect((await user.listApiKeys())[0].description).toBe("renamed");
  await key.revoke();
  await user.listApiKeys();
  expect(patches).toEqual([{ description: "renamed", expires_at_millis: null }, { revoked: true }]);
  expect(nock.isDone()).toBe(true);
});

test("team keys use /team-api-keys with team_id", async () => {
  let body: unknown;
  nock(BASE)
    .post("/api/v1/team-api-keys", (b) => ((body = b), true)).reply(...json({ ...created, type: "team", user_id: undefined, team_id: "t1" }))
    .get("/api/v1/team-api-keys").query({ team_id: "t1" }).reply(...json({ items: [{ ...listed, type: "team", user_id: undefined, team_id: "t1" }] }))
    .patch(`/api/v1/team-api-keys/${KEY_ID}`).query({ team_id: "t1" }).reply(...json(listed))
    .get("/api/v1/team-api-keys").query({ team_id: "t1" }).reply(...json({ items: [] }));
  const { ctx, session } = signedIn();
  const key = await createApiKey(ctx, session, { teamId: "t1" }, { description: "bot", expiresAt: null, isPublic: true });
  expect(body).toEqual({ description: "bot", expires_at_millis: null, is_public: true, team_id: "t1" });
  expect(key).toMatchObject({ type: "team", teamId: "t1" });
  expect(key).not.toHaveProperty("userId");
  const [listedKey] = await listApiKeys(ctx, session, { teamId: "t1" });
  await listedKey.revoke();
  expect(await listApiKeys(ctx, session, { teamId: "t1" })).toEqual([]);
});

test("bad arguments are refused before any request (userId and teamId together, bad dates, un-revoking)", async () => {
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  const { app, ctx, session } = signedIn();
  const user = await app.getUser({ or: "throw" });
  const both = { userId: "me", teamId: "t1" } as never;
  expect(ArgumentError.isInstance(await caught(createApiKey(ctx, session, both, { description: "x", expiresAt: null })))).toBe(true);
  expect(ArgumentError.isInstance(await caught(listApiKeys(ctx, session, both)))).toBe(true);
  expect(ArgumentError.isInstance(await caught(listApiKeys(ctx, session, {} as never)))).toBe(true);
  await expect(user.createApiKey({ description: "x", expiresAt: "2030-01-01" as never })).rejects.toThrow(ArgumentError);
  await expect(user.createApiKey({ description: "x", expiresAt: new Date("nope") })).rejects.toThrow(ArgumentError);
  await expect(user.createApiKey({ description: "x" } as never)).rejects.toThrow(/expiresAt is required/);
  await expect(user.createApiKey({ description: 3 as never, expiresAt: null })).rejects.toThrow(ArgumentError);
  await expect(user.createApiKey({ description: "x", expiresAt: null, isPublic: "yes" as never })).rejects.toThrow(ArgumentError);
  // Any request here would fail: nock has no interceptor left and the network is off.
  expect(nock.isDone()).toBe(true);
  nock(BASE).get("/api/v1/user-api-keys").query({ user_id: "me" }).reply(...json({ items: [listed] }));
  const [key] = await user.listApiKeys();
  await expect(key.update({ revoked: false as never })).rejects.toThrow(/cannot be restored/);
  await expect(key.update({ expiresAt: 5 as never })).rejects.toThrow(ArgumentError);
});
