/**
 * `latchkey/testing`: helpers for an app's own end-to-end tests, in Node (Playwright, jest, vitest). Start the
 * emulator in the global setup, make users in known states without the UI, sign them in by cookie, wait for
 * e-mails, choose the mock OAuth identity, and give Chromium a virtual passkey authenticator. Playwright stays the
 * app's: the helpers take the page or context a test passes and import nothing of it.
 *
 * @example
 * import { startTestEmulator, createUser, signIn, waitForEmail } from "latchkey/testing";
 * const emulator = await startTestEmulator(); // global setup
 * const user = await createUser({ displayName: "Ada" }); // in a test
 * await signIn(page, user);
 */
export { startTestEmulator, TestEmulator, type TestEmulatorOptions } from "./start";
export { connectTestEmulator, TestEmulatorClient, type ConnectOptions, type OAuthIdentity } from "./client";
export { createUser, resetEmulator, setNextOAuthIdentity, signIn, testEmulator, tokensFor, waitForEmail } from "./default";
export { emulatorEnv, TEST_EMULATOR_PROJECT_VAR, TEST_EMULATOR_URL_VAR, type EmulatorEnv } from "./env";
export { receivedEmail, type ReceivedEmail, type WaitForEmailOptions } from "./emails";
export { type CreateUserOptions, type TestTokens, type TestUser } from "./users";
export { totpAuthenticator, type TotpAuthenticator } from "./totp";
export {
  addVirtualAuthenticator,
  sessionCookies,
  type CookieJar,
  type PageLike,
  type SessionCookie,
  type VirtualAuthenticator,
  type VirtualAuthenticatorOptions,
} from "./browser";
export { type EmulatorTarget } from "./http";
