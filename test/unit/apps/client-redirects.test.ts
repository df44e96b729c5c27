/** @jest-environment ./test/support/jsdom-env.cjs */
/** The redirectTo* helpers in a browser page: the URL each builds, after_auth_return_to, replace and refusals. */
import { ArgumentError, ClientApp, stackAppInternalsSymbol } from "../../../src/index";
import type { ClientAppOptions } from "../../../src/index";
import { PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { ClientRedirects } from "../../../src/apps/client-redirects";
import { recordLeaving, until } from "../../helpers/navigations";

const URLS = { home: "/home", afterSignIn: "/dashboard", afterSignUp: "/welcome", afterSignOut: "/goodbye" };
const RETURN_HERE = "after_auth_return_to=%2Fsettings%3Ftab%3D2";

/** A browser app whose navigations `navigate` records (the router's, and leaving the page: see recordLeaving). */
function browserApp(options: ClientAppOptions = {}) {
  const navigate = jest.fn();
  recordLeaving(navigate);
  const requests: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    requests.push(`${init.method ?? "GET"} ${new URL(url).pathname.replace("/api/v1", "")}`);
    const project = { id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] } };
    return new Response(JSON.stringify(project), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  const app = new ClientApp({ projectId: PROJECT, baseUrl: "https://api.example.test", tokenStore: "memory", fetch, redirectMethod: { navigate }, noAutomaticPrefetch: true, urls: URLS, ...options });
  return { app, navigate, requests };
}

beforeEach(() => window.history.replaceState(null, "", "/settings?tab=2"));
afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, "", "/");
});

// [helper, the URL it goes to from /settings?tab=2]
const HELPERS: [string, string][] = [
  ["redirectToSignIn", `/handler/sign-in?${RETURN_HERE}`],
  ["redirectToSignUp", `/handler/sign-up?${RETURN_HERE}`],
  ["redirectToSignOut", `/handler/sign-out?${RETURN_HERE}`],
  ["redirectToOnboarding", `/handler/onboarding?${RETURN_HERE}`],
  ["redirectToEmailVerification", "/handler/email-verification"],
  ["redirectToPasswordReset", "/handler/password-reset"],
  ["redirectToForgotPassword", "/handler/forgot-password"],
  ["redirectToOAuthCallback", "/handler/oauth-callback"],
  ["redirectToMagicLinkCallback", "/handler/magic-link-callback"],
  ["redirectToAccountSettings", "/handler/account-settings"],
  ["redirectToError", "/handler/error"],
  ["redirectToTeamInvitation", "/handler/team-invitation"],
  ["redirectToCliAuthConfirm", "/handler/cli-auth-confirm"],
  ["redirectToMfa", "/handler/mfa"],
  ["redirectToHome", "/home"],
  ["redirectToAfterSignIn", "/dashboard"],
  ["redirectToAfterSignUp", "/welcome"],
  ["redirectToAfterSignOut", "/goodbye"],
];

type Helpers = Record<string, (options?: object) => Promise<void>>;

test.each(HELPERS)("%s goes to %s", async (name, expected) => {
  const { app, navigate, requests } = browserApp();
  await expect((app as unknown as Helpers)[name]()).resolves.toBeUndefined();
  expect(navigate.mock.calls).toEqual([[expected]]);
  expect(requests).toEqual([]);
});

test("the helpers are the official set, on the prototype, each one function", () => {
  const names = Object.getOwnPropertyNames(ClientRedirects.prototype).filter((n) => n.startsWith("redirectTo"));
  expect(names.sort()).toEqual(HELPERS.map(([name]) => name).sort());
  expect(Object.keys(new ClientApp({ projectId: PROJECT, tokenStore: null, noAutomaticPrefetch: true })).some((k) => k.startsWith("redirectTo"))).toBe(false);
});

test("noRedirectBack leaves after_auth_return_to out of sign-in, sign-up, onboarding and sign-out", async () => {
  const { app, navigate } = browserApp();
  await app.redirectToSignIn({ noRedirectBack: true });
  await app.redirectToSignUp({ noRedirectBack: true });
  await app.redirectToOnboarding({ noRedirectBack: true });
  await app.redirectToSignOut({ noRedirectBack: true });
  expect(navigate.mock.calls).toEqual([["/handler/sign-in"], ["/handler/sign-up"], ["/handler/onboarding"], ["/handler/sign-out"]]);
});

test("a page's own after_auth_return_to is kept by sign-in and followed by after-sign-in/up (unless noRedirectBack)", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Forders%2F7%3Fx%3D1");
  const { app, navigate } = browserApp();
  await app.redirectToSignUp();
  await app.redirectToAfterSignIn();
  await app.redirectToAfterSignUp();
  await app.redirectToAfterSignIn({ noRedirectBack: true });
  await app.redirectToAfterSignOut();
  await app.redirectToHome();
  expect(navigate.mock.calls).toEqual([["/handler/sign-up?after_auth_return_to=%2Forders%2F7%3Fx%3D1"], ["/orders/7?x=1"], ["/orders/7?x=1"], ["/dashboard"], ["/goodbye"], ["/home"]]);
});

test("a configured sign-in URL that names its own after_auth_return_to keeps it", async () => {
  const { app, navigate } = browserApp({ urls: { ...URLS, signIn: "/login?after_auth_return_to=%2Ffixed" } });
  await app.redirectToSignIn();
  expect(navigate.mock.calls).toEqual([["/login?after_auth_return_to=%2Ffixed"]]);
});

test("a hosted sign-in page gets a cross-domain hand-off back to the whole current URL, without reading the project", async () => {
  const { app, navigate, requests } = browserApp({ urls: { ...URLS, signIn: { type: "hosted" } } });
  // Another origin: the page is left (the promise then waits out the page's last moments; not awaited here).
  void app.redirectToSignIn();
  await until(() => navigate.mock.calls.length > 0);
  const hosted = new URL(navigate.mock.calls[0][0]);
  expect(hosted.origin + hosted.pathname).toBe(`https://${PROJECT}.built-with-stack-auth.com/handler/sign-in`);
  // The app's callback carries the hand-off (test/unit/auth/cross-domain-handoff.test.ts has the details).
  const callback = new URL(hosted.searchParams.get("after_auth_return_to")!);
  expect([callback.href.split("?")[0], callback.searchParams.get("hexclave_cross_domain_auth")]).toEqual(["http://localhost/handler/oauth-callback", "1"]);
  expect(hosted.searchParams.get("hexclave_cross_domain_after_callback_redirect_url")).toBe("http://localhost/settings?tab=2");
  expect(requests).toEqual([]);
});

test("custom pages: on a trusted domain they are reached, elsewhere refused and nothing navigates", async () => {
  const trusted = browserApp({ urls: { ...URLS, accountSettings: { type: "custom", url: "https://app.example.com/account", version: 0 } } });
  void trusted.app.redirectToAccountSettings();
  await until(() => trusted.navigate.mock.calls.length > 0);
  expect(trusted.navigate.mock.calls).toEqual([["https://app.example.com/account"]]);
  expect(trusted.requests).toEqual(["GET /projects/current"]);

  const evil = browserApp({ urls: { ...URLS, mfa: { type: "custom", url: "https://evil.example.com/mfa", version: 1 }, afterSignOut: "//evil.example.com/" } });
  await expect(evil.app.redirectToMfa()).rejects.toThrow(new ArgumentError("Redirect URL https://evil.example.com/mfa is not trusted; should be relative."));
  await expect(evil.app.redirectToAfterSignOut()).rejects.toThrow("Redirect URL //evil.example.com/ is not trusted; should be relative.");
  expect(evil.navigate).not.toHaveBeenCalled();
});

test("the options are checked before anything happens", async () => {
  const { app, navigate } = browserApp();
  for (const bad of [5, "replace", null, { replace: "yes" }, { noRedirectBack: 1 }]) {
    await expect(app.redirectToSignIn(bad as never)).rejects.toThrow(ArgumentError);
  }
  expect(navigate).not.toHaveBeenCalled();
});

test('with redirectMethod: "none" the helpers do nothing, and read nothing', async () => {
  const { app, navigate, requests } = browserApp({ redirectMethod: "none", urls: { ...URLS, signIn: "https://evil.example.com/" } });
  await app.redirectToSignIn();
  await app.redirectToHome({ replace: true });
  expect(navigate).not.toHaveBeenCalled();
  expect(requests).toEqual([]);
});

test('with redirectMethod "window", replace replaces the history entry and the default adds one', async () => {
  jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick"] });
  window.history.replaceState(null, "", "/");
  const { app } = browserApp({ redirectMethod: "window", urls: { ...URLS, home: "/#home", afterSignOut: "/#goodbye" } });
  const before = window.history.length;
  const added = app.redirectToHome();
  await jest.advanceTimersByTimeAsync(2000);
  await added;
  expect([window.location.hash, window.history.length]).toEqual(["#home", before + 1]);
  const replaced = app.redirectToAfterSignOut({ replace: true });
  await jest.advanceTimersByTimeAsync(2000);
  await replaced;
  expect([window.location.hash, window.history.length]).toEqual(["#goodbye", before + 1]);
});

test("signOut refuses an untrusted redirectUrl before the session ends", async () => {
  const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
  const { app, navigate, requests } = browserApp({ tokenStore: tokens });
  await expect(app.signOut({ redirectUrl: "https://evil.example.com/" })).rejects.toThrow("Redirect URL https://evil.example.com/ is not trusted; should be relative.");
  expect(requests).toEqual(["GET /projects/current"]);
  expect(await app.getRefreshToken()).toBe(tokens.refreshToken);
  expect(navigate).not.toHaveBeenCalled();
});

test("the official internals' redirectToHandler and redirectToUrl take the same path and the same check", async () => {
  const { app, navigate } = browserApp();
  const internals = app[stackAppInternalsSymbol];
  await internals.redirectToHandler("signUp", { noRedirectBack: true });
  await internals.redirectToHandler("handler");
  void internals.redirectToUrl(new URL("https://app.example.com/x"), { replace: true });
  await until(() => navigate.mock.calls.length === 3);
  expect(navigate.mock.calls).toEqual([["/handler/sign-up"], ["/handler"], ["https://app.example.com/x"]]);
  await expect(internals.redirectToHandler("nowhere" as never)).rejects.toThrow(new ArgumentError("No URL for handler name nowhere"));
  await expect(internals.redirectToUrl("javascript:alert(1)")).rejects.toThrow("Redirect URL javascript:alert(1) is not trusted; should be relative.");
  expect(navigate).toHaveBeenCalledTimes(3);
});
