import nock from "nock";
import { sendRequest, apiUrl } from "../../../src/http/client";
import { VERSION } from "../../../src/version";
import { BASE, PROJECT, testSettings } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

describe("outgoing requests", () => {
  test("client requests carry exactly the platform's headers", async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get("/api/v1/users/me")
      .reply(function () {
        seen = this.req.headers;
        return [200, { id: "u" }, { "content-type": "application/json" }];
      });
    const session = {
      getTokens: async () => ({ accessToken: "acc.tok.en", refreshToken: "refresh-token" }),
      markAccessTokenExpired: () => {},
    };
    const body = await sendRequest(testSettings({ publishableClientKey: "pck_abc", secretServerKey: "ssk_must_not_leak" }), {
      path: "/users/me",
      session,
    });
    expect(body).toEqual({ id: "u" });
    expect(seen["x-stack-override-error-status"]).toBe("true");
    expect(seen["x-stack-project-id"]).toBe(PROJECT);
    expect(seen["x-stack-access-type"]).toBe("client");
    expect(seen["x-stack-client-version"]).toBe(`js latchkey@${VERSION}`);
    expect(seen["x-stack-allow-anonymous-user"]).toBe("true");
    expect(seen["x-stack-publishable-client-key"]).toBe("pck_abc");
    expect(seen["x-stack-access-token"]).toBe("acc.tok.en");
    expect(seen["x-stack-refresh-token"]).toBe("refresh-token");
    expect(seen["x-stack-random-nonce"]).toMatch(/^[a-z2-7]{45}$/);
    // a client never sends server or admin secrets, nor cookies, nor a body on GET
    expect(seen["x-stack-secret-server-key"]).toBeUndefined();
    expect(seen["x-stack-super-secret-admin-key"]).toBeUndefined();
    expect(seen["cookie"]).toBeUndefined();
    expect(seen["content-type"]).toBeUndefined();
  });

  test("server and admin requests add their keys", async () => {
    const seen: Record<string, string | string[]>[] = [];
    nock(BASE)
      .get("/api/v1/users")
      .times(2)
      .reply(function () {
        seen.push(this.req.headers);
        return [200, { items: [] }, { "content-type": "application/json" }];
      });
    await sendRequest(testSettings({ accessType: "server", secretServerKey: "ssk_1" }), { path: "/users" });
    await sendRequest(testSettings({ accessType: "admin", secretServerKey: "ssk_1", superSecretAdminKey: "sak_1" }), { path: "/users" });
    expect(seen[0]["x-stack-access-type"]).toBe("server");
    expect(seen[0]["x-stack-secret-server-key"]).toBe("ssk_1");
    expect(seen[0]["x-stack-super-secret-admin-key"]).toBeUndefined();
    expect(seen[1]["x-stack-access-type"]).toBe("admin");
    expect(seen[1]["x-stack-super-secret-admin-key"]).toBe("sak_1");
  });

  test("a project owner's session is sent as the admin access token", async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get("/api/v1/internal/projects/current")
      .reply(function () {
        seen = this.req.headers;
        return [200, {}, { "content-type": "application/json" }];
      });
    const adminSession = { getTokens: async () => ({ accessToken: "owner.jwt.x", refreshToken: null }), markAccessTokenExpired: () => {} };
    await sendRequest(testSettings({ accessType: "admin", adminSession }), { path: "/internal/projects/current" });
    expect(seen["x-stack-admin-access-token"]).toBe("owner.jwt.x");
  });

  test("each request gets a fresh nonce", async () => {
    const nonces = new Set<string>();
    nock(BASE)
      .get("/api/v1/projects/current")
      .times(20)
      .reply(function () {
        nonces.add(String(this.req.headers["x-stack-random-nonce"]));
        return [200, "{}", { "content-type": "application/json" }];
      });
    for (let i = 0; i < 20; i++) await sendRequest(testSettings(), { path: "/projects/current" });
    expect(nonces.size).toBe(20);
  });

  test("bodies: JSON, {} for a bodiless POST, form for the token endpoint with no platform headers", async () => {
    const bodies: { type: unknown; body: string; stackHeader: unknown }[] = [];
    nock(BASE)
      .post(/.*/)
      .times(3)
      .reply(function (_uri, body) {
        bodies.push({ type: this.req.headers["content-type"], body: typeof body === "string" ? body : JSON.stringify(body), stackHeader: this.req.headers["x-stack-project-id"] });
        return [200, "{}", { "content-type": "application/json" }];
      });
    await sendRequest(testSettings(), { method: "POST", path: "/auth/password/sign-in", body: { email: "a@b.c", password: "p" } });
    await sendRequest(testSettings(), { method: "POST", path: "/auth/anonymous/sign-up" });
    await sendRequest(testSettings(), { method: "POST", path: "/auth/oauth/token", bare: true, form: { grant_type: "refresh_token", refresh_token: "r" } });
    expect(bodies[0]).toEqual({ type: "application/json", body: '{"email":"a@b.c","password":"p"}', stackHeader: PROJECT });
    expect(bodies[1]).toEqual({ type: "application/json", body: "{}", stackHeader: PROJECT });
    expect(bodies[2]).toEqual({ type: "application/x-www-form-urlencoded", body: "grant_type=refresh_token&refresh_token=r", stackHeader: undefined });
  });

  test("fetch is called with credentials omitted and no caching", async () => {
    const calls: RequestInit[] = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }) as unknown as typeof fetch;
    await sendRequest(testSettings({ fetch: fakeFetch }), { path: "/projects/current" });
    expect(calls[0].credentials).toBe("omit");
    expect(calls[0].cache).toBe("no-store");
  });

  test("URLs: /api/v1 prefix, query without empty values, no trailing slash", () => {
    expect(apiUrl("https://x.test/", "/users", { limit: 1, cursor: undefined, desc: false, q: null })).toBe(
      "https://x.test/api/v1/users?limit=1&desc=false",
    );
    expect(apiUrl("https://x.test", "/teams/")).toBe("https://x.test/api/v1/teams");
  });

  test("extra request headers are added", async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get("/api/v1/projects/current")
      .reply(function () {
        seen = this.req.headers;
        return [200, "{}", { "content-type": "application/json" }];
      });
    await sendRequest(testSettings({ extraRequestHeaders: { "x-trace": "t1" } }), { path: "/projects/current" });
    expect(seen["x-trace"]).toBe("t1");
  });
});
