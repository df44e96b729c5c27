import nock from "nock";
import { ArgumentError, KnownErrors, ServerApp } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const server = () =>
  new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: "memory", retry: { sleep: async () => {}, random: () => 0.5 } });
const api = () => nock(BASE, { badheaders: ["x-stack-access-token"] }).matchHeader("x-stack-access-type", "server");
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const P1 = "5c5c5c5c-0000-4000-8000-000000000001";
const wireProvider = (overrides: Record<string, unknown> = {}) => ({
  id: P1,
  user_id: U1,
  provider_config_id: "github",
  type: "github",
  account_id: "583231",
  email: "ada@github.example",
  allow_sign_in: true,
  allow_connected_accounts: true,
  ...overrides,
});
const create = {
  userId: U1,
  providerConfigId: "github",
  accountId: "583231",
  email: "ada@github.example",
  allowSignIn: true,
  allowConnectedAccounts: false,
};
const fields = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== "function"));

test("createOAuthProvider posts snake_case and returns the server provider as an ok result", async () => {
  let body: unknown;
  const scope = api().post("/api/v1/oauth-providers", (b) => ((body = b), true)).reply(...json(wireProvider(), 201));
  const result = await server().createOAuthProvider(create);
  expect(body).toEqual({ user_id: U1, provider_config_id: "github", account_id: "583231", email: "ada@github.example", allow_sign_in: true, allow_connected_accounts: false });
  expect(result.status).toBe("ok");
  expect(result.status === "ok" && fields(result.data)).toEqual({
    id: P1,
    type: "github",
    userId: U1,
    accountId: "583231",
    email: "ada@github.example",
    allowSignIn: true,
    allowConnectedAccounts: true,
  });
  expect(scope.isDone()).toBe(true);
});

test("an account id already used for sign-in is an error result; other errors are thrown", async () => {
  api()
    .post("/api/v1/oauth-providers").reply(...knownErrorReply("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN", 400))
    .post("/api/v1/oauth-providers").reply(...knownErrorReply("USER_NOT_FOUND", 404));
  const result = await server().createOAuthProvider(create);
  expect(result.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(result.error)).toBe(true);
  expect(KnownErrors.UserNotFound.isInstance(await caught(server().createOAuthProvider(create)))).toBe(true);
});

test("listOAuthProviders reads ?user_id= (one request for concurrent reads); getOAuthProvider finds by id in the list", async () => {
  const app = server();
  const scope = api().get("/api/v1/oauth-providers").query({ user_id: U1 }).times(3).reply(...list([wireProvider()]));
  const [all, again] = await Promise.all([app.listOAuthProviders(U1), app.listOAuthProviders(U1)]);
  expect(all.map((p) => p.id)).toEqual([P1]);
  expect(again).toHaveLength(1);
  expect((await app.getOAuthProvider(U1, P1))?.accountId).toBe("583231");
  expect(await app.getOAuthProvider(U1, "5c5c5c5c-0000-4000-8000-0000000000ff")).toBeNull();
  expect(scope.isDone()).toBe(true);
  // Not a UUID: no connection can have it, so null without a request (nock has nothing left to answer one).
  expect(await app.getOAuthProvider(U1, "other")).toBeNull();
});

test("update PATCHes /oauth-providers/{user}/{id} with the server fields and refreshes the list; delete too", async () => {
  const app = server();
  let patched: unknown;
  const scope = api()
    .get("/api/v1/oauth-providers").query({ user_id: U1 }).reply(...list([wireProvider()]))
    .patch(`/api/v1/oauth-providers/${U1}/${P1}`, (b) => ((patched = b), true)).reply(...json(wireProvider({ allow_sign_in: false })))
    .get("/api/v1/oauth-providers").query({ user_id: U1 }).reply(...list([wireProvider({ allow_sign_in: false })]))
    .patch(`/api/v1/oauth-providers/${U1}/${P1}`).reply(...knownErrorReply("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN", 400))
    .delete(`/api/v1/oauth-providers/${U1}/${P1}`).reply(...json({ success: true }))
    .get("/api/v1/oauth-providers").query({ user_id: U1 }).reply(...list([]));
  const [provider] = await app.listOAuthProviders(U1);
  expect(await provider.update({ allowSignIn: false, email: "new@github.example", accountId: "9" })).toEqual({ status: "ok", data: undefined });
  expect(patched).toEqual({ allow_sign_in: false, email: "new@github.example", account_id: "9" });
  expect((await app.listOAuthProviders(U1))[0].allowSignIn).toBe(false);
  const clash = await provider.update({ allowSignIn: true });
  expect(clash.status === "error" && KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn.isInstance(clash.error)).toBe(true);
  await provider.delete();
  expect(await app.listOAuthProviders(U1)).toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test("connected-account access tokens: path with or without the account, sorted scope, asked afresh each call; no-token cases are results", async () => {
  const app = server();
  const bodies: unknown[] = [];
  const scope = api()
    .post(`/api/v1/connected-accounts/${U1}/github/access-token`, (b) => (bodies.push(b), true)).once().reply(...json({ access_token: "gho_1" }, 201))
    .post(`/api/v1/connected-accounts/${U1}/github/access-token`, (b) => (bodies.push(b), true)).once().reply(...json({ access_token: "gho_1b" }, 201))
    .post(`/api/v1/connected-accounts/${U1}/github/583231/access-token`, (b) => (bodies.push(b), true)).reply(...json({ access_token: "gho_2" }, 201))
    .post(`/api/v1/connected-accounts/${U1}/google/access-token`).reply(...knownErrorReply("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", 400));
  expect(await app.getConnectedAccountAccessToken({ userId: U1, provider: "github" })).toEqual({ status: "ok", data: { accessToken: "gho_1" } });
  expect(await app.getConnectedAccountAccessToken({ userId: U1, provider: "github" })).toEqual({ status: "ok", data: { accessToken: "gho_1b" } });
  const exact = await app.getConnectedAccountAccessToken({ userId: U1, provider: "github", providerAccountId: "583231", scopes: ["user:email", "repo"] });
  expect(exact).toEqual({ status: "ok", data: { accessToken: "gho_2" } });
  expect(bodies).toEqual([{}, {}, { scope: "repo user:email" }]);
  const none = await app.getConnectedAccountAccessToken({ userId: U1, provider: "google" });
  expect(none.status === "error" && KnownErrors.OAuthConnectionNotConnectedToUser.isInstance(none.error)).toBe(true);
  expect(scope.isDone()).toBe(true);
});

test("arguments are checked before any request", async () => {
  const app = server();
  for (const bad of [undefined, { ...create, userId: "" }, { ...create, email: 1 }, { ...create, allowSignIn: undefined }, { ...create, allowConnectedAccounts: "no" }]) {
    expect(await caught(app.createOAuthProvider(bad as never))).toBeInstanceOf(ArgumentError);
  }
  expect(await caught(app.listOAuthProviders(undefined as never))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getOAuthProvider(U1, ""))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getConnectedAccountAccessToken({ userId: U1, provider: "" }))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getConnectedAccountAccessToken({ userId: U1, provider: "github", scopes: ["a b"] }))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getConnectedAccountAccessToken({ userId: U1, provider: "github", providerAccountId: "" }))).toBeInstanceOf(ArgumentError);

  api().get("/api/v1/oauth-providers").query({ user_id: U1 }).reply(...list([wireProvider()]));
  const [provider] = await app.listOAuthProviders(U1);
  expect(await caught(provider.update({ allowSignIn: "yes" as never }))).toBeInstanceOf(ArgumentError);
  expect(await caught(provider.update({ email: "" }))).toBeInstanceOf(ArgumentError);
});
