import nock from "nock";
import { ArgumentError, ClientApp, LatchkeyError } from "../../../src/index";
import { decodeAuthorizationHeader } from "../../../src/token-stores";
import { BASE, PROJECT, knownErrorReply } from "../../helpers/http";
import { caught } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json; charset=utf-8" }] as const;
const signedIn = (accessSeconds = 600) => ({ accessToken: fakeAccessToken(accessSeconds), refreshToken: fakeRefreshToken() });

describe("getUser", () => {
  test("with no tokens there is no user and no request", async () => {
    expect(await testClientApp().app.getUser()).toBeNull();
  });

  test("maps the wire user to camelCase with Date fields and sends the session's tokens", async () => {
    const tokens = signedIn();
    let seen: Record<string, unknown> = {};
    nock(BASE)
      .get("/api/v1/users/me")
      .reply(function () {
        seen = this.req.headers;
        return json(
          userJson({
            display_name: "Ada",
            selected_team: { id: "t1", display_name: "Ada's Team", profile_image_url: null, client_metadata: { a: 1 }, client_read_only_metadata: null },
            oauth_providers: [{ id: "github", account_id: "42", email: "ada@gh" }],
          }),
        );
      });
    const user = await testClientApp({ tokenStore: tokens }).app.getUser();
    expect(seen["x-stack-access-token"]).toBe(tokens.accessToken);
    expect(seen["x-stack-refresh-token"]).toBe(tokens.refreshToken);
    expect(user).toMatchObject({
      id: userJson().id,
      displayName: "Ada",
      primaryEmail: "ada@example.com",
      primaryEmailVerified: false,
      signedUpAt: new Date(1735600000000),
      hasPassword: true,
      emailAuthEnabled: true,
      isAnonymous: false,
      isMultiFactorRequired: false,
      oauthProviders: [{ id: "github", accountId: "42", email: "ada@gh" }],
      selectedTeam: { id: "t1", displayName: "Ada's Team", profileImageUrl: null, clientMetadata: { a: 1 }, clientReadOnlyMetadata: null },
    });
    expect(user!.signedUpAt).toBeInstanceOf(Date);
  });

  test("a missing user on /users/me means no user", async () => {
    nock(BASE).get("/api/v1/users/me").reply(...knownErrorReply("CANNOT_GET_OWN_USER_WITHOUT_USER", 400));
    expect(await testClientApp({ tokenStore: signedIn() }).app.getUser()).toBeNull();
  });

  test('or: "throw" throws a typed error; "return-null" returns null', async () => {
    const { app } = testClientApp();
    const error = await caught(app.getUser({ or: "throw" }));
    expect(LatchkeyError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/No user is signed in/);
    expect(await app.getUser({ or: "return-null" })).toBeNull();
    await expect(app.getUser({ or: "maybe" as never })).rejects.toThrow(ArgumentError);
  });

  test('or: "redirect" navigates to sign-in with the router given', async () => {
    const navigate = jest.fn();
    const { app } = testClientApp({ redirectMethod: { navigate }, urls: { signIn: "/login" } });
    const pending = app.getUser({ or: "redirect" });
    await new Promise((r) => setTimeout(r, 10));
    expect(navigate).toHaveBeenCalledWith("/login");
    void pending; // never resolves: the page is being left
  });

  test('or: "redirect" cannot navigate outside a browser without a router', async () => {
    await expect(testClientApp().app.getUser({ or: "redirect" })).rejects.toThrow(/cannot navigate/);
  });

  test("anonymous users count as signed out unless allowed", async () => {
    nock(BASE).get("/api/v1/users/me").times(2).reply(...json(userJson({ is_anonymous: true, is_restricted: true, restricted_reason: { type: "anonymous" }, primary_email: null })));
    const { app } = testClientApp({ tokenStore: signedIn() });
    expect(await app.getUser()).toBeNull();
    const anon = await app.getUser({ or: "anonymous" });
    expect(anon.isAnonymous).toBe(true);
    expect(anon.restrictedReason).toEqual({ type: "anonymous" });
  });

  test('or: "anonymous" signs up an anonymous user when nobody is signed in', async () => {
    const t = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("z"), user_id: "anon" };
    const scope = nock(BASE)
      .post("/api/v1/auth/anonymous/sign-up", {})
      .reply(...json(t))
      .get("/api/v1/users/me")
      .matchHeader("x-stack-access-token", t.access_token)
      .reply(...json(userJson({ id: "anon", is_anonymous: true, is_restricted: true })));
    const { app } = testClientApp();
    const user = await app.getUser({ or: "anonymous" });
    expect(user.id).toBe("anon");
    expect(await app.getRefreshToken()).toBe(t.refresh_token);
    expect(scope.isDone()).toBe(true);
    const error = await caught(app.getUser({ or: "anonymous", includeRestricted: false }));
    expect(ArgumentError.isInstance(error)).toBe(true);
    // The official SDK's message, word for word.
    expect(error.message).toBe("Cannot use { or: 'anonymous' } with { includeRestricted: false }. Anonymous users implicitly include restricted users.");
  });

  test("restricted users need includeRestricted", async () => {
    nock(BASE).get("/api/v1/users/me").times(2).reply(...json(userJson({ is_restricted: true, restricted_reason: { type: "email_not_verified" } })));
    const { app } = testClientApp({ tokenStore: signedIn() });
    expect(await app.getUser()).toBeNull();
    expect((await app.getUser({ includeRestricted: true }))?.isRestricted).toBe(true);
  });

  test("identical concurrent reads make one request", async () => {
    const scope = nock(BASE).get("/api/v1/users/me").once().reply(...json(userJson()));
    const { app } = testClientApp({ tokenStore: signedIn() });
    const users = await Promise.all(Array.from({ length: 10 }, () => app.getUser()));
    expect(new Set(users.map((u) => u?.id)).size).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  test("a sign-in refreshes the cached user", async () => {
    nock(BASE)
      .get("/api/v1/users/me").reply(...json(userJson({ id: "first" })))
      .post("/api/v1/auth/password/sign-in").reply(...json({ access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken("q"), user_id: "second" }))
      .get("/api/v1/users/me").reply(...json(userJson({ id: "second" })));
    const { app } = testClientApp({ tokenStore: signedIn() });
    expect((await app.getUser())?.id).toBe("first");
    await app.signInWithCredential({ email: "b@b.co", password: "12345678" });
    expect((await app.getUser())?.id).toBe("second");
  });
});

describe("refresh through the app", () => {
  test("50 concurrent calls with a stale token make one refresh and one user read", async () => {
    const fresh = fakeAccessToken(600);
    let refreshBody = "";
    const scope = nock(BASE)
      .post("/api/v1/auth/oauth/token", (body) => ((refreshBody = new URLSearchParams(body).toString()), true))
      .once()
      .reply(200, JSON.stringify({ access_token: fresh, token_type: "Bearer", expires_in: 3599, scope: "legacy" }), { "content-type": "application/json" })
      .get("/api/v1/users/me")
      .matchHeader("x-stack-access-token", fresh)
      .once()
      .reply(...json(userJson()));
    const { app } = testClientApp({ tokenStore: signedIn(5), publishableClientKey: "pck_test" });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? app.getUser() : app.getAccessToken())));
    expect(scope.isDone()).toBe(true);
    expect(results.filter((r) => r === fresh)).toHaveLength(25);
    expect(Object.fromEntries(new URLSearchParams(refreshBody))).toEqual({
      grant_type: "refresh_token",
      refresh_token: fakeRefreshToken(),
      client_id: PROJECT,
      client_secret: "pck_test",
    });
  });

  test("without a publishable key the refresh sends the platform's sentinel", async () => {
    let secret: string | null = null;
    nock(BASE)
      .post("/api/v1/auth/oauth/token", (body) => ((secret = new URLSearchParams(body).get("client_secret")), true))
      .reply(200, JSON.stringify({ access_token: fakeAccessToken(600) }), { "content-type": "application/json" });
    await testClientApp({ tokenStore: signedIn(1) }).app.getAccessToken();
    expect(secret).toBe("__stack_public_client__");
  });

  test("a refused refresh signs the user out and clears the store", async () => {
    nock(BASE).post("/api/v1/auth/oauth/token").reply(...knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401));
    const { app } = testClientApp({ tokenStore: signedIn(1) });
    expect(await app.getUser()).toBeNull();
    expect(await app.getAuthJson()).toEqual({ accessToken: null, refreshToken: null });
  });

  test("an access token the server rejects is refreshed and the request retried", async () => {
    const fresh = fakeAccessToken(600);
    const scope = nock(BASE)
      .get("/api/v1/users/me").reply(...knownErrorReply("ACCESS_TOKEN_EXPIRED", 401))
      .post("/api/v1/auth/oauth/token").reply(200, JSON.stringify({ access_token: fresh }), { "content-type": "application/json" })
      .get("/api/v1/users/me").matchHeader("x-stack-access-token", fresh).reply(...json(userJson()));
    const user = await testClientApp({ tokenStore: signedIn() }).app.getUser();
    expect(user?.id).toBe(userJson().id);
    expect(scope.isDone()).toBe(true);
  });
});

describe("signOut and token accessors", () => {
  test("signOut deletes the current session and clears the tokens", async () => {
    const tokens = signedIn();
    const scope = nock(BASE).delete("/api/v1/auth/sessions/current", {}).matchHeader("x-stack-access-token", tokens.accessToken).reply(...json({ success: true }));
    const { app } = testClientApp({ tokenStore: tokens });
    await app.signOut();
    expect(scope.isDone()).toBe(true);
    expect(await app.getAuthJson()).toEqual({ accessToken: null, refreshToken: null });
    expect(await app.getUser()).toBeNull();
  });

  test("refresh-token errors on sign-out are ignored", async () => {
    nock(BASE).delete("/api/v1/auth/sessions/current").reply(...knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401));
    const { app } = testClientApp({ tokenStore: signedIn() });
    await expect(app.signOut()).resolves.toBeUndefined();
    expect(await app.getRefreshToken()).toBeNull();
  });

  test("other sign-out failures are thrown", async () => {
    // (A DELETE is idempotent: its 5xx answers are retried, then reported as a connectivity error naming the last.)
    nock(BASE).delete("/api/v1/auth/sessions/current").times(5).reply(500, "boom");
    await expect(testClientApp({ tokenStore: signedIn() }).app.signOut()).rejects.toThrow(/failed with 500: boom/);
  });

  test("signOut navigates to after-sign-out, or the URL given", async () => {
    const navigate = jest.fn();
    const { app } = testClientApp({ redirectMethod: { navigate }, urls: { afterSignOut: "/bye" } });
    await app.signOut();
    await app.signOut({ redirectUrl: "/elsewhere" });
    expect(navigate.mock.calls).toEqual([["/bye"], ["/elsewhere"]]);
  });

  test("the authorization header carries the auth JSON in the platform's format", async () => {
    const tokens = signedIn();
    const { app } = testClientApp({ tokenStore: tokens });
    const header = await app.getAuthorizationHeader();
    expect(header).toMatch(/^Bearer stackauth_/);
    const decoded = JSON.parse(Buffer.from(header!.slice("Bearer stackauth_".length), "base64").toString());
    expect(decoded).toEqual(tokens);
    expect(decodeAuthorizationHeader(header!)).toEqual(tokens);
    expect(await testClientApp().app.getAuthorizationHeader()).toBeNull();
  });

  test("a per-call tokenStore overrides the app's", async () => {
    const other = signedIn();
    nock(BASE).get("/api/v1/users/me").matchHeader("x-stack-access-token", other.accessToken).reply(...json(userJson({ id: "other" })));
    const { app } = testClientApp();
    expect((await app.getUser({ tokenStore: other }))?.id).toBe("other");
    expect(await app.getAccessToken({ tokenStore: other })).toBe(other.accessToken);
    expect(await app.getUser()).toBeNull();
  });

  test("the string 'undefined' is rejected as a token", async () => {
    const { app } = testClientApp();
    await expect(app.getUser({ tokenStore: { accessToken: "undefined", refreshToken: null } })).rejects.toThrow(ArgumentError);
    await expect(app.getAccessToken({ tokenStore: { accessToken: null, refreshToken: "undefined" } })).rejects.toThrow(ArgumentError);
  });

  test("an app without a token store needs one per call", async () => {
    const app = new ClientApp({ projectId: PROJECT, baseUrl: BASE });
    await expect(app.getUser()).rejects.toThrow(/no token store/);
    expect(await app.getAccessToken({ tokenStore: { accessToken: null, refreshToken: null } })).toBeNull();
  });
});

describe("configuration", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test("projectId and base URL come from the official SDK's environment variables", async () => {
    process.env.NEXT_PUBLIC_STACK_PROJECT_ID = PROJECT;
    process.env.NEXT_PUBLIC_SERVER_STACK_API_URL = "https://server.example.test";
    nock("https://server.example.test").get("/api/v1/projects/current").matchHeader("x-stack-project-id", PROJECT).reply(...json({ id: PROJECT, display_name: "x", config: { enabled_oauth_providers: [] } }));
    const app = new ClientApp({ tokenStore: "memory" });
    expect(app.projectId).toBe(PROJECT);
    expect((await app.getProject()).id).toBe(PROJECT);
  });

  test("STACK_API_URL is the fallback, then the hosted API", () => {
    process.env.STACK_API_URL = "https://fallback.example.test";
    const a = new ClientApp({ projectId: PROJECT }) as unknown as { core: { http: { baseUrl: string } } };
    expect(a.core.http.baseUrl).toBe("https://fallback.example.test");
    delete process.env.STACK_API_URL;
    const b = new ClientApp({ projectId: PROJECT }) as unknown as { core: { http: { baseUrl: string } } };
    expect(b.core.http.baseUrl).toBe("https://api.stack-auth.com");
    const c = new ClientApp({ projectId: PROJECT, baseUrl: { browser: "https://b.test", server: "https://s.test" } }) as unknown as { core: { http: { baseUrl: string } } };
    expect(c.core.http.baseUrl).toBe("https://s.test");
  });

  test("bad options throw ArgumentError", () => {
    delete process.env.NEXT_PUBLIC_STACK_PROJECT_ID;
    delete process.env.STACK_PROJECT_ID;
    expect(() => new ClientApp({})).toThrow(/projectId is required/);
    expect(() => new ClientApp({ projectId: PROJECT, baseUrl: "not a url" })).toThrow(ArgumentError);
    expect(() => new ClientApp({ projectId: PROJECT, tokenStore: 42 as never })).toThrow(ArgumentError);
  });
});

describe("argument checks on the token accessors", () => {
  test("options must be an object", async () => {
    const { app } = testClientApp();
    await expect(app.getAccessToken("memory" as never)).rejects.toThrow(ArgumentError);
    await expect(app.getRefreshToken(1 as never)).rejects.toThrow(ArgumentError);
    await expect(app.getAuthJson(null as never)).rejects.toThrow(ArgumentError);
    await expect(app.getAuthorizationHeader(true as never)).rejects.toThrow(ArgumentError);
    await expect(app.signOut("now" as never)).rejects.toThrow(ArgumentError);
  });
});
