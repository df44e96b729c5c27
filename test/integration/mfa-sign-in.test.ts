import { randomBytes } from "node:crypto";
import { ArgumentError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { awayFromStepBoundary, totp } from "../helpers/totp";

// signInWithMfa over real HTTP: the second step of a sign-in that asked for a TOTP code.
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const PASSWORD = "correct horse battery";

async function userWithTotp() {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  const email = uniqueEmail("mfa");
  await app.signUpWithCredential({ email, password: PASSWORD, noVerificationCallback: true });
  const secret = new Uint8Array(randomBytes(20));
  await (await app.getUser({ or: "throw" })).update({ totpMultiFactorSecret: secret });
  return { email, secret, id: (await app.getUser({ or: "throw" })).id };
}

/** A fresh app whose password sign-in stopped at the second factor, and the attempt code it was given. */
async function stoppedAtMfa(email: string) {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  const error = await caught(app.signInWithCredential({ email, password: PASSWORD }));
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  const attemptCode = (error as { details: { attempt_code: string } }).details.attempt_code;
  expect(await app.getUser()).toBeNull();
  return { app, attemptCode };
}

test("the right TOTP code with the attempt code signs the user in", async () => {
  const { email, secret, id } = await userWithTotp();
  const { app, attemptCode } = await stoppedAtMfa(email);
  await awayFromStepBoundary();
  expect(await app.signInWithMfa(totp(secret), attemptCode)).toEqual({ status: "ok", data: undefined });
  expect((await app.getUser())?.id).toBe(id);
});

test("a wrong TOTP code is an INVALID_TOTP_CODE result and nobody is signed in; a used attempt code is a verification error", async () => {
  const { email, secret } = await userWithTotp();
  const { app, attemptCode } = await stoppedAtMfa(email);
  await awayFromStepBoundary();
  const right = totp(secret);
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
  const refused = await app.signInWithMfa(wrong, attemptCode, { noRedirect: true });
  expect(refused.status === "error" && KnownErrors.InvalidTotpCode.isInstance(refused.error)).toBe(true);
  expect(await app.getUser()).toBeNull();

  expect((await app.signInWithMfa(right, attemptCode)).status).toBe("ok");
  const again = await clientFor(emulator).app.signInWithMfa(right, attemptCode);
  expect(again.status === "error" && KnownErrors.VerificationCodeError.isInstance(again.error)).toBe(true);
});

test("bad arguments are refused before any request", async () => {
  const { app } = clientFor(emulator);
  const before = (await routeStats(emulator, "POST /auth/mfa/sign-in")).requests;
  for (const call of [() => app.signInWithMfa("", "code"), () => app.signInWithMfa("123456", undefined as never), () => app.signInWithMfa("123456", "code", 3 as never)]) {
    expect(ArgumentError.isInstance(await caught(call()))).toBe(true);
  }
  expect((await routeStats(emulator, "POST /auth/mfa/sign-in")).requests).toBe(before);
});
