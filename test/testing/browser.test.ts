/**
 * `latchkey/testing` in Chromium, against a test app: the React test page (test/e2e/react-page: latchkey/react's
 * handler pages, a home page and a protected page, the "cookie" token store) served next to a test emulator. Each
 * helper on its own: `signIn` (no sign-in form on the way), `waitForEmail` in a verification and a magic-link flow,
 * `setNextOAuthIdentity`, a TOTP user's codes, and `addVirtualAuthenticator`.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addVirtualAuthenticator,
  createUser,
  setNextOAuthIdentity,
  signIn,
  startTestEmulator,
  waitForEmail,
  type TestEmulator,
} from "../../src/testing";
import { launchChromium } from "../e2e/harness/browser";
import { startPageServer, type PageServer } from "../e2e/harness/page-server";

let emulator: TestEmulator;
let app: PageServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  emulator = await startTestEmulator();
  const config = { apiUrl: emulator.url, projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey };
  browser = await launchChromium();
  app = await startPageServer("latchkey", config, "react");
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await emulator?.stop();
});
beforeEach(() => emulator.reset());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A new visitor: a fresh context on the app, and the paths its page showed (committed navigations). */
async function visitor(): Promise<{ context: BrowserContext; page: Page; shown: string[] }> {
  const context = await browser.newContext({ baseURL: app.origin });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const shown: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) shown.push(new URL(frame.url()).pathname);
  });
  return { context, page, shown };
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).waitFor();
const at = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path);
const serverUser = async (id: string) =>
  (
    await fetch(`${emulator.url}/api/v1/users/${id}`, {
      headers: { "x-stack-access-type": "server", "x-stack-project-id": emulator.projectId, "x-stack-secret-server-key": emulator.keys.secretServerKey },
    })
  ).json();

test("signIn(context, user): the protected page, with no sign-in form on the way", async () => {
  const user = await createUser({ displayName: "Ada Lovelace" });
  const { context, page, shown } = await visitor();
  await signIn(context, user);
  await page.goto("/protected");
  await heading(page, "Protected page");
  await page.getByText("Signed in as Ada Lovelace").waitFor();
  expect(shown).toEqual(["/protected"]);
  expect(await page.getByRole("heading", { name: "Sign in to your account" }).count()).toBe(0);
});

test("signIn(page, user): the cookies go to the page's origin; the next load is signed in", async () => {
  const user = await createUser();
  const { context, page } = await visitor();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).waitFor();
  await signIn(page, user);
  const cookies = await context.cookies(app.origin);
  expect(cookies.map((c) => c.name).sort()).toEqual(["stack-access", `stack-refresh-${emulator.projectId}--default`]);
  await page.reload();
  await page.getByText(`Signed in as ${user.email}`).waitFor();
});

test("waitForEmail: sign up in the app, verify the address from the e-mail's link", async () => {
  const email = "newcomer@example.com";
  const { page } = await visitor();
  await page.goto("/handler/sign-up");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Repeat Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // The app goes to its after-sign-up page first; a visit started before that would be cut short by it.
  await page.waitForURL((url) => !url.pathname.startsWith("/handler/"));
  const mail = await waitForEmail({ to: email, subject: "Verify your email" });
  expect(new URL(mail.link!).origin).toBe(app.origin);
  await page.goto(mail.link!);
  await heading(page, "Do you want to verify your email?");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await heading(page, "Your email has been verified!");
  expect((await emulator.emails({ to: email })).map((m) => m.kind)).toEqual(["email_verification"]);
});

test("waitForEmail: a magic link asked for on the sign-in page signs the user in", async () => {
  const user = await createUser({ password: null });
  const { page } = await visitor();
  await page.goto("/handler/sign-in");
  await page.getByRole("tab", { name: "Email", exact: true }).click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Send email" }).click();
  const mail = await waitForEmail({ to: user.email, kind: "magic_link" });
  expect(mail.otp).toMatch(/^[A-Z0-9]{6}$/);
  await page.goto(mail.link!);
  await heading(page, "Do you want to sign in?");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await at(page, "/");
  await page.getByText(`Signed in as ${user.email}`).waitFor();
});

test("setNextOAuthIdentity: 'Sign in with GitHub' signs in as the chosen GitHub user, without the consent page", async () => {
  await setNextOAuthIdentity("github", { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" });
  const { page, shown } = await visitor();
  await page.goto("/handler/sign-in");
  await page.getByRole("button", { name: "Sign in with GitHub" }).click();
  await at(page, "/");
  await page.getByText("Signed in as Octo Cat").waitFor();
  expect(shown.filter((p) => p.startsWith("/emulator/"))).toEqual([]);
  const id = await page.evaluate(async () => (await (window as unknown as { app: { getUser(): Promise<{ id: string }> } }).app.getUser()).id);
  expect((await serverUser(id)).oauth_providers).toEqual([{ id: "github", account_id: "583231", email: "octocat@github.mock" }]);
});

test("createUser({ totp: true }): the password sign-in asks for a code, the user's authenticator gives it", async () => {
  const user = await createUser({ totp: true });
  const { page } = await visitor();
  await page.goto("/handler/sign-in");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password!);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await heading(page, "Multi-factor authentication");
  await page.getByRole("textbox", { name: "Authentication code" }).fill(await user.totp!.freshCode());
  await at(page, "/");
  await page.getByText(`Signed in as ${user.email}`).waitFor();
});

test("addVirtualAuthenticator: a passkey registered in account settings, then used to sign in", async () => {
  const user = await createUser();
  const { context, page } = await visitor();
  await signIn(context, user);
  await page.goto("/handler/account-settings");
  const authenticator = await addVirtualAuthenticator(page);
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("button", { name: "Emails & Auth", exact: true }).click();
  await page.getByRole("button", { name: "Register a passkey" }).click();
  await page.getByText("You can sign in with your passkey.").waitFor();
  expect(await authenticator.credentials()).toEqual([expect.objectContaining({ rpId: "localhost", isResidentCredential: true })]);

  // Away from account settings first: a settings page that sees its session's cookies go sends the visitor to
  // sign-in with itself as the page to return to, which could land after our own visit to sign-in.
  await page.goto("about:blank");
  await context.clearCookies();
  await page.goto("/handler/sign-in");
  await page.getByRole("button", { name: "Sign in with Passkey" }).click();
  await at(page, "/");
  await page.getByText(`Signed in as ${user.email}`).waitFor();
  await authenticator.remove();
});
