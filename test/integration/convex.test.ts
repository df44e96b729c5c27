/**
 * The Convex helpers against the emulator over HTTP, with Convex's side played by jose: a token from
 * `getConvexClientAuth` is verified as a Convex deployment configured with `getConvexProvidersConfig` verifies it
 * (issuer, ES256, the provider's JWKS URL), turned into a `UserIdentity` as Convex does, and read back with
 * `getPartialUser({ from: "convex", ctx })` and `ServerApp.getUser({ from: "convex", ctx })`.
 */
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { JWTPayload } from "jose";
import { getConvexProvidersConfig } from "../../src/index";
import type { ConvexAuthProvider, ConvexCtx, ConvexUserIdentity } from "../../src/index";
import { clientFor, routeStats, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
let providers: ConvexAuthProvider[];
beforeAll(async () => {
  emulator = await startTestEmulator();
  providers = getConvexProvidersConfig({ projectId: emulator.projectId, baseUrl: emulator.url });
});
afterAll(() => emulator.stop());

const REFRESH = "POST /auth/oauth/token";
const refreshes = async () => (await routeStats(emulator, REFRESH)).requests as number;

/** The OIDC claims Convex renames on the identity; the rest (but the JWT's own) it passes on under their names. */
const RENAMED: Record<string, string> = { email_verified: "emailVerified", given_name: "givenName", family_name: "familyName", picture: "pictureUrl" };
const JWT_OWN = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

/** Which provider (its index) accepts `token` as Convex would check it, and the verified claims; null when none does. */
async function verifyAsConvex(token: string): Promise<{ provider: number; claims: JWTPayload } | null> {
  for (const [index, p] of providers.entries()) {
    try {
      const { payload } = await jwtVerify(token, createRemoteJWKSet(p.jwks), { issuer: p.issuer.href, algorithms: [p.algorithm] });
      return { provider: index, claims: payload };
    } catch {
      // not this provider's
    }
  }
  return null;
}

/** A Convex function context for a call the client made with `token` (null: no token sent). */
async function convexCtxFor(token: string | null): Promise<ConvexCtx> {
  const verified = token ? await verifyAsConvex(token) : null;
  let identity: ConvexUserIdentity | null = null;
  if (verified) {
    const { claims } = verified;
    const custom = Object.fromEntries(Object.entries(claims).filter(([k]) => !JWT_OWN.has(k)).map(([k, v]) => [RENAMED[k] ?? k, v]));
    identity = { ...custom, tokenIdentifier: `${claims.iss}|${claims.sub}`, subject: claims.sub!, issuer: claims.iss! };
  }
  return { auth: { getUserIdentity: async () => identity } };
}

describe("a signed-in user", () => {
  it("gets a token Convex accepts with the signed-in provider, and is read back from the Convex identity", async () => {
    const email = uniqueEmail("convex");
    const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
    expect((await app.signUpWithCredential({ email, password: "correct horse battery" })).status).toBe("ok");
    const user = (await app.getUser({ or: "throw" }))!;

    const token = await app.getConvexClientAuth({})({ forceRefreshToken: false });
    expect(token).toEqual(expect.any(String));
    expect(await verifyAsConvex(token!)).toMatchObject({ provider: 0, claims: { sub: user.id, email } });

    const ctx = await convexCtxFor(token);
    expect(await app.getPartialUser({ from: "convex", ctx })).toEqual({
      id: user.id,
      displayName: null,
      primaryEmail: email,
      primaryEmailVerified: false,
      isAnonymous: false,
      isMultiFactorRequired: false,
      isRestricted: false,
      restrictedReason: null,
    });
    const serverUser = await serverFor(emulator).getUser({ from: "convex", ctx });
    expect(serverUser).toMatchObject({ id: user.id, primaryEmail: email, isAnonymous: false });
    expect(serverUser).toHaveProperty("serverMetadata"); // the server form, read from the platform
  });

  it("hands out the stored token while it is fresh, and a newly refreshed one when Convex forces it", async () => {
    const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
    await app.signUpWithCredential({ email: uniqueEmail("convex-force"), password: "correct horse battery" });
    const fetchToken = app.getConvexClientAuth({});

    const before = await refreshes();
    const stored = await app.getAccessToken();
    expect(await fetchToken({ forceRefreshToken: false })).toBe(stored);
    expect(await refreshes()).toBe(before);

    const forced = await fetchToken({ forceRefreshToken: true });
    expect(await refreshes()).toBe(before + 1);
    expect(forced).not.toBe(stored);
    expect((await verifyAsConvex(forced!))?.provider).toBe(0);
    expect(await app.getAccessToken()).toBe(forced); // kept: the app and Convex share one session
    expect(await app.getConvexHttpClientAuth({})).toBe(forced);
  });

  it("after sign-out Convex gets null (the HTTP client an empty string), and the identity is gone", async () => {
    const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
    await app.signUpWithCredential({ email: uniqueEmail("convex-out"), password: "correct horse battery" });
    const fetchToken = app.getConvexClientAuth({});
    expect(await fetchToken({ forceRefreshToken: false })).toEqual(expect.any(String));
    await app.signOut();
    expect(await fetchToken({ forceRefreshToken: false })).toBeNull();
    expect(await fetchToken({ forceRefreshToken: true })).toBeNull();
    expect(await app.getConvexHttpClientAuth({})).toBe("");
    expect(await app.getPartialUser({ from: "convex", ctx: await convexCtxFor(null) })).toBeNull();
  });
});

describe("an anonymous user", () => {
  it("is accepted only by the anonymous provider, and counts as signed out unless asked for", async () => {
    const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
    const anonymous = await app.getUser({ or: "anonymous" });
    const token = await app.getConvexClientAuth({})({ forceRefreshToken: false });
    expect(await verifyAsConvex(token!)).toMatchObject({ provider: 1, claims: { sub: anonymous.id, is_anonymous: true } });

    const ctx = await convexCtxFor(token);
    expect(await app.getPartialUser({ from: "convex", ctx })).toBeNull();
    expect(await app.getPartialUser({ from: "convex", ctx, or: "anonymous-if-exists" })).toMatchObject({ id: anonymous.id, isAnonymous: true });
    const server = serverFor(emulator);
    expect(await server.getUser({ from: "convex", ctx })).toBeNull();
    expect(await server.getUser({ from: "convex", ctx, or: "anonymous" })).toMatchObject({ id: anonymous.id, isAnonymous: true });
  });
});

it("a token of another project is no identity of this one", async () => {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  await app.signUpWithCredential({ email: uniqueEmail("convex-other"), password: "correct horse battery" });
  const ctx = await convexCtxFor(await app.getConvexHttpClientAuth({}));
  const identity = (await ctx.auth.getUserIdentity())!;
  const elsewhere: ConvexCtx = { auth: { getUserIdentity: async () => ({ ...identity, issuer: identity.issuer!.replace(emulator.projectId, "internal") }) } };
  expect(await app.getPartialUser({ from: "convex", ctx })).not.toBeNull();
  expect(await app.getPartialUser({ from: "convex", ctx: elsewhere })).toBeNull();
});
