import { randomBytes } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";
import { exchange, pkce } from "./oauth-helpers";

// POST /auth/oauth/cross-domain/authorize over real HTTP: the handoff of a signed-in session to another domain of
// the app (a one-time code for the redirect_uri, redeemed with the PKCE verifier), and the platform's refusals.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const TARGET = "http://localhost:4100/handler/oauth-callback";

function handoff(session: { access_token: string; refresh_token: string }, body: Record<string, unknown>, refreshToken = session.refresh_token) {
  return call(em, "/auth/oauth/cross-domain/authorize", { accessToken: session.access_token, refreshToken, body });
}

describe("a signed-in session is handed to another domain", () => {
  test("the redirect_url carries a code that the other domain redeems for the same user, once", async () => {
    const user = await signUp(em);
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString("hex");
    const r = await handoff(user, { redirect_uri: TARGET, state, code_challenge: challenge, code_challenge_method: "S256", after_callback_redirect_url: "http://localhost:4100/dashboard" });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(["redirect_url"]);
    const url = new URL(r.json.redirect_url);
    expect(url.origin + url.pathname).toBe(TARGET);
    expect(url.searchParams.get("state")).toBe(state);
    const code = url.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f]{40}$/);

    const tokens = await exchange(em, code, verifier, TARGET);
    expect(tokens.status).toBe(200);
    expect(tokens.json).toMatchObject({ token_type: "Bearer", is_new_user: false, after_callback_redirect_url: "http://localhost:4100/dashboard" });
    expect(tokens.json.refresh_token).not.toBe(user.refresh_token);
    const me = await call(em, "/users/me", { accessToken: tokens.json.access_token });
    expect(me.json.id).toBe(user.user_id);
    // the original session still works, and the code is spent
    expect((await call(em, "/users/me", { accessToken: user.access_token })).json.id).toBe(user.user_id);
    expectKnown(await exchange(em, code, verifier, TARGET), 400, "INVALID_AUTHORIZATION_CODE");
  });

  test("the PKCE verifier must match; native-app URLs and the default method are accepted", async () => {
    const user = await signUp(em);
    const { challenge } = pkce();
    const r = await handoff(user, { redirect_uri: "stack-auth-mobile-oauth-url://callback", state: "s", code_challenge: challenge });
    expect(r.status).toBe(200);
    const code = new URL(r.json.redirect_url).searchParams.get("code")!;
    expectKnown(await exchange(em, code, pkce().verifier, "stack-auth-mobile-oauth-url://callback"), 400, "INVALID_AUTHORIZATION_CODE");
  });
});

describe("the official SDK's handoff", () => {
  /** The official client app's internal call (what its redirect to another domain's handler runs). */
  type Handoff = { _createCrossDomainAuthRedirectUrl(o: { redirectUri: string; state: string; codeChallenge: string; afterCallbackRedirectUrl?: string }): Promise<string> };

  test("the official client app gets a redirect URL whose code signs the same user in", async () => {
    const app = new StackClientApp({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
    const email = freshEmail("handoff");
    expect((await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const { verifier, challenge } = pkce();
    const url = new URL(await (app as unknown as Handoff)._createCrossDomainAuthRedirectUrl({ redirectUri: TARGET, state: "st", codeChallenge: challenge }));
    expect(url.searchParams.get("state")).toBe("st");
    const tokens = await exchange(em, url.searchParams.get("code")!, verifier, TARGET);
    expect((await call(em, "/users/me", { accessToken: tokens.json.access_token })).json.primary_email).toBe(email);
    // an untrusted target fails in the SDK as the platform's known error
    await expect((app as unknown as Handoff)._createCrossDomainAuthRedirectUrl({ redirectUri: "https://evil.example/cb", state: "st", codeChallenge: challenge })).rejects.toMatchObject({
      errorCode: "REDIRECT_URL_NOT_WHITELISTED",
      statusCode: 400,
    });
  });
});

describe("the platform's refusals", () => {
  test("a redirect_uri or after-callback URL outside the trusted domains", async () => {
    const user = await signUp(em);
    const { challenge } = pkce();
    for (const body of [
      { redirect_uri: "https://evil.example/callback", state: "s", code_challenge: challenge },
      { redirect_uri: TARGET, state: "s", code_challenge: challenge, after_callback_redirect_url: "https://evil.example/next" },
    ]) {
      expectKnown(await handoff(user, body), 400, "REDIRECT_URL_NOT_WHITELISTED");
    }
    // a project that trusts one domain and not localhost
    const own = await call(em, "/internal/projects/current", {
      access: "admin",
      method: "PATCH",
      body: { config: { allow_localhost: false, domains: [{ domain: "https://shop.example.com", handler_path: "/handler" }] } },
    });
    expect(own.status).toBe(200);
    try {
      expect((await handoff(user, { redirect_uri: "https://shop.example.com/handler/oauth-callback", state: "s", code_challenge: challenge })).status).toBe(200);
      expectKnown(await handoff(user, { redirect_uri: TARGET, state: "s", code_challenge: challenge }), 400, "REDIRECT_URL_NOT_WHITELISTED");
    } finally {
      await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { allow_localhost: true, domains: [{ domain: "http://localhost:*", handler_path: "/handler" }] } } });
    }
  });

  test("no user, no refresh token, or another session's refresh token", async () => {
    const user = await signUp(em);
    const other = await signUp(em);
    const body = { redirect_uri: TARGET, state: "s", code_challenge: pkce().challenge };
    expectKnown(await call(em, "/auth/oauth/cross-domain/authorize", { body }), 401, "USER_AUTHENTICATION_REQUIRED");
    const noRefresh = await call(em, "/auth/oauth/cross-domain/authorize", { accessToken: user.access_token, body });
    expect([noRefresh.status, noRefresh.text]).toEqual([400, "Cross-domain auth handoff requires passing the current refresh token."]);
    const foreign = await handoff(user, body, other.refresh_token);
    expect([foreign.status, foreign.text]).toEqual([401, "Cross-domain auth handoff refresh token does not match the authenticated session."]);
    const unknown = await handoff(user, body, "x".repeat(45));
    expect(unknown.status).toBe(401);
  });

  test("the body is validated as the platform validates it", async () => {
    const user = await signUp(em);
    const challenge = pkce().challenge;
    const cases: [Record<string, unknown>, string][] = [
      [{ state: "s", code_challenge: challenge }, "body.redirect_uri must be defined"],
      [{ redirect_uri: TARGET, state: "", code_challenge: challenge }, "body.state must be at least 1 characters"],
      [{ redirect_uri: TARGET, state: "s".repeat(513), code_challenge: challenge }, "body.state must be at most 512 characters"],
      [{ redirect_uri: TARGET, state: "s", code_challenge: "short" }, 'body.code_challenge must match the following: "/^[A-Za-z0-9._~-]{43,128}$/"'],
      [{ redirect_uri: TARGET, state: "s", code_challenge: challenge, code_challenge_method: "plain" }, "body.code_challenge_method must be one of the following values: S256"],
    ];
    for (const [body, line] of cases) {
      const r = expectKnown(await handoff(user, body), 400, "SCHEMA_ERROR");
      expect(r.error).toContain(line);
    }
  });
});
