import { startEmulator } from "../../src/emulator";
import { encodeAuthorizationHeader } from "../../src/token-stores/authorization-header";
import { AccessTokenVerificationError, createAccessTokenVerifier } from "../../src/verify/verify-access-token";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
type Tokens = { access_token: string; refresh_token: string; user_id: string };

const JWKS_ROUTE = "GET /projects/:project_id/.well-known/jwks.json";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
});
afterAll(() => emulator.stop());

let counter = 0;
const email = () => `verify-${Date.now().toString(36)}-${++counter}@example.com`;

/** A raw client request to the emulator, as the platform's SDKs send it. */
async function post(path: string, body: unknown, project = { id: emulator.projectId, key: emulator.keys.publishableClientKey }): Promise<Tokens> {
  const res = await fetch(`${emulator.url}/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": project.id,
      "x-stack-publishable-client-key": project.key,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
}

async function jwksRequests(): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return stats.routes?.[JWKS_ROUTE]?.requests ?? 0;
}

const verifierFor = (options: { allowAnonymous?: boolean } = {}) =>
  createAccessTokenVerifier({ baseUrl: emulator.url, projectId: emulator.projectId, ...options });

describe("local verification of the emulator's access tokens", () => {
  it("verifies a signed-up user's token, fetching the JWKS once for many verifications", async () => {
    const address = email();
    const tokens = await post("/auth/password/sign-up", { email: address, password: "correct horse battery" });
    const before = await jwksRequests();
    const verifier = verifierFor();
    const verified = await verifier.verify(tokens.access_token);
    expect(verified).toMatchObject({
      userId: tokens.user_id,
      projectId: emulator.projectId,
      branchId: "main",
      email: address,
      emailVerified: false,
      isAnonymous: false,
      isRestricted: false,
      restrictedReason: null,
    });
    expect(verified.sessionId).toEqual(expect.any(String));
    expect(Math.abs(verified.signedUpAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(verified.expiresAt.getTime() - verified.issuedAt.getTime()).toBe(600_000);

    const request = { headers: { authorization: encodeAuthorizationHeader({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }) } };
    await Promise.all(Array.from({ length: 50 }, (_, i) => verifier.verify(i % 2 ? tokens.access_token : request)));
    expect((await jwksRequests()) - before).toBe(1);
  });

  it("concurrent first verifications share one JWKS request", async () => {
    const tokens = await post("/auth/password/sign-up", { email: email(), password: "correct horse battery" });
    const before = await jwksRequests();
    const verifier = verifierFor();
    await Promise.all(Array.from({ length: 20 }, () => verifier.verify(tokens.access_token)));
    expect((await jwksRequests()) - before).toBe(1);
  });

  it("an anonymous user's token is refused by default and accepted with allowAnonymous", async () => {
    const tokens = await post("/auth/anonymous/sign-up", {});
    const e = await verifierFor()
      .verify(tokens.access_token)
      .catch((x: unknown) => x);
    expect(AccessTokenVerificationError.isInstance(e) && e.reason).toBe("anonymous-not-allowed");
    const verified = await verifierFor({ allowAnonymous: true }).verify(tokens.access_token);
    expect(verified).toMatchObject({ userId: tokens.user_id, isAnonymous: true, isRestricted: true, restrictedReason: { type: "anonymous" } });
    const perCall = await verifierFor().verify(tokens.access_token, { allowAnonymous: true });
    expect(perCall.userId).toBe(tokens.user_id);
  });

  it("a token of the internal project is refused for the demo project", async () => {
    const { adminUser, keys } = emulator.internal;
    const tokens = await post("/auth/password/sign-in", { email: adminUser.email, password: adminUser.password }, { id: "internal", key: keys.publishableClientKey });
    const e = await verifierFor()
      .verify(tokens.access_token)
      .catch((x: unknown) => x);
    expect(AccessTokenVerificationError.isInstance(e) && e.reason).toBe("wrong-project");
    expect((e as Error).message).not.toContain(tokens.access_token);
    const internal = createAccessTokenVerifier({ baseUrl: emulator.url, projectId: "internal" });
    expect((await internal.verify(tokens.access_token)).userId).toBe(adminUser.id);
  });

  it("a verifier of another base URL refuses the emulator's tokens as a wrong issuer", async () => {
    const tokens = await post("/auth/password/sign-up", { email: email(), password: "correct horse battery" });
    const elsewhere = createAccessTokenVerifier({
      baseUrl: "https://auth.example.test",
      projectId: emulator.projectId,
      fetch: (_input, init) => fetch(`${emulator.url}/api/v1/projects/${emulator.projectId}/.well-known/jwks.json`, init),
    });
    const e = await elsewhere.verify(tokens.access_token).catch((x: unknown) => x);
    expect(AccessTokenVerificationError.isInstance(e) && e.reason).toBe("wrong-issuer");
  });
});
