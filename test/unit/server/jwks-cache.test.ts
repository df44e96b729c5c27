import { createAccessTokenVerifier, type AccessTokenVerificationError } from "../../../src/verify/verify-access-token";
import { BASE, forge, jwksServer, makeKey, now, PID, type TestKey } from "./forge";

// jose's remote key set keeps its cache age and refetch cooldown on Date.now(); these tests move that clock.
let offsetMs = 0;
const realNow = Date.now.bind(Date);
beforeEach(() => {
  offsetMs = 0;
  jest.spyOn(Date, "now").mockImplementation(() => realNow() + offsetMs);
});
afterEach(() => jest.restoreAllMocks());

let first: TestKey;
let second: TestKey;
beforeAll(async () => {
  [first, second] = await Promise.all([makeKey(), makeKey()]);
});

function setup(keys: TestKey[]) {
  const server = jwksServer({ normal: keys });
  const verifier = createAccessTokenVerifier({ baseUrl: BASE, projectId: PID, fetch: server.fetch, now });
  return { server, verifier };
}

const reasonOf = (p: Promise<unknown>) => p.then(() => "ok", (e: AccessTokenVerificationError) => e.reason);

describe("the JWKS cache", () => {
  it("fetches the keys once for many verifications", async () => {
    const { server, verifier } = setup([first]);
    const token = await forge(first);
    for (let i = 0; i < 200; i++) await verifier.verify(token);
    offsetMs = 5 * 60_000;
    await verifier.verify(token);
    expect(server.urls).toHaveLength(1);
  });

  it("concurrent first verifications share one fetch", async () => {
    const { server, verifier } = setup([first]);
    server.delayMs = 30;
    const token = await forge(first);
    const results = await Promise.all(Array.from({ length: 25 }, () => verifier.verify(token)));
    expect(results.every((r) => r.userId === results[0].userId)).toBe(true);
    expect(server.urls).toHaveLength(1);
  });

  it("an unknown kid (key rotation) refetches once; a flood of bad kids inside the cooldown does not refetch", async () => {
    const { server, verifier } = setup([first]);
    await verifier.verify(await forge(first));
    server.keys.normal = [second, first]; // the platform rotates: a new key signs, the old one is still published
    offsetMs = 31_000; // past jose's 30 s cooldown since the last fetch
    const rotated = await forge(second);
    expect((await verifier.verify(rotated)).userId).toBeTruthy();
    expect(server.urls).toHaveLength(2);

    const strangers = await Promise.all(Array.from({ length: 50 }, async () => forge(await makeKey())));
    const reasons = await Promise.all(strangers.map((t) => reasonOf(verifier.verify(t))));
    expect(new Set(reasons)).toEqual(new Set(["unknown-key"]));
    expect(server.urls).toHaveLength(2);

    offsetMs += 31_000; // after the cooldown a flood of concurrent bad kids still costs one fetch
    const again = await Promise.all(strangers.map((t) => reasonOf(verifier.verify(t))));
    expect(new Set(again)).toEqual(new Set(["unknown-key"]));
    expect(server.urls).toHaveLength(3);
    expect((await verifier.verify(rotated)).userId).toBeTruthy();
    expect(server.urls).toHaveLength(3);
  });

  it("refreshes the keys after ten minutes", async () => {
    const { server, verifier } = setup([first]);
    await verifier.verify(await forge(first));
    offsetMs = 10 * 60_000 + 1;
    // another token (an already verified one is answered from memory without the keys)
    await verifier.verify(await forge(first, { sub: "another-user" }));
    expect(server.urls).toHaveLength(2);
  });

  it("an unreachable or failing JWKS endpoint is jwks-unavailable, and is retried on the next verification", async () => {
    const { server, verifier } = setup([first]);
    const token = await forge(first);
    server.fail = "network";
    const e = await verifier.verify(token).catch((x: AccessTokenVerificationError) => x);
    expect(e).toMatchObject({ reason: "jwks-unavailable" });
    expect((e as Error).message).toContain(`${BASE}/api/v1/projects/${PID}/.well-known/jwks.json`);
    expect((e as Error).message).not.toContain(token);
    server.fail = 404;
    expect(await reasonOf(verifier.verify(token))).toBe("jwks-unavailable");
    server.fail = null;
    expect((await verifier.verify(token)).projectId).toBe(PID);
    expect(server.urls).toHaveLength(3);
  });

  it("each kind of token has its own key set, fetched only when needed", async () => {
    const anon = await makeKey();
    const server = jwksServer({ normal: [first], anonymous: [anon] });
    const verifier = createAccessTokenVerifier({ baseUrl: BASE, projectId: PID, fetch: server.fetch, now, allowAnonymous: true });
    const normalToken = await forge(first);
    const anonToken = await forge(anon, {}, "anonymous");
    for (let i = 0; i < 5; i++) await Promise.all([verifier.verify(normalToken), verifier.verify(anonToken)]);
    expect(server.urls.map((u) => new URL(u).search).sort()).toEqual(["", "?include_restricted=true&include_anonymous=true"]);
  });
});
