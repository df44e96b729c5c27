/**
 * latchkey/react's pages in Chromium: a person's walk through every auth screen of a small React app
 * (test/e2e/react-page: LatchkeyProvider, LatchkeyHandler at /handler, a home page and a protected page) against the
 * in-process emulator. Elements are found only by role and accessible name or label, as a screen-reader user would
 * find them. Every page visited is saved as a screenshot under test-artifacts/react-pages/.
 */
import type { Page } from "playwright-core";
import { AdminApp } from "../../src/index";
import { connectTestEmulator } from "../../src/testing";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import { addVirtualAuthenticator, e2eEmail, pageErrors, startE2E } from "./harness";
import type { E2E } from "./harness";
import { alert, at, base32Bytes, field, heading, latestMail, linkTo, passwordField, resetArtifacts, shot } from "./react-page/walk";

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
  const page = await e2e.newPage(path);
  page.setDefaultTimeout(15_000);
  return page;
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

/**
 * Opens the user button's menu (saving a screenshot of it when `shotName` is given) and chooses `item`. Either
 * item loads another page (signing out loads after-sign-out, here home, even from home): this waits for it.
 */
async function userMenu(page: Page, item: "Account settings" | "Sign out", shotName?: string): Promise<void> {
  await page.getByRole("button", { name: /^Account menu/ }).click();
  const choice = page.getByRole("menuitem", { name: item });
  await choice.waitFor();
  if (shotName) await shot(page, shotName);
  await Promise.all([page.waitForEvent("load"), choice.click()]);
}

/**
 * A new visitor signed in as a new user (unverified, with `password`, as after a sign-up), made and signed in by
 * latchkey/testing: no sign-up form on the way. Returns their page, at home.
 */
async function signedUp(email: string, password = PASSWORD): Promise<Page> {
  const helpers = connectTestEmulator({ url: e2e.emulator.url, keys: e2e.emulator.keys });
  const context = await e2e.newContext();
  await helpers.signIn(context, await helpers.createUser({ email, password, verified: false }));
  const page = await e2e.newPage("/", context);
  page.setDefaultTimeout(15_000);
  await page.getByText(`Signed in as ${email}`).waitFor();
  return page;
}

/** Opens account settings from the user menu, then its page `section` from the side menu. */
async function settings(page: Page, section: string): Promise<void> {
  if (new URL(page.url()).pathname !== "/handler/account-settings") {
    await userMenu(page, "Account settings");
    await at(page, "/handler/account-settings");
    await heading(page, "Account Settings");
  }
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("button", { name: section, exact: true }).click();
  await page.getByRole("heading", { name: section, level: 2 }).waitFor();
}

/** The TOTP code an authenticator app shows now for `secret`, away from a 30 s step's end. */
async function currentCode(secret: Uint8Array): Promise<string> {
  await awayFromStepBoundary();
  return totp(secret);
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
    const signInAt = await at(page, "/handler/sign-in");
    expect(new URL(signInAt.searchParams.get("after_auth_return_to") ?? "", e2e.origin).pathname).toBe("/protected");
    await signInWithPassword(page, email, "not the password");
    await alert(page, "Wrong e-mail or password.");
    // The message belongs to the password field, and what was typed stays.
    expect(await passwordField(page, "Password").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "Email").inputValue()).toBe(email);
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

  test("passkey: registered in account settings with Chromium's virtual authenticator, then used to sign in", async () => {
    const email = e2eEmail("passkey");
    const page = await signedUp(email);
    await addVirtualAuthenticator(page);
    await settings(page, "Emails & Auth");
    await page.getByRole("button", { name: "Register a passkey" }).click();
    await page.getByText("You can sign in with your passkey.").waitFor();
    await shot(page, "settings-emails-auth-passkey");

    await settings(page, "Settings");
    await shot(page, "settings-settings");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await at(page, "/");
    await page.getByRole("link", { name: "Sign in" }).click();
    await heading(page, "Sign in to your account");
    await page.getByRole("button", { name: "Sign in with Passkey" }).click();
    await at(page, "/");
    await page.getByText(`Signed in as ${email}`).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  test("MFA: TOTP enrolled in account settings, then a password sign-in asks for the code", async () => {
    const email = e2eEmail("mfa");
    const page = await signedUp(email);
    await settings(page, "Emails & Auth");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    await shot(page, "settings-totp-enrolment");
    const secret = base32Bytes(await field(page, "Key").inputValue());
    expect(secret).toHaveLength(20);
    await field(page, "Code from your app").fill(await currentCode(secret));
    await page.getByRole("button", { name: "Enable two-factor authentication" }).click();
    await page.getByText("Signing in asks for a code from your authenticator app.").waitFor();

    await settings(page, "Settings");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await at(page, "/");
    await page.getByRole("link", { name: "Sign in" }).click();
    await signInWithPassword(page, email);
    await at(page, "/handler/mfa");
    await heading(page, "Multi-factor authentication");
    // The page sends the code as soon as six digits are typed.
    const code = field(page, "Authentication code");
    const right = await currentCode(secret);
    await code.fill(right === "000000" ? "111111" : "000000");
    await alert(page, "Invalid TOTP code.");
    await shot(page, "mfa-wrong-code");
    await code.fill(await currentCode(secret));
    await at(page, "/");
    await page.getByText(`Signed in as ${email}`).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  test("account settings: rename, add an e-mail, create and revoke an API key, revoke another session", async () => {
    const email = e2eEmail("settings");
    const page = await signedUp(email);
    await settings(page, "My Profile");
    await page.getByRole("button", { name: "Edit user name" }).click();
    await field(page, "User name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Edit user name" }).waitFor();
    await page.getByText("Ada Lovelace", { exact: true }).waitFor();
    await shot(page, "settings-profile");

    await settings(page, "Emails & Auth");
    const second = e2eEmail("second");
    await field(page, "Email").fill(second);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const added = page.getByRole("list", { name: "Email addresses" }).getByRole("group", { name: second });
    await added.getByText("Unverified").waitFor();
    await shot(page, "settings-emails");

    await settings(page, "API Keys");
    await field(page, "Description").fill("Deploy bot");
    await page.getByRole("button", { name: "Create API key" }).click();
    const value = await field(page, "New API key").inputValue();
    expect(value.length).toBeGreaterThan(20);
    await shot(page, "settings-api-key-created");
    await page.getByRole("button", { name: "Done", exact: true }).click();
    const key = page.getByRole("list", { name: "API keys" }).getByRole("group", { name: "Deploy bot" });
    await key.getByText(`Ends in ${value.slice(-4)}`).waitFor();
    await key.getByRole("button", { name: "Revoke", exact: true }).click();
    await key.getByRole("button", { name: "Revoke key" }).click();
    await key.getByText("Revoked", { exact: true }).waitFor();
    await shot(page, "settings-api-key-revoked");

    // The same person signs in on another device; this page revokes that session.
    const device = await visit("/handler/sign-in");
    await signInWithPassword(device, email);
    await at(device, "/");
    await device.getByText("Signed in as Ada Lovelace").waitFor();
    await settings(page, "Active Sessions");
    const sessions = page.getByRole("list", { name: "Sessions" });
    await sessions.getByRole("group", { name: "This session" }).waitFor();
    const other = sessions.getByRole("group", { name: /^Session from / });
    await other.waitFor();
    await shot(page, "settings-sessions");
    await other.getByRole("button", { name: "Revoke", exact: true }).click();
    await other.waitFor({ state: "detached" });
    expect(await sessions.getByRole("listitem").count()).toBe(1);
    expect([...pageErrors(page), ...pageErrors(device)]).toEqual([]);
  });

  test("a team: created in account settings, a second person invited by e-mail joins it", async () => {
    const owner = e2eEmail("owner");
    const page = await signedUp(owner);
    await settings(page, "Create a team");
    await field(page, "Team name").fill("Walkers");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { name: "Walkers", level: 2 }).waitFor();
    const guest = e2eEmail("guest");
    await field(page, "Email").fill(guest);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await page.getByText(`Invitation sent to ${guest}.`).waitFor();
    await page.getByRole("list", { name: "Pending invitations" }).getByText(guest).waitFor();
    await shot(page, "settings-team");

    // The second person has no account yet: the invitation sends them to sign in, they sign up instead and come back.
    const invited = await visit(linkTo(await latestMail(e2e.emulator.url, guest, "team_invitation"), "/handler/team-invitation"));
    await heading(invited, "Team invitation");
    await shot(invited, "team-invitation-signed-out");
    await invited.getByRole("button", { name: "Sign in", exact: true }).click();
    await heading(invited, "Sign in to your account");
    await invited.getByRole("link", { name: "Sign up" }).click();
    await signUpWithPassword(invited, guest);
    await at(invited, "/handler/team-invitation");
    await invited.getByText("You are invited to join Walkers").waitFor();
    await shot(invited, "team-invitation");
    await invited.getByRole("button", { name: "Join", exact: true }).click();
    await invited.getByText("You have joined Walkers.").waitFor();

    await page.reload();
    await heading(page, "Account Settings");
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("button", { name: "Walkers" }).click();
    const members = page.getByRole("list", { name: "Members" }).getByRole("listitem");
    await members.nth(1).waitFor();
    expect(await members.count()).toBe(2);
    await page.getByText("No pending invitations.").waitFor();
    await shot(page, "settings-team-joined");
    expect([...pageErrors(page), ...pageErrors(invited)]).toEqual([]);
  });

  test("delete the account (the project allows it), after which its password no longer signs in", async () => {
    const admin = new AdminApp({ projectId: e2e.emulator.projectId, baseUrl: e2e.emulator.url, superSecretAdminKey: e2e.emulator.keys.superSecretAdminKey, tokenStore: null });
    await (await admin.getProject()).update({ config: { clientUserDeletionEnabled: true } });
    const email = e2eEmail("delete");
    const page = await signedUp(email);
    await settings(page, "Settings");
    await page.getByRole("button", { name: "Delete account" }).click();
    await page.getByRole("group", { name: "Delete your account for good?" }).waitFor();
    await shot(page, "settings-delete-account");
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await at(page, "/");
    await page.getByRole("link", { name: "Sign in" }).click();
    await signInWithPassword(page, email);
    await alert(page, "Wrong e-mail or password.");
    expect(pageErrors(page)).toEqual([]);
  });
});
