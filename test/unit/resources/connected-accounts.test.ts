import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const accounts = {
  items: [
    { user_id: "u1", provider: "github", provider_account_id: "583231" },
    { user_id: "u1", provider: "github", provider_account_id: "999" },
    { user_id: "u1", provider: "google", provider_account_id: "g-1" },
  ],
  is_paginated: false,
};

async function user() {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  const u = await app.getUser({ or: "throw" });
  // Each read asks afresh, as the official SDK's does.
  nock(BASE).get("/api/v1/connected-accounts/me").times(10).reply(...json(accounts));
  return u;
}

test("list maps to { provider, providerAccountId }; getConnectedAccount finds by both, or by provider", async () => {
  const u = await user();
  const list = await u.listConnectedAccounts();
  expect(list.map(({ id, provider, providerAccountId }) => ({ id, provider, providerAccountId }))).toEqual([
    { id: "github", provider: "github", providerAccountId: "583231" },
    { id: "github", provider: "github", providerAccountId: "999" },
    { id: "google", provider: "google", providerAccountId: "g-1" },
  ]);
  expect((await u.getConnectedAccount({ provider: "github", providerAccountId: "999" }))?.providerAccountId).toBe("999");
  expect(await u.getConnectedAccount({ provider: "github", providerAccountId: "nope" })).toBeNull();
  expect((await u.getConnectedAccount("github"))?.providerAccountId).toBe("583231");
  expect(await u.getConnectedAccount("spotify")).toBeNull();
});

test("getAccessToken POSTs {scope} (sorted) for the exact account and reads the 201 answer, afresh each call", async () => {
  const u = await user();
  const bodies: unknown[] = [];
  nock(BASE)
    .post("/api/v1/connected-accounts/me/github/999/access-token", (b) => (bodies.push(b), true)).reply(...json({ access_token: "gho_scoped" }, 201))
    .post("/api/v1/connected-accounts/me/github/999/access-token", (b) => (bodies.push(b), true)).reply(...json({ access_token: "gho_scoped2" }, 201))
    .post("/api/v1/connected-accounts/me/github/999/access-token", (b) => (bodies.push(b), true)).reply(...json({ access_token: "gho_plain" }, 201));
  const account = (await u.getConnectedAccount({ provider: "github", providerAccountId: "999" }))!;
  expect(await account.getAccessToken({ scopes: ["user", "repo"] })).toEqual({ status: "ok", data: { accessToken: "gho_scoped" } });
  expect(await account.getAccessToken({ scopes: ["repo", "user"] })).toEqual({ status: "ok", data: { accessToken: "gho_scoped2" } });
  expect(await account.getAccessToken()).toEqual({ status: "ok", data: { accessToken: "gho_plain" } });
  expect(bodies).toEqual([{ scope: "repo user" }, { scope: "repo user" }, {}]);
});

test.each([
  ["OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "OAuthConnectionNotConnectedToUser"],
  ["OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", "OAuthConnectionDoesNotHaveRequiredScope"],
  ["OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", "OAuthAccessTokenNotAvailable"],
  ["OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS", "OAuthAccessTokenNotAvailableWithSharedOAuthKeys"],
] as const)("%s means no access token: an error result", async (code, name) => {
  const u = await user();
  nock(BASE).post("/api/v1/connected-accounts/me/google/g-1/access-token").reply(...knownErrorReply(code, 400));
  const [, , google] = await u.listConnectedAccounts();
  const result = await google.getAccessToken({ scopes: ["calendar"] });
  expect(result.status).toBe("error");
  expect(result.status === "error" && KnownErrors[name].isInstance(result.error)).toBe(true);
});

test("other failures are thrown; a provider-id lookup with scopes returns null when no token with them exists", async () => {
  const u = await user();
  nock(BASE)
    .post("/api/v1/connected-accounts/me/google/g-1/access-token").reply(...knownErrorReply("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", 400))
    .post("/api/v1/connected-accounts/me/github/583231/access-token", { scope: "admin" }).reply(...knownErrorReply("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400));
  const [, , google] = await u.listConnectedAccounts();
  const error = await caught(google.getAccessToken());
  expect(KnownErrors.OAuthProviderNotFoundOrNotEnabled.isInstance(error)).toBe(true);
  expect(await u.getConnectedAccount("github", { scopes: ["admin"] })).toBeNull();
});

test("bad arguments are refused before any request", async () => {
  const u = await user();
  const [github] = await u.listConnectedAccounts();
  await expect(github.getAccessToken({ scopes: "repo" as never })).rejects.toThrow(ArgumentError);
  await expect(github.getAccessToken({ scopes: ["two words"] })).rejects.toThrow(ArgumentError);
  await expect(u.getConnectedAccount({ provider: "github" } as never)).rejects.toThrow(/providerAccountId/);
  await expect(u.getConnectedAccount("")).rejects.toThrow(ArgumentError);
  await expect(u.getConnectedAccount({ provider: "github", providerAccountId: "999" }, { scopes: ["x"] })).rejects.toThrow(ArgumentError);
});
