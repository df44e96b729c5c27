import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const jwksUrl = (query = "") => new URL(`${em.url}/api/v1/projects/${em.projectId}/.well-known/jwks.json${query}`);

describe("access tokens", () => {
  test("carry the platform's claims, issuer and audience, verified against the JWKS", async () => {
    const user = await signUp(em);
    const { payload, protectedHeader } = await jwtVerify(user.access_token, createRemoteJWKSet(jwksUrl()), {
      issuer: `${em.url}/api/v1/projects/${em.projectId}`,
      audience: em.projectId,
    });
    expect(protectedHeader).toEqual({ alg: "ES256", kid: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/) });
    expect(payload).toEqual({
      sub: user.user_id,
      project_id: em.projectId,
      branch_id: "main",
      refresh_token_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      role: "authenticated",
      name: null,
      email: user.email,
      email_verified: false,
      selected_team_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      signed_up_at: expect.any(Number),
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
      iss: `${em.url}/api/v1/projects/${em.projectId}`,
      iat: expect.any(Number),
      aud: em.projectId,
      exp: expect.any(Number),
    });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload.signed_up_at).toBeLessThan(10_000_000_000);
  });

  test("anonymous users get the anonymous issuer and audience, verifiable with include_anonymous", async () => {
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    const { payload } = await jwtVerify(anon.access_token, createRemoteJWKSet(jwksUrl("?include_anonymous=true")), {
      issuer: `${em.url}/api/v1/projects-anonymous-users/${em.projectId}`,
      audience: `${em.projectId}:anon`,
    });
    expect(payload).toMatchObject({ is_anonymous: true, is_restricted: true, restricted_reason: { type: "anonymous" }, email: null });
    await expect(jwtVerify(anon.access_token, createRemoteJWKSet(jwksUrl()))).rejects.toThrow();
  });

  test("restricted users get the restricted variant", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.requireEmailVerification = true;
    try {
      const user = await signUp(em);
      const { payload } = await jwtVerify(user.access_token, createRemoteJWKSet(jwksUrl("?include_restricted=true")), {
        issuer: `${em.url}/api/v1/projects-restricted-users/${em.projectId}`,
        audience: `${em.projectId}:restricted`,
      });
      expect(payload).toMatchObject({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });
    } finally {
      config.requireEmailVerification = false;
    }
  });

  test("expire after a short configured lifetime → ACCESS_TOKEN_EXPIRED with details", async () => {
    // `exp` has whole-second precision, so a lifetime of N s leaves between N-1 and N s of validity: 3 s keeps the
    // first call safely inside it even on a busy machine.
    const short = await startTestEmulator({ accessTokenTtlSeconds: 3 });
    try {
      const user = await signUp(short);
      expect((await call(short, "/users/me", { accessToken: user.access_token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const body = expectKnown(await call(short, "/users/me", { accessToken: user.access_token }), 401, "ACCESS_TOKEN_EXPIRED");
      expect(body.details).toEqual({
        expired_at_millis: expect.any(Number),
        project_id: short.projectId,
        user_id: user.user_id,
        refresh_token_id: expect.any(String),
      });
      expect(body.error).toMatch(/^Access token has expired\. Please refresh it and try again\. \(The access token expired at [^)]*\.\) Project ID: /);
      const refreshed = await call(short, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} });
      expect((await call(short, "/users/me", { accessToken: refreshed.json.access_token })).status).toBe(200);
    } finally {
      await short.stop();
    }
  });

  test("a token signed by another emulator is unparsable", async () => {
    const other = await startTestEmulator();
    try {
      const user = await signUp(other);
      expectKnown(await call(em, "/users/me", { accessToken: user.access_token }), 401, "UNPARSABLE_ACCESS_TOKEN");
    } finally {
      await other.stop();
    }
  });
});

describe("JWKS", () => {
  test("publishes two ES256 keys per audience with public caching", async () => {
    const res = await fetch(jwksUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const { keys } = await res.json();
    expect(keys).toHaveLength(2);
    for (const k of keys) {
      expect(Object.keys(k)).toEqual(["kty", "alg", "crv", "kid", "x", "y"]);
      expect(k).toMatchObject({ kty: "EC", alg: "ES256", crv: "P-256" });
    }
    expect((await (await fetch(jwksUrl("?include_restricted=true"))).json()).keys).toHaveLength(4);
    expect((await (await fetch(jwksUrl("?include_anonymous=true"))).json()).keys).toHaveLength(6);
  });

  test("the signing key is the first one published", async () => {
    const user = await signUp(em);
    const { keys } = await (await fetch(jwksUrl())).json();
    expect(decodeProtectedHeader(user.access_token).kid).toBe(keys[0].kid);
  });

  test("an unknown project answers 404 text", async () => {
    const res = await fetch(`${em.url}/api/v1/projects/nope/.well-known/jwks.json`);
    expect([res.status, await res.text()]).toEqual([404, "Project not found"]);
  });

  test("the projects-anonymous-users alias redirects with include_anonymous=true", async () => {
    const res = await fetch(`${em.url}/api/v1/projects-anonymous-users/${em.projectId}/.well-known/jwks.json`, { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${em.url}/api/v1/projects/${em.projectId}/.well-known/jwks.json?include_anonymous=true`);
    const followed = await fetch(`${em.url}/api/v1/projects-anonymous-users/${em.projectId}/.well-known/jwks.json`);
    expect((await followed.json()).keys).toHaveLength(6);
  });
});

describe("refresh tokens", () => {
  test("are 45 lowercase base32 characters and never rotate", async () => {
    const user = await signUp(em);
    expect(user.refresh_token).toMatch(/^[a-z2-7]{45}$/);
    const r = await call(em, "/auth/oauth/token", {
      access: null,
      projectId: null,
      form: { grant_type: "refresh_token", refresh_token: user.refresh_token, client_id: em.projectId, client_secret: em.keys.publishableClientKey },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("pragma")).toBe("no-cache");
    expect(r.json).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3599,
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null,
    });
    expect((await call(em, "/users/me", { accessToken: r.json.access_token })).json.id).toBe(user.user_id);
  });

  test("the token endpoint accepts JSON, the sentinel secret and HTTP Basic", async () => {
    const user = await signUp(em);
    const json = await call(em, "/auth/oauth/token", {
      access: null,
      projectId: null,
      body: { grant_type: "refresh_token", refresh_token: user.refresh_token, client_id: em.projectId, client_secret: "__stack_public_client__", extra: "ignored" },
    });
    expect(json.status).toBe(200);
    const basic = Buffer.from(`${em.projectId}:${em.keys.publishableClientKey}`).toString("base64");
    const viaBasic = await call(em, "/auth/oauth/token", {
      access: null,
      projectId: null,
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: "refresh_token", refresh_token: user.refresh_token },
    });
    expect(viaBasic.status).toBe(200);
  });

  test("token endpoint errors", async () => {
    const form = (f: Record<string, string>) => call(em, "/auth/oauth/token", { access: null, projectId: null, form: f });
    const missing = await form({ grant_type: "refresh_token", client_id: em.projectId, client_secret: em.keys.publishableClientKey });
    expect([missing.status, missing.json, missing.headers.get("x-stack-known-error")]).toEqual([
      400,
      { error: "invalid_request", error_description: "Missing parameter: `refresh_token`" },
      null,
    ]);
    expectKnown(await form({ grant_type: "refresh_token", refresh_token: "x".repeat(45), client_id: em.projectId, client_secret: em.keys.publishableClientKey }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expectKnown(await form({ grant_type: "refresh_token", refresh_token: "x", client_id: "nope", client_secret: "pck_x" }), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET");
    expectKnown(await form({ grant_type: "refresh_token", refresh_token: "x", client_id: em.projectId, client_secret: "pck_wrong" }), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET");
    expectKnown(await form({ grant_type: "password" }), 400, "SCHEMA_ERROR");
    const user = await signUp(em);
    expectKnown(
      await form({ grant_type: "refresh_token", refresh_token: user.refresh_token, client_id: em.internal.projectId, client_secret: em.internal.keys.publishableClientKey }),
      401,
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    );
  });

  test("POST /auth/sessions/current/refresh returns a fresh access token", async () => {
    const user = await signUp(em);
    const r = await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} });
    expect(Object.keys(r.json)).toEqual(["access_token"]);
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: "y".repeat(45), body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect(expectKnown(await call(em, "/auth/sessions/current/refresh", { body: {} }), 400, "SCHEMA_ERROR").error).toContain(
      "headers.x-stack-refresh-token must be defined",
    );
  });

  test("a revoked session's refresh token stops working", async () => {
    const user = await signUp(em);
    expect((await call(em, "/auth/sessions/current", { method: "DELETE", accessToken: user.access_token, body: {} })).json).toEqual({ success: true });
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
