/** @jest-environment ./test/support/jsdom-env.cjs */
// Passkeys over real HTTP against the emulator, in a jsdom page (http://localhost). Only the authenticator is
// simulated: navigator.credentials answers with a software P-256 key (test/helpers/fake-webauthn.ts); the SDK,
// @simplewebauthn/browser and the emulator's @simplewebauthn/server verification all run for real.
import { AdminApp, KnownErrors } from "../../src/index";
import { clientFor, routeStats, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { installFakeWebAuthn } from "../helpers/fake-webauthn";
import type { FakeWebAuthn } from "../helpers/fake-webauthn";
import { SoftwareAuthenticator } from "../emulator/webauthn-authenticator";
import { awayFromStepBoundary, totp } from "../helpers/totp";

let emulator: Emulator;
let webauthn: FakeWebAuthn;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());
beforeEach(() => {
  webauthn = installFakeWebAuthn();
});
afterEach(() => {
  webauthn.remove();
  sessionStorage.clear();
});

const PASSWORD = "correct horse battery";
const browserApp = () => clientFor(emulator, { noAutomaticPrefetch: true, redirectMethod: "none" }).app;

async function signedUp() {
  const app = browserApp();
  await app.signUpWithCredential({ email: uniqueEmail("pk"), password: PASSWORD, noVerificationCallback: true, noRedirect: true });
  return { app, user: await app.getUser({ or: "throw" }) };
}

const setPasskeys = async (enabled: boolean) => {
  const admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, superSecretAdminKey: emulator.keys.superSecretAdminKey, tokenStore: null });
  await (await admin.getProject()).update({ config: { passkeyEnabled: enabled } });
};

test("register a passkey, then sign a fresh visitor in with it", async () => {
  const { app, user } = await signedUp();
  expect(await user.registerPasskey()).toEqual({ status: "ok", data: undefined });
  expect(webauthn.created[0].publicKey.rp.id).toBe("localhost");
  expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(true);

  const visitor = browserApp();
  expect(await visitor.signInWithPasskey({ noRedirect: true })).toEqual({ status: "ok", data: undefined });
  expect(webauthn.requested[0].publicKey.rpId).toBe("localhost");
  expect((await visitor.getUser())?.id).toBe(user.id);
});

test("a credential the authenticator bound to another RP id is refused: PASSKEY_REGISTRATION_FAILED from the platform", async () => {
  const { user } = await signedUp();
  webauthn.remove();
  const wrongRp = new SoftwareAuthenticator(location.origin);
  wrongRp.register = ((register) => (options: { challenge: string }) => register.call(wrongRp, options, { rpId: "example.com" }))(wrongRp.register);
  webauthn = installFakeWebAuthn(wrongRp);
  const result = await user.registerPasskey();
  expect(result.status === "error" && [result.error.code, result.error.message]).toEqual([
    "PASSKEY_REGISTRATION_FAILED",
    "Passkey registration failed because the verification response is invalid",
  ]);
});

test("signing in with a passkey the platform does not know, or a forged signature: PasskeyAuthenticationFailed", async () => {
  const stranger = browserApp();
  const unknown = await stranger.signInWithPasskey({ noRedirect: true });
  expect(unknown.status === "error" && [unknown.error.code, unknown.error.message]).toEqual(["PASSKEY_AUTHENTICATION_FAILED", "Passkey not found"]);

  const { user } = await signedUp();
  expect((await user.registerPasskey()).status).toBe("ok");
  const authenticate = webauthn.authenticator.authenticate.bind(webauthn.authenticator);
  webauthn.authenticator.authenticate = (options, o = {}) => authenticate(options, { ...o, tamper: true });
  const forged = await browserApp().signInWithPasskey({ noRedirect: true });
  expect(forged.status === "error" && KnownErrors.PasskeyAuthenticationFailed.isInstance(forged.error)).toBe(true);
  expect(await stranger.getUser()).toBeNull();
});

test("passkeys turned off for the project: both flows give their failure type, carrying the platform's error", async () => {
  const { user } = await signedUp();
  await setPasskeys(false);
  try {
    const registration = await user.registerPasskey();
    expect(registration.status === "error" && KnownErrors.PasskeyRegistrationFailed.isInstance(registration.error)).toBe(true);
    expect(registration.status === "error" && KnownErrors.PasskeyAuthenticationNotEnabled.isInstance((registration.error as { cause?: unknown }).cause)).toBe(true);
    const signIn = await browserApp().signInWithPasskey();
    expect(signIn.status === "error" && KnownErrors.PasskeyAuthenticationFailed.isInstance(signIn.error)).toBe(true);
    expect(webauthn.created.length + webauthn.requested.length).toBe(0);
  } finally {
    await setPasskeys(true);
  }
});

test("a TOTP user's passkey sign-in stops at the second factor; the stored attempt code completes it", async () => {
  const { user } = await signedUp();
  expect((await user.registerPasskey()).status).toBe("ok");
  const secret = crypto.getRandomValues(new Uint8Array(20));
  await user.update({ totpMultiFactorSecret: secret });

  const visitor = browserApp();
  const stopped = await visitor.signInWithPasskey({ noRedirect: true }).catch((e: unknown) => e);
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(stopped)).toBe(true);
  const attemptCode = sessionStorage.getItem("hexclave_mfa_attempt_code")!;
  expect(attemptCode).toBe((stopped as { details: { attempt_code: string } }).details.attempt_code);
  expect(await visitor.getUser()).toBeNull();

  await awayFromStepBoundary();
  expect(await visitor.signInWithMfa(totp(secret), attemptCode, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
  expect((await visitor.getUser())?.id).toBe(user.id);
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toBeNull();
});

test("a server app registers a passkey for a user (through a two-minute session), and the user signs in with it", async () => {
  const { user } = await signedUp();
  const server = serverFor(emulator);
  const serverUser = (await server.getUser(user.id))!;
  expect(serverUser.passkeyAuthEnabled).toBe(false);
  const sessionsBefore = (await routeStats(emulator, "POST /auth/sessions")).requests;
  expect(await serverUser.registerPasskey()).toEqual({ status: "ok", data: undefined });
  expect((await routeStats(emulator, "POST /auth/sessions")).requests).toBe(sessionsBefore + 1);
  expect((await server.getUser(user.id))!.passkeyAuthEnabled).toBe(true);
  const visitor = browserApp();
  expect((await visitor.signInWithPasskey({ noRedirect: true })).status).toBe("ok");
  expect((await visitor.getUser())?.id).toBe(user.id);

  // Without WebAuthn nothing is asked of the platform: no session is made for the user.
  webauthn.remove();
  const result = await serverUser.registerPasskey();
  expect(result.status === "error" && KnownErrors.PasskeyRegistrationFailed.isInstance(result.error)).toBe(true);
  expect((await routeStats(emulator, "POST /auth/sessions")).requests).toBe(sessionsBefore + 1);
});
