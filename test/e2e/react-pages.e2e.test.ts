/**
 * latchkey/react's pages in Chromium: a person's walk through every auth screen of a small React app
 * (test/e2e/react-page: LatchkeyProvider, LatchkeyHandler at /handler, a home page and a protected page) against the
 * in-process emulator. Elements are found only by role and accessible name or label, as a screen-reader user would
 * find them. Every page visited is saved as a screenshot under test-artifacts/react-pages/.
 */
import type { Page } from "playwright-core";
import { e2eEmail, pageErrors, startE2E } from "./harness";
import type { E2E } from "./harness";
import { alert, at, field, heading, latestMail, linkTo, passwordField, resetArtifacts, shot } from "./react-page/walk";

jest.setTimeout(60_000);

const PASSWORD = "correct horse battery";

let e2e: E2E;
beforeAll(async () => {
  resetArtifacts();
  e2e = await startE2E("latchkey", {}, { page: "react" });
});
afterAll(() => e2e?.close());

/** Opens `path` in a fresh browser context (a new visitor). */
async function visit(path: string): Promise<Page> {
  return e2e.newPage(path);
}

/** Fills in the password sign-up form (tab "Email & Password") of /handler/sign-up and sends it. */
async function signUpWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await heading(page, "Create a new account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await field(page, "Email").fill(email);
  await passwordField(page, "Password").fill(password);
  await passwordField(page, "Repeat Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

/** Fills in the password sign-in form (tab "Email & Password") and sends it. */
async function signInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await heading(page, "Sign in to your account");
  const tab = page.getByRole("tab", { name: "Email & Password" });
  if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
  await field(page, "Email").fill(email);
  await passwordField(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Opens the user button's menu (saving a screenshot of it when `shotName` is given) and chooses `item`. */
async function userMenu(page: Page, item: "Account settings" | "Sign out", shotName?: string): Promise<void> {
  await page.getByRole("button", { name: /^Account menu/ }).click();
  const choice = page.getByRole("menuitem", { name: item });
  await choice.waitFor();
  if (shotName) await shot(page, shotName);
  await choice.click();
}

describe("latchkey/react pages in Chromium", () => {
  test("sign up, verify the e-mail from the outbox, sign out, a wrong password, sign in", async () => {
    const email = e2eEmail("walk");
    const page = await visit("/handler/sign-up");
    await heading(page, "Create a new account");
    await shot(page, "sign-up");
    await signUpWithPassword(page, email);
    await at(page, "/");
    await heading(page, "Home");
    await page.getByText(`Signed in as ${email}`).waitFor();
    await shot(page, "home-signed-in");

    const verification = linkTo(await latestMail(e2e.emulator.url, email, "email_verification"), "/handler/email-verification");
    await page.goto(verification);
    await heading(page, "Do you want to verify your email?");
    await shot(page, "email-verification");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await heading(page, "Your email has been verified!");
    await shot(page, "email-verified");
    await page.getByRole("link", { name: "Go home" }).click();
    await heading(page, "Home");
    await userMenu(page, "Sign out", "user-menu");
    await at(page, "/");
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    await shot(page, "home-signed-out");

    // The protected page sends a signed-out visitor to sign in, and brings them back afterwards.
    await page.getByRole("link", { name: "Protected page" }).click();
    await at(page, "/handler/sign-in");
    await signInWithPassword(page, email, "not the password");
    await alert(page, /wrong e-mail or password/i);
    if ((await field(page, "Email").inputValue()) !== email) throw new Error("the e-mail typed was not kept");
    await shot(page, "sign-in-wrong-password");

    await passwordField(page, "Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await at(page, "/protected");
    await heading(page, "Protected page");
    await page.getByText(`Signed in as ${email}`).waitFor();
    await shot(page, "protected");
    expect(pageErrors(page)).toEqual([]);
  });

  test("magic link: the code typed into the sign-in page, then the link opened from the e-mail", async () => {
    const email = e2eEmail("magic");
    const page = await visit("/handler/sign-in");
    await page.getByRole("tab", { name: "Email", exact: true }).click();
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send email" }).click();
    const code = field(page, "Code");
    await code.waitFor();
    await shot(page, "magic-link-code");
    const mail = await latestMail(e2e.emulator.url, email, "magic_link");
    await code.fill(mail.otp!);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await at(page, "/");
    await page.getByText(`Signed in as ${email}`).waitFor();

    // The link, opened by a visitor in another browser, signs in the same address through the callback page.
    const other = await visit("/handler/sign-in");
    await field(other, "Email").fill(email);
    await other.getByRole("button", { name: "Send email" }).click();
    await field(other, "Code").waitFor();
    const link = linkTo(await latestMail(e2e.emulator.url, email, "magic_link"), "/handler/magic-link-callback");
    await other.goto(link);
    await heading(other, "Do you want to sign in?");
    await shot(other, "magic-link-callback");
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await at(other, "/");
    await other.getByText(`Signed in as ${email}`).waitFor();
    await shot(other, "magic-link-signed-in");
    expect([...pageErrors(page), ...pageErrors(other)]).toEqual([]);
  });

  test("OAuth through the emulator's mock GitHub", async () => {
    const email = e2eEmail("oauth");
    const page = await visit("/handler/sign-in");
    await page.getByRole("button", { name: "Sign in with GitHub" }).click();
    await at(page, "/emulator/oauth/github/authorize");
    await field(page, "Name").fill("Grace Hub");
    await field(page, "E-mail").fill(email);
    await shot(page, "oauth-mock-consent");
    await page.getByRole("button", { name: "Allow and continue" }).click();
    await at(page, "/");
    await page.getByText("Signed in as Grace Hub").waitFor();
    await shot(page, "oauth-signed-in");
    expect(pageErrors(page)).toEqual([]);
  });

  test("forgot password, reset it from the e-mail's link, sign in with the new one", async () => {
    const email = e2eEmail("reset");
    const page = await visit("/handler/sign-up");
    await signUpWithPassword(page, email);
    await at(page, "/");
    await userMenu(page, "Sign out");
    await page.getByRole("link", { name: "Sign in" }).click();
    await heading(page, "Sign in to your account");
    await page.getByRole("tab", { name: "Email & Password" }).click();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await at(page, "/handler/forgot-password");
    await heading(page, "Reset Your Password");
    await shot(page, "forgot-password");
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send Email" }).click();
    await heading(page, "Check your inbox");
    await shot(page, "forgot-password-sent");

    await page.goto(linkTo(await latestMail(e2e.emulator.url, email, "password_reset"), "/handler/password-reset"));
    await heading(page, "Reset Your Password");
    await shot(page, "password-reset");
    const fresh = "a brand new passphrase";
    await passwordField(page, "New Password").fill(fresh);
    await passwordField(page, "Repeat New Password").fill(fresh);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await heading(page, "Your password has been reset");
    await shot(page, "password-reset-done");
    await page.getByRole("link", { name: "Sign in" }).click();
    await signInWithPassword(page, email, fresh);
    await at(page, "/");
    await page.getByText(`Signed in as ${email}`).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
