/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "https://myapp.example/"}
 */
// The cross-domain hand-off against a fake platform: the app going to a hosted sign-in page (the parameters it
// sends), the signing-in page handing the session back (the request it makes), and the app's callback redeeming
// the code, with either parameter family on the way in.
import { ArgumentError } from "../../../src/index";
import type { ClientAppOptions } from "../../../src/index";
import { authorizeHandoff } from "../../../src/auth/oauth-handoff";
import { HANDOFF_PARAM_FAMILIES, readHandoffParams } from "../../../src/urls/cross-domain-params";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { browserApp, calledOnce, cookies, resetPage, s256 } from "./oauth-helpers";

const HOSTED = `https://${PROJECT}.built-with-stack-auth.com`;
const OTHER = "https://other.example";
const CHALLENGE = s256("v".repeat(43));
const project = [200, { id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains: [{ domain: OTHER, handler_path: "/handler" }] } }] as const;
const signedIn = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken("r") };

afterEach(() => {
  jest.restoreAllMocks();
  resetPage();
});

describe("the app going to a hosted sign-in page", () => {
  test("starts a hand-off: a verifier cookie for a new state, and the callback as after_auth_return_to", async () => {
    window.history.replaceState(null, "", "/private?foo=bar");
    const { app, navigate, seen } = browserApp({}, { urls: { signIn: { type: "hosted" } } });
    void app.redirectToSignIn();
    const url = new URL(await calledOnce(navigate));
    expect(url.origin + url.pathname).toBe(`${HOSTED}/handler/sign-in`);
    const params = readHandoffParams(url.searchParams);
    expect(params.afterCallbackRedirectUrl).toBe("https://myapp.example/private?foo=bar");
    // The verifier is kept under the state, in both cookie names; the challenge is its S256.
    const jar = cookies();
    expect(jar[`stack-oauth-outer-${params.state}`]).toEqual(jar[`hexclave-oauth-outer-${params.state}`]);
    expect(params.codeChallenge).toBe(s256(jar[`stack-oauth-outer-${params.state}`]));
    const callback = new URL(url.searchParams.get("after_auth_return_to")!);
    expect(callback.origin + callback.pathname).toBe("https://myapp.example/handler/oauth-callback");
    for (const family of HANDOFF_PARAM_FAMILIES) {
      expect(url.searchParams.get(family.state)).toBe(params.state);
      expect(callback.searchParams.get(family.marker)).toBe("1");
      expect(callback.searchParams.get(family.state)).toBe(params.state);
      expect(callback.searchParams.get(family.codeChallenge)).toBe(params.codeChallenge);
      expect(callback.searchParams.get(family.afterCallbackRedirectUrl)).toBe(params.afterCallbackRedirectUrl);
    }
    expect(seen).toEqual([]);
  });

  test("with a hosted OAuth callback, the callback is the current page", async () => {
    window.history.replaceState(null, "", "/private?foo=bar&code=old&state=old");
    const { app, navigate } = browserApp({}, { urls: { default: { type: "hosted" } } });
    void app.redirectToSignUp();
    const url = new URL(await calledOnce(navigate));
    expect(url.pathname).toBe("/handler/sign-up");
    const callback = new URL(url.searchParams.get("after_auth_return_to")!);
    expect(callback.origin + callback.pathname + "?" + callback.searchParams.get("foo")).toBe("https://myapp.example/private?bar");
    expect(callback.searchParams.has("code")).toBe(false);
  });

  test("noRedirectBack, a same-origin page and a page that is not a sign-in page start no hand-off", async () => {
    const hosted = browserApp({}, { urls: { default: { type: "hosted" } } });
    void hosted.app.redirectToSignIn({ noRedirectBack: true });
    expect(await calledOnce(hosted.navigate)).toBe(`${HOSTED}/handler/sign-in`);
    const local = browserApp({});
    void local.app.redirectToSignIn();
    expect(await calledOnce(local.navigate)).toBe("/handler/sign-in?after_auth_return_to=%2F");
    const other = browserApp({}, { urls: { accountSettings: { type: "hosted" } } });
    void other.app.redirectToAccountSettings();
    expect(await calledOnce(other.navigate)).toBe(`${HOSTED}/handler/account-settings`);
    expect(Object.keys(cookies())).toEqual([]);
  });
});

describe("the signing-in page handing the session back", () => {
  /** The hosted sign-in page as an app sends the user there, its parameters in one family only. */
  function onSignInPage(family: (typeof HANDOFF_PARAM_FAMILIES)[number], options: ClientAppOptions = {}) {
    const callback = new URL(`${OTHER}/handler/oauth-callback`);
    callback.searchParams.set(family.marker, "1");
    callback.searchParams.set(family.state, "st");
    const page = new URL("https://myapp.example/handler/sign-in");
    page.searchParams.set("after_auth_return_to", callback.href);
    page.searchParams.set(family.state, "st");
    page.searchParams.set(family.codeChallenge, CHALLENGE);
    page.searchParams.set(family.afterCallbackRedirectUrl, `${OTHER}/private?foo=bar`);
    window.history.replaceState(null, "", page.pathname + page.search);
    const redirectUrl = `${callback.href}&code=the-code&state=st`;
    const made = browserApp({ "GET /projects/current": project, "POST /auth/oauth/cross-domain/authorize": [200, { redirect_url: redirectUrl }] }, { tokenStore: signedIn, ...options });
    return { ...made, callback, redirectUrl };
  }

  test.each(HANDOFF_PARAM_FAMILIES.map((f) => [f.marker, f] as const))("after sign-in, asks the platform for the code (%s family)", async (_, family) => {
    const { app, navigate, seen, callback, redirectUrl } = onSignInPage(family);
    void app.redirectToAfterSignIn();
    expect(await calledOnce(navigate)).toBe(redirectUrl);
    const authorize = seen.find((r) => r.url.pathname.endsWith("/cross-domain/authorize"))!;
    expect(authorize.method).toBe("POST");
    expect(authorize.headers["x-stack-access-token"]).toBe(signedIn.accessToken);
    expect(authorize.headers["x-stack-refresh-token"]).toBe(signedIn.refreshToken);
    expect(JSON.parse(authorize.body!)).toEqual({
      redirect_uri: callback.href,
      state: "st",
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      after_callback_redirect_url: `${OTHER}/private?foo=bar`,
    });
  });

  test("a page without the app's state and challenge goes back without a hand-off", async () => {
    window.history.replaceState(null, "", `/handler/sign-in?after_auth_return_to=${encodeURIComponent(`${OTHER}/x`)}`);
    const { app, navigate, seen } = browserApp({ "GET /projects/current": project }, { tokenStore: signedIn });
    void app.redirectToAfterSignIn();
    expect(await calledOnce(navigate)).toBe(`${OTHER}/x`);
    expect(seen.map((r) => r.url.pathname)).toEqual(["/api/v1/projects/current"]);
  });

  test("a malformed code challenge is an ArgumentError, and nothing is sent", async () => {
    const family = HANDOFF_PARAM_FAMILIES[0];
    const { app, navigate, seen } = onSignInPage(family);
    const url = new URL(window.location.href);
    url.searchParams.set(family.codeChallenge, "short");
    window.history.replaceState(null, "", url.pathname + url.search);
    await expect(app.redirectToAfterSignIn()).rejects.toThrow(ArgumentError);
    expect([navigate.mock.calls, seen]).toEqual([[], []]);
  });

  test("authorizeHandoff checks its arguments before any request", async () => {
    const { app, seen } = browserApp({}, { tokenStore: signedIn });
    const core = (app as unknown as { core: Parameters<typeof authorizeHandoff>[0] }).core;
    const good = { redirectUri: `${OTHER}/cb`, state: "s", codeChallenge: CHALLENGE };
    for (const bad of [
      { ...good, redirectUri: "/relative" },
      { ...good, redirectUri: "javascript:alert(1)" },
      { ...good, state: "" },
      { ...good, state: "s".repeat(513) },
      { ...good, codeChallenge: "not a challenge" },
      { ...good, afterCallbackRedirectUrl: "nope" },
      null,
    ]) {
      await expect(authorizeHandoff(core, bad as typeof good)).rejects.toThrow(ArgumentError);
    }
    expect(seen).toEqual([]);
  });
});

describe("the app's callback redeeming the code", () => {
  const tokens = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("n"), is_new_user: false, after_callback_redirect_url: "https://myapp.example/private?foo=bar" };

  test.each(HANDOFF_PARAM_FAMILIES.map((f) => [f.marker, f] as const))("uses the page's own address as redirect_uri (%s)", async (_, family) => {
    const query = `${family.marker}=1&${family.state}=st&${family.afterCallbackRedirectUrl}=${encodeURIComponent(tokens.after_callback_redirect_url)}`;
    document.cookie = `stack-oauth-outer-st=${"v".repeat(43)}; path=/`;
    window.history.replaceState(null, "", `/handler/oauth-callback?${query}&code=the-code&state=st`);
    const { app, navigate, seen } = browserApp({ "POST /auth/oauth/token": [200, tokens] });
    expect(await app.callOAuthCallback()).toBe(true);
    const form = new URLSearchParams(seen[0].body);
    expect(form.get("redirect_uri")).toBe(`https://myapp.example/handler/oauth-callback?${query}`);
    expect(form.get("code_verifier")).toBe("v".repeat(43));
    expect(navigate.mock.calls).toEqual([[tokens.after_callback_redirect_url]]);
    expect(await app.getAccessToken()).toBe(tokens.access_token);
    expect(seen.map((r) => r.url.href)).toEqual([`${BASE}/api/v1/auth/oauth/token`]);
  });
});
