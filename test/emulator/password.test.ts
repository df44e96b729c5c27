import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const config = () => em.core.store.projects.get(em.projectId)!.config;
async function withConfig(patch: Partial<ReturnType<typeof config>>, run: () => Promise<void>) {
  const saved = { ...config() };
  Object.assign(config(), patch);
  try {
    await run();
  } finally {
    Object.assign(config(), saved);
  }
}

describe("sign-up", () => {
  test("returns tokens (no is_new_user) and creates a personal team", async () => {
    const email = freshEmail();
    const r = await call(em, "/auth/password/sign-up", { body: { email, password: "password123" } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    const me = await call(em, "/users/me", { accessToken: r.json.access_token });
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: false, has_password: true, auth_with_email: true, selected_team: { display_name: `${email}'s Team` } });
  });

  test("sends a verification e-mail to the outbox when verification_callback_url is given", async () => {
    const email = freshEmail();
    await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: "http://localhost:3000/handler/email-verification" } });
    const mail = await latestEmail(em, email);
    expect(mail.kind).toBe("email_verification");
    expect(mail.code).toMatch(/^[a-z2-7]{45}$/);
    expect(mail.links).toEqual([`http://localhost:3000/handler/email-verification?code=${mail.code}`]);
    expect((await call(em, "/contact-channels/verify", { body: { code: mail.code } })).json).toEqual({ success: true });
  });

  test("errors: untrusted callback, duplicate e-mail, short/long password, disabled", async () => {
    const email = freshEmail();
    expectKnown(await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: "https://evil.example/cb" } }), 400, "REDIRECT_URL_NOT_WHITELISTED");
    await signUp(em, email);
    const dup = expectKnown(await call(em, "/auth/password/sign-up", { body: { email, password: "password123" } }), 409, "USER_EMAIL_ALREADY_EXISTS");
    expect(dup.details).toEqual({ email, would_work_if_email_was_verified: false });
    expect(dup.error).toBe(`A user with email "${email}" already exists.`);
    const short = expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "short" } }), 400, "PASSWORD_TOO_SHORT");
    expect(short).toEqual({ code: "PASSWORD_TOO_SHORT", details: { min_length: 8 }, error: "Password too short. Minimum length is 8." });
    expect(expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "x".repeat(71) } }), 400, "PASSWORD_TOO_LONG").details).toEqual({ maxLength: 70 });
    await withConfig({ signUpEnabled: false }, async () => {
      expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "password123" } }), 400, "SIGN_UP_NOT_ENABLED");
    });
    await withConfig({ credentialEnabled: false }, async () => {
      expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "password123" } }), 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");
      expectKnown(await call(em, "/auth/password/sign-in", { body: { email: freshEmail(), password: "password123" } }), 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");
    });
    expect(expectKnown(await call(em, "/auth/password/sign-up", { body: { email: "not-an-email", password: "password123" } }), 400, "SCHEMA_ERROR").error).toContain(
      "body.email must be a valid email",
    );
  });

  test("upgrades an anonymous user in place", async () => {
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    const email = freshEmail();
    const r = await call(em, "/auth/password/sign-up", { accessToken: anon.access_token, allowAnonymous: true, body: { email, password: "password123" } });
    expect(r.json.user_id).toBe(anon.user_id);
    const me = await call(em, "/users/me", { accessToken: r.json.access_token });
    expect(me.json).toMatchObject({ id: anon.user_id, is_anonymous: false, primary_email: email, has_password: true });
  });
});

describe("sign-in", () => {
  test("succeeds with the right password, fails the same way for a wrong password and an unknown e-mail", async () => {
    const user = await signUp(em);
    const ok = await call(em, "/auth/password/sign-in", { body: { email: user.email.toUpperCase(), password: user.password } });
    expect(ok.json.user_id).toBe(user.user_id);
    expect(Object.keys(ok.json).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    expectKnown(await call(em, "/auth/password/sign-in", { body: { email: user.email, password: "wrong-password" } }), 400, "EMAIL_PASSWORD_MISMATCH");
    expectKnown(await call(em, "/auth/password/sign-in", { body: { email: freshEmail(), password: "wrong-password" } }), 400, "EMAIL_PASSWORD_MISMATCH");
  });

  test("a user with TOTP gets MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code", async () => {
    const user = await signUp(em);
    await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { totp_secret_base64: "c2VjcmV0c2VjcmV0c2VjcmV0" } });
    const body = expectKnown(await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } }), 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    expect(body.details).toEqual({ attempt_code: expect.stringMatching(/^[a-z2-7]{45}$/) });
  });
});

describe("password reset", () => {
  test("send-reset-code → check-code → reset → sign in with the new password", async () => {
    const user = await signUp(em);
    const sent = await call(em, "/auth/password/send-reset-code", { body: { email: user.email, callback_url: "http://localhost:3000/handler/password-reset" } });
    expect(sent.json).toEqual({ success: "maybe, only if user with e-mail exists" });
    const mail = await latestEmail(em, user.email);
    expect(mail.kind).toBe("password_reset");
    expect(mail.links[0]).toBe(`http://localhost:3000/handler/password-reset?code=${mail.code}`);
    expect((await call(em, "/auth/password/reset/check-code", { body: { code: mail.code } })).json).toEqual({ is_code_valid: true });
    expectKnown(await call(em, "/auth/password/reset", { body: { code: mail.code, password: "short" } }), 400, "PASSWORD_TOO_SHORT");
    expect((await call(em, "/auth/password/reset", { body: { code: mail.code, password: "brand-new-password" } })).json).toEqual({ success: true });
    expectKnown(await call(em, "/auth/password/reset", { body: { code: mail.code, password: "brand-new-password" } }), 409, "VERIFICATION_CODE_ALREADY_USED");
    expect((await call(em, "/auth/password/sign-in", { body: { email: user.email, password: "brand-new-password" } })).status).toBe(200);
  });

  test("an unknown e-mail gets the same answer and no mail; bad codes are rejected", async () => {
    const email = freshEmail();
    const r = await call(em, "/auth/password/send-reset-code", { body: { email, callback_url: "http://localhost:3000/reset" } });
    expect(r.json).toEqual({ success: "maybe, only if user with e-mail exists" });
    expect(await latestEmail(em, email)).toBeUndefined();
    expectKnown(await call(em, "/auth/password/reset", { body: { code: "a".repeat(45), password: "password123" } }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expect(expectKnown(await call(em, "/auth/password/reset/check-code", { body: { code: "short" } }), 400, "SCHEMA_ERROR").error).toContain(
      "body.code must be exactly 45 characters",
    );
  });
});

describe("update and set", () => {
  test("update checks the old password and revokes the other sessions", async () => {
    const user = await signUp(em);
    const second = (await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } })).json;
    expectKnown(await call(em, "/auth/password/update", { accessToken: user.access_token, body: { old_password: "wrong-one", new_password: "password456" } }), 400, "PASSWORD_CONFIRMATION_MISMATCH");
    const r = await call(em, "/auth/password/update", {
      accessToken: user.access_token,
      refreshToken: user.refresh_token,
      body: { old_password: user.password, new_password: "password456" },
    });
    expect(r.json).toEqual({ success: true });
    expect((await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} })).status).toBe(200);
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: second.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  test("set works once for a user without a password; update needs one", async () => {
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    const h = { accessToken: anon.access_token, allowAnonymous: true };
    expectKnown(await call(em, "/auth/password/update", { ...h, body: { old_password: "password123", new_password: "password456" } }), 400, "USER_DOES_NOT_HAVE_PASSWORD");
    expect((await call(em, "/auth/password/set", { ...h, body: { password: "password123" } })).json).toEqual({ success: true });
    const again = await call(em, "/auth/password/set", { ...h, body: { password: "password123" } });
    expect([again.status, again.text]).toEqual([400, "User already has a password set."]);
    // the new password is checked before "already set", as on the platform
    expectKnown(await call(em, "/auth/password/set", { ...h, body: { password: "short" } }), 400, "PASSWORD_TOO_SHORT");
  });

  test("with password sign-in disabled, update and set answer PASSWORD_AUTHENTICATION_NOT_ENABLED and change nothing", async () => {
    const user = await signUp(em);
    const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
    await withConfig({ credentialEnabled: false }, async () => {
      const body = { old_password: user.password, new_password: "short" };
      expectKnown(await call(em, "/auth/password/update", { accessToken: user.access_token, body }), 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");
      const set = { accessToken: anon.access_token, allowAnonymous: true, body: { password: "password123" } };
      expectKnown(await call(em, "/auth/password/set", set), 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");
    });
    expect((await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } })).status).toBe(200);
  });

  test("update with server access and a user's access token acts on that user", async () => {
    const user = await signUp(em);
    const r = await call(em, "/auth/password/update", { access: "server", accessToken: user.access_token, body: { old_password: user.password, new_password: "password456" } });
    expect(r.json).toEqual({ success: true });
    expect((await call(em, "/auth/password/sign-in", { body: { email: user.email, password: "password456" } })).status).toBe(200);
    // no refresh token was sent, so every session of the user ended
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
