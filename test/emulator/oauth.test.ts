import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";
import { APP_CALLBACK, authorize, callback, consent, exchange, oauthSignIn } from "./oauth-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const config = () => em.core.store.projects.get(em.projectId)!.config;
const me = (accessToken: string) => call(em, "/users/me", { accessToken, allowAnonymous: true });

describe("authorize", () => {
  test("json mode answers {location} of the mock provider and sets no cookie", async () => {
    const { res, location } = await authorize(em);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const url = new URL(location!);
    expect(url.origin + url.pathname).toBe(`${em.url}/emulator/oauth/github/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "latchkey-emulator-github",
      scope: "user:email",
      response_type: "code",
      redirect_uri: `${em.url}/api/v1/auth/oauth/callback/github`,
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
    });
  });

  test("redirect mode answers 307 and sets the stack-oauth-inner-<state> cookie for 10 minutes", async () => {
    const { res, location } = await authorize(em, { mode: "redirect" });
    expect(res.status).toBe(307);
    const state = new URL(location!).searchParams.get("state");
    expect(res.headers.get("set-cookie")).toBe(`stack-oauth-inner-${state}=true; Path=/; Max-Age=600; HttpOnly`);
  });
});

describe("full flow", () => {
  test("a new user: token response shape, verified e-mail from the provider, connected account", async () => {
    const email = freshEmail("ada");
    const { token } = await oauthSignIn(em, { email, name: "Ada Lovelace" });
    expect(token.status).toBe(200);
    expect(token.headers.get("pragma")).toBe("no-cache");
    expect(token.json).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3599,
      refresh_token: expect.stringMatching(/^[a-z2-7]{45}$/),
      scope: "legacy",
      newUser: true,
      is_new_user: true,
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null,
    });
    const user = (await me(token.json.access_token)).json;
    expect(user).toMatchObject({ primary_email: email, primary_email_verified: true, display_name: "Ada Lovelace", has_password: false });
    expect(user.oauth_providers).toEqual([{ id: "github", account_id: expect.stringMatching(/^\d+$/), email }]);
    const refreshed = await call(em, "/auth/oauth/token", {
      access: null,
      projectId: null,
      form: { grant_type: "refresh_token", refresh_token: token.json.refresh_token, client_id: em.projectId, client_secret: em.keys.publishableClientKey },
    });
    expect(refreshed.json.access_token).toEqual(expect.any(String));
  });

  test("the same provider account signs the same user in again (newUser false)", async () => {
    const email = freshEmail("grace");
    const first = await oauthSignIn(em, { email, provider: "google" });
    const second = await oauthSignIn(em, { email, provider: "google" });
    expect(second.token.json).toMatchObject({ newUser: false, is_new_user: false });
    const [a, b] = await Promise.all([me(first.token.json.access_token), me(second.token.json.access_token)]);
    expect(b.json.id).toBe(a.json.id);
  });

  test("redirect mode: the callback needs the cookie and deletes it", async () => {
    const start = await authorize(em, { mode: "redirect" });
    const back = await consent(start.location!, { email: freshEmail() });
    const missing = await callback(back);
    expect([missing.status, missing.text]).toEqual([
      400,
      "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again",
    ]);
    const start2 = await authorize(em, { mode: "redirect" });
    const back2 = await consent(start2.location!, { email: freshEmail() });
    const ok = await callback(back2, start2.cookie);
    expect(ok.status).toBe(303);
    expect(ok.res.headers.get("set-cookie")).toMatch(/^stack-oauth-inner-[^=]+=; Path=\/; Max-Age=0/);
    const app = new URL(ok.location!);
    expect(app.origin + app.pathname).toBe(APP_CALLBACK);
    expect(app.searchParams.get("state")).toBe(start2.state);
    expect((await exchange(em, app.searchParams.get("code")!, start2.verifier)).json.is_new_user).toBe(true);
  });

  test("after_callback_redirect_url comes back in the token response", async () => {
    const after = "http://localhost:3000/settings";
    const { token } = await oauthSignIn(em, { email: freshEmail(), query: { after_callback_redirect_url: after } });
    expect(token.json).toMatchObject({ afterCallbackRedirectUrl: after, after_callback_redirect_url: after });
  });

  test("type=link connects the provider to the token's user", async () => {
    const user = await signUp(em);
    const email = freshEmail("linked");
    const { token } = await oauthSignIn(em, { email, provider: "microsoft", query: { type: "link", token: user.access_token } });
    expect(token.json).toMatchObject({ newUser: false, is_new_user: false });
    const after = (await me(token.json.access_token)).json;
    expect(after.id).toBe(user.user_id);
    expect(after.primary_email).toBe(user.email);
    expect(after.oauth_providers).toEqual([{ id: "microsoft", account_id: expect.any(String), email }]);

    const other = await signUp(em);
    const start = await authorize(em, { provider: "microsoft", query: { type: "link", token: other.access_token } });
    const cb = await callback(await consent(start.location!, { email }));
    expect(cb.status).toBe(307);
    expect(new URL(cb.location!).searchParams.get("errorCode")).toBe("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
  });

  test("an anonymous user is upgraded in place", async () => {
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    const email = freshEmail("anon");
    const { token } = await oauthSignIn(em, { email, query: { token: anon.access_token } });
    expect(token.json.is_new_user).toBe(true);
    const user = (await me(token.json.access_token)).json;
    expect(user).toMatchObject({ id: anon.user_id, is_anonymous: false, primary_email: email });
  });

  test("a scope other than legacy is refused at the callback", async () => {
    const flow = await authorize(em, { query: { scope: "openid" } });
    const cb = await callback(await consent(flow.location!, { email: freshEmail() }));
    expect([cb.status, cb.text]).toEqual([400, "Invalid scope requested. Please check the scopes you are requesting."]);
  });

  test("plain PKCE works too", async () => {
    const verifier = "plain-verifier-plain-verifier-plain-verifier-1";
    const flow = await authorize(em, { query: { code_challenge: verifier, code_challenge_method: "plain" } });
    const cb = await callback(await consent(flow.location!, { email: freshEmail() }));
    const code = new URL(cb.location!).searchParams.get("code")!;
    expect((await exchange(em, code, verifier)).status).toBe(200);
  });
});

describe("account merging (oauth_account_merge_strategy)", () => {
  async function verifiedOtpUser() {
    const email = freshEmail("otp");
    await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    const { code } = await latestEmail(em, email);
    return { email, ...(await call(em, "/auth/otp/sign-in", { body: { code } })).json };
  }

  test("link_method links to the user whose verified e-mail matches", async () => {
    const existing = await verifiedOtpUser();
    const { token } = await oauthSignIn(em, { email: existing.email });
    expect(token.json.is_new_user).toBe(false);
    expect((await me(token.json.access_token)).json.id).toBe(existing.user_id);
  });

  test("link_method with an unverified existing e-mail, or an unverified provider e-mail, redirects with the error", async () => {
    const unverified = await signUp(em);
    const start = await authorize(em);
    const cb = await callback(await consent(start.location!, { email: unverified.email }));
    expect(cb.status).toBe(307);
    const target = new URL(cb.location!);
    expect(target.origin + target.pathname).toBe(APP_CALLBACK);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      error: "server_error",
      error_description: expect.stringContaining("is already used for authentication by another account"),
      errorCode: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      message: expect.any(String),
      details: JSON.stringify({ type: "email", contact_channel_value: unverified.email, would_work_if_email_was_verified: true }),
    });
    const verified = await verifiedOtpUser();
    const start2 = await authorize(em);
    const cb2 = await callback(await consent(start2.location!, { email: verified.email, emailVerified: false }));
    expect(new URL(cb2.location!).searchParams.get("errorCode")).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
  });

  test("raise_error refuses, allow_duplicates creates a second user", async () => {
    const existing = await verifiedOtpUser();
    config().oauthAccountMergeStrategy = "raise_error";
    try {
      const start = await authorize(em);
      const cb = await callback(await consent(start.location!, { email: existing.email }));
      expect(new URL(cb.location!).searchParams.get("errorCode")).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
      config().oauthAccountMergeStrategy = "allow_duplicates";
      const { token } = await oauthSignIn(em, { email: existing.email });
      expect(token.json.is_new_user).toBe(true);
      const user = (await me(token.json.access_token)).json;
      expect(user.id).not.toBe(existing.user_id);
      expect(user).toMatchObject({ primary_email: existing.email, auth_with_email: false });
    } finally {
      config().oauthAccountMergeStrategy = "link_method";
    }
  });

  test("with sign-ups off a new account is refused (error redirect) but an existing e-mail still links", async () => {
    const existing = await verifiedOtpUser();
    config().signUpEnabled = false;
    try {
      const start = await authorize(em);
      const cb = await callback(await consent(start.location!, { email: freshEmail() }));
      const target = new URL(cb.location!);
      expect(target.searchParams.get("errorCode")).toBe("SIGN_UP_NOT_ENABLED");
      expect(target.searchParams.get("details")).toBe("{}");
      const { token } = await oauthSignIn(em, { email: existing.email });
      expect(token.json.is_new_user).toBe(false);
    } finally {
      config().signUpEnabled = true;
    }
  });
});
