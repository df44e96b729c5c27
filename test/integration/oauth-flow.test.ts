/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// The whole OAuth flow over real HTTP: the SDK runs in a jsdom page on http://localhost:3000 (cookie store, its
// navigations recorded), and the test plays the browser between pages: it follows the platform's redirects, fills in
// and submits the emulator's mock provider consent page, and opens the callback page the platform sends it to.
import { randomBytes } from "node:crypto";
import { AdminApp, KnownErrors } from "../../src/index";
import type { ClientAppOptions } from "../../src/index";
import { MFA_ATTEMPT_KEYS } from "../../src/auth/mfa";
import { caught } from "../helpers/http";
import { uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import { calledOnce, cookies, emulatorForPages, emulatorPage } from "../unit/auth/oauth-helpers";

const APP = "http://localhost:3000";
let emulator: Emulator;
emulatorForPages((e) => (emulator = e));

/** A page load: a fresh app on the current address, whose navigations are recorded. */
function openPage(path?: string, options: ClientAppOptions = {}) {
  // another origin (the OAuth provider) leaves the page instead of going through navigate: recorded there too
  return emulatorPage(emulator, path, { urls: { afterSignIn: "/home", afterSignUp: "/welcome" }, ...options });
}

/** The emulator's cookies as the browser would keep them (only the platform's inner-state cookie matters). */
const apiCookies = new Map<string, string>();

/** One browser request to the emulator without following redirects; keeps the cookies it sets. */
async function browserGet(url: string, init: RequestInit = {}) {
  const cookie = [...apiCookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
  for (const raw of res.headers.getSetCookie()) {
    const [pair, ...attributes] = raw.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (attributes.some((a) => /max-age=0/i.test(a.trim()))) apiCookies.delete(name);
    else apiCookies.set(name, value);
  }
  return res;
}

/**
 * Plays the browser from `url` (the provider's page, or the platform's authorize URL) until it is sent back to the
 * app: on the mock provider's consent page, fills in the "other account" form with `email` (or presses "Deny").
 */
async function throughProvider(url: string, o: { email?: string; name?: string; deny?: boolean }): Promise<string> {
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(APP)) return url;
    const res = await browserGet(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const html = await res.text();
    expect([res.status, res.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    const page = new DOMParser().parseFromString(html, "text/html");
    const form = [...page.querySelectorAll("form")].find((f) => (o.deny ? f.querySelector("button.deny") : f.classList.contains("custom")))!;
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "checkbox" && !input.checked) continue;
      fields.append(input.name, input.name === "email" ? (o.email ?? "") : input.name === "name" ? (o.name ?? "") : input.value);
    }
    fields.append("decision", o.deny ? "deny" : "allow");
    const posted = await browserGet(new URL(form.getAttribute("action")!, url).href, {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);
    url = new URL(posted.headers.get("location")!, url).href;
  }
  throw new Error(`no way back to the app from ${url}`);
}

/** Signs in with GitHub from the sign-in page: returns the callback page's address the platform sends the browser to. */
async function oauthFromSignInPage(o: { email?: string; deny?: boolean; path?: string; page?: ReturnType<typeof openPage> } = {}) {
  const { app, navigate } = o.page ?? openPage(o.path ?? "/handler/sign-in");
  void app.signInWithOAuth("github");
  const providerPage = await calledOnce(navigate);
  expect(providerPage.startsWith(`${emulator.url}/emulator/oauth/github/authorize?`)).toBe(true);
  return throughProvider(providerPage, { email: o.email, name: "Oscar Auth", deny: o.deny });
}

test("a new user, then the same user returning: signed in, sent on, the address bar scrubbed, the state usable once", async () => {
  const email = uniqueEmail("oauth");
  const back = await oauthFromSignInPage({ email });
  const callbackUrl = new URL(back);
  expect(callbackUrl.pathname).toBe("/handler/oauth-callback");
  expect([...callbackUrl.searchParams.keys()].sort()).toEqual(["code", "state"]);

  const first = openPage(back);
  expect(await first.app.callOAuthCallback()).toBe(true);
  expect(window.location.href).toBe(`${APP}/handler/oauth-callback`);
  expect(first.navigate).toHaveBeenCalledWith("/welcome");
  const user = await first.app.getUser({ or: "throw" });
  expect([user.primaryEmail, user.displayName, user.isAnonymous]).toEqual([email, "Oscar Auth", false]);
  expect((await user.listOAuthProviders()).map((p) => p.type)).toEqual(["github"]);
  expect(Object.keys(cookies()).filter((n) => n.includes("oauth-outer"))).toEqual([]);

  // The same callback address again (a reload from the history): the state's cookie is gone, nothing happens.
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const reload = openPage(back, { tokenStore: "memory" });
  expect(await reload.app.callOAuthCallback()).toBe(false);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(await reload.app.getUser()).toBeNull();

  // Signed out, the same GitHub account signs the same user in again and goes to after-sign-in.
  await first.app.signOut();
  const again = openPage(await oauthFromSignInPage({ email }));
  expect(await again.app.callOAuthCallback()).toBe(true);
  expect(again.navigate).toHaveBeenCalledWith("/home");
  expect((await again.app.getUser({ or: "throw" })).id).toBe(user.id);
  expect(window.location.search).toBe("");
});

test("a hosted OAuth callback: back on the page the flow started on, the app made there finishes the sign-in by itself", async () => {
  const hosted = { urls: { oauthCallback: { type: "hosted" as const }, afterSignIn: "/home", afterSignUp: "/welcome" } };
  const email = uniqueEmail("hosted-callback");
  const back = new URL(await oauthFromSignInPage({ email, page: openPage("/shop?item=7", hosted) }));
  expect(back.origin + back.pathname).toBe(`${APP}/shop`);
  expect([...back.searchParams.keys()].sort()).toEqual(["code", "item", "state"]);

  // The page loads again with the code: nothing calls callOAuthCallback, and the first read waits for the sign-in.
  const page = openPage(back.pathname + back.search, hosted);
  // Every token read waits for it too: none answers "signed out" while the code is being redeemed.
  const [refreshToken, authorization] = await Promise.all([page.app.getRefreshToken(), page.app.getAuthorizationHeader()]);
  expect(refreshToken).toEqual(expect.any(String));
  expect(authorization).toMatch(/^Bearer stackauth_/);
  const user = await page.app.getUser({ or: "throw" });
  expect([user.primaryEmail, user.displayName]).toEqual([email, "Oscar Auth"]);
  expect(page.navigate).toHaveBeenCalledWith("/welcome");
  expect(window.location.search).toBe("?item=7");
  expect(Object.keys(cookies()).filter((n) => n.includes("oauth-outer"))).toEqual([]);

  // An address with a code whose state this browser never started (another OAuth client's): left alone.
  await page.app.signOut();
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const other = openPage("/shop?code=abc&state=not-ours", hosted);
  expect(await other.app.getUser()).toBeNull();
  expect(await other.app.getAccessToken()).toBeNull();
  expect(warn).not.toHaveBeenCalled();
  expect(window.location.search).toBe("?code=abc&state=not-ours");
  expect(other.navigate).not.toHaveBeenCalled();
});

test("returnTo and the sign-in page's after_auth_return_to decide where the callback goes", async () => {
  const page = openPage("/handler/sign-in");
  void page.app.signInWithOAuth("github", { returnTo: "/after?x=1" });
  const viaReturnTo = openPage(await throughProvider(await calledOnce(page.navigate), { email: uniqueEmail("rt") }));
  expect(await viaReturnTo.app.callOAuthCallback()).toBe(true);
  expect(viaReturnTo.navigate).toHaveBeenCalledWith(`${APP}/after?x=1`);

  await viaReturnTo.app.signOut();
  const back = await oauthFromSignInPage({ email: uniqueEmail("aart"), path: "/handler/sign-in?after_auth_return_to=%2Fcart" });
  expect(new URL(back).searchParams.get("after_auth_return_to")).toBe("/cart");
  const viaQuery = openPage(back);
  expect(await viaQuery.app.callOAuthCallback()).toBe(true);
  expect(viaQuery.navigate).toHaveBeenCalledWith("/cart");
  expect(window.location.search).toBe("?after_auth_return_to=%2Fcart");
});

test("an anonymous user who signs in with OAuth is upgraded, not replaced", async () => {
  const page = openPage("/handler/sign-in");
  const anonymous = await page.app.getUser({ or: "anonymous" });
  expect(anonymous.isAnonymous).toBe(true);
  const email = uniqueEmail("anon");
  const done = openPage(await oauthFromSignInPage({ email, page }));
  expect(await done.app.callOAuthCallback()).toBe(true);
  expect(done.navigate).toHaveBeenCalledWith("/welcome");
  const user = await done.app.getUser({ or: "throw" });
  expect([user.id, user.isAnonymous, user.primaryEmail]).toEqual([anonymous.id, false, email]);
});

test("linking GitHub to a password user: back on the page that started it, the account connected", async () => {
  const page = openPage("/settings?tab=accounts");
  await page.app.signUpWithCredential({ email: uniqueEmail("link"), password: "correct horse battery", noRedirect: true });
  const user = await page.app.getUser({ or: "throw" });
  expect(await user.listConnectedAccounts()).toEqual([]);

  void user.linkConnectedAccount("github");
  const authorize = new URL(await calledOnce(page.navigate));
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${emulator.url}/api/v1/auth/oauth/authorize/github`);
  const callback = openPage(await throughProvider(authorize.href, { email: uniqueEmail("gh") }));
  expect(await callback.app.callOAuthCallback()).toBe(true);
  expect(callback.navigate).toHaveBeenCalledWith(`${APP}/settings?tab=accounts`);
  const linked = await callback.app.getUser({ or: "throw" });
  expect(linked.id).toBe(user.id);
  const [github] = await linked.listConnectedAccounts();
  expect(github.provider).toBe("github");

  // getOrLinkConnectedAccount finds it without leaving the page; a provider not linked yet starts a link.
  const later = openPage("/settings");
  const same = await (await later.app.getUser({ or: "throw" })).getOrLinkConnectedAccount("github");
  expect(same.providerAccountId).toBe(github.providerAccountId);
  expect(later.navigate).not.toHaveBeenCalled();
  void (await later.app.getUser({ or: "throw" })).getOrLinkConnectedAccount("google");
  const google = new URL(await calledOnce(later.navigate));
  expect([google.pathname, google.searchParams.get("type")]).toEqual(["/api/v1/auth/oauth/authorize/google", "link"]);
});

test("more scopes: refused with shared OAuth keys; with the project's own keys the account is linked again with them", async () => {
  const email = uniqueEmail("scopes");
  const first = openPage(await oauthFromSignInPage({ email }));
  await first.app.callOAuthCallback();

  const page = openPage("/repos");
  void (await page.app.getUser({ or: "throw" })).getOrLinkConnectedAccount("github", { scopes: ["repo"] });
  const shared = await browserGet(await calledOnce(page.navigate));
  expect([shared.status, shared.headers.get("x-stack-known-error")]).toEqual([400, "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"]);

  const admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, superSecretAdminKey: emulator.keys.superSecretAdminKey, tokenStore: null });
  const project = await admin.getProject();
  const providers = project.config.oauthProviders;
  await project.update({ config: { oauthProviders: providers.map((p) => (p.id === "github" ? { id: "github", type: "standard", clientId: "cid", clientSecret: "csecret" } : p)) } });
  try {
    const retry = openPage("/repos");
    void (await retry.app.getUser({ or: "throw" })).getOrLinkConnectedAccount("github", { scopes: ["repo"] });
    const authorize = new URL(await calledOnce(retry.navigate));
    expect(authorize.searchParams.get("provider_scope")).toBe("repo");
    const callback = openPage(await throughProvider(authorize.href, { email }));
    expect(await callback.app.callOAuthCallback()).toBe(true);
    expect(callback.navigate).toHaveBeenCalledWith(`${APP}/repos`);
    const done = openPage("/repos");
    const github = await (await done.app.getUser({ or: "throw" })).getOrLinkConnectedAccount("github", { scopes: ["repo"] });
    const token = await github.getAccessToken({ scopes: ["repo"] });
    expect(token.status === "ok" && token.data.accessToken).toEqual(expect.any(String));
    expect(done.navigate).not.toHaveBeenCalled();
  } finally {
    await project.update({ config: { oauthProviders: providers } });
  }
});

test("the provider's refusal comes back through the address as the platform's known error", async () => {
  const back = await oauthFromSignInPage({ deny: true });
  expect(new URL(back).searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  const page = openPage(back);
  const error = await caught(page.app.callOAuthCallback());
  expect(KnownErrors.OAuthProviderAccessDenied.isInstance(error)).toBe(true);
  expect(window.location.search).toBe("");
  expect(await page.app.getUser()).toBeNull();
});

test("a user with TOTP: the callback takes the MFA path, and the second factor completes the sign-in", async () => {
  const email = uniqueEmail("mfa");
  const first = openPage(await oauthFromSignInPage({ email }));
  await first.app.callOAuthCallback();
  const secret = new Uint8Array(randomBytes(20));
  await (await first.app.getUser({ or: "throw" })).update({ totpMultiFactorSecret: secret });
  await first.app.signOut();

  const page = openPage(await oauthFromSignInPage({ email }));
  const error = await caught(page.app.callOAuthCallback());
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(page.navigate).toHaveBeenCalledWith("/handler/mfa");
  const attemptCode = sessionStorage.getItem(MFA_ATTEMPT_KEYS[0])!;
  expect(attemptCode).toBe(error.details.attempt_code);
  expect(await page.app.getUser()).toBeNull();

  const mfa = openPage("/handler/mfa");
  await awayFromStepBoundary();
  expect(await mfa.app.signInWithMfa(totp(secret), attemptCode)).toEqual({ status: "ok", data: undefined });
  expect((await mfa.app.getUser({ or: "throw" })).primaryEmail).toBe(email);
});
