import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const ID = "9a0d3c1e-2b4f-4e6a-8c7d-1f2e3d4c5b6a";
const github = { id: ID, user_id: "u1", provider_config_id: "github", type: "github", email: "ada@gh.example", allow_sign_in: true, allow_connected_accounts: true };
const spotify = { id: "p2", user_id: "u1", provider_config_id: "spotify", type: "spotify", allow_sign_in: false, allow_connected_accounts: true };

async function user() {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  return { app, user: await app.getUser({ or: "throw" }) };
}

test("list maps snake_case to camelCase; getOAuthProvider finds by id in the list", async () => {
  const { user: u } = await user();
  nock(BASE).get("/api/v1/oauth-providers").query({ user_id: "me" }).times(3).reply(...json({ items: [github, spotify], is_paginated: false }));
  const list = await u.listOAuthProviders();
  expect(list.map(({ update, delete: _d, ...fields }) => fields)).toEqual([
    { id: ID, type: "github", userId: "u1", email: "ada@gh.example", allowSignIn: true, allowConnectedAccounts: true },
    { id: "p2", type: "spotify", userId: "u1", allowSignIn: false, allowConnectedAccounts: true },
  ]);
  expect((await u.getOAuthProvider(ID))?.type).toBe("github");
  expect(await u.getOAuthProvider("nope")).toBeNull();
  await expect(u.getOAuthProvider("")).rejects.toThrow(ArgumentError);
});

test("update PATCHes /oauth-providers/me/{id} with snake_case and refreshes providers, connected accounts and the user", async () => {
  const { app, user: u } = await user();
  let patch: unknown;
  nock(BASE)
    .get("/api/v1/oauth-providers").query({ user_id: "me" }).reply(...json({ items: [github] }))
    .patch(`/api/v1/oauth-providers/me/${ID}`, (b) => ((patch = b), true)).reply(...json({ ...github, allow_sign_in: false }))
    .get("/api/v1/oauth-providers").query({ user_id: "me" }).reply(...json({ items: [{ ...github, allow_sign_in: false }] }))
    .get("/api/v1/users/me").reply(...json(userJson()));
  const [p] = await u.listOAuthProviders();
  expect(await p.update({ allowSignIn: false })).toEqual({ status: "ok", data: undefined });
  expect(patch).toEqual({ allow_sign_in: false });
  expect((await u.listOAuthProviders())[0].allowSignIn).toBe(false);
  await app.getUser(); // the user was forgotten too
  expect(nock.isDone()).toBe(true);
  await expect(p.update({ allowConnectedAccounts: 1 as never })).rejects.toThrow(ArgumentError);
});

test("an account id another user signs in with comes back as an error result", async () => {
  const { user: u } = await user();
  nock(BASE)
    .get("/api/v1/oauth-providers").query({ user_id: "me" }).reply(...json({ items: [spotify] }))
    .patch("/api/v1/oauth-providers/me/p2").reply(...knownErrorReply("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN", 400));
  const [p] = await u.listOAuthProviders();
  const result = await p.update({ allowSignIn: true });
  expect(result.status).toBe("error");
  expect(result.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(result.error)).toBe(true);
});

test("delete sends DELETE /oauth-providers/me/{id} and refetches the list", async () => {
  const { user: u } = await user();
  nock(BASE)
    .get("/api/v1/oauth-providers").query({ user_id: "me" }).reply(...json({ items: [github, spotify] }))
    .get("/api/v1/connected-accounts/me").reply(...json({ items: [{ user_id: "u1", provider: "github", provider_account_id: "42" }] }))
    .delete(`/api/v1/oauth-providers/me/${ID}`).reply(...json({ success: true }))
    .get("/api/v1/oauth-providers").query({ user_id: "me" }).reply(...json({ items: [spotify] }))
    .get("/api/v1/connected-accounts/me").reply(...json({ items: [] }));
  const [p] = await u.listOAuthProviders();
  expect(await u.listConnectedAccounts()).toHaveLength(1);
  await p.delete();
  expect((await u.listOAuthProviders()).map((x) => x.id)).toEqual(["p2"]);
  expect(await u.listConnectedAccounts()).toEqual([]);
  expect(nock.isDone()).toBe(true);
});
