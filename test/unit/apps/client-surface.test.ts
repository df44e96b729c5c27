import nock from "nock";
import { AdminApp, ArgumentError, ClientApp, ServerApp, VERSION } from "../../../src/index";
import type { AppCore } from "../../../src/core/app-core";
import { BASE, PROJECT, caught } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json; charset=utf-8" }] as const;
const coreOf = (app: ClientApp) => (app as unknown as { core: AppCore }).core;
const claims = {
  name: "Ada",
  email: "ada@example.com",
  email_verified: true,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  requires_totp_mfa: true,
};

describe("version and auth headers", () => {
  test("version is the client version sent in x-stack-client-version", async () => {
    const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
    expect(app.version).toBe(`js latchkey@${VERSION}`);
    let sent: unknown;
    nock(BASE).get("/api/v1/users/me").reply(function () {
      sent = this.req.headers["x-stack-client-version"];
      return json(userJson());
    });
    await app.getUser();
    expect(sent).toBe(app.version);
  });

  test("getAuthHeaders gives { x-stack-auth: JSON of the tokens } on the app and the user", async () => {
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    const { app } = testClientApp({ tokenStore: tokens });
    expect(await app.getAuthHeaders()).toEqual({ "x-stack-auth": JSON.stringify(tokens) });
    nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
    const user = await app.getUser({ or: "throw" });
    expect(JSON.parse((await user.getAuthHeaders())["x-stack-auth"])).toEqual(tokens);
    expect(await testClientApp().app.getAuthHeaders()).toEqual({ "x-stack-auth": JSON.stringify({ accessToken: null, refreshToken: null }) });
    await expect(app.getAuthHeaders({ tokenStore: 42 as never })).rejects.toThrow(ArgumentError);
  });

  test("the user's currentSession, toClientJson and _internalSession", async () => {
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    const { app } = testClientApp({ tokenStore: tokens });
    const wire = userJson({ display_name: "Ada" });
    nock(BASE).get("/api/v1/users/me").reply(...json(wire));
    const user = await app.getUser({ or: "throw" });
    expect(await user.currentSession.getTokens()).toEqual(tokens);
    expect(user.toClientJson()).toEqual(wire);
    const session = user._internalSession;
    expect(session.sessionKey).toBe(`refresh-${tokens.refreshToken}`);
    expect(session.getRefreshToken()).toEqual({ token: tokens.refreshToken });
    expect(session.isKnownToBeInvalid()).toBe(false);
    expect((await session.getOrFetchLikelyValidTokens(20_000, null))?.accessToken.token).toBe(tokens.accessToken);
    nock(BASE).get("/api/v1/users/me").reply(...json(wire));
    expect((await app.getUser({ or: "throw" }))._internalSession).toBe(session); // one per session
  });
});

describe("getPartialUser", () => {
  test("decodes the stored access token without any request", async () => {
    const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600, Date.now(), claims), refreshToken: fakeRefreshToken() } });
    expect(await app.getPartialUser({ from: "token" })).toEqual({
      id: "user-1",
      displayName: "Ada",
      primaryEmail: "ada@example.com",
      primaryEmailVerified: true,
      isAnonymous: false,
      isMultiFactorRequired: true,
      isRestricted: false,
      restrictedReason: null,
    });
  });

  test("anonymous users only with or: anonymous-if-exists; restricted users always", async () => {
    const anonymous = fakeAccessToken(600, Date.now(), { ...claims, is_anonymous: true, is_restricted: true, restricted_reason: { type: "anonymous" } });
    const { app } = testClientApp({ tokenStore: { accessToken: anonymous, refreshToken: fakeRefreshToken() } });
    expect(await app.getPartialUser({ from: "token" })).toBeNull();
    expect(await app.getPartialUser({ from: "token", or: "return-null" })).toBeNull();
    expect(await app.getPartialUser({ from: "token", or: "anonymous-if-exists" })).toMatchObject({ isAnonymous: true, restrictedReason: { type: "anonymous" } });
    const restricted = fakeAccessToken(600, Date.now(), { ...claims, is_restricted: true, restricted_reason: { type: "email_not_verified" } });
    expect(await app.getPartialUser({ from: "token", tokenStore: { accessToken: restricted, refreshToken: null } })).toMatchObject({ isRestricted: true });
  });

  test("null when signed out or the access token has expired (it is not refreshed)", async () => {
    expect(await testClientApp().app.getPartialUser({ from: "token" })).toBeNull();
    const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(-5, Date.now(), claims), refreshToken: fakeRefreshToken() } });
    expect(await app.getPartialUser({ from: "token" })).toBeNull(); // nock allows no request: a refresh would throw
  });

  test("bad options are refused (a Convex read needs its ctx)", async () => {
    const { app } = testClientApp();
    await expect(app.getPartialUser({ from: "convex" } as never)).rejects.toThrow(/needs ctx: a Convex function's context/);
    await expect(app.getPartialUser(undefined as never)).rejects.toThrow(ArgumentError);
    await expect(app.getPartialUser({ from: "cookie" } as never)).rejects.toThrow(/"from" must be "token"/);
    await expect(app.getPartialUser({ from: "token", or: "throw" } as never)).rejects.toThrow(/"or" must be/);
    const storeless = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null });
    await expect(storeless.getPartialUser({ from: "token" })).rejects.toThrow(/no token store/);
  });
});

describe('getUser({ or: "anonymous-if-exists[deprecated]" })', () => {
  test("returns an existing anonymous or restricted user, and null (without signing anyone up) when there is none", async () => {
    const or = "anonymous-if-exists[deprecated]" as const;
    expect(await testClientApp().app.getUser({ or })).toBeNull(); // no request at all
    const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
    nock(BASE).get("/api/v1/users/me").reply(...json(userJson({ is_anonymous: true, is_restricted: true, restricted_reason: { type: "anonymous" } })));
    expect((await app.getUser({ or }))?.isAnonymous).toBe(true);
    const other = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken("b") } }).app;
    nock(BASE).get("/api/v1/users/me").reply(...json(userJson({ is_restricted: true, restricted_reason: { type: "email_not_verified" } })));
    expect((await other.getUser({ or }))?.isRestricted).toBe(true);
    await expect(app.getUser({ or: "sometimes" as never })).rejects.toThrow(/anonymous-if-exists\[deprecated\]/);
  });
});

describe("inheritsFrom", () => {
  test("starts from the other app's settings; given options win, undefined ones do not", async () => {
    const parent = new ClientApp({
      projectId: PROJECT,
      baseUrl: BASE,
      publishableClientKey: "pck_parent",
      tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() },
      extraRequestHeaders: { "x-tenant": "blue" },
      urls: { signIn: "/login" },
      oauthScopesOnSignIn: { github: ["repo"] },
      noAutomaticPrefetch: true,
    });
    const child = new ClientApp({ inheritsFrom: parent, urls: { signUp: "/join" }, publishableClientKey: undefined });
    expect(child.projectId).toBe(PROJECT);
    expect(child.urls.signIn).toBe("/handler/sign-in"); // the urls option is replaced, not merged
    expect(child.urls.signUp).toBe("/join");
    expect(coreOf(child).oauthScopesOnSignIn).toEqual({ github: ["repo"] });
    let headers: Record<string, unknown> = {};
    nock(BASE).get("/api/v1/users/me").reply(function () {
      headers = this.req.headers;
      return json(userJson());
    });
    expect(await child.getUser()).not.toBeNull(); // the inherited explicit tokens
    expect(headers).toMatchObject({ "x-stack-publishable-client-key": "pck_parent", "x-tenant": "blue", "x-stack-access-type": "client" });
  });

  test("server and admin apps inherit too; a client app inheriting from a server app stays a client", async () => {
    const client = new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null });
    expect(() => new ServerApp({ inheritsFrom: client })).toThrow(/secretServerKey is required/);
    const server = new ServerApp({ inheritsFrom: client, secretServerKey: "ssk_x" });
    const admin = new AdminApp({ inheritsFrom: server, superSecretAdminKey: "sak_x" });
    expect([server.projectId, admin.projectId]).toEqual([PROJECT, PROJECT]);
    const back = new ClientApp({ inheritsFrom: admin });
    let headers: Record<string, unknown> = {};
    nock(BASE).get("/api/v1/projects/current").reply(function () {
      headers = this.req.headers;
      return json({ id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [] } });
    });
    await back.getProject();
    expect(headers["x-stack-access-type"]).toBe("client");
    expect(headers["x-stack-secret-server-key"]).toBeUndefined();
    let adminHeaders: Record<string, unknown> = {};
    nock(BASE).get("/api/v1/internal/api-keys").reply(function () {
      adminHeaders = this.req.headers;
      return json({ items: [] });
    });
    await admin.listInternalApiKeys();
    expect(adminHeaders).toMatchObject({ "x-stack-secret-server-key": "ssk_x", "x-stack-super-secret-admin-key": "sak_x" });
  });

  test("inheritsFrom must be a latchkey app", () => {
    expect(() => new ClientApp({ inheritsFrom: { projectId: PROJECT } as never })).toThrow(ArgumentError);
    expect(() => new ServerApp({ inheritsFrom: null as never, secretServerKey: "s" })).toThrow(/inheritsFrom must be/);
  });
});

describe("constructor options", () => {
  test("oauthScopesOnSignIn is checked and kept (a copy) for the OAuth flows", () => {
    const scopes = { github: ["repo", "read:org"], google: ["https://www.googleapis.com/auth/calendar"] };
    const app = new ClientApp({ projectId: PROJECT, tokenStore: null, oauthScopesOnSignIn: scopes });
    expect(coreOf(app).oauthScopesOnSignIn).toEqual(scopes);
    scopes.github.push("admin:org");
    expect(coreOf(app).oauthScopesOnSignIn.github).toEqual(["repo", "read:org"]);
    expect(coreOf(new ClientApp({ projectId: PROJECT, tokenStore: null })).oauthScopesOnSignIn).toEqual({});
    for (const bad of [["repo"], "repo", { github: "repo" }, { github: ["two words"] }, { github: [""] }, { github: [7] }]) {
      expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, oauthScopesOnSignIn: bad as never })).toThrow(ArgumentError);
    }
  });

  test("noAutomaticPrefetch must be a boolean; outside a browser nothing is fetched on construction", async () => {
    expect(() => new ClientApp({ projectId: PROJECT, tokenStore: null, noAutomaticPrefetch: "yes" as never })).toThrow(/noAutomaticPrefetch must be a boolean/);
    const fetch = jest.fn();
    new ClientApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null, fetch });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  test("signOut takes a URL object or a string as redirectUrl", async () => {
    const navigate = jest.fn();
    const { app } = testClientApp({ redirectMethod: { navigate } });
    const domains = [{ domain: "https://app.example.test", handler_path: "/handler" }];
    nock(BASE).get("/api/v1/projects/current").reply(...json({ id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains } }));
    await app.signOut({ redirectUrl: new URL("https://app.example.test/bye?x=1") });
    expect(navigate).toHaveBeenLastCalledWith("https://app.example.test/bye?x=1");
    await app.signOut({ redirectUrl: "/later" });
    expect(navigate).toHaveBeenLastCalledWith("/later");
    await expect(app.signOut({ redirectUrl: 5 as never })).rejects.toThrow(ArgumentError);
    expect(await caught(app.signOut({ redirectUrl: "" }))).toBeInstanceOf(ArgumentError);
  });
});

describe("redirects outside a browser", () => {
  test("redirectTo* with a navigate function: the configured URL as is; absolute ones only on a trusted domain", async () => {
    const navigate = jest.fn();
    const urls = { signIn: "/login", afterSignIn: "https://app.example.test/home", afterSignOut: "//evil.example.test/" };
    const { app } = testClientApp({ redirectMethod: { navigate }, urls });
    const domains = [{ domain: "https://*.example.test", handler_path: "/handler" }];
    nock(BASE).get("/api/v1/projects/current").reply(...json({ id: PROJECT, display_name: "P", config: { enabled_oauth_providers: [], domains } }));
    await app.redirectToSignIn();
    await app.redirectToAfterSignIn({ replace: true });
    expect(navigate.mock.calls).toEqual([["/login"], ["https://app.example.test/home"]]);
    await expect(app.redirectToAfterSignOut()).rejects.toThrow("Redirect URL //evil.example.test/ is not trusted; should be relative.");
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  test('redirectMethod "none" (the default here) navigates nowhere and reads nothing (network is off: a read would fail)', async () => {
    const { app } = testClientApp({ urls: { afterSignIn: "https://evil.example.test/" } });
    await expect(app.redirectToAfterSignIn()).resolves.toBeUndefined();
    await expect(app.redirectToSignIn({ replace: true })).resolves.toBeUndefined();
  });
});
