import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

// The browser side of a CLI login against nock: POST /auth/cli/complete in its three modes.
afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json; charset=utf-8" }] as const;
const text = (status: number, body: string) => [status, body, { "content-type": "text/plain; charset=utf-8" }] as const;
const LOGIN = "l".repeat(45);

function signedIn() {
  const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
  return { ...testClientApp({ tokenStore: tokens }), tokens };
}

/** Records the body of each `POST /auth/cli/complete` and answers `reply`. */
function completeAnswers(reply: readonly [number, string, Record<string, string>]) {
  const bodies: unknown[] = [];
  nock(BASE)
    .post("/api/v1/auth/cli/complete", (b) => (bodies.push(b), true))
    .reply(...reply);
  return bodies;
}

describe("confirmCliLogin", () => {
  test("sends the login code with the signed-in session's refresh token", async () => {
    const { app, tokens } = signedIn();
    const bodies = completeAnswers(json({ success: true }));
    expect(await app.confirmCliLogin(LOGIN)).toEqual({ status: "ok", data: undefined });
    expect(bodies).toEqual([{ login_code: LOGIN, refresh_token: tokens.refreshToken }]);
  });

  test("a per-call token store is used when given", async () => {
    const { app } = testClientApp();
    const other = fakeRefreshToken();
    const bodies = completeAnswers(json({ success: true }));
    await app.confirmCliLogin(LOGIN, { tokenStore: { refreshToken: other } });
    expect(bodies).toEqual([{ login_code: LOGIN, refresh_token: other }]);
  });

  test("signed out: a UserAuthenticationRequired result and no request", async () => {
    const { app } = testClientApp();
    const result = await app.confirmCliLogin(LOGIN);
    if (result.status !== "error") throw new Error("expected an error result");
    expect(KnownErrors.UserAuthenticationRequired.isInstance(result.error)).toBe(true);
    expect(result.error.status).toBe(401);
  });

  test("the platform's 400 texts become CliAuthError results carrying them", async () => {
    const { app } = signedIn();
    completeAnswers(text(400, "Invalid login code or the code has expired"));
    const result = await app.confirmCliLogin(LOGIN);
    if (result.status !== "error") throw new Error("expected an error result");
    expect(KnownErrors.CliAuthError.isInstance(result.error)).toBe(true);
    expect(result.error.message).toBe("Invalid login code or the code has expired");
  });

  test("a restricted user is a RestrictedUserNotAllowed result; other known errors are thrown", async () => {
    const { app } = signedIn();
    completeAnswers(knownErrorReply("RESTRICTED_USER_NOT_ALLOWED", 403, { restricted_reason: { type: "anonymous" } }));
    const restricted = await app.confirmCliLogin(LOGIN);
    if (restricted.status !== "error") throw new Error("expected an error result");
    expect(KnownErrors.RestrictedUserNotAllowed.isInstance(restricted.error)).toBe(true);
    expect(restricted.error.details).toEqual({ restricted_reason: { type: "anonymous" } });

    completeAnswers(knownErrorReply("SCHEMA_ERROR", 400));
    expect(KnownErrors.SchemaError.isInstance(await caught(app.confirmCliLogin(LOGIN)))).toBe(true);
  });
});

describe("getCliLoginState", () => {
  test("asks in check mode and answers the state", async () => {
    const { app } = testClientApp();
    const bodies = completeAnswers(json({ cli_session_state: "anonymous" }));
    expect(await app.getCliLoginState(LOGIN)).toEqual({ status: "ok", data: "anonymous" });
    expect(bodies).toEqual([{ login_code: LOGIN, mode: "check" }]);
  });

  test("a bad code is a CliAuthError result", async () => {
    completeAnswers(text(400, "Invalid login code or the code has expired"));
    const result = await testClientApp().app.getCliLoginState(LOGIN);
    expect(result.status === "error" && KnownErrors.CliAuthError.isInstance(result.error)).toBe(true);
  });
});

describe("claimCliAnonymousSession", () => {
  test("signs the app in with the anonymous session's tokens", async () => {
    const { app } = testClientApp();
    const anon = { access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken() };
    const bodies = completeAnswers(json(anon));
    expect(await app.claimCliAnonymousSession(LOGIN)).toEqual({ status: "ok", data: undefined });
    expect(bodies).toEqual([{ login_code: LOGIN, mode: "claim-anon-session" }]);
    expect(await app.getAuthJson()).toEqual({ accessToken: anon.access_token, refreshToken: anon.refresh_token });
  });

  test("no anonymous session: a CliAuthError result and the tokens stay as they were", async () => {
    const { app, tokens } = signedIn();
    completeAnswers(text(400, "No anonymous session associated with this code"));
    const result = await app.claimCliAnonymousSession(LOGIN);
    if (result.status !== "error") throw new Error("expected an error result");
    expect(result.error.message).toBe("No anonymous session associated with this code");
    expect(await app.getAuthJson()).toEqual(tokens);
  });
});

describe("arguments are checked before any request", () => {
  const bad: [string, unknown][] = [
    ["missing", undefined],
    ["empty", ""],
    ["a number", 42],
    ["an object", { loginCode: LOGIN }],
  ];
  test.each(bad)("login code %s → ArgumentError from all three methods", async (_, code) => {
    const { app } = signedIn();
    for (const call of [app.confirmCliLogin(code as string), app.getCliLoginState(code as string), app.claimCliAnonymousSession(code as string)]) {
      expect(ArgumentError.isInstance(await caught(call))).toBe(true);
    }
  });

  test("options that are not an object → ArgumentError", async () => {
    const { app } = signedIn();
    expect(ArgumentError.isInstance(await caught(app.confirmCliLogin(LOGIN, "memory" as never)))).toBe(true);
    expect(ArgumentError.isInstance(await caught(app.claimCliAnonymousSession(LOGIN, 5 as never)))).toBe(true);
  });
});
