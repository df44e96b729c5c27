import nock from "nock";
import { BASE } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { nockTokenRefresh } from "../../helpers/token-refresh";
import { fakeAccessToken, fakeRefreshToken, userClaims } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const RESTRICTED = { is_restricted: true, restricted_reason: { type: "email_not_verified" } };
const claims = userClaims;

describe("a restricted user whose restriction ends elsewhere", () => {
  test("getUser() returns the user at once after the restriction ended elsewhere, and the token is renewed", async () => {
    const restrictedToken = fakeAccessToken(600, Date.now(), claims(RESTRICTED));
    const { app } = testClientApp({ tokenStore: { accessToken: restrictedToken, refreshToken: fakeRefreshToken() } });
    nock(BASE).get("/api/v1/users/me").times(2).reply(...json(userJson(RESTRICTED)));
    expect(await app.getUser()).toBeNull();
    expect((await app.getUser({ includeRestricted: true }))?.isRestricted).toBe(true);

    // Verified on another device: the platform now answers an unrestricted, verified user.
    nock(BASE).get("/api/v1/users/me").matchHeader("x-stack-access-token", restrictedToken).reply(...json(userJson({ primary_email_verified: true })));
    const user = await app.getUser();
    expect(user?.isRestricted).toBe(false);
    expect(user?.primaryEmailVerified).toBe(true);

    // The restricted token's claims disagree with that user: the next access token is a new one.
    const refreshes = nockTokenRefresh(fakeAccessToken(900, Date.now(), claims({ email_verified: true })));
    expect(await app.getAccessToken()).toBe(refreshes.token);
    expect(refreshes.count).toBe(1);
    expect(nock.isDone()).toBe(true);
  });

  test("a user fetched by this very call is not read twice, and a still-restricted user stays signed out", async () => {
    const scope = nock(BASE).get("/api/v1/users/me").once().reply(...json(userJson(RESTRICTED)));
    const token = fakeAccessToken(600, Date.now(), claims(RESTRICTED));
    const { app } = testClientApp({ tokenStore: { accessToken: token, refreshToken: fakeRefreshToken() } });
    expect(await app.getUser()).toBeNull();
    expect(scope.isDone()).toBe(true);
    nock(BASE).get("/api/v1/users/me").once().reply(...json(userJson(RESTRICTED)));
    expect(await app.getUser()).toBeNull();
    expect(await app.getAccessToken()).toBe(token); // claims still match: no refresh (none is answered)
  });
});

describe("claims read back with the user", () => {
  test("a user changed elsewhere (another app, the server) marks the token that predates the change", async () => {
    const old = fakeAccessToken(600, Date.now(), claims());
    const { app } = testClientApp({ tokenStore: { accessToken: old, refreshToken: fakeRefreshToken() } });
    nock(BASE).get("/api/v1/users/me").reply(...json(userJson({ display_name: "Renamed elsewhere" })));
    expect((await app.getUser())?.displayName).toBe("Renamed elsewhere");
    const refreshes = nockTokenRefresh(fakeAccessToken(900, Date.now(), claims({ name: "Renamed elsewhere" })));
    expect(await app.getAccessToken()).toBe(refreshes.token);
  });

  test("a token whose claims match the user is kept", async () => {
    const current = fakeAccessToken(600, Date.now(), claims());
    const { app } = testClientApp({ tokenStore: { accessToken: current, refreshToken: fakeRefreshToken() } });
    nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
    await app.getUser();
    expect(await app.getAccessToken()).toBe(current);
  });
});

describe("verifyEmail", () => {
  test("marks the tokens of every session of the app stale and forgets their users", async () => {
    const a = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken("a") };
    const b = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken("b") };
    const { app } = testClientApp({ tokenStore: a });
    nock(BASE).get("/api/v1/users/me").times(2).reply(...json(userJson()));
    await app.getUser();
    await app.getUser({ tokenStore: b });
    nock(BASE).post("/api/v1/contact-channels/verify", { code: "c".repeat(45) }).reply(...json({ success: true }));
    expect((await app.verifyEmail("c".repeat(45))).status).toBe("ok");
    const refreshes = nockTokenRefresh(fakeAccessToken(900), 2);
    nock(BASE).get("/api/v1/users/me").matchHeader("x-stack-access-token", refreshes.token).reply(...json(userJson({ primary_email_verified: true })));
    expect((await app.getUser())?.primaryEmailVerified).toBe(true);
    expect(await app.getAccessToken({ tokenStore: b })).toBe(refreshes.token);
    expect(refreshes.count).toBe(2);
  });
});
