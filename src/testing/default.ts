// The top-level helpers: the methods of TestEmulatorClient on the run's emulator, found through the environment
// startTestEmulator set (`LATCHKEY_TEST_EMULATOR_URL`), so a test file needs no set-up of its own.
import type { CookieJar, PageLike } from "./browser";
import { connectTestEmulator, type OAuthIdentity, type TestEmulatorClient } from "./client";
import type { ReceivedEmail, WaitForEmailOptions } from "./emails";
import { TEST_EMULATOR_PROJECT_VAR, TEST_EMULATOR_URL_VAR } from "./env";
import type { CreateUserOptions, TestTokens, TestUser } from "./users";

let current: { key: string; client: TestEmulatorClient } | undefined;

/**
 * The run's test emulator as the top-level helpers use it: the one `startTestEmulator` published to the
 * environment (one client per process, so `waitForEmail` remembers what it returned).
 *
 * @example
 * const { url, projectId } = testEmulator();
 */
export function testEmulator(): TestEmulatorClient {
  const key = `${process.env[TEST_EMULATOR_URL_VAR]} ${process.env[TEST_EMULATOR_PROJECT_VAR]}`;
  if (current?.key !== key) current = { key, client: connectTestEmulator() };
  return current.client;
}

/**
 * Creates a user in a known state on the run's emulator, without the UI: see `CreateUserOptions`. Returns the user,
 * its password and, with `totp: true`, its authenticator (`user.totp.code()`).
 *
 * @example
 * const user = await createUser({ displayName: "Ada", totp: true });
 */
export function createUser(options?: CreateUserOptions): Promise<TestUser> {
  return testEmulator().createUser(options);
}

/**
 * Signs `user` in without the UI: sets the session cookies the `"cookie"` and `"nextjs-cookie"` token stores read on
 * the page's context (or a context), so the next page load is signed in. `url` is the app's address (default the
 * page's current one, else every port of `localhost` and `127.0.0.1`).
 *
 * @example
 * await signIn(page, user);
 * await page.goto("/dashboard"); // signed in, no sign-in form
 */
export function signIn(target: PageLike | CookieJar, user: Pick<TestUser, "id"> | string, options?: { url?: string }): Promise<TestTokens> {
  return testEmulator().signIn(target, user, options);
}

/**
 * A new session's tokens for `user`, for API tests (`x-stack-access-token`, or a `ClientApp`'s token store).
 *
 * @example
 * const { accessToken } = await tokensFor(user);
 * await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
 */
export function tokensFor(user: Pick<TestUser, "id"> | string, options?: { expiresInMillis?: number }): Promise<TestTokens> {
  return testEmulator().tokensFor(user, options);
}

/**
 * Waits for the newest e-mail to `to` not returned before (optionally by subject or kind), with its link and codes
 * parsed out; the emulator answers as soon as it captures one. Rejects after `timeoutMs` (default 10 s) with an
 * error listing the outbox.
 *
 * @example
 * const mail = await waitForEmail({ to: user.email, subject: "Verify your email" });
 * await page.goto(mail.link!);
 */
export function waitForEmail(options: WaitForEmailOptions): Promise<ReceivedEmail> {
  return testEmulator().waitForEmail(options);
}

/**
 * Puts the run's emulator back to its baseline (users, sessions, teams, outbox, project settings).
 *
 * @example
 * test.beforeEach(() => resetEmulator());
 */
export function resetEmulator(): Promise<void> {
  return testEmulator().reset();
}

/**
 * Chooses who the mock OAuth provider signs in as next (once, with no consent page); `null` forgets the choice.
 *
 * @example
 * await setNextOAuthIdentity("github", { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" });
 */
export function setNextOAuthIdentity(provider: string, identity: OAuthIdentity | null): Promise<void> {
  return testEmulator().setNextOAuthIdentity(provider, identity);
}
