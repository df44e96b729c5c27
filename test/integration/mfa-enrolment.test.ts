// TOTP end to end over real HTTP: enrol with the helpers, then password and magic-link sign-ins stop at the second
// factor and signInWithMfa completes them; turning the factor off lets sign-ins through again. Codes come from an
// RFC 6238 implementation written apart from both the SDK and the emulator (test/helpers/totp.ts).
import { generateTotpSecret, KnownErrors, totpUri } from "../../src/index";
import type { ClientApp } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, codeFromOutbox, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { awayFromStepBoundary, totp } from "../helpers/totp";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const PASSWORD = "correct horse battery";
const freshApp = () => clientFor(emulator, { noAutomaticPrefetch: true }).app;
const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");

/** A signed-up user (by password, or by magic link, which verifies the e-mail) who enrolled TOTP as an app's settings page would. */
async function enrolled(by: "password" | "magic link" = "password") {
  const app = freshApp();
  const email = uniqueEmail("totp");
  if (by === "password") await app.signUpWithCredential({ email, password: PASSWORD, noVerificationCallback: true });
  else expect((await app.signInWithMagicLink(await magicLinkCode(email))).status).toBe("ok");
  const user = await app.getUser({ or: "throw" });
  expect(user.isMultiFactorRequired).toBe(false);

  const secret = generateTotpSecret();
  const uri = new URL(totpUri({ secret, accountName: email, issuer: "Latchkey Demo" }));
  await awayFromStepBoundary();
  // The authenticator app reads the URI's base32 secret: it must be the secret the platform gets.
  expect(base32ToBytes(uri.searchParams.get("secret")!)).toEqual(secret);
  await user.update({ totpMultiFactorSecret: secret });
  expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);
  return { app, email, secret, id: user.id };
}

/** Sends a magic link to `email` and reads its code from the emulator's outbox. */
async function magicLinkCode(email: string): Promise<string> {
  const mails = (await (await fetch(`${emulator.url}/emulator/outbox`)).json()) as unknown[];
  expect((await freshApp().sendMagicLinkEmail(email, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" })).status).toBe("ok");
  const code = await codeFromOutbox(emulator, email, /magic-link-callback/);
  expect(JSON.stringify(mails)).not.toContain(code);
  return code;
}

function base32ToBytes(text: string): Uint8Array {
  let bits = "";
  for (const ch of text) bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(ch).toString(2).padStart(5, "0");
  return Uint8Array.from(bits.match(/.{8}/g)!, (b) => parseInt(b, 2));
}

/** The attempt code of a sign-in that stopped at the second factor (thrown, as no page can be navigated here). */
async function attemptOf(signIn: Promise<unknown>, app: ClientApp): Promise<string> {
  const error = await caught(signIn);
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(await app.getUser()).toBeNull();
  return error.details.attempt_code;
}

test("password: stopped at the second factor; a wrong code is InvalidTotpCode; the right one signs in", async () => {
  const { email, secret, id } = await enrolled();
  const app = freshApp();
  const attempt = await attemptOf(app.signInWithCredential({ email, password: PASSWORD }), app);
  await awayFromStepBoundary();
  const refused = await app.signInWithMfa(wrongCode(totp(secret)), attempt);
  expect(refused.status === "error" && KnownErrors.InvalidTotpCode.isInstance(refused.error)).toBe(true);
  expect(await app.getUser()).toBeNull();
  expect(await app.signInWithMfa(totp(secret), attempt)).toEqual({ status: "ok", data: undefined });
  expect((await app.getUser())?.id).toBe(id);
});

test("magic link: the link's sign-in stops at the second factor too, and signInWithMfa completes it", async () => {
  const { email, secret, id } = await enrolled("magic link");
  const app = freshApp();
  const code = await magicLinkCode(email);
  const attempt = await attemptOf(app.signInWithMagicLink(code), app);
  await awayFromStepBoundary();
  expect(await app.signInWithMfa(totp(secret), attempt, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
  expect((await app.getUser())?.id).toBe(id);
  // The attempt code is spent.
  const again = await freshApp().signInWithMfa(totp(secret), attempt);
  expect(again.status === "error" && KnownErrors.VerificationCodeError.isInstance(again.error)).toBe(true);
});

test("totpMultiFactorSecret: null turns the second factor off; sign-ins go straight through again", async () => {
  const { app, email } = await enrolled();
  await (await app.getUser({ or: "throw" })).update({ totpMultiFactorSecret: null });
  expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
  const next = freshApp();
  expect(await next.signInWithCredential({ email, password: PASSWORD })).toEqual({ status: "ok", data: undefined });
  expect((await next.getUser())?.primaryEmail).toBe(email);
});
