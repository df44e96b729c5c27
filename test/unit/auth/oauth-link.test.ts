/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/settings?tab=accounts#linked"}
 */
import { ArgumentError } from "../../../src/index";
import type { ClientAppOptions, CurrentUser } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { userJson } from "../../helpers/wire";
import { PCK, browserApp, calledOnce, cookies, resetPage, s256 } from "./oauth-helpers";

const accessToken = fakeAccessToken(600);
const github = { user_id: "u1", provider: "github", provider_account_id: "583231" };
const noToken = knownErrorReply("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400);

type Routes = Parameters<typeof browserApp>[0];

async function signedIn(routes: Routes, options: ClientAppOptions = {}) {
  const made = browserApp(
    { "GET /users/me": [200, userJson({ id: "u1", oauth_providers: [{ id: "github", account_id: "583231", email: null }] })], ...routes },
    { tokenStore: { accessToken, refreshToken: fakeRefreshToken() }, ...options },
  );
  const user: CurrentUser = await made.app.getUser({ or: "throw" });
  made.seen.length = 0;
  return { ...made, user };
}

/** The authorize URL the browser was sent to, as an object of its query (plus the URL itself). */
function authorizeTarget(url: string) {
  const target = new URL(url);
  return { target, query: Object.fromEntries(target.searchParams) };
}

afterEach(resetPage);

test("linkConnectedAccount goes straight to the platform's authorize URL with type=link, the user's token and the scopes", async () => {
  const { user, navigate, seen } = await signedIn({}, { oauthScopesOnSignIn: { google: ["openid", "email"] } });
  void user.linkConnectedAccount("google", { scopes: ["https://www.googleapis.com/auth/drive.readonly", "email"] });
  const { target, query } = authorizeTarget(await calledOnce(navigate));
  expect(`${target.origin}${target.pathname}`).toBe(`${BASE}/api/v1/auth/oauth/authorize/google`);
  expect(query).toEqual({
    client_id: PROJECT,
    client_secret: PCK,
    redirect_uri: "http://localhost:3000/handler/oauth-callback",
    scope: "legacy",
    state: expect.any(String),
    grant_type: "authorization_code",
    code_challenge: s256(cookies()[`stack-oauth-outer-${query.state}`]),
    code_challenge_method: "S256",
    response_type: "code",
    type: "link",
    error_redirect_uri: "http://localhost:3000/handler/error",
    token: accessToken,
    after_callback_redirect_url: "http://localhost:3000/settings?tab=accounts",
    provider_scope: "https://www.googleapis.com/auth/drive.readonly email openid",
  });
  // Redirect mode (the platform sets its own cookie on this navigation): no request of the SDK's own.
  expect(seen).toEqual([]);
  // No Secure attribute on an http page, or the browser would drop the cookie.
  expect(cookies()[`hexclave-oauth-outer-${query.state}`]).toBe(cookies()[`stack-oauth-outer-${query.state}`]);
});

test("getOrLinkConnectedAccount returns the account whose token has the scopes, without navigating", async () => {
  const { user, navigate, seen } = await signedIn({
    "GET /connected-accounts/me": [200, { items: [github] }],
    "POST /connected-accounts/me/github/583231/access-token": [201, { access_token: "gho_x" }],
  });
  const account = await user.getOrLinkConnectedAccount("github", { scopes: ["repo"] });
  expect([account.provider, account.providerAccountId]).toEqual(["github", "583231"]);
  expect(navigate).not.toHaveBeenCalled();
  expect(JSON.parse(seen[1].body!)).toEqual({ scope: "repo" });
});

test("getOrLinkConnectedAccount links when no account has a token with the scopes", async () => {
  const { user, navigate } = await signedIn({
    "GET /connected-accounts/me": [200, { items: [github] }],
    "POST /connected-accounts/me/github/583231/access-token": [200, noToken[1], noToken[2]],
  });
  void user.getOrLinkConnectedAccount("github", { scopes: ["admin:org"] });
  const { query } = authorizeTarget(await calledOnce(navigate));
  expect([query.type, query.provider_scope, query.token]).toEqual(["link", "admin:org", accessToken]);
});

test('the deprecated getConnectedAccount(provider, { or: "redirect" }) links a missing account, returns a present one', async () => {
  const { user, navigate } = await signedIn({
    "POST /connected-accounts/me/github/access-token": [201, { access_token: "gho_x" }],
    "POST /connected-accounts/me/google/access-token": [200, noToken[1], noToken[2]],
  });
  expect((await user.getConnectedAccount("github", { or: "redirect" })).providerAccountId).toBe("583231");
  expect(navigate).not.toHaveBeenCalled();
  void user.getConnectedAccount("google", { or: "redirect", scopes: ["email"] });
  const { query } = authorizeTarget(await calledOnce(navigate));
  expect([query.type, query.provider_scope]).toEqual(["link", "email"]);
});

test.each([
  ["a non-string provider", (u: CurrentUser) => u.linkConnectedAccount(7 as never)],
  ["scopes that are not an array", (u: CurrentUser) => u.linkConnectedAccount("github", { scopes: "repo" as never })],
  ["a scope with a space", (u: CurrentUser) => u.getOrLinkConnectedAccount("github", { scopes: ["a b"] })],
  ["non-object options", (u: CurrentUser) => u.getOrLinkConnectedAccount("github", 3 as never)],
])("%s is an ArgumentError before any request", async (_name, call) => {
  const { user, navigate, seen } = await signedIn({});
  expect(ArgumentError.isInstance(await caught(call(user)))).toBe(true);
  expect(seen).toEqual([]);
  expect(navigate).not.toHaveBeenCalled();
});

test('redirectMethod "none": linking is an ArgumentError and nothing is kept', async () => {
  const { user } = await signedIn({}, { redirectMethod: "none" });
  await expect(user.linkConnectedAccount("github")).rejects.toThrow(/redirectMethod is "none"/);
  expect(cookies()).toEqual({});
});
