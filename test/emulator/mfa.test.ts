import { randomBytes } from "node:crypto";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

async function totpUser() {
  const user = await signUp(em);
  const secret = randomBytes(20);
  const r = await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { totp_secret_base64: secret.toString("base64") } });
  expect(r.json.requires_totp_mfa).toBe(true);
  return { ...user, secret };
}

async function attemptCode(email: string, password: string) {
  const r = await call(em, "/auth/password/sign-in", { body: { email, password } });
  const body = expectKnown(r, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  expect(body.error).toBe("Multi-factor authentication is required for this user.");
  return body.details!.attempt_code as string;
}

const mfa = (code: string, totpCode: string) => call(em, "/auth/mfa/sign-in", { body: { type: "totp", totp: totpCode, code } });

test("password sign-in of a TOTP user → attempt code → TOTP sign-in gives tokens (is_new_user false)", async () => {
  const user = await totpUser();
  const code = await attemptCode(user.email, user.password);
  expect(code).toMatch(/^[a-z2-7]{45}$/);
  await awayFromStepBoundary();
  const r = await mfa(code, totp(user.secret));
  expect(r.status).toBe(200);
  expect(r.json).toEqual({ access_token: expect.any(String), is_new_user: false, refresh_token: expect.any(String), user_id: user.user_id });
  expect((await call(em, "/users/me", { accessToken: r.json.access_token })).json.id).toBe(user.user_id);
  expectKnown(await mfa(code, totp(user.secret)), 409, "VERIFICATION_CODE_ALREADY_USED");
});

test("one step of clock drift either way is accepted, two steps are not", async () => {
  const user = await totpUser();
  await awayFromStepBoundary();
  const now = Date.now();
  expect((await mfa(await attemptCode(user.email, user.password), totp(user.secret, now - 30_000))).status).toBe(200);
  expect((await mfa(await attemptCode(user.email, user.password), totp(user.secret, now + 30_000))).status).toBe(200);
  const code = await attemptCode(user.email, user.password);
  const twoBack = totp(user.secret, now - 60_000);
  const candidates = [-1, 0, 1].map((d) => totp(user.secret, now + d * 30_000));
  if (!candidates.includes(twoBack)) expectKnown(await mfa(code, twoBack), 400, "INVALID_TOTP_CODE");
});

test("a wrong TOTP → INVALID_TOTP_CODE and the attempt code stays usable", async () => {
  const user = await totpUser();
  const code = await attemptCode(user.email, user.password);
  await awayFromStepBoundary();
  const right = totp(user.secret);
  const wrong = right === "000000" ? "111111" : "000000";
  const body = expectKnown(await mfa(code, wrong), 400, "INVALID_TOTP_CODE");
  expect(body.error).toBe("The TOTP code is invalid. Please try again.");
  expectKnown(await mfa(code, "never-valid-totp"), 400, "INVALID_TOTP_CODE");
  expect((await call(em, "/auth/mfa/sign-in/check-code", { body: { code } })).json).toEqual({ is_code_valid: true });
  expect((await mfa(code, right)).status).toBe(200);
});

test("unknown and expired attempt codes; attempt codes last 5 minutes", async () => {
  const user = await totpUser();
  expectKnown(await mfa("invalid-attempt-code-123123123123123123123123", totp(user.secret)), 404, "VERIFICATION_CODE_NOT_FOUND");
  const code = await attemptCode(user.email, user.password);
  const record = [...em.core.store.verificationCodes.values()].find((c) => c.code === code)!;
  expect(record.type).toBe("mfa_attempt");
  expect(record.expiresAtMillis - record.createdAtMillis).toBe(5 * 60 * 1000);
  record.expiresAtMillis = Date.now() - 1;
  expectKnown(await mfa(code, totp(user.secret)), 400, "VERIFICATION_CODE_EXPIRED");
});

test("schema: type must be totp, fields required", async () => {
  const r = await call(em, "/auth/mfa/sign-in", { body: { type: "sms", code: "x".repeat(45) } });
  expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toBe(
    "Request validation failed on POST /api/v1/auth/mfa/sign-in:\n  - body.type must be one of the following values: totp\n  - body.totp must be defined",
  );
});

test("magic-link (OTP) sign-in of a TOTP user also requires MFA", async () => {
  const email = freshEmail("otp-mfa");
  const cb = "http://localhost:3000/handler/magic-link-callback";
  await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: cb } });
  const first = await call(em, "/auth/otp/sign-in", { body: { code: (await latestEmail(em, email)).code } });
  const secret = randomBytes(20);
  await call(em, "/users/me", { method: "PATCH", accessToken: first.json.access_token, body: { totp_secret_base64: secret.toString("base64") } });
  await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: cb } });
  const second = await call(em, "/auth/otp/sign-in", { body: { code: (await latestEmail(em, email)).code } });
  const attempt = expectKnown(second, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED").details!.attempt_code as string;
  await awayFromStepBoundary();
  expect((await mfa(attempt, totp(secret))).json).toMatchObject({ is_new_user: false, user_id: first.json.user_id });
});

test("turning TOTP off (null) removes the requirement", async () => {
  const user = await totpUser();
  await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { totp_secret_base64: null } });
  expect((await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } })).status).toBe(200);
});

test("the emulator's TOTP matches the RFC 4226 / RFC 6238 test vectors", async () => {
  const { hotp, totpAt, verifyTotp } = await import("../../src/emulator/domain/totp");
  const key = Buffer.from("12345678901234567890");
  expect([0n, 1n, 9n].map((c) => hotp(key, c))).toEqual(["755224", "287082", "520489"]);
  expect(totpAt(key, 59_000)).toBe("287082");
  expect(totpAt(key, 1_111_111_109_000)).toBe("081804");
  expect(verifyTotp(key, "287082", 89_000)).toBe(true);
  expect(verifyTotp(key, "287082", 119_000)).toBe(false);
});
