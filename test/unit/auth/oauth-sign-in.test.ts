/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://myapp.example/"}
 */
import { ArgumentError, ClientApp, KnownErrors, UnexpectedResponseError } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { PCK, browserApp, calledOnce, cookies, resetPage, s256 } from "./oauth-helpers";

const PROVIDER_PAGE = "https://github.mock/login/oauth/authorize?client_id=x&state=inner";
const authorizeOk = { "GET /auth/oauth/authorize/github": [200, { location: PROVIDER_PAGE }] } as const;

afterEach(resetPage);

/** Starts a sign-in (it never settles) and returns the one authorize request and where the app navigated. */
async function start(app: ClientApp, navigate: jest.Mock, seen: { url: URL; headers: Record<string, string> }[], provider = "github", options?: object) {
  void app.signInWithOAuth(provider, options);
  const location = await calledOnce(navigate);
  expect(seen).toHaveLength(1);
  return { request: seen[0], query: Object.fromEntries(seen[0].url.searchParams), location };
}

test("asks the platform for the provider page in JSON mode, with the official SDK's parameters, then navigates there", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk });
  const { request, query, location } = await start(app, navigate, seen);
  expect(location).toBe(PROVIDER_PAGE);
  expect(`${request.url.origin}${request.url.pathname}`).toBe(`${BASE}/api/v1/auth/oauth/authorize/github`);
  expect(Object.keys(query)).toEqual([
    "client_id",
    "client_secret",
    "redirect_uri",
    "scope",
    "state",
    "grant_type",
    "code_challenge",
    "code_challenge_method",
    "response_type",
    "type",
    "error_redirect_uri",
    "hexclave_response_mode",
    "stack_response_mode",
  ]);
  expect(query).toMatchObject({
    client_id: PROJECT,
    client_secret: PCK,
    redirect_uri: "https://myapp.example/handler/oauth-callback",
    scope: "legacy",
    grant_type: "authorization_code",
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_uri: "https://myapp.example/handler/error",
    stack_response_mode: "json",
  });
  // A browser navigation in spirit: no platform header and no cookie goes with it.
  expect(Object.keys(request.headers).filter((h) => h.startsWith("x-stack-"))).toEqual([]);
  // The verifier is kept under both names the official SDK uses, and its S256 challenge is what was sent.
  const jar = cookies();
  const verifier = jar[`stack-oauth-outer-${query.state}`];
  expect(verifier).toMatch(/^[\w-]{43}$/);
  expect(jar[`hexclave-oauth-outer-${query.state}`]).toBe(verifier);
  expect(query.code_challenge).toBe(s256(verifier));
});

test("the promise never settles once the browser is on its way", async () => {
  const { app, navigate } = browserApp({ ...authorizeOk });
  let settled = false;
  app.signInWithOAuth("github").then(
    () => (settled = true),
    () => (settled = true),
  );
  await calledOnce(navigate);
  await new Promise((r) => setTimeout(r, 50));
  expect(settled).toBe(false);
});

test("each flow has its own state and verifier", async () => {
  const one = browserApp({ ...authorizeOk });
  const a = await start(one.app, one.navigate, one.seen);
  const two = browserApp({ ...authorizeOk });
  const b = await start(two.app, two.navigate, two.seen);
  expect(a.query.state).not.toBe(b.query.state);
  expect(a.query.code_challenge).not.toBe(b.query.code_challenge);
  expect(cookies()[`stack-oauth-outer-${a.query.state}`]).not.toBe(cookies()[`stack-oauth-outer-${b.query.state}`]);
});

test("returnTo becomes the absolute after-callback URL; the page's after_auth_return_to rides on the callback URL", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Fprojects%3Fid%3D7#top");
  const { app, navigate, seen } = browserApp({ ...authorizeOk });
  const { query } = await start(app, navigate, seen, "github", { returnTo: "/welcome#x" });
  expect(query.after_callback_redirect_url).toBe("https://myapp.example/welcome?after_auth_return_to=%2Fprojects%3Fid%3D7");
  expect(query.redirect_uri).toBe("https://myapp.example/handler/oauth-callback?after_auth_return_to=%2Fprojects%3Fid%3D7");
  expect(query.error_redirect_uri).toBe("https://myapp.example/handler/error?after_auth_return_to=%2Fprojects%3Fid%3D7");
});

test("without returnTo no after-callback URL is sent", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk });
  const { query } = await start(app, navigate, seen);
  expect(query).not.toHaveProperty("after_callback_redirect_url");
});

test("oauthScopesOnSignIn of the provider go as provider_scope, each scope once", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk }, { oauthScopesOnSignIn: { github: ["repo", "read:org", "repo"], google: ["drive"] } });
  expect((await start(app, navigate, seen)).query.provider_scope).toBe("repo read:org");
});

test("the provider id is lower-cased in the path (as the official SDK does)", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk });
  expect((await start(app, navigate, seen, "GitHub")).request.url.pathname).toBe("/api/v1/auth/oauth/authorize/github");
});

test("custom page URLs are used, made absolute", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk }, { urls: { oauthCallback: "/auth/cb?from=oauth", error: "/oops" } });
  const { query } = await start(app, navigate, seen);
  expect(query.redirect_uri).toBe("https://myapp.example/auth/cb?from=oauth");
  expect(query.error_redirect_uri).toBe("https://myapp.example/oops");
});

test("a hosted callback page: the current page (without callback parameters) is the redirect URI", async () => {
  window.history.replaceState(null, "", "/shop?item=3&code=old&state=old");
  const { app, navigate, seen } = browserApp({ ...authorizeOk }, { urls: { oauthCallback: { type: "hosted" } } });
  const { query } = await start(app, navigate, seen);
  expect(query.redirect_uri).toBe("https://myapp.example/shop?item=3");
});

test("no publishable key: the public-client sentinel is the client secret", async () => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk }, { publishableClientKey: undefined });
  expect((await start(app, navigate, seen)).query.client_secret).toBe("__stack_public_client__");
});

test("an anonymous user's access token goes along (upgrade, not replace); a signed-in user's does not", async () => {
  const anonymous = fakeAccessToken(600, Date.now(), { is_anonymous: true });
  const one = browserApp({ ...authorizeOk }, { tokenStore: { accessToken: anonymous, refreshToken: fakeRefreshToken() } });
  expect((await start(one.app, one.navigate, one.seen)).query.token).toBe(anonymous);
  const two = browserApp({ ...authorizeOk }, { tokenStore: { accessToken: fakeAccessToken(600, Date.now(), { is_anonymous: false }), refreshToken: fakeRefreshToken() } });
  expect((await start(two.app, two.navigate, two.seen)).query).not.toHaveProperty("token");
});

test("an error of the authorize endpoint is thrown as its known error, and nothing navigates", async () => {
  const reply = knownErrorReply("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", 400);
  const { app, navigate } = browserApp({ "GET /auth/oauth/authorize/spotify": [400, reply[1], { ...reply[2], "x-stack-actual-status": "400" }] });
  const error = await caught(app.signInWithOAuth("spotify"));
  expect(KnownErrors.OAuthProviderNotFoundOrNotEnabled.isInstance(error)).toBe(true);
  expect(navigate).not.toHaveBeenCalled();
});

test("an answer without a location is refused with an UnexpectedResponseError", async () => {
  const { app, navigate } = browserApp({ "GET /auth/oauth/authorize/github": [200, { url: "x" }] });
  const error = await caught(app.signInWithOAuth("github"));
  expect(UnexpectedResponseError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ status: 200, excerpt: '{"url":"x"}' });
  expect(navigate).not.toHaveBeenCalled();
});

test.each([
  ["a non-string provider", (app: ClientApp) => app.signInWithOAuth(42 as never), /provider must be a non-empty string/],
  ["an empty provider", (app: ClientApp) => app.signInWithOAuth(""), /provider must be a non-empty string/],
  ["non-object options", (app: ClientApp) => app.signInWithOAuth("github", "x" as never), /options must be an object/],
  ["a non-string returnTo", (app: ClientApp) => app.signInWithOAuth("github", { returnTo: 5 as never }), /returnTo must be a non-empty string/],
])("%s is an ArgumentError before any request", async (_name, call, message) => {
  const { app, navigate, seen } = browserApp({ ...authorizeOk });
  const error = await caught(call(app));
  expect(ArgumentError.isInstance(error) && error.message).toMatch(message);
  expect(seen).toEqual([]);
  expect(navigate).not.toHaveBeenCalled();
  expect(Object.keys(cookies())).toEqual([]);
});

test('redirectMethod "none" cannot reach the provider: an ArgumentError before any request', async () => {
  const { app, seen } = browserApp({ ...authorizeOk }, { redirectMethod: "none" });
  await expect(app.signInWithOAuth("github")).rejects.toThrow(/redirectMethod is "none"/);
  expect(seen).toEqual([]);
});

test("an app without a token store is an ArgumentError before any request", async () => {
  const { app, seen } = browserApp({ ...authorizeOk }, { tokenStore: null });
  await expect(app.signInWithOAuth("github")).rejects.toThrow(ArgumentError);
  expect(seen).toEqual([]);
});
