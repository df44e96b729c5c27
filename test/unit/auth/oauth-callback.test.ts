/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://myapp.example/"}
 */
import { ArgumentError, KnownErrors, OAuthCallbackError } from "../../../src/index";
import { MFA_ATTEMPT_KEYS } from "../../../src/auth/mfa";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { PCK, browserApp, cookies, resetPage } from "./oauth-helpers";

const VERIFIER = "v".repeat(43);
const STATE = "state-123";
const tokens = (extra: object = {}) => ({
  access_token: fakeAccessToken(600),
  token_type: "Bearer",
  expires_in: 3599,
  refresh_token: fakeRefreshToken("r"),
  scope: "legacy",
  newUser: false,
  is_new_user: false,
  afterCallbackRedirectUrl: null,
  after_callback_redirect_url: null,
  ...extra,
});
const tokenOk = (extra: object = {}) => ({ "POST /auth/oauth/token": [200, tokens(extra)] as [number, unknown] });
/** The platform's known-error answer at the token endpoint (real status: the SDK does not ask to override it). */
const tokenError = (code: string, status: number, details?: object) => {
  const [, body, headers] = knownErrorReply(code, status, details);
  return { "POST /auth/oauth/token": [status, body, { "x-stack-known-error": headers["x-stack-known-error"] }] as [number, unknown, Record<string, string>] };
};

/** The page as the platform sends the browser back: the callback URL with code and state, and the verifier cookie. */
function arrive(query = `code=the-code&state=${STATE}`, path = "/handler/oauth-callback", cookieName = `stack-oauth-outer-${STATE}`) {
  document.cookie = `${cookieName}=${VERIFIER}; path=/`;
  window.history.replaceState({ kept: 1 }, "", `${path}?${query}`);
}

afterEach(() => {
  jest.restoreAllMocks();
  resetPage();
});

test("exchanges the code (form, ClientSecretPost), stores the tokens, scrubs the address bar and goes to after-sign-in", async () => {
  arrive(`code=the-code&state=${STATE}&keep=1`);
  const { app, navigate, seen } = browserApp(tokenOk());
  expect(await app.callOAuthCallback()).toBe(true);
  expect(seen).toHaveLength(1);
  const [req] = seen;
  expect([req.method, req.url.href]).toEqual(["POST", `${BASE}/api/v1/auth/oauth/token`]);
  expect(req.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
  expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
    grant_type: "authorization_code",
    code: "the-code",
    redirect_uri: "https://myapp.example/handler/oauth-callback",
    code_verifier: VERIFIER,
    client_id: PROJECT,
    client_secret: PCK,
  });
  expect(Object.keys(req.headers).filter((h) => h.startsWith("x-stack-"))).toEqual([]);
  expect(window.location.href).toBe("https://myapp.example/handler/oauth-callback?keep=1");
  expect(window.history.state).toEqual({ kept: 1 });
  expect(await app.getRefreshToken()).toBe(fakeRefreshToken("r"));
  expect(navigate).toHaveBeenCalledWith("/");
  expect(Object.keys(cookies()).filter((n) => n.includes("oauth-outer"))).toEqual([]);
});

test("a new user goes to after-sign-up", async () => {
  arrive();
  const { app, navigate } = browserApp(tokenOk({ is_new_user: true, newUser: true }), { urls: { afterSignUp: "/welcome", afterSignIn: "/home" } });
  expect(await app.callOAuthCallback()).toBe(true);
  expect(navigate).toHaveBeenCalledWith("/welcome");
});

test("the page's after_auth_return_to wins over after-sign-in, and stays part of the redirect URI", async () => {
  arrive(`after_auth_return_to=%2Fcart&code=c&state=${STATE}`);
  const { app, navigate, seen } = browserApp(tokenOk());
  await app.callOAuthCallback();
  expect(new URLSearchParams(seen[0].body).get("redirect_uri")).toBe("https://myapp.example/handler/oauth-callback?after_auth_return_to=%2Fcart");
  expect(navigate).toHaveBeenCalledWith("/cart");
});

test("the flow's after-callback URL (returnTo, or the page that started a link) wins", async () => {
  arrive();
  const { app, navigate } = browserApp(tokenOk({ is_new_user: true, after_callback_redirect_url: "https://myapp.example/settings?tab=accounts" }));
  expect(await app.callOAuthCallback()).toBe(true);
  expect(navigate).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith("https://myapp.example/settings?tab=accounts");
});

test("an after-callback URL on another origin is refused after the tokens are stored, and nothing navigates", async () => {
  arrive();
  const project = { id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains: [{ domain: "https://myapp.example", handler_path: "/handler" }] } };
  const { app, navigate } = browserApp({ ...tokenOk({ after_callback_redirect_url: "https://evil.example/" }), "GET /projects/current": [200, project] });
  await expect(app.callOAuthCallback()).rejects.toThrow("Redirect URL https://evil.example/ is not trusted; should be relative.");
  expect(navigate).not.toHaveBeenCalled();
  expect(await app.getRefreshToken()).toBe(fakeRefreshToken("r"));
});

test("the state is consumed: the same callback a second time stores nothing", async () => {
  arrive();
  const { app } = browserApp(tokenOk());
  expect(await app.callOAuthCallback()).toBe(true);
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  window.history.replaceState(null, "", `/handler/oauth-callback?code=the-code&state=${STATE}`);
  const again = browserApp(tokenOk(), { tokenStore: "memory" });
  expect(await again.app.callOAuthCallback()).toBe(false);
  expect(again.seen).toEqual([]);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(await again.app.getRefreshToken()).toBeNull();
});

test("a missing verifier cookie only warns: nothing is sent, stored or scrubbed", async () => {
  window.history.replaceState(null, "", `/handler/oauth-callback?code=c&state=${STATE}`);
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const { app, navigate, seen } = browserApp(tokenOk());
  expect(await app.callOAuthCallback()).toBe(false);
  expect(warn.mock.calls[0][0]).toMatch(/no OAuth verifier cookie for this callback.s state, so nobody was signed in/);
  expect([seen, navigate.mock.calls]).toEqual([[], []]);
  expect(await app.getRefreshToken()).toBeNull();
  expect(window.location.search).toBe(`?code=c&state=${STATE}`);
});

test.each([
  ["stack-oauth-outer-", "the official SDK's older name"],
  ["hexclave-oauth-outer-", "the official SDK's newer name"],
])("a verifier under %s (%s) is found and deleted", async (prefix) => {
  arrive(undefined, undefined, `${prefix}${STATE}`);
  const { app, seen } = browserApp(tokenOk());
  expect(await app.callOAuthCallback()).toBe(true);
  expect(new URLSearchParams(seen[0].body).get("code_verifier")).toBe(VERIFIER);
  expect(cookies()).not.toHaveProperty(`${prefix}${STATE}`);
});

test.each([
  ["no code", `state=${STATE}`, /has no code\./],
  ["no state", "code=c", /has no state\./],
  ["neither", "x=1", /has no code and no state\./],
])("%s in the address is a clear OAuthCallbackError, before any request", async (_name, query, message) => {
  arrive(query);
  const { app, seen } = browserApp(tokenOk());
  const error = await caught(app.callOAuthCallback());
  expect(OAuthCallbackError.isInstance(error)).toBe(true);
  expect(error.message).toMatch(/^The OAuth callback needs the code and state query parameters/);
  expect(error.message).toMatch(message);
  expect(seen).toEqual([]);
});

test("an error the platform sent through the address is thrown as its known error, and those parameters are removed", async () => {
  const details = JSON.stringify({ type: "email", contact_channel_value: "a@b.co", would_work_if_email_was_verified: false });
  const query = new URLSearchParams({
    keep: "yes",
    error: "server_error",
    error_description: "taken",
    errorCode: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    message: "This email is already used for authentication by another account.",
    details,
  });
  arrive(query.toString());
  const { app, seen } = browserApp(tokenOk());
  const error = await caught(app.callOAuthCallback());
  expect(KnownErrors.ContactChannelAlreadyUsedForAuthBySomeoneElse.isInstance(error)).toBe(true);
  expect([error.code, error.message, error.status, error.details]).toEqual([
    "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    "This email is already used for authentication by another account.",
    409,
    JSON.parse(details),
  ]);
  expect(window.location.search).toBe("?keep=yes");
  expect(seen).toEqual([]);
});

test("malformed error details still give the known error (without details)", async () => {
  arrive("errorCode=OAUTH_PROVIDER_ACCESS_DENIED&message=denied&details=%7Bnope");
  const { app } = browserApp(tokenOk());
  const error = await caught(app.callOAuthCallback());
  expect(KnownErrors.OAuthProviderAccessDenied.isInstance(error) && [error.message, error.details]).toEqual(["denied", undefined]);
});

test("a plain OAuth error in the address (no known-error code) is an OAuthCallbackError; nothing is exchanged or stored", async () => {
  arrive("keep=yes&error=access_denied&error_description=The%20user%20said%20no&state=s1");
  const { app, seen } = browserApp(tokenOk());
  const error = await caught(app.callOAuthCallback());
  expect([OAuthCallbackError.isInstance(error), error.message]).toEqual([true, "The OAuth sign-in was refused: access_denied (The user said no)."]);
  expect(window.location.search).toBe("?keep=yes");
  expect(seen).toHaveLength(0);
  expect(await app.getRefreshToken()).toBeNull();
});

test("a second factor: the attempt code goes to sessionStorage, the MFA page opens and the error is thrown", async () => {
  arrive();
  const { app, navigate } = browserApp(tokenError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "attempt-9" }));
  const error = await caught(app.callOAuthCallback());
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(MFA_ATTEMPT_KEYS.map((k) => sessionStorage.getItem(k))).toEqual(["attempt-9", "attempt-9"]);
  expect(navigate).toHaveBeenCalledWith("/handler/mfa");
  expect(await app.getRefreshToken()).toBeNull();
});

test("an invalid TOTP code: the official alert, and false", async () => {
  arrive();
  const alert = jest.spyOn(window, "alert").mockImplementation(() => {});
  const { app, navigate } = browserApp(tokenError("INVALID_TOTP_CODE", 400));
  expect(await app.callOAuthCallback()).toBe(false);
  expect(alert).toHaveBeenCalledWith("Invalid TOTP code. Please try signing in again.");
  expect(navigate).not.toHaveBeenCalled();
});

test.each([
  ["a refused code (known error)", tokenError("INVALID_AUTHORIZATION_CODE", 400), "INVALID_AUTHORIZATION_CODE"],
  ["a plain-text 400", { "POST /auth/oauth/token": [400, "Invalid redirect URI."] as [number, unknown] }, "HttpError"],
  ["an answer without a refresh token", { "POST /auth/oauth/token": [200, { access_token: "x", token_type: "Bearer" }] as [number, unknown] }, "OAuthCallbackError"],
])("%s: OAuthCallbackError 'Error signing in during OAuth callback. Please try again.' with the cause", async (_name, routes, cause) => {
  arrive();
  const { app, navigate } = browserApp(routes);
  const error = await caught(app.callOAuthCallback());
  expect(OAuthCallbackError.isInstance(error) && error.message).toBe("Error signing in during OAuth callback. Please try again.");
  expect(error.cause.code ?? error.cause.name).toBe(cause);
  expect(navigate).not.toHaveBeenCalled();
  expect(await app.getRefreshToken()).toBeNull();
  expect(window.location.search).toBe("");
});

test("a network failure of the exchange is an OAuthCallbackError too", async () => {
  arrive();
  const { app } = browserApp({}, { fetch: (async () => Promise.reject(new TypeError("offline"))) as unknown as typeof fetch });
  const error = await caught(app.callOAuthCallback());
  // The exchange goes through the SDK's HTTP pipeline: the cause is its connectivity error, naming the request.
  expect([OAuthCallbackError.isInstance(error), error.cause?.name]).toEqual([true, "ConnectivityError"]);
  expect(error.cause?.message).toMatch(/POST https:\/\/api\.example\.test\/api\/v1\/auth\/oauth\/token .*offline/);
});

test("an app without a token store is an ArgumentError", async () => {
  arrive();
  const { app, seen } = browserApp(tokenOk(), { tokenStore: null });
  await expect(app.callOAuthCallback()).rejects.toThrow(ArgumentError);
  expect(seen).toEqual([]);
  expect(cookies()).toHaveProperty(`stack-oauth-outer-${STATE}`);
});
