/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// The cross-domain hand-off over real HTTP: the app (a jsdom page on http://localhost:3000, cookie store) sends the
// user to its hosted sign-in page; the test plays that page on the platform's domain through the emulator's HTTP
// API (a password sign-up, then POST /auth/oauth/cross-domain/authorize with the parameters the app sent); the
// browser comes back to the app's callback with the code, and the app redeems it and is signed in.
import { ClientApp, KnownErrors } from "../../src/index";
import type { ClientAppOptions } from "../../src/index";
import { HANDOFF_PARAM_FAMILIES, readHandoffParams } from "../../src/urls/cross-domain-params";
import { uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { calledOnce, cookies, s256, emulatorForPages, emulatorPage } from "../unit/auth/oauth-helpers";

const APP = "http://localhost:3000";
let emulator: Emulator;
emulatorForPages((e) => (emulator = e));

/** A page load on `path`: a fresh app whose navigations (the router's and leaving the page) are recorded. */
function openPage(path: string, options: ClientAppOptions = {}) {
  return emulatorPage(emulator, path, { urls: { signIn: { type: "hosted" }, afterSignIn: "/home" }, ...options });
}

/** A client request to the emulator as the hosted page's own SDK makes it, with that page's tokens. */
async function hostedPageRequest(path: string, body: object, tokens?: { access_token: string; refresh_token: string }) {
  const res = await fetch(`${emulator.url}/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": emulator.projectId,
      "x-stack-access-type": "client",
      "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
      ...(tokens ? { "x-stack-access-token": tokens.access_token, "x-stack-refresh-token": tokens.refresh_token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * What the hosted sign-in page does with the address the app sent the user to, reading the hand-off from the
 * parameter family `family` only (as an official version does): signs a new user up with a password, then asks
 * the platform to hand the session to the app's callback. Returns the user's e-mail and the address it sends the
 * browser back to.
 */
async function onHostedSignInPage(hostedUrl: URL, family: (typeof HANDOFF_PARAM_FAMILIES)[number]) {
  const email = uniqueEmail("handoff");
  const signUp = await hostedPageRequest("/auth/password/sign-up", { email, password: "correct horse battery" });
  expect(signUp.status).toBe(200);
  const callback = hostedUrl.searchParams.get("after_auth_return_to")!;
  const authorize = await hostedPageRequest(
    "/auth/oauth/cross-domain/authorize",
    {
      redirect_uri: callback,
      state: hostedUrl.searchParams.get(family.state),
      code_challenge: hostedUrl.searchParams.get(family.codeChallenge),
      code_challenge_method: "S256",
      after_callback_redirect_url: hostedUrl.searchParams.get(family.afterCallbackRedirectUrl),
    },
    signUp.body,
  );
  expect(authorize.status).toBe(200);
  return { email, back: authorize.body.redirect_url as string };
}

test.each(HANDOFF_PARAM_FAMILIES.map((family) => [family.marker, family] as const))(
  "app → hosted sign-in → back to the app → signed in, on the page it started from (hosted page reads %s)",
  async (_, family) => {
    // 1. On a private page, the app sends the user to the hosted sign-in page.
    const start = openPage("/private?foo=bar");
    void start.app.redirectToSignIn();
    const hostedUrl = new URL(await calledOnce(start.navigate));
    expect(hostedUrl.origin + hostedUrl.pathname).toBe(`https://${emulator.projectId}.built-with-stack-auth.com/handler/sign-in`);
    const sent = readHandoffParams(hostedUrl.searchParams);
    expect(sent.afterCallbackRedirectUrl).toBe(`${APP}/private?foo=bar`);
    expect(sent.codeChallenge).toBe(s256(cookies()[`stack-oauth-outer-${sent.state}`]));

    // 2. The hosted page signs the user in and hands the session back through the platform.
    const { email, back } = await onHostedSignInPage(hostedUrl, family);
    const backUrl = new URL(back);
    expect(backUrl.origin + backUrl.pathname).toBe(`${APP}/handler/oauth-callback`);
    expect([backUrl.searchParams.get("state"), backUrl.searchParams.get(family.marker)]).toEqual([sent.state, "1"]);

    // 3. Back on the app's callback page: the code is redeemed and the user is signed in, on the page it left.
    const callback = openPage(backUrl.pathname + backUrl.search);
    expect(await callback.app.getUser()).toBeNull();
    expect(await callback.app.callOAuthCallback()).toBe(true);
    expect(callback.navigate.mock.calls).toEqual([[`${APP}/private?foo=bar`]]);
    const user = await callback.app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(Object.keys(cookies()).filter((name) => name.includes("oauth-outer"))).toEqual([]);

    // 4. The code was good for one exchange: the same address again signs nobody in.
    await callback.app.signOut();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const reload = openPage(backUrl.pathname + backUrl.search);
    expect(await reload.app.callOAuthCallback()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await reload.app.getUser()).toBeNull();
  },
);

test("every page hosted (urls.default): the hand-off comes back to the page it started from, which finishes it by itself", async () => {
  const hosted = { urls: { default: { type: "hosted" as const } } };
  const start = openPage("/private?foo=bar", hosted);
  void start.app.redirectToSignIn();
  const hostedUrl = new URL(await calledOnce(start.navigate));
  const { email, back } = await onHostedSignInPage(hostedUrl, HANDOFF_PARAM_FAMILIES[0]);
  const backUrl = new URL(back);
  expect(backUrl.origin + backUrl.pathname).toBe(`${APP}/private`);
  expect(backUrl.searchParams.get("foo")).toBe("bar");

  const page = openPage(backUrl.pathname + backUrl.search, hosted);
  expect((await page.app.getUser({ or: "throw" })).primaryEmail).toBe(email);
  expect(page.navigate.mock.calls).toEqual([[`${APP}/private?foo=bar`]]);
});

test("a callback made by an older official version (stack_* parameters only, stack-oauth-outer cookie) completes too", async () => {
  const verifier = "x".repeat(50);
  document.cookie = `stack-oauth-outer-old-state=${verifier}; path=/`;
  const family = HANDOFF_PARAM_FAMILIES[1];
  const callback = new URL(`${APP}/handler/oauth-callback`);
  callback.searchParams.set(family.marker, "1");
  callback.searchParams.set(family.state, "old-state");
  callback.searchParams.set(family.codeChallenge, s256(verifier));
  callback.searchParams.set(family.afterCallbackRedirectUrl, `${APP}/cart`);
  const hostedUrl = new URL(`https://${emulator.projectId}.built-with-stack-auth.com/handler/sign-in`);
  hostedUrl.searchParams.set("after_auth_return_to", callback.href);
  for (const key of ["state", "codeChallenge", "afterCallbackRedirectUrl"] as const) hostedUrl.searchParams.set(family[key], callback.searchParams.get(family[key])!);

  const { email, back } = await onHostedSignInPage(hostedUrl, family);
  const page = openPage(new URL(back).pathname + new URL(back).search);
  expect(await page.app.callOAuthCallback()).toBe(true);
  expect(page.navigate.mock.calls).toEqual([[`${APP}/cart`]]);
  expect((await page.app.getUser({ or: "throw" })).primaryEmail).toBe(email);
});

test("the signing-in page's side: after sign-in, latchkey hands its session to an app on another origin", async () => {
  // This page (localhost:3000) plays the hosted sign-in page; the app waiting for the session is on 127.0.0.1:4000.
  const verifier = "y".repeat(60);
  const family = HANDOFF_PARAM_FAMILIES[0];
  const appCallback = new URL("http://127.0.0.1:4000/handler/oauth-callback");
  appCallback.searchParams.set(family.marker, "1");
  const page = new URL(`${APP}/handler/sign-in`);
  page.searchParams.set("after_auth_return_to", appCallback.href);
  page.searchParams.set(family.state, "app-state");
  page.searchParams.set(family.codeChallenge, s256(verifier));
  page.searchParams.set(family.afterCallbackRedirectUrl, "http://127.0.0.1:4000/private");
  const { app, navigate } = openPage(page.pathname + page.search, { urls: {} });
  const email = uniqueEmail("signing-in-page");
  void app.signUpWithCredential({ email, password: "correct horse battery" });
  const back = new URL(await calledOnce(navigate));
  expect(back.origin + back.pathname).toBe("http://127.0.0.1:4000/handler/oauth-callback");
  expect(back.searchParams.get("state")).toBe("app-state");

  // The app on the other origin redeems the code with its verifier, for the address the code was issued for.
  const code = back.searchParams.get("code")!;
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: appCallback.href,
    code_verifier: verifier,
    client_id: emulator.projectId,
    client_secret: emulator.keys.publishableClientKey,
  });
  const res = await fetch(`${emulator.url}/api/v1/auth/oauth/token`, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
  const tokens = await res.json();
  expect([res.status, tokens.after_callback_redirect_url]).toEqual([200, "http://127.0.0.1:4000/private"]);
  const other = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token }, noAutomaticPrefetch: true });
  expect((await other.getUser({ or: "throw" })).primaryEmail).toBe(email);
});

test("a return address the project does not trust is refused by the platform with REDIRECT_URL_NOT_WHITELISTED", async () => {
  const family = HANDOFF_PARAM_FAMILIES[1];
  const page = new URL(`${APP}/handler/sign-in`);
  page.searchParams.set("after_auth_return_to", "https://evil.example/handler/oauth-callback");
  page.searchParams.set(family.state, "s");
  page.searchParams.set(family.codeChallenge, s256("z".repeat(43)));
  page.searchParams.set(family.afterCallbackRedirectUrl, "https://evil.example/");
  const { app, navigate } = openPage(page.pathname + page.search, { urls: {} });
  await app.signUpWithCredential({ email: uniqueEmail("evil"), password: "correct horse battery", noRedirect: true });
  await expect(app.redirectToAfterSignIn()).rejects.toBeInstanceOf(KnownErrors.RedirectUrlNotWhitelisted);
  expect(navigate).not.toHaveBeenCalled();
});
