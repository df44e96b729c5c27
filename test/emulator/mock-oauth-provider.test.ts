import type { RunningEmulator } from "../../src/emulator";
import type { OAuthAccountRecord } from "../../src/emulator/domain/oauth-accounts";
import { startTestEmulator } from "./helpers";
import { APP_CALLBACK, authorize, exchange, oauthSignIn, pkce } from "./oauth-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const REDIRECT = "http://localhost:9999/cb";
const provider = (id: string, path: string) => `${em.url}/emulator/oauth/${id}/${path}`;

function authorizeUrl(id: string, challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: "my-app",
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid email",
    state: "st-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
  return `${provider(id, "authorize")}?${q}`;
}

async function postForm(url: string, form: Record<string, string>) {
  return fetch(url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
}

function tokenRequest(id: string, form: Record<string, string>) {
  return postForm(provider(id, "token"), form).then(async (r) => ({ status: r.status, json: await r.json() }));
}

test("the consent page lists ready-made accounts, a form for any account, and a deny button", async () => {
  const res = await fetch(authorizeUrl("github", pkce().challenge));
  expect(res.headers.get("content-type")).toContain("text/html");
  const page = await res.text();
  expect(page).toContain("Ada Lovelace</strong> &lt;ada@github.mock&gt;");
  expect(page).toContain("grace@github.mock");
  expect(page).toContain('name="email" type="email"');
  expect(page).toContain('value="deny"');
  expect(page).toContain('<input type="hidden" name="state" value="st-1">');
  // An inline icon: a browser showing the page asks the emulator for no /favicon.ico (a 404 in its console).
  expect(page).toContain('<link rel="icon" href="data:,">');
});

test("consent → code → token (PKCE) → userinfo and tokeninfo", async () => {
  const { verifier, challenge } = pkce();
  const consent = await postForm(provider("google", "authorize"), {
    client_id: "my-app",
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid email",
    state: "st-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
    decision: "allow",
    name: "Sam Example",
    email: "sam@example.com",
  });
  expect(consent.status).toBe(303);
  const back = new URL(consent.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-1");
  const code = back.searchParams.get("code")!;

  expect(await tokenRequest("google", { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: "wrong" })).toMatchObject({
    status: 400,
    json: { error: "invalid_grant" },
  });
  const tokens = await tokenRequest("google", { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });
  expect(tokens).toEqual({
    status: 200,
    json: { access_token: expect.stringMatching(/^mockat_/), token_type: "Bearer", expires_in: 3600, refresh_token: expect.stringMatching(/^mockrt_/), scope: "openid email" },
  });
  expect((await tokenRequest("google", { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier })).json.error).toBe("invalid_grant");

  const info = await fetch(provider("google", "userinfo"), { headers: { authorization: `Bearer ${tokens.json.access_token}` } });
  expect(await info.json()).toEqual({
    sub: expect.stringMatching(/^\d+$/),
    id: expect.any(String),
    name: "Sam Example",
    email: "sam@example.com",
    email_verified: false,
    picture: null,
    scope: "openid email",
  });
  expect((await fetch(provider("github", "userinfo"), { headers: { authorization: `Bearer ${tokens.json.access_token}` } })).status).toBe(401);
  const tokeninfo = await (await fetch(`${provider("google", "tokeninfo")}?access_token=${tokens.json.access_token}`)).json();
  expect(tokeninfo).toMatchObject({ provider_id: "google", email: "sam@example.com", scope: "openid email", expires_in: expect.any(Number) });

  const refreshed = await tokenRequest("google", { grant_type: "refresh_token", refresh_token: tokens.json.refresh_token, scope: "email" });
  expect(refreshed.json).toMatchObject({ scope: "email", refresh_token: tokens.json.refresh_token });
});

test("auto path: login_hint picks the account, deny=1 refuses, no hint takes the first account", async () => {
  const { challenge } = pkce();
  const hinted = await fetch(authorizeUrl("github", challenge, { auto: "1", login_hint: "grace@github.mock" }), { redirect: "manual" });
  expect(hinted.status).toBe(302);
  expect(new URL(hinted.headers.get("location")!).searchParams.get("code")).toMatch(/^mockcode_/);
  const denied = await fetch(authorizeUrl("github", challenge, { auto: "1", deny: "1" }), { redirect: "manual" });
  expect(Object.fromEntries(new URL(denied.headers.get("location")!).searchParams)).toEqual({
    error: "access_denied",
    error_description: "The user denied access.",
    state: "st-1",
  });
  const first = await fetch(authorizeUrl("github", challenge, { auto: "1" }), { redirect: "manual" });
  expect(first.status).toBe(302);
});

test("the browser redirect flow end to end: authorize (redirect mode) → provider page → consent form → callback with cookie", async () => {
  const start = await authorize(em, { mode: "redirect" });
  const page = await (await fetch(start.location!)).text();
  const form = /<form method="post" action="([^"]+)">((?:<input type="hidden"[^>]*>)+)/.exec(page)!;
  const fields = Object.fromEntries([...form[2].matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, "&")]));
  const consent = await postForm(`${em.url}${form[1]}`, { ...fields, decision: "allow", email: "ada@github.mock", name: "Ada Lovelace", email_verified: "true" });
  expect(consent.status).toBe(303);
  const cb = await fetch(consent.headers.get("location")!, { redirect: "manual", headers: { cookie: start.cookie! } });
  expect(cb.status).toBe(303);
  const app = new URL(cb.headers.get("location")!);
  expect(app.origin + app.pathname).toBe(APP_CALLBACK);
  const token = await exchange(em, app.searchParams.get("code")!, start.verifier);
  expect(token.json).toMatchObject({ is_new_user: true, token_type: "Bearer" });
});

test("a provider configured through the project config (own keys) allows provider_scope; the connection keeps the scopes", async () => {
  const project = em.core.store.projects.get(em.projectId)!;
  project.config.oauthProviders.push({ id: "spotify", type: "standard", clientId: "spotify-client", clientSecret: "s" });
  try {
    const start = await authorize(em, { provider: "spotify", query: { provider_scope: "user-library-read playlist-modify" } });
    const url = new URL(start.location!);
    expect(url.searchParams.get("client_id")).toBe("spotify-client");
    expect(url.searchParams.get("scope")).toBe("openid email profile user-library-read playlist-modify");
    const { token } = await oauthSignIn(em, { provider: "spotify", email: "sam@spotify.mock", query: { provider_scope: "user-library-read" } });
    const me = await fetch(`${em.url}/api/v1/users/me`, {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": em.projectId, "x-stack-access-token": token.json.access_token },
    });
    const userId = (await me.json()).id;
    const account = (em.core.store.extra["oauth-accounts"] as OAuthAccountRecord[]).find((a) => a.userId === userId)!;
    expect(account).toMatchObject({ providerConfigId: "spotify", email: "sam@spotify.mock", scopes: ["openid", "email", "profile", "user-library-read"] });
    const info = await (await fetch(`${provider("spotify", "tokeninfo")}?access_token=${account.accessToken}`)).json();
    expect(info.scope).toBe("openid email profile user-library-read");
  } finally {
    project.config.oauthProviders = project.config.oauthProviders.filter((p) => p.id !== "spotify");
  }
});
