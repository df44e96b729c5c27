import nock from "nock";
import { getConvexProvidersConfig as officialProvidersConfig } from "@stackframe/js";
import { ArgumentError, ClientApp, getConvexProvidersConfig, ServerApp } from "../../../src/index";
import type { ConvexCtx, ConvexUserIdentity } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken, userClaims } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const USER_ID = "3b2a1c0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An access token issued `ageSeconds` ago that expires `leftSeconds` from now. */
const token = (leftSeconds: number, ageSeconds = 0, extra: Record<string, unknown> = {}) =>
  fakeAccessToken(leftSeconds, Date.now(), { iat: nowSeconds() - ageSeconds, ...extra });
const refreshReply = (accessToken: string) => [200, JSON.stringify({ access_token: accessToken }), { "content-type": "application/json" }] as const;

/** A Convex function context whose identity is `identity` (as Convex builds it from a verified token). */
const convexCtx = (identity: Partial<ConvexUserIdentity> | null): ConvexCtx => ({ auth: { getUserIdentity: async () => identity as ConvexUserIdentity | null } });
const identityOf = (extra: Record<string, unknown> = {}, issuer = `${BASE}/api/v1/projects/${PROJECT}`) => ({
  tokenIdentifier: `${issuer}|${USER_ID}`,
  subject: USER_ID,
  issuer,
  name: "Ada",
  email: "ada@example.com",
  emailVerified: true,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  requires_totp_mfa: false,
  ...extra,
});

describe("getConvexProvidersConfig", () => {
  test("two ES256 custom-JWT providers: signed-in users, then anonymous users with the JWKS that includes their keys", () => {
    const config = getConvexProvidersConfig({ projectId: PROJECT, baseUrl: "http://localhost:8102" });
    expect(config.map((p) => ({ ...p, issuer: p.issuer.href, jwks: p.jwks.href }))).toEqual([
      {
        type: "customJwt",
        issuer: `http://localhost:8102/api/v1/projects/${PROJECT}`,
        jwks: `http://localhost:8102/api/v1/projects/${PROJECT}/.well-known/jwks.json`,
        algorithm: "ES256",
      },
      {
        type: "customJwt",
        issuer: `http://localhost:8102/api/v1/projects-anonymous-users/${PROJECT}`,
        jwks: `http://localhost:8102/api/v1/projects/${PROJECT}/.well-known/jwks.json?include_anonymous=true`,
        algorithm: "ES256",
      },
    ]);
    expect(config[0].issuer).toBeInstanceOf(URL);
  });

  test.each([
    ["the hosted API by default", { projectId: PROJECT }],
    ["a base URL with a path (ignored) and a trailing slash", { projectId: PROJECT, baseUrl: "https://auth.example.test/some/path/" }],
    ["a project id that needs escaping", { projectId: "internal/../x y", baseUrl: "https://auth.example.test" }],
  ])("gives what the official helper gives: %s", (_label, options) => {
    const hrefs = (list: { type: string; issuer: URL; jwks: URL; algorithm: string }[]) => list.map((p) => [p.type, p.issuer.href, p.jwks.href, p.algorithm]);
    expect(hrefs(getConvexProvidersConfig(options))).toEqual(hrefs(officialProvidersConfig(options)));
  });

  test("bad options throw an ArgumentError", () => {
    expect(() => getConvexProvidersConfig(undefined as never)).toThrow(/needs options: \{ projectId, baseUrl\? \}/);
    expect(() => getConvexProvidersConfig({} as never)).toThrow(/projectId must be a non-empty string/);
    expect(() => getConvexProvidersConfig({ projectId: "" })).toThrow(ArgumentError);
    for (const baseUrl of ["api.example.test", "ftp://api.example.test", "", 42, null]) {
      expect(() => getConvexProvidersConfig({ projectId: PROJECT, baseUrl: baseUrl as never })).toThrow(/baseUrl must be an absolute http\(s\) URL/);
    }
  });
});

describe("getConvexClientAuth", () => {
  test("signed out: null, without a request", async () => {
    const fetchToken = testClientApp().app.getConvexClientAuth({});
    expect(await fetchToken({ forceRefreshToken: false })).toBeNull();
    expect(await fetchToken({ forceRefreshToken: true })).toBeNull();
  });

  test("a recent token with time left is handed out as it is (no request)", async () => {
    const access = token(600, 10);
    const { app } = testClientApp({ tokenStore: { accessToken: access, refreshToken: fakeRefreshToken() } });
    expect(await app.getConvexClientAuth()({ forceRefreshToken: false })).toBe(access);
  });

  test.each([
    ["issued more than 75 s ago", token(600, 80)],
    ["with under 20 s left", token(15, 5)],
  ])("a token %s is refreshed first", async (_label, access) => {
    const fresh = token(600);
    const scope = nock(BASE).post("/api/v1/auth/oauth/token").reply(...refreshReply(fresh));
    const { app } = testClientApp({ tokenStore: { accessToken: access, refreshToken: fakeRefreshToken() } });
    expect(await app.getConvexClientAuth({})({ forceRefreshToken: false })).toBe(fresh);
    expect(scope.isDone()).toBe(true);
    expect(await app.getAccessToken()).toBe(fresh); // stored: the app's other calls use it too
  });

  test("forceRefreshToken: a newly refreshed token even when the stored one is fresh", async () => {
    const access = token(600, 1);
    const fresh = token(600, 0, { name: "renewed" });
    const scope = nock(BASE).post("/api/v1/auth/oauth/token").reply(...refreshReply(fresh));
    const { app } = testClientApp({ tokenStore: { accessToken: access, refreshToken: fakeRefreshToken() } });
    expect(await app.getConvexClientAuth({})({ forceRefreshToken: true })).toBe(fresh);
    expect(scope.isDone()).toBe(true);
  });

  test("forceRefreshToken without a refresh token: null (nothing to refresh with)", async () => {
    const { app } = testClientApp({ tokenStore: { accessToken: token(600), refreshToken: null } });
    expect(await app.getConvexClientAuth({})({ forceRefreshToken: true })).toBeNull();
  });

  test("a refused refresh: null, and the session is over", async () => {
    nock(BASE).post("/api/v1/auth/oauth/token").reply(...knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401));
    const { app } = testClientApp({ tokenStore: { accessToken: token(600), refreshToken: fakeRefreshToken() } });
    expect(await app.getConvexClientAuth({})({ forceRefreshToken: true })).toBeNull();
    expect(await app.getAuthJson()).toEqual({ accessToken: null, refreshToken: null });
  });

  test("a per-call token store picks that session", async () => {
    const access = token(600);
    const { app } = testClientApp({ tokenStore: null });
    const fetchToken = app.getConvexClientAuth({ tokenStore: { accessToken: access, refreshToken: fakeRefreshToken() } });
    expect(await fetchToken({ forceRefreshToken: false })).toBe(access);
  });

  test("bad options, or no token store, throw an ArgumentError when the function is made", () => {
    const { app } = testClientApp();
    expect(() => app.getConvexClientAuth("memory" as never)).toThrow(/getConvexClientAuth options must be an object/);
    expect(() => app.getConvexClientAuth({ tokenStore: 42 as never })).toThrow(ArgumentError);
    const storeless = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null });
    expect(() => storeless.getConvexClientAuth({})).toThrow(/no token store/);
  });

  test("the browser cookie store is only made when Convex first asks (an app module may be evaluated on a server)", async () => {
    const { app } = testClientApp({ tokenStore: "cookie" });
    const fetchToken = app.getConvexClientAuth({});
    expect(await caught(fetchToken({ forceRefreshToken: false }))).toBeInstanceOf(ArgumentError);
  });

  test("an argument that is not { forceRefreshToken: boolean } is refused", async () => {
    const fetchToken = testClientApp().app.getConvexClientAuth({});
    await expect(fetchToken({ forceRefreshToken: "yes" } as never)).rejects.toThrow(/forceRefreshToken must be a boolean/);
    await expect(fetchToken(null as never)).rejects.toThrow(ArgumentError);
  });
});

describe("getConvexHttpClientAuth", () => {
  test('the access token, refreshed when it is old; "" when signed out', async () => {
    expect(await testClientApp().app.getConvexHttpClientAuth({ tokenStore: "memory" })).toBe("");
    const fresh = token(600);
    nock(BASE).post("/api/v1/auth/oauth/token").reply(...refreshReply(fresh));
    const { app } = testClientApp({ tokenStore: null });
    const old = { accessToken: token(600, 120), refreshToken: fakeRefreshToken() };
    expect(await app.getConvexHttpClientAuth({ tokenStore: old })).toBe(fresh);
  });

  test("bad options throw an ArgumentError", async () => {
    await expect(testClientApp().app.getConvexHttpClientAuth(7 as never)).rejects.toThrow(ArgumentError);
    const storeless = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null });
    await expect(storeless.getConvexHttpClientAuth({})).rejects.toThrow(/no token store/);
  });
});

describe('getPartialUser({ from: "convex", ctx })', () => {
  const { app } = testClientApp({ tokenStore: null });

  test("maps Convex's identity (its camelCase emailVerified) to the partial user, without a request", async () => {
    const reason = { type: "email_not_verified" };
    const ctx = convexCtx(identityOf({ requires_totp_mfa: true, is_restricted: true, restricted_reason: reason }));
    expect(await app.getPartialUser({ from: "convex", ctx })).toEqual({
      id: USER_ID,
      displayName: "Ada",
      primaryEmail: "ada@example.com",
      primaryEmailVerified: true,
      isAnonymous: false,
      isMultiFactorRequired: true,
      isRestricted: true,
      restrictedReason: reason,
    });
  });

  test("a hand-made identity with the JWT claim names (email_verified, no issuer) is read too", async () => {
    const ctx = convexCtx({ subject: USER_ID, ...userClaims({ email_verified: true, name: null }) } as never);
    expect(await app.getPartialUser({ from: "convex", ctx })).toMatchObject({ id: USER_ID, displayName: null, primaryEmailVerified: true });
  });

  test("null without an identity, and for another issuer's or another project's", async () => {
    expect(await app.getPartialUser({ from: "convex", ctx: convexCtx(null) })).toBeNull();
    for (const issuer of ["https://clerk.example.test", `${BASE}/api/v1/projects/internal`, `${BASE}/api/v1/projects/${PROJECT}/extra`, "not a url"]) {
      expect(await app.getPartialUser({ from: "convex", ctx: convexCtx(identityOf({}, issuer)) })).toBeNull();
    }
  });

  test('an anonymous user only with or: "anonymous-if-exists" (by claim or by the anonymous issuer)', async () => {
    const byClaim = convexCtx(identityOf({ is_anonymous: true }));
    const byIssuer = convexCtx(identityOf({}, `${BASE}/api/v1/projects-anonymous-users/${PROJECT}`));
    for (const ctx of [byClaim, byIssuer]) {
      expect(await app.getPartialUser({ from: "convex", ctx })).toBeNull();
      expect(await app.getPartialUser({ from: "convex", ctx, or: "anonymous-if-exists" })).toMatchObject({ id: USER_ID, isAnonymous: true });
    }
  });

  test("a restricted user's identity (restricted issuer) is returned, marked restricted", async () => {
    const ctx = convexCtx(identityOf({ is_restricted: true }, `${BASE}/api/v1/projects-restricted-users/${PROJECT}`));
    expect(await app.getPartialUser({ from: "convex", ctx })).toMatchObject({ id: USER_ID, isRestricted: true });
  });

  test("a ctx that is not a Convex context, or an identity without a subject, is an ArgumentError", async () => {
    for (const ctx of [undefined, null, {}, { auth: {} }, { auth: { getUserIdentity: "me" } }]) {
      await expect(app.getPartialUser({ from: "convex", ctx: ctx as never })).rejects.toThrow(/needs ctx: a Convex function's context/);
    }
    await expect(app.getPartialUser({ from: "convex", ctx: convexCtx({ email: "x@example.com" }) })).rejects.toThrow(/not a user identity/);
    await expect(app.getPartialUser({ from: "convex", ctx: convexCtx(identityOf()), or: "anonymous" as never })).rejects.toThrow(/"or" must be/);
  });
});

describe('ServerApp.getUser({ from: "convex", ctx })', () => {
  const server = new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: null });

  test("null, without a request, when there is no identity, another issuer's, or a subject that is no user id", async () => {
    expect(await server.getUser({ from: "convex", ctx: convexCtx(null) })).toBeNull();
    expect(await server.getUser({ from: "convex", ctx: convexCtx(identityOf({}, "https://clerk.example.test")) })).toBeNull();
    expect(await server.getUser({ from: "convex", ctx: convexCtx(identityOf({ subject: "user_2abc" })) })).toBeNull();
  });

  test("bad options throw an ArgumentError before any request", async () => {
    const ctx = convexCtx(identityOf());
    await expect(server.getUser({ from: "convex", ctx, or: "throw" } as never)).rejects.toThrow(/"or" must be "return-null" or "anonymous"/);
    await expect(server.getUser({ from: "convex", ctx, tokenStore: "memory" } as never)).rejects.toThrow(/takes only "ctx" and "or"/);
    await expect(server.getUser({ from: "convex", ctx: {} } as never)).rejects.toThrow(/needs ctx/);
  });
});
