import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, PROJECT, knownErrorReply } from "../../helpers/http";
import { caught } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json; charset=utf-8" }] as const;
const tokens = () => ({ access_token: fakeAccessToken(600), refresh_token: fakeRefreshToken(), user_id: userJson().id });

describe("signUpWithCredential", () => {
  test("posts email, password and the verification callback, then stores the tokens", async () => {
    const t = tokens();
    let body: unknown;
    nock(BASE)
      .post("/api/v1/auth/password/sign-up", (b) => ((body = b), true))
      .reply(...json(t));
    const { app } = testClientApp();
    const result = await app.signUpWithCredential({
      email: "ada@example.com",
      password: "correct horse",
      verificationCallbackUrl: "http://localhost:3000/handler/email-verification",
    });
    expect(result).toEqual({ status: "ok", data: undefined });
    expect(body).toEqual({ email: "ada@example.com", password: "correct horse", verification_callback_url: "http://localhost:3000/handler/email-verification" });
    expect(await app.getAuthJson()).toEqual({ accessToken: t.access_token, refreshToken: t.refresh_token });
  });

  test("outside a browser with no callback given, none is sent", async () => {
    let body: Record<string, unknown> = {};
    nock(BASE).post("/api/v1/auth/password/sign-up", (b) => ((body = b), true)).reply(...json(tokens()));
    await testClientApp().app.signUpWithCredential({ email: "a@b.co", password: "12345678" });
    expect(body).toEqual({ email: "a@b.co", password: "12345678" });
  });

  test("an existing user comes back as a typed error result", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-up").reply(...knownErrorReply("USER_EMAIL_ALREADY_EXISTS", 409, { email: "a@b.co", would_work_if_email_was_verified: false }));
    const result = await testClientApp().app.signUpWithCredential({ email: "a@b.co", password: "12345678" });
    expect(result.status).toBe("error");
    if (result.status === "error") {
      expect(KnownErrors.UserWithEmailAlreadyExists.isInstance(result.error)).toBe(true);
      expect(result.error.details).toEqual({ email: "a@b.co", would_work_if_email_was_verified: false });
    }
  });

  test("password bounds are error results and a confirmation mismatch is thrown, all before any request", async () => {
    const { app } = testClientApp(); // nock has no interceptor: any request would fail the test
    const short = await app.signUpWithCredential({ email: "a@b.co", password: "1234567" });
    const long = await app.signUpWithCredential({ email: "a@b.co", password: "x".repeat(71) });
    expect(short.status === "error" && [short.error.code, short.error.details]).toEqual(["PASSWORD_TOO_SHORT", { min_length: 8 }]);
    expect(long.status === "error" && [long.error.code, long.error.details]).toEqual(["PASSWORD_TOO_LONG", { maxLength: 70 }]);
    expect(short.status === "error" && KnownErrors.PasswordRequirementsNotMet.isInstance(short.error)).toBe(true);
    // The official union has no confirmation error: latchkey's extra confirmPassword option throws instead.
    const mismatch = await caught(app.signUpWithCredential({ email: "a@b.co", password: "12345678", confirmPassword: "12345679" }));
    expect(KnownErrors.PasswordConfirmationMismatch.isInstance(mismatch)).toBe(true);
  });

  test("a bot challenge the platform asks for comes back as BOT_CHALLENGE_FAILED; a failed one as it is", async () => {
    const { app } = testClientApp();
    nock(BASE).post("/api/v1/auth/password/sign-up").reply(...knownErrorReply("BOT_CHALLENGE_REQUIRED", 409));
    const required = await app.signUpWithCredential({ email: "a@b.co", password: "12345678" });
    expect(required.status === "error" && [required.error.code, required.error.status]).toEqual(["BOT_CHALLENGE_FAILED", 400]);
    expect(required.status === "error" && KnownErrors.BotChallengeFailed.isInstance(required.error)).toBe(true);
    nock(BASE).post("/api/v1/auth/password/sign-up").reply(...knownErrorReply("BOT_CHALLENGE_FAILED", 400, { message: "token rejected" }));
    const failed = await app.signUpWithCredential({ email: "a@b.co", password: "12345678" });
    expect(failed.status === "error" && [failed.error.code, failed.error.details]).toEqual(["BOT_CHALLENGE_FAILED", { message: "token rejected" }]);
  });

  test("noVerificationCallback with a verificationCallbackUrl is refused before any request", async () => {
    const error = await caught(
      testClientApp().app.signUpWithCredential({ email: "a@b.co", password: "12345678", noVerificationCallback: true, verificationCallbackUrl: "http://x.test/v" }),
    );
    expect(ArgumentError.isInstance(error) && error.message).toMatch(/noVerificationCallback/);
  });

  test("bad arguments throw ArgumentError before any request", async () => {
    const { app } = testClientApp();
    await expect(app.signUpWithCredential({ email: "", password: "12345678" })).rejects.toThrow(ArgumentError);
    await expect(app.signUpWithCredential({ email: "a@b.co", password: 12345678 as never })).rejects.toThrow(/password must be a non-empty string/);
    await expect(app.signUpWithCredential(null as never)).rejects.toThrow(ArgumentError);
    await expect(app.signUpWithCredential({ email: "a@b.co", password: "12345678", noVerificationCallback: "yes" as never })).rejects.toThrow(
      /noVerificationCallback must be a boolean/,
    );
    await expect(app.signUpWithCredential({ email: "a@b.co", password: "12345678", verificationCallbackUrl: 5 as never })).rejects.toThrow(
      /verificationCallbackUrl must be a non-empty string/,
    );
  });

  test("noVerificationCallback with a verificationCallbackUrl is an ArgumentError, before any request", async () => {
    const { app } = testClientApp(); // nock has no interceptor: any request would fail the test
    const error = await caught(
      app.signUpWithCredential({
        email: "a@b.co",
        password: "12345678",
        noVerificationCallback: true,
        verificationCallbackUrl: "http://localhost:3000/handler/email-verification",
      }),
    );
    expect(ArgumentError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/noVerificationCallback or verificationCallbackUrl to signUpWithCredential, not both/);
    expect(await app.getRefreshToken()).toBeNull();
  });

  test("noVerificationCallback: false with a URL sends the URL; noVerificationCallback alone sends none", async () => {
    const bodies: Record<string, unknown>[] = [];
    nock(BASE).post("/api/v1/auth/password/sign-up", (b) => (bodies.push(b), true)).times(2).reply(...json(tokens()));
    const { app } = testClientApp();
    const url = "http://localhost:3000/handler/email-verification";
    await app.signUpWithCredential({ email: "a@b.co", password: "12345678", noVerificationCallback: false, verificationCallbackUrl: url });
    await app.signUpWithCredential({ email: "a@b.co", password: "12345678", noVerificationCallback: true });
    expect(bodies.map((b) => b.verification_callback_url)).toEqual([url, undefined]);
  });

  test("errors that are not expected are thrown, not swallowed", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-up").reply(...knownErrorReply("SIGN_UP_NOT_ENABLED", 400));
    const error = await caught(testClientApp().app.signUpWithCredential({ email: "a@b.co", password: "12345678" }));
    expect(KnownErrors.SignUpNotEnabled.isInstance(error)).toBe(true);
  });
});

describe("signInWithCredential", () => {
  test("a wrong password is an EMAIL_PASSWORD_MISMATCH result and stores nothing", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-in", { email: "a@b.co", password: "nope" }).reply(...knownErrorReply("EMAIL_PASSWORD_MISMATCH", 400, undefined, "Wrong e-mail or password."));
    const { app } = testClientApp();
    const result = await app.signInWithCredential({ email: "a@b.co", password: "nope" });
    expect(result.status === "error" && result.error.message).toBe("Wrong e-mail or password.");
    expect(await app.getAuthJson()).toEqual({ accessToken: null, refreshToken: null });
  });

  test("a short password is still sent (existing accounts), and success stores the tokens", async () => {
    const t = tokens();
    nock(BASE).post("/api/v1/auth/password/sign-in", { email: "a@b.co", password: "short" }).reply(...json(t));
    const { app } = testClientApp();
    expect(await app.signInWithCredential({ email: "a@b.co", password: "short" })).toEqual({ status: "ok", data: undefined });
    expect(await app.getRefreshToken()).toBe(t.refresh_token);
    expect(await app.getAccessToken()).toBe(t.access_token);
  });

  test("a required second factor is thrown outside a browser (as the official SDK does), carrying the attempt code", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-in").reply(...knownErrorReply("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "abc" }));
    const { app } = testClientApp();
    const error = await caught(app.signInWithCredential({ email: "a@b.co", password: "12345678" }));
    expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error) && error.details).toEqual({ attempt_code: "abc" });
    expect(await app.getAuthJson()).toEqual({ accessToken: null, refreshToken: null });
  });

  test("an invalid TOTP code is an INVALID_TOTP_CODE result", async () => {
    nock(BASE).post("/api/v1/auth/password/sign-in").reply(...knownErrorReply("INVALID_TOTP_CODE", 400));
    const result = await testClientApp().app.signInWithCredential({ email: "a@b.co", password: "12345678" });
    expect(result.status === "error" && KnownErrors.InvalidTotpCode.isInstance(result.error)).toBe(true);
  });
});

describe("password reset, magic link, e-mail verification", () => {
  test("sendForgotPasswordEmail posts email and callback_url", async () => {
    nock(BASE).post("/api/v1/auth/password/send-reset-code", { email: "a@b.co", callback_url: "http://localhost:3000/reset" }).reply(...json({ success: "maybe, only if user with e-mail exists" }));
    expect(await testClientApp().app.sendForgotPasswordEmail("a@b.co", { callbackUrl: "http://localhost:3000/reset" })).toEqual({ status: "ok", data: undefined });
  });

  test("outside a browser a callback URL is required, before any request", async () => {
    const { app } = testClientApp();
    await expect(app.sendForgotPasswordEmail("a@b.co")).rejects.toThrow(/needs \{ callbackUrl \}/);
    await expect(app.sendMagicLinkEmail("a@b.co")).rejects.toThrow(ArgumentError);
  });

  test("verifyPasswordResetCode maps each code problem to a VerificationCodeError result", async () => {
    const codes = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"];
    const statuses = [404, 400, 409, 400];
    const { app } = testClientApp();
    for (const [i, code] of codes.entries()) {
      nock(BASE).post("/api/v1/auth/password/reset/check-code", { code: "c".repeat(45) }).reply(...knownErrorReply(code, statuses[i]));
      const result = await app.verifyPasswordResetCode("c".repeat(45));
      expect(result.status === "error" && [result.error.code, result.error.status]).toEqual([code, statuses[i]]);
      expect(result.status === "error" && KnownErrors.VerificationCodeError.isInstance(result.error)).toBe(true);
    }
    nock(BASE).post("/api/v1/auth/password/reset/check-code").reply(...json({ is_code_valid: true }));
    expect(await app.verifyPasswordResetCode("c".repeat(45))).toEqual({ status: "ok", data: undefined });
  });

  test("resetPassword posts code and password; a refused password or confirmation is thrown, before any request", async () => {
    const { app } = testClientApp();
    const C45 = "c".repeat(45); // a well-formed code (a shorter one is refused before any request)
    expect(KnownErrors.PasswordTooShort.isInstance(await caught(app.resetPassword({ code: "c", password: "short" })))).toBe(true);
    const mismatch = await caught(app.resetPassword({ code: "c", password: "long enough", confirmPassword: "long enough!" }));
    expect(KnownErrors.PasswordConfirmationMismatch.isInstance(mismatch)).toBe(true);
    nock(BASE).post("/api/v1/auth/password/reset", { code: C45, password: "long enough" }).reply(...json({ success: true }));
    expect(await app.resetPassword({ code: C45, password: "long enough", confirmPassword: "long enough" })).toEqual({ status: "ok", data: undefined });
    nock(BASE).post("/api/v1/auth/password/reset").reply(...knownErrorReply("VERIFICATION_CODE_EXPIRED", 400));
    const expired = await app.resetPassword({ code: C45, password: "long enough" });
    expect(expired.status === "error" && KnownErrors.VerificationCodeError.isInstance(expired.error)).toBe(true);
    nock(BASE).post("/api/v1/auth/password/reset").reply(...knownErrorReply("PASSWORD_REQUIREMENTS_NOT_MET", 400));
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(await caught(app.resetPassword({ code: C45, password: "long enough" })))).toBe(true);
  });

  test("sendMagicLinkEmail returns the nonce; an untrusted callback is a typed result", async () => {
    const { app } = testClientApp();
    nock(BASE).post("/api/v1/auth/otp/send-sign-in-code", { email: "a@b.co", callback_url: "http://localhost:3000/magic" }).reply(...json({ nonce: "n".repeat(39) }));
    expect(await app.sendMagicLinkEmail("a@b.co", { callbackUrl: "http://localhost:3000/magic" })).toEqual({ status: "ok", data: { nonce: "n".repeat(39) } });
    nock(BASE).post("/api/v1/auth/otp/send-sign-in-code").reply(...knownErrorReply("REDIRECT_URL_NOT_WHITELISTED", 400));
    const bad = await app.sendMagicLinkEmail("a@b.co", { callbackUrl: "https://evil.example/x" });
    expect(bad.status === "error" && KnownErrors.RedirectUrlNotWhitelisted.isInstance(bad.error)).toBe(true);
    nock(BASE).post("/api/v1/auth/otp/send-sign-in-code").reply(...knownErrorReply("BOT_CHALLENGE_REQUIRED", 409));
    const challenged = await app.sendMagicLinkEmail("a@b.co", { callbackUrl: "http://localhost:3000/magic" });
    expect(challenged.status === "error" && KnownErrors.BotChallengeFailed.isInstance(challenged.error)).toBe(true);
  });

  test("signInWithMagicLink stores tokens; a used code is a typed result", async () => {
    const { app } = testClientApp();
    const t = { ...tokens(), is_new_user: true };
    nock(BASE).post("/api/v1/auth/otp/sign-in", { code: "k".repeat(45) }).reply(...json(t));
    expect(await app.signInWithMagicLink("k".repeat(45))).toEqual({ status: "ok", data: undefined });
    expect(await app.getRefreshToken()).toBe(t.refresh_token);
    nock(BASE).post("/api/v1/auth/otp/sign-in").reply(...knownErrorReply("VERIFICATION_CODE_ALREADY_USED", 409));
    const used = await app.signInWithMagicLink("k".repeat(45));
    expect(used.status === "error" && used.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    nock(BASE).post("/api/v1/auth/otp/sign-in").reply(...knownErrorReply("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "m" }));
    const mfa = await caught(app.signInWithMagicLink("k".repeat(45)));
    expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(mfa) && mfa.details).toEqual({ attempt_code: "m" });
  });

  test("verifyEmail posts the code to /contact-channels/verify", async () => {
    nock(BASE).post("/api/v1/contact-channels/verify", { code: "v".repeat(45) }).reply(...json({ success: true }));
    expect(await testClientApp().app.verifyEmail("v".repeat(45))).toEqual({ status: "ok", data: undefined });
    await expect(testClientApp().app.verifyEmail("")).rejects.toThrow(ArgumentError);
  });
});

describe("project", () => {
  test("getProject maps the client project and reuses the cached answer", async () => {
    const scope = nock(BASE)
      .get("/api/v1/projects/current")
      .once()
      .reply(
        ...json({
          id: PROJECT,
          display_name: "Demo",
          config: {
            sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: true,
            client_team_creation_enabled: true, client_user_deletion_enabled: false, allow_user_api_keys: true,
            allow_team_api_keys: false, enabled_oauth_providers: [{ id: "github" }], domains: [],
          },
        }),
      );
    const { app } = testClientApp();
    const [a, b] = await Promise.all([app.getProject(), app.getProject()]);
    expect(a).toEqual({
      id: PROJECT,
      displayName: "Demo",
      config: {
        signUpEnabled: true, credentialEnabled: true, magicLinkEnabled: false, passkeyEnabled: true,
        clientTeamCreationEnabled: true, clientUserDeletionEnabled: false, allowUserApiKeys: true,
        allowTeamApiKeys: false, oauthProviders: [{ id: "github" }],
      },
    });
    expect(b).toBe(a);
    expect(scope.isDone()).toBe(true);
  });
});

describe("every flow rejects bad arguments with a rejected promise, before any request", () => {
  test.each([
    ["signUpWithCredential", (app: ReturnType<typeof testClientApp>["app"]) => app.signUpWithCredential(undefined as never)],
    ["signInWithCredential", (app: ReturnType<typeof testClientApp>["app"]) => app.signInWithCredential({ email: "a@b.co" } as never)],
    ["sendForgotPasswordEmail", (app: ReturnType<typeof testClientApp>["app"]) => app.sendForgotPasswordEmail(42 as never)],
    ["verifyPasswordResetCode", (app: ReturnType<typeof testClientApp>["app"]) => app.verifyPasswordResetCode("")],
    ["resetPassword", (app: ReturnType<typeof testClientApp>["app"]) => app.resetPassword({ code: "c" } as never)],
    ["sendMagicLinkEmail", (app: ReturnType<typeof testClientApp>["app"]) => app.sendMagicLinkEmail("a@b.co", "https://x" as never)],
    ["signInWithMagicLink", (app: ReturnType<typeof testClientApp>["app"]) => app.signInWithMagicLink(undefined as never)],
    ["verifyEmail", (app: ReturnType<typeof testClientApp>["app"]) => app.verifyEmail(null as never)],
    ["getUser", (app: ReturnType<typeof testClientApp>["app"]) => app.getUser("throw" as never)],
  ])("%s", async (_name, call) => {
    const { app } = testClientApp();
    let promise: Promise<unknown> | undefined;
    expect(() => (promise = call(app))).not.toThrow();
    await expect(promise).rejects.toThrow(ArgumentError);
  });
});
