import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, resultOf, signUp, startTestEmulator, type CallResult } from "./helpers";
import { APP_CALLBACK, authorize, callback, codeFor, consent, exchange } from "./oauth-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const config = () => em.core.store.projects.get(em.projectId)!.config;

/** An authorize response as a CallResult, for expectKnown. */
async function authorizeResult(o: Parameters<typeof authorize>[1]): Promise<CallResult> {
  const { res, text } = await authorize(em, o);
  return resultOf(res, text);
}

describe("authorize errors", () => {
  test("unknown project or branch → INVALID_OAUTH_CLIENT_ID_OR_SECRET", async () => {
    const r = await authorizeResult({ query: { client_id: "no-such-project" } });
    expect(expectKnown(r, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET").details).toEqual({ client_id: "no-such-project" });
    const branch = await authorizeResult({ query: { client_id: `${em.projectId}#dev` } });
    expect(expectKnown(branch, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET").details).toEqual({ client_id: `${em.projectId}#dev` });
    expect((await authorizeResult({ query: { client_id: `${em.projectId}#main` } })).status).toBe(200);
  });

  test("client secrets: wrong key, the sentinel, the sentinel when keys are required", async () => {
    expectKnown(await authorizeResult({ query: { client_secret: "pck_wrong" } }), 401, "INVALID_PUBLISHABLE_CLIENT_KEY");
    expect((await authorizeResult({ query: { client_secret: "__stack_public_client__" } })).status).toBe(200);
    config().requirePublishableClientKey = true;
    try {
      expectKnown(await authorizeResult({ query: { client_secret: "__stack_public_client__" } }), 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
    } finally {
      config().requirePublishableClientKey = false;
    }
  });

  test("provider not configured → OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", async () => {
    expectKnown(await authorizeResult({ provider: "spotify" }), 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  });

  test("type=link without a token is a 400 text", async () => {
    const r = await authorizeResult({ query: { type: "link" } });
    expect([r.status, r.text]).toEqual([400, "?token= query parameter is required for link type"]);
  });

  test("untrusted after_callback_redirect_url, extra scopes with shared keys", async () => {
    expectKnown(await authorizeResult({ query: { after_callback_redirect_url: "https://evil.example.com/x" } }), 400, "REDIRECT_URL_NOT_WHITELISTED");
    expectKnown(await authorizeResult({ query: { provider_scope: "repo" } }), 400, "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  });

  test("schema: missing parameters, bad URLs, bad grant_type", async () => {
    const r = await authorizeResult({ query: { state: undefined, code_challenge: undefined, redirect_uri: "not a url", grant_type: "password" } });
    const body = expectKnown(r, 400, "SCHEMA_ERROR");
    expect(body.error).toBe(
      [
        "Request validation failed on GET /api/v1/auth/oauth/authorize/github:",
        "  - query.redirect_uri contains spaces",
        "  - query.redirect_uri is not a valid URL",
        "  - query.state must be defined",
        "  - query.grant_type must be one of the following values: authorization_code",
        "  - query.code_challenge must be defined",
      ].join("\n"),
    );
  });

  // apps/backend/src/app/api/latest/auth/oauth/authorize/[provider_id]/route.tsx: `after_callback_redirect_url:
  // urlSchema.optional()` (packages/stack-shared/src/schema-fields.ts: "${path} is not a valid URL"), checked by the
  // schema before the handler's trusted-domain check or the provider look-up.
  test("schema: after_callback_redirect_url that is not a URL → SCHEMA_ERROR (before the provider and whitelist checks)", async () => {
    for (const provider of ["github", "spotify"]) {
      const r = await authorizeResult({ provider, query: { after_callback_redirect_url: "not-a-valid-url" } });
      expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toBe(
        [`Request validation failed on GET /api/v1/auth/oauth/authorize/${provider}:`, "  - query.after_callback_redirect_url is not a valid URL"].join("\n"),
      );
    }
  });

  test("tokens: unparsable, or of another project (403 text)", async () => {
    expectKnown(await authorizeResult({ query: { token: "nonsense" } }), 401, "UNPARSABLE_ACCESS_TOKEN");
    const internalUser = await call(em, "/auth/password/sign-in", {
      projectId: "internal",
      body: { email: em.internal.adminUser.email, password: em.internal.adminUser.password },
    });
    const r = await authorizeResult({ query: { token: internalUser.json.access_token } });
    expect([r.status, r.text]).toEqual([403, "The access token is not valid for this project"]);
  });
});

describe("callback errors", () => {
  test("an unknown state → 400 text", async () => {
    const r = await callback(`${em.url}/api/v1/auth/oauth/callback/github?code=x&state=nope`);
    expect([r.status, r.text]).toEqual([400, "Invalid OAuth state. Please try signing in again."]);
  });

  test("a bad provider code, or a code of another provider → invalid grant (400 text)", async () => {
    const start = await authorize(em);
    const back = new URL(await consent(start.location!, { email: freshEmail() }));
    back.searchParams.set("code", "made-up");
    expect((await callback(back.toString())).text).toBe("Inner OAuth callback failed due to invalid grant. Please try again.");
    const start2 = await authorize(em);
    const back2 = new URL(await consent(start2.location!, { email: freshEmail() }));
    back2.pathname = "/api/v1/auth/oauth/callback/google";
    expect((await callback(back2.toString())).status).toBe(400);
  });

  test("the provider denies access → OAUTH_PROVIDER_ACCESS_DENIED error redirect", async () => {
    const start = await authorize(em);
    const cb = await callback(await consent(start.location!, { deny: true }));
    expect(cb.status).toBe(307);
    const target = new URL(cb.location!);
    expect(target.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    expect(target.searchParams.get("message")).toBe("The OAuth provider denied access to the user.");
  });

  test("an expired flow → OUTER_OAUTH_TIMEOUT error redirect", async () => {
    const start = await authorize(em);
    const innerState = new URL(start.location!).searchParams.get("state");
    const flows = em.core.store.extra["oauth-flows"] as { innerState: string; expiresAtMillis: number }[];
    flows.find((f) => f.innerState === innerState)!.expiresAtMillis = Date.now() - 1;
    const cb = await callback(await consent(start.location!, { email: freshEmail() }));
    expect(new URL(cb.location!).searchParams.get("errorCode")).toBe("OUTER_OAUTH_TIMEOUT");
  });

  test("an untrusted redirect_uri → REDIRECT_URL_NOT_WHITELISTED, answered (not redirected)", async () => {
    const flow = await codeFor(em, { email: freshEmail(), query: { redirect_uri: "https://untrusted.example.com/cb" } });
    expect(flow.callback.status).toBe(400);
    expect(JSON.parse(flow.callback.text).code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect(flow.callback.res.headers.get("x-stack-known-error")).toBe("REDIRECT_URL_NOT_WHITELISTED");
  });

  test("with an untrusted redirect_uri but a trusted error URL, earlier known errors go to the error URL", async () => {
    const start = await authorize(em, { query: { redirect_uri: "https://untrusted.example.com/cb", error_redirect_uri: "http://localhost:3000/oops" } });
    const cb = await callback(await consent(start.location!, { deny: true }));
    expect(cb.status).toBe(307);
    expect(cb.location).toMatch(/^http:\/\/localhost:3000\/oops\?error=server_error&.*errorCode=OAUTH_PROVIDER_ACCESS_DENIED/);
  });
});

describe("token (authorization_code) errors", () => {
  async function freshCode() {
    const flow = await codeFor(em, { email: freshEmail() });
    return { code: flow.appUrl!.searchParams.get("code")!, verifier: flow.verifier };
  }

  test("a wrong verifier or an unknown code → INVALID_AUTHORIZATION_CODE; the code survives a wrong verifier", async () => {
    const { code, verifier } = await freshCode();
    expectKnown(await exchange(em, code, "wrong-verifier"), 400, "INVALID_AUTHORIZATION_CODE");
    expectKnown(await exchange(em, "not-a-code", verifier), 400, "INVALID_AUTHORIZATION_CODE");
    expect((await exchange(em, code, verifier)).status).toBe(200);
    expectKnown(await exchange(em, code, verifier), 400, "INVALID_AUTHORIZATION_CODE");
  });

  test("another redirect_uri → 400 text", async () => {
    const { code, verifier } = await freshCode();
    const r = await exchange(em, code, verifier, "http://localhost:3000/other");
    expect([r.status, r.text]).toEqual([400, "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."]);
  });

  test("codes expire after 5 minutes", async () => {
    const { code, verifier } = await freshCode();
    const codes = em.core.store.extra["oauth-authorization-codes"] as { code: string; expiresAtMillis: number }[];
    const record = codes.find((c) => c.code === code)!;
    expect(record.expiresAtMillis - Date.now()).toBeGreaterThan(4.9 * 60 * 1000);
    record.expiresAtMillis = Date.now() - 1;
    expectKnown(await exchange(em, code, verifier), 400, "INVALID_AUTHORIZATION_CODE");
  });

  test("a missing code is an OAuth-style invalid_request; a bad client secret is INVALID_OAUTH_CLIENT_ID_OR_SECRET", async () => {
    const r = await exchange(em, "", "v");
    expect([r.status, r.json, r.headers.get("x-stack-known-error")]).toEqual([400, { error: "invalid_request", error_description: "Missing parameter: `code`" }, null]);
    const { code, verifier } = await freshCode();
    expectKnown(await exchange(em, code, verifier, APP_CALLBACK, { client_secret: "pck_bad" }), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET");
  });

  test("a TOTP user gets MULTI_FACTOR_AUTHENTICATION_REQUIRED instead of tokens", async () => {
    const email = freshEmail();
    const first = await codeFor(em, { email });
    const tokens = (await exchange(em, first.appUrl!.searchParams.get("code")!, first.verifier)).json;
    await call(em, "/users/me", { method: "PATCH", accessToken: tokens.access_token, body: { totp_secret_base64: Buffer.from("12345678901234567890").toString("base64") } });
    const again = await codeFor(em, { email });
    const r = await exchange(em, again.appUrl!.searchParams.get("code")!, again.verifier);
    expect(expectKnown(r, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED").details).toEqual({ attempt_code: expect.stringMatching(/^[a-z2-7]{45}$/) });
  });

  test("a deleted user's code is invalid", async () => {
    const user = await signUp(em);
    const flow = await codeFor(em, { email: freshEmail(), query: { type: "link", token: user.access_token } });
    em.core.store.deleteUser(user.user_id);
    expectKnown(await exchange(em, flow.appUrl!.searchParams.get("code")!, flow.verifier), 400, "INVALID_AUTHORIZATION_CODE");
  });
});
