import { SignJWT } from "jose";
import { LatchkeyError } from "../../../src/errors/base";
import { encodeAuthorizationHeader } from "../../../src/token-stores/authorization-header";
import {
  AccessTokenVerificationError,
  createAccessTokenVerifier,
  type AccessTokenFailureReason,
  type AccessTokenVerifierOptions,
} from "../../../src/verify/verify-access-token";
import { b64, BASE, forge, jwksServer, makeKey, now, NOW_S, PID, platformClaims, type TestKey } from "./forge";

let normal: TestKey;
let restricted: TestKey;
let anonymous: TestKey;
beforeAll(async () => {
  [normal, restricted, anonymous] = await Promise.all([makeKey(), makeKey(), makeKey()]);
});

function setup(options: Partial<AccessTokenVerifierOptions> = {}) {
  const server = jwksServer({ normal: [normal], restricted: [restricted], anonymous: [anonymous] });
  const verifier = createAccessTokenVerifier({ baseUrl: BASE, projectId: PID, fetch: server.fetch, now, ...options });
  return { server, verifier };
}

/** The verification error of a rejected promise; checks the token is not in its message. */
async function refused(promise: Promise<unknown>, reason: AccessTokenFailureReason, token?: string): Promise<AccessTokenVerificationError> {
  const e = await promise.then(
    () => {
      throw new Error(`expected a rejection with reason ${reason}`);
    },
    (error: unknown) => error,
  );
  if (!AccessTokenVerificationError.isInstance(e)) throw e;
  expect(e.reason).toBe(reason);
  expect(LatchkeyError.isInstance(e)).toBe(true);
  expect(e.name).toBe("AccessTokenVerificationError");
  if (token) {
    expect(e.message).not.toContain(token);
    for (const part of token.split(".")) if (part.length > 16) expect(e.message).not.toContain(part);
  }
  return e;
}

describe("a valid token", () => {
  it("maps the verified claims", async () => {
    const { verifier, server } = setup();
    const token = await forge(normal);
    const verified = await verifier.verify(token);
    expect(verified).toEqual({
      userId: "0d6c2f4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f",
      projectId: PID,
      branchId: "main",
      sessionId: "7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b",
      email: "ada@example.com",
      emailVerified: true,
      displayName: "Ada Lovelace",
      selectedTeamId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
      isAnonymous: false,
      isRestricted: false,
      restrictedReason: null,
      requiresTotpMfa: false,
      signedUpAt: new Date((NOW_S - 86_400) * 1000),
      issuedAt: new Date((NOW_S - 60) * 1000),
      expiresAt: new Date((NOW_S + 540) * 1000),
      claims: platformClaims("normal"),
    });
    expect(server.urls).toEqual([`${BASE}/api/v1/projects/${PID}/.well-known/jwks.json`]);
  });

  it("accepts a base URL with a trailing slash", async () => {
    const { verifier } = setup({ baseUrl: `${BASE}/` });
    expect((await verifier.verify(await forge(normal))).userId).toBeTruthy();
  });
});

describe("refusals", () => {
  it("alg none (unsigned, crafted by hand) is a wrong algorithm, refused before any fetch", async () => {
    const { verifier, server } = setup();
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64(platformClaims())}.`;
    await refused(verifier.verify(token), "wrong-algorithm", token);
    const noKid = `${b64({ alg: "none", kid: normal.kid })}.${b64(platformClaims())}.`;
    await refused(verifier.verify(noKid), "wrong-algorithm");
    expect(server.urls).toEqual([]);
  });

  it("HS256 signed with the public key's bytes as the HMAC secret is a wrong algorithm", async () => {
    const { verifier } = setup();
    for (const secret of [JSON.stringify(normal.jwk), `${normal.jwk.x}${normal.jwk.y}`]) {
      const token = await new SignJWT(platformClaims())
        .setProtectedHeader({ alg: "HS256", kid: normal.kid })
        .sign(new TextEncoder().encode(secret));
      const e = await refused(verifier.verify(token), "wrong-algorithm", token);
      expect(e.message).toContain('"HS256"');
    }
  });

  it("a signature by another ES256 key (same kid) is a bad signature", async () => {
    const { verifier } = setup();
    const impostor = { ...(await makeKey()), kid: normal.kid };
    const token = await forge(impostor);
    await refused(verifier.verify(token), "bad-signature", token);
  });

  it("a wrong issuer: another host, or a normal token with the anonymous issuer", async () => {
    const { verifier } = setup();
    for (const iss of [`https://evil.example.test/api/v1/projects/${PID}`, `${BASE}/api/v1/projects-anonymous-users/${PID}`, `${BASE}/api/v1/projects/${PID}/`]) {
      const token = await forge(normal, { iss });
      await refused(verifier.verify(token), "wrong-issuer", token);
    }
    await refused(verifier.verify(await forge(normal, { iss: undefined })), "malformed");
  });

  it("a wrong audience; a missing one is malformed", async () => {
    const { verifier, server } = setup();
    await refused(verifier.verify(await forge(normal, { aud: `${PID}:admin` })), "wrong-audience");
    await refused(verifier.verify(await forge(normal, { aud: [PID, "other"] })), "wrong-audience");
    await refused(verifier.verify(await forge(normal, { aud: undefined })), "malformed");
    expect(server.urls).toEqual([]);
  });

  it("a token of another project, by aud or by project_id", async () => {
    const { verifier, server } = setup();
    const other = "internal";
    const token = await forge(normal, { ...platformClaims("normal", other) });
    const e = await refused(verifier.verify(token), "wrong-project", token);
    expect(e.message).toContain('"internal"');
    await refused(verifier.verify(await forge(normal, { aud: `${other}:anon` })), "wrong-project");
    expect(server.urls).toEqual([]);
    await refused(verifier.verify(await forge(normal, { project_id: other })), "wrong-project");
  });

  it("expired beyond the tolerance is refused; within it accepted; the tolerance is configurable", async () => {
    const { verifier } = setup();
    const longGone = await forge(normal, { exp: NOW_S - 31 });
    const e = await refused(verifier.verify(longGone), "expired", longGone);
    expect(e.message).toContain(new Date((NOW_S - 31) * 1000).toISOString());
    const justGone = await forge(normal, { exp: NOW_S - 29 });
    expect((await verifier.verify(justGone)).expiresAt).toEqual(new Date((NOW_S - 29) * 1000));
    await refused(setup({ clockToleranceSeconds: 0 }).verifier.verify(justGone), "expired");
    const later = setup({ now: () => new Date((NOW_S + 600) * 1000) }).verifier;
    await refused(later.verify(await forge(normal)), "expired");
  });

  it("a token verified once is remembered, but its expiry is still checked on every call", async () => {
    let clock = NOW_S * 1000;
    const { verifier, server } = setup({ now: () => new Date(clock) });
    const token = await forge(normal, { exp: NOW_S + 60 });
    await verifier.verify(token);
    const fetches = server.urls.length;
    for (let i = 0; i < 5; i++) expect((await verifier.verify(token)).userId).toBeTruthy();
    expect(server.urls.length).toBe(fetches);
    clock = (NOW_S + 60 + 31) * 1000;
    await refused(verifier.verify(token), "expired", token);
    await refused(verifier.verify(token, { allowAnonymous: true }), "expired");
  });

  it("a token not valid yet (nbf beyond the tolerance)", async () => {
    const { verifier } = setup();
    await refused(verifier.verify(await forge(normal, { nbf: NOW_S + 120 })), "not-yet-valid");
    expect((await verifier.verify(await forge(normal, { nbf: NOW_S + 20 }))).userId).toBeTruthy();
  });

  it("anonymous tokens: refused by default without fetching their keys, accepted when allowed", async () => {
    const { verifier, server } = setup();
    const token = await forge(anonymous, {}, "anonymous");
    await refused(verifier.verify(token), "anonymous-not-allowed", token);
    await refused(verifier.verify(token, { allowRestricted: true }), "anonymous-not-allowed");
    expect(server.urls).toEqual([]);
    const verified = await verifier.verify(token, { allowAnonymous: true });
    expect(verified).toMatchObject({ isAnonymous: true, isRestricted: true, restrictedReason: { type: "anonymous" }, email: null });
    expect(server.urls).toEqual([`${BASE}/api/v1/projects/${PID}/.well-known/jwks.json?include_restricted=true&include_anonymous=true`]);
    const allowing = setup({ allowAnonymous: true }).verifier;
    expect((await allowing.verify(token)).isAnonymous).toBe(true);
    await refused(allowing.verify(token, { allowAnonymous: false }), "anonymous-not-allowed");
  });

  it("restricted tokens: refused by default, accepted with allowRestricted (or allowAnonymous, as on the platform)", async () => {
    const { verifier, server } = setup();
    const token = await forge(restricted, {}, "restricted");
    const e = await refused(verifier.verify(token), "restricted-not-allowed", token);
    expect(server.urls).toEqual([]);
    expect(e.message).toContain("allowRestricted");
    const verified = await verifier.verify(token, { allowRestricted: true });
    expect(verified).toMatchObject({ isAnonymous: false, isRestricted: true, restrictedReason: { type: "email_not_verified" } });
    expect(server.urls).toEqual([`${BASE}/api/v1/projects/${PID}/.well-known/jwks.json?include_restricted=true`]);
    expect((await setup({ allowAnonymous: true }).verifier.verify(token)).isRestricted).toBe(true);
  });

  it("a restricted or anonymous key cannot vouch for a normal token, and claims must match the kind", async () => {
    const { verifier } = setup({ allowAnonymous: true });
    await refused(verifier.verify(await forge(anonymous)), "unknown-key");
    const strict = setup().verifier;
    await refused(strict.verify(await forge(normal, { is_anonymous: true })), "anonymous-not-allowed");
    await refused(strict.verify(await forge(normal, { is_restricted: true, restricted_reason: { type: "restricted_by_administrator" } })), "restricted-not-allowed");
  });

  it("malformed tokens", async () => {
    const { verifier, server } = setup();
    for (const token of ["not-a-jwt", "a.b.c", `${b64({ alg: "ES256", kid: normal.kid })}.%%%.sig`, `${b64({ alg: "ES256", kid: normal.kid })}.${b64("[1]")}.sig`]) {
      await refused(verifier.verify(token), "malformed", token);
    }
    const noKid = await new SignJWT(platformClaims()).setProtectedHeader({ alg: "ES256" }).sign(normal.privateKey);
    await refused(verifier.verify(noKid), "malformed");
    expect(server.urls).toEqual([]);
    for (const missing of ["sub", "exp", "iat", "refresh_token_id", "signed_up_at"]) {
      const e = await refused(verifier.verify(await forge(normal, { [missing]: undefined })), "malformed");
      expect(e.message).toContain(missing);
    }
    await refused(verifier.verify(await forge(normal, { signed_up_at: "yesterday" })), "malformed");
  });

  it("no token", async () => {
    const { verifier } = setup();
    await refused(verifier.verify(""), "no-token");
    await refused(verifier.verify(null), "no-token");
    await refused(verifier.verify(undefined), "no-token");
  });
});

describe("request-like input", () => {
  it("reads Authorization: Bearer stackauth_…, x-stack-auth and the Fetch Request's headers", async () => {
    const { verifier } = setup();
    const accessToken = await forge(normal);
    const authorization = encodeAuthorizationHeader({ accessToken, refreshToken: "r".repeat(45) });
    expect((await verifier.verify({ headers: { Authorization: authorization } })).userId).toBe(platformClaims().sub);
    expect((await verifier.verify(new Request(`${BASE}/x`, { headers: { authorization } }))).projectId).toBe(PID);
    const xStackAuth = JSON.stringify({ accessToken, refreshToken: null });
    expect((await verifier.verify({ headers: { "x-stack-auth": xStackAuth } })).sessionId).toBe(platformClaims().refresh_token_id);
  });

  it("a request without an access token, or with a broken header", async () => {
    const { verifier } = setup();
    await refused(verifier.verify({ headers: {} }), "no-token");
    await refused(verifier.verify({ headers: { authorization: "Bearer some-other-systems-token" } }), "no-token");
    await refused(verifier.verify({ headers: { authorization: encodeAuthorizationHeader({ accessToken: null, refreshToken: "r".repeat(45) }) } }), "no-token");
    await refused(verifier.verify({ headers: { authorization: "Bearer stackauth_%%%" } }), "malformed");
  });

  it("other inputs and bad options are argument errors", async () => {
    const { verifier } = setup();
    await expect(verifier.verify(42 as never)).rejects.toMatchObject({ name: "ArgumentError" });
    expect(() => createAccessTokenVerifier({ baseUrl: "auth.example.test", projectId: PID })).toThrow(/baseUrl/);
    expect(() => createAccessTokenVerifier({ baseUrl: BASE, projectId: "" })).toThrow(/projectId/);
    expect(() => createAccessTokenVerifier({ baseUrl: BASE, projectId: PID, clockToleranceSeconds: -1 })).toThrow(/clockTolerance/);
  });
});
