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

const oauthProviders = [{ id: "github", account_id: "583231", email: "ada@example.com" }];

async function user() {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  // The deprecated provider-id lookup reads the user afresh each time (as the official SDK does).
  nock(BASE).get("/api/v1/users/me").times(5).reply(...json(userJson({ oauth_providers: oauthProviders })));
  const u = await app.getUser({ or: "throw" });
  // Each read asks afresh, as the official SDK's does.
  nock(BASE).get("/api/v1/connected-accounts/me").times(10).reply(...json(accounts));
  return u;
}

test("list maps to { id, provider, providerAccountId }; getConnectedAccount({ provider, providerAccountId }) finds one", async () => {
  const u = await user();
  const list = await u.listConnectedAccounts();
  expect(list.map(({ id, provider, providerAccountId }) => ({ id, provider, providerAccountId }))).toEqual([
    { id: "github", provider: "github", providerAccountId: "583231" },
    { id: "github", provider: "github", providerAccountId: "999" },
    { id: "google", provider: "google", providerAccountId: "g-1" },
  ]);
  expect((await u.getConnectedAccount({ provider: "github", providerAccountId: "999" }))?.providerAccountId).toBe("999");
  expect(await u.getConnectedAccount({ provider: "github", providerAccountId: "nope" })).toBeNull();
});

describe("the deprecated getConnectedAccount(providerId, options)", () => {
  test("asks the provider-level endpoint for a token and returns the user's account there, whose getAccessToken resolves it", async () => {
    const u = await user();
    const bodies: unknown[] = [];
    nock(BASE)
      .post("/api/v1/connected-accounts/me/github/access-token", (b) => (bodies.push(b), true))
      .times(2)
      .reply(...json({ access_token: "gho_repo" }, 201));
    const github = await u.getConnectedAccount("github", { scopes: ["repo"] });
    expect(github && { id: github.id, provider: github.provider, providerAccountId: github.providerAccountId }).toEqual({
      id: "github",
      provider: "github",
      providerAccountId: "583231",
    });
    expect(await github!.getAccessToken()).toEqual({ accessToken: "gho_repo" }); // a plain value, not a Result
    expect(bodies).toEqual([{ scope: "repo" }, { scope: "repo" }]); // asked afresh, as the official SDK does
  });

  test("null when the user has no account at that provider (no token request), or no token with the scopes", async () => {
    const u = await user();
    expect(await u.getConnectedAccount("spotify")).toBeNull();
    nock(BASE).post("/api/v1/connected-accounts/me/github/access-token", { scope: "admin" }).reply(...knownErrorReply("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400));
    expect(await u.getConnectedAccount("github", { scopes: ["admin"] })).toBeNull();
    // "throw" does not throw: the official SDK returns null for it too.
    nock(BASE).post("/api/v1/connected-accounts/me/github/access-token", { scope: "admin" }).reply(...knownErrorReply("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", 400, { provider: "github", details: "x" }));
    expect(await u.getConnectedAccount("github", { or: "throw", scopes: ["admin"] })).toBeNull();
  });

  test("getAccessToken throws OAUTH_ACCESS_TOKEN_NOT_AVAILABLE once the token cannot be had any more", async () => {
    const u = await user();
    nock(BASE).post("/api/v1/connected-accounts/me/github/access-token").reply(...json({ access_token: "gho_1" }, 201));
    const github = (await u.getConnectedAccount("github"))!;
    // Unlinking one of the user's OAuth connections forgets the cached provider tokens.
    nock(BASE)
      .get("/api/v1/oauth-providers").query({ user_id: "me" })
      .reply(...json({ items: [{ id: "x", user_id: "u1", type: "github", allow_sign_in: true, allow_connected_accounts: true }] }))
      .delete("/api/v1/oauth-providers/me/x").reply(...json({ success: true }))
      .post("/api/v1/connected-accounts/me/github/access-token").reply(...knownErrorReply("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", 400));
    await (await u.listOAuthProviders())[0].delete();
    const error = await caught(github.getAccessToken());
    expect(KnownErrors.OAuthAccessTokenNotAvailable.isInstance(error) && error.details).toMatchObject({ provider: "github" });
  });

  test('or: "redirect" for a missing account outside a browser (linking needs the window) and bad options are refused before any request', async () => {
    const u = await user();
    await expect(u.getConnectedAccount("spotify", { or: "redirect" })).rejects.toThrow(/only works in a browser page/);
    await expect(u.getConnectedAccount("github", { or: "always" as never })).rejects.toThrow(ArgumentError);
    await expect(u.getConnectedAccount("github", { scopes: "repo" as never })).rejects.toThrow(ArgumentError);
    await expect(u.getConnectedAccount("github", 5 as never)).rejects.toThrow(ArgumentError);
  });
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

test.each(["OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE"])(
  "%s means no access token: an OAUTH_ACCESS_TOKEN_NOT_AVAILABLE result (the official union)",
  async (code) => {
    const u = await user();
    nock(BASE).post("/api/v1/connected-accounts/me/google/g-1/access-token").reply(...knownErrorReply(code, 400));
    const [, , google] = await u.listConnectedAccounts();
    const result = await google.getAccessToken({ scopes: ["calendar"] });
    expect(result.status === "error" && [result.error.code, result.error.details]).toEqual([
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
      { provider: "google", details: expect.stringContaining("[calendar]") },
    ]);
    expect(result.status === "error" && KnownErrors.OAuthAccessTokenNotAvailable.isInstance(result.error)).toBe(true);
  },
);

test("other failures are thrown, shared OAuth keys included", async () => {
  const u = await user();
  nock(BASE)
    .post("/api/v1/connected-accounts/me/google/g-1/access-token").reply(...knownErrorReply("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", 400))
    .post("/api/v1/connected-accounts/me/github/583231/access-token").reply(...knownErrorReply("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS", 400));
  const [github, , google] = await u.listConnectedAccounts();
  expect(KnownErrors.OAuthProviderNotFoundOrNotEnabled.isInstance(await caught(google.getAccessToken()))).toBe(true);
  expect(KnownErrors.OAuthAccessTokenNotAvailableWithSharedOAuthKeys.isInstance(await caught(github.getAccessToken()))).toBe(true);
});

test("bad arguments are refused before any request", async () => {
  const u = await user();
  const [github] = await u.listConnectedAccounts();
  await expect(github.getAccessToken({ scopes: "repo" as never })).rejects.toThrow(ArgumentError);
  await expect(github.getAccessToken({ scopes: ["two words"] })).rejects.toThrow(ArgumentError);
  await expect(u.getConnectedAccount({ provider: "github" } as never)).rejects.toThrow(/providerAccountId/);
  await expect(u.getConnectedAccount("")).rejects.toThrow(ArgumentError);
  await expect((u.getConnectedAccount as (...a: unknown[]) => Promise<unknown>)({ provider: "github", providerAccountId: "999" }, { scopes: ["x"] })).rejects.toThrow(ArgumentError);
});
