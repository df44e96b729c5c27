import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
const send = (email: string, callbackUrl = CALLBACK) => call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: callbackUrl } });

describe("magic link / OTP", () => {
  test("the e-mail holds a magic link and a 6-character code; the nonce is the code's last 39 characters", async () => {
    const email = freshEmail();
    const r = await send(email);
    expect(r.status).toBe(200);
    const mail = await latestEmail(em, email);
    expect(mail.kind).toBe("magic_link");
    expect(r.json).toEqual({ nonce: mail.code.slice(6) });
    expect(mail.otp).toBe(mail.code.slice(0, 6).toUpperCase());
    expect(mail.links).toEqual([`${CALLBACK}?code=${mail.code}`]);
    expect(mail.subject).toContain(mail.otp);
  });

  test("signing in with the link code creates a verified user (is_new_user true)", async () => {
    const email = freshEmail();
    await send(email);
    const { code } = await latestEmail(em, email);
    expect((await call(em, "/auth/otp/sign-in/check-code", { body: { code } })).json).toEqual({ is_code_valid: true });
    const r = await call(em, "/auth/otp/sign-in", { body: { code } });
    expect(r.json).toEqual({ access_token: expect.any(String), is_new_user: true, refresh_token: expect.any(String), user_id: expect.any(String) });
    const me = await call(em, "/users/me", { accessToken: r.json.access_token });
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: true, otp_auth_enabled: true, has_password: false, auth_with_email: true });
    expectKnown(await call(em, "/auth/otp/sign-in", { body: { code } }), 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  test("OTP + nonce (any case) signs an existing user in (is_new_user false)", async () => {
    const email = freshEmail();
    await send(email);
    const first = await latestEmail(em, email);
    const user = (await call(em, "/auth/otp/sign-in", { body: { code: first.code } })).json;
    const { nonce } = (await send(email)).json;
    const mail = await latestEmail(em, email);
    const r = await call(em, "/auth/otp/sign-in", { body: { code: mail.otp!.toLowerCase() + nonce.toUpperCase() } });
    expect(r.json).toMatchObject({ is_new_user: false, user_id: user.user_id });
  });

  test("wrong OTPs count against the nonce: after 20 the right one is refused", async () => {
    const email = freshEmail();
    const { nonce } = (await send(email)).json;
    const mail = await latestEmail(em, email);
    const wrong = mail.otp === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 20; i++) expectKnown(await call(em, "/auth/otp/sign-in", { body: { code: wrong + nonce } }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnown(await call(em, "/auth/otp/sign-in", { body: { code: mail.otp + nonce } }), 400, "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  test("an expired code → VERIFICATION_CODE_EXPIRED", async () => {
    const email = freshEmail();
    await send(email);
    const mail = await latestEmail(em, email);
    const record = [...em.core.store.verificationCodes.values()].find((c) => c.code === mail.code)!;
    record.expiresAtMillis = Date.now() - 1;
    expectKnown(await call(em, "/auth/otp/sign-in", { body: { code: mail.code } }), 400, "VERIFICATION_CODE_EXPIRED");
  });

  test("errors: disabled, untrusted callback, unverified existing e-mail, sign-ups off", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.magicLinkEnabled = false;
    const disabled = await send(freshEmail());
    config.magicLinkEnabled = true;
    expect([disabled.status, disabled.text]).toEqual([403, "OTP sign-in is not enabled for this project"]);
    expectKnown(await send(freshEmail(), "https://evil.example/cb"), 400, "REDIRECT_URL_NOT_WHITELISTED");
    const passwordUser = await signUp(em);
    const body = expectKnown(await send(passwordUser.email), 409, "USER_EMAIL_ALREADY_EXISTS");
    expect(body.details).toEqual({ email: passwordUser.email, would_work_if_email_was_verified: true });
    config.signUpEnabled = false;
    const off = await send(freshEmail());
    config.signUpEnabled = true;
    expectKnown(off, 400, "SIGN_UP_NOT_ENABLED");
  });
});

// apps/backend/src/app/api/latest/auth/otp/send-sign-in-code/route.tsx stores `serializeStoredSignUpRequestContext(
// requestContext)` (apps/backend/src/lib/sign-up-context.ts: `sign_up_country_code`) with the code; the sign-in
// handler (auth/otp/sign-in/verification-code-handler.tsx) creates the user with `deserializeStoredSignUpRequestContext
// (data)`, so the country is the send request's and never the sign-in request's.
describe("OTP sign-up country", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36";
  const geo = (country: string) => ({ "user-agent": BROWSER, "x-vercel-ip-country": country });
  const countryOf = async (userId: string) => (await call(em, `/users/${userId}`, { access: "server" })).json.country_code;

  test("comes from the send-code request, not the sign-in request", async () => {
    const email = freshEmail("otpgeo");
    await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: CALLBACK }, headers: geo("CH") });
    const { code } = await latestEmail(em, email);
    const r = await call(em, "/auth/otp/sign-in", { body: { code }, headers: geo("DE") });
    expect(r.json.is_new_user).toBe(true);
    expect(await countryOf(r.json.user_id)).toBe("CH");
  });

  test("a send request with no country gives none, whatever the sign-in request carries", async () => {
    const email = freshEmail("otpgeo");
    await send(email);
    const { code } = await latestEmail(em, email);
    const r = await call(em, "/auth/otp/sign-in", { body: { code }, headers: geo("DE") });
    expect(await countryOf(r.json.user_id)).toBeNull();
  });
});

describe("anonymous sign-up", () => {
  test("returns tokens for a new anonymous user with a personal team", async () => {
    const r = await call(em, "/auth/anonymous/sign-up", { body: {} });
    expect(Object.keys(r.json).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    const me = await call(em, "/users/me", { accessToken: r.json.access_token, allowAnonymous: true });
    expect(me.json).toMatchObject({ is_anonymous: true, display_name: null, selected_team: { display_name: "Personal Team" } });
  });

  test("is refused when the project disables anonymous accounts", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.anonymousEnabled = false;
    const r = await call(em, "/auth/anonymous/sign-up", { body: {} });
    config.anonymousEnabled = true;
    expectKnown(r, 400, "ANONYMOUS_ACCOUNTS_NOT_ENABLED");
  });
});
