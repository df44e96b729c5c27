/**
 * `npm run demo` in Chromium: the demo is started as a person starts it (`node scripts/demo.mjs`, reading the URLs
 * it prints) and walked as a newcomer would, finding elements by role and accessible name or label only. Every
 * page visited is saved under test-artifacts/demo/; with LATCHKEY_UPDATE_SCREENSHOTS=1 the sign-in and account
 * settings shots are also written to docs/screenshots/ (the README's).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { addVirtualAuthenticator, connectTestEmulator, type TestEmulatorClient } from "../../src/testing";
import { e2eEmail } from "./harness";
import { launchChromium } from "./harness/browser";
import { at, field, heading } from "./react-page/walk";
import { runDemoToExit, startDemoProcess } from "./demo/cli";
import type { DemoProcess } from "./demo/cli";
import { errorsOf, main, nav, onProtectedPage, PASSWORD, resetArtifacts, shot, signIn, signOut, signUp, visitor } from "./demo/walk";

jest.setTimeout(60_000);

const FREE_PORTS = ["--port", "0", "--emulator-port", "0"];

let browser: Browser;
let demo: DemoProcess;
/** latchkey/testing's helpers on the demo's emulator (its own process): users, sign-in by cookie, e-mails. */
let emulator: TestEmulatorClient;
beforeAll(async () => {
  resetArtifacts();
  [browser, demo] = await Promise.all([launchChromium(), startDemoProcess(FREE_PORTS)]);
  emulator = connectTestEmulator({ url: demo.emulatorUrl });
});
afterAll(async () => {
  await browser?.close();
  if (demo && demo.child.exitCode === null) await demo.interrupt();
});

/**
 * A user made with latchkey/testing (with the walk's password; unverified by default, as after a sign-up), signed in
 * by cookie in `page`'s context and opened at the protected page: no sign-up form on the way.
 */
async function signedIn(page: Page, email: string, { verified = false } = {}): Promise<void> {
  await emulator.signIn(page, await emulator.createUser({ email, password: PASSWORD, verified }));
  await page.goto(`${demo.url}/protected`);
  await onProtectedPage(page, email);
}

/** Opens the account settings page `section` from the nav bar's link. */
async function accountSettings(page: Page, section: string): Promise<void> {
  await nav(page).getByRole("link", { name: "Account settings" }).click();
  await heading(page, "Account Settings");
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("button", { name: section, exact: true }).click();
  await page.getByRole("heading", { name: section, level: 2 }).waitFor();
}

describe("npm run demo", () => {
  test("prints the app, the inbox and the project's keys", () => {
    expect(demo.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(demo.inboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(demo.stdout()).toMatch(/Project id\s+[0-9a-f-]{36}/);
    expect(demo.stdout()).toMatch(/Publishable key\s+pck_\w+/);
    expect(demo.stdout()).toMatch(/Secret server key\s+ssk_\w+/);
  });

  test("a newcomer signs up, verifies from the inbox, calls the server route, makes a team, signs out and in", async () => {
    const email = e2eEmail("newcomer");
    const page = await visitor(browser, demo.url);
    await heading(page, "Sign-in for React, running on your machine");
    await shot(page, "01-landing", { full: true });
    await main(page).getByRole("link", { name: "Sign up", exact: true }).click();
    await at(page, "/handler/sign-up");
    await signUp(page, email);
    await onProtectedPage(page, email);
    await main(page).getByText("Not verified", { exact: true }).waitFor();
    await shot(page, "02-protected-unverified", { full: true });

    // The inbox opens in a new tab; the verification e-mail's link opens the demo's verification page there.
    const [inbox] = await Promise.all([page.context().waitForEvent("page"), nav(page).getByRole("link", { name: "Emulator inbox (opens in a new tab)" }).click()]);
    await heading(inbox, /^Inbox \(\d+\)$/);
    const mail = inbox.getByRole("article").filter({ hasText: email }).filter({ hasText: "email_verification" });
    await shot(inbox, "03-inbox");
    await mail.getByRole("link", { name: /\/handler\/email-verification\?/ }).click();
    await heading(inbox, "Do you want to verify your email?");
    await inbox.getByRole("button", { name: "Verify", exact: true }).click();
    await heading(inbox, "Your email has been verified!");
    await shot(inbox, "04-email-verified");
    await inbox.close();

    // Back in the demo's tab, a reload shows the verified address.
    await page.reload();
    await onProtectedPage(page, email);
    await main(page).getByText("Verified", { exact: true }).waitFor();
    await shot(page, "05-protected", { full: true });

    // The server route verifies the token; without one it refuses.
    await nav(page).getByRole("link", { name: "Server check" }).click();
    await heading(page, "Server check");
    await main(page).getByRole("button", { name: "Call the server route" }).click();
    const answer = main(page).getByRole("status");
    await answer.getByText("Verified by the server").waitFor();
    await answer.getByRole("definition").filter({ hasText: email }).waitFor();
    expect(await answer.getByRole("term").allTextContents()).toContain("E-mail verified");
    await shot(page, "06-server-check", { full: true });
    const unsigned = await fetch(`${demo.url}/api/me`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ verified: false, error: "no-token" });

    // A new team becomes the selected one; the switcher goes to the personal team and back.
    await nav(page).getByRole("link", { name: "Teams", exact: true }).click();
    await heading(page, "Teams");
    await main(page).getByRole("textbox", { name: "Team name" }).fill("Analytical Engines");
    await main(page).getByRole("button", { name: "Create team" }).click();
    await main(page).getByText("Created Analytical Engines; it is now your selected team.").waitFor();
    await main(page).getByText("Your selected team is Analytical Engines.").waitFor();
    const switcher = main(page).getByRole("combobox", { name: "Team" });
    const names = (await switcher.getByRole("option").allTextContents()).filter((n) => n !== "Analytical Engines" && n !== "Create a team");
    expect(names).toHaveLength(1);
    await switcher.selectOption({ label: names[0] });
    await main(page).getByText(`Your selected team is ${names[0]}.`).waitFor();
    await switcher.selectOption({ label: "Analytical Engines" });
    await main(page).getByText("Your selected team is Analytical Engines.").waitFor();
    const guest = e2eEmail("guest");
    await main(page).getByRole("textbox", { name: "E-mail address to invite" }).fill(guest);
    await main(page).getByRole("button", { name: "Send invitation" }).click();
    await main(page).getByText(`Invitation sent to ${guest}`).waitFor();
    await main(page).getByRole("list", { name: "Pending invitations" }).getByText(guest).waitFor();
    expect(await main(page).getByRole("list", { name: "Members" }).getByRole("listitem").count()).toBe(1);
    await shot(page, "07-teams", { full: true });

    await signOut(page);
    await nav(page).getByRole("link", { name: "Sign in", exact: true }).click();
    await signIn(page, email);
    await onProtectedPage(page, email);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  test("sign-in with the emulator's mock GitHub", async () => {
    const email = e2eEmail("oauth");
    const page = await visitor(browser, demo.url);
    await nav(page).getByRole("link", { name: "Sign in", exact: true }).click();
    await heading(page, "Sign in to your account");
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    await page.getByRole("button", { name: "Sign in with GitHub" }).click();
    await at(page, "/emulator/oauth/github/authorize");
    await field(page, "Name").fill("Grace Hub");
    await field(page, "E-mail").fill(email);
    await page.getByRole("button", { name: "Allow and continue" }).click();
    await onProtectedPage(page, "Grace Hub");
    await main(page).getByText(email, { exact: true }).first().waitFor();
    await main(page).getByText("github", { exact: true }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  test("a passkey registered in account settings (Chromium's virtual authenticator) signs in", async () => {
    const email = e2eEmail("passkey");
    const page = await visitor(browser, demo.url);
    const authenticator = await addVirtualAuthenticator(page);
    await signedIn(page, email);
    await accountSettings(page, "Emails & Auth");
    await page.getByRole("button", { name: "Register a passkey" }).click();
    await page.getByText("You can sign in with your passkey.").waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    await signOut(page);
    await nav(page).getByRole("link", { name: "Sign in", exact: true }).click();
    await heading(page, "Sign in to your account");
    await page.getByRole("button", { name: "Sign in with Passkey" }).click();
    await onProtectedPage(page, email);
    await main(page).getByText("password, passkey", { exact: true }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  test("latchkey/testing: signed in by cookie, /protected opens with no sign-in form; a magic link from waitForEmail signs in", async () => {
    const email = e2eEmail("helpers");
    const page = await visitor(browser, demo.url);
    const shown: string[] = [];
    page.on("framenavigated", (frame) => void (frame === page.mainFrame() && shown.push(new URL(frame.url()).pathname)));
    // Verified: a magic link to an unverified address is refused (USER_EMAIL_ALREADY_EXISTS), as on the platform.
    await signedIn(page, email, { verified: true });
    expect(shown).toEqual(["/protected"]);

    await signOut(page);
    await nav(page).getByRole("link", { name: "Sign in", exact: true }).click();
    await heading(page, "Sign in to your account");
    await page.getByRole("tab", { name: "Email", exact: true }).click();
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send email" }).click();
    const mail = await emulator.waitForEmail({ to: email, kind: "magic_link" });
    expect([new URL(mail.link!).origin, mail.otp]).toEqual([demo.url, expect.stringMatching(/^[A-Z0-9]{6}$/)]);
    await page.goto(mail.link!);
    await heading(page, "Do you want to sign in?");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await onProtectedPage(page, email);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  test("screenshots: the sign-in page and account settings (README), and the pages at 390 px", async () => {
    const page = await visitor(browser, `${demo.url}/handler/sign-in`);
    await heading(page, "Sign in to your account");
    await shot(page, "08-sign-in", { docs: "demo-sign-in" });
    // A fresh emulator per run: unique here, and tidy in the README's screenshot (unverified, as after a sign-up).
    const email = "ada@example.com";
    await signedIn(page, email);
    await accountSettings(page, "My Profile");
    await page.getByRole("button", { name: "Edit user name" }).click();
    await field(page, "User name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Edit user name" }).waitFor();
    // The nav bar's user button follows the new name.
    await nav(page).getByRole("button", { name: /^Account menu.*Ada Lovelace/ }).waitFor();
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("button", { name: "Emails & Auth", exact: true }).click();
    await page.getByRole("heading", { name: "Emails & Auth", level: 2 }).waitFor();
    await page.getByRole("list", { name: "Email addresses" }).waitFor();
    await page.getByRole("button", { name: "Register a passkey" }).waitFor();
    await shot(page, "09-account-settings", { docs: "demo-account-settings" });

    await page.setViewportSize({ width: 390, height: 800 });
    for (const [path, title, name] of [
      ["/", "Sign-in for React, running on your machine", "10-narrow-landing"],
      ["/protected", "Protected page", "11-narrow-protected"],
      ["/teams", "Teams", "12-narrow-teams"],
      ["/handler/account-settings", "Account Settings", "13-narrow-account-settings"],
    ] as const) {
      await page.goto(demo.url + path);
      await heading(page, title);
      await main(page).getByText(/Ada Lovelace|Your selected team is/).first().waitFor();
      await nav(page).getByRole("button", { name: /^Account menu/ }).waitFor();
      await shot(page, name, { full: true });
    }
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  test("--data keeps a user between two runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-demo-"));
    try {
      await keptBetweenRuns(join(dir, "demo.json"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Signs up in a demo run kept in `file`, and signs in again in a second run of the same file. */
  async function keptBetweenRuns(file: string): Promise<void> {
    const email = e2eEmail("kept");
    const first = await startDemoProcess([...FREE_PORTS, "--data", file]);
    expect(first.stdout()).toContain(`Users, teams and sessions are kept in ${file}.`);
    await connectTestEmulator({ url: first.emulatorUrl }).createUser({ email, password: PASSWORD, verified: false });
    expect(await first.interrupt()).toBe(0);

    const second = await startDemoProcess([...FREE_PORTS, "--data", file]);
    try {
      const again = await visitor(browser, `${second.url}/handler/sign-in`);
      await signIn(again, email);
      await onProtectedPage(again, email);
      await again.context().close();
    } finally {
      expect(await second.interrupt()).toBe(0);
    }
  }

  test("ports in use: a clear message naming the flag for each, and exit status 1", async () => {
    const blockers = [createServer(), createServer()];
    const [port, other] = await Promise.all(
      blockers.map((b) => new Promise<number>((resolve) => b.listen(0, "127.0.0.1", () => resolve((b.address() as AddressInfo).port)))),
    );
    try {
      const app = await runDemoToExit(["--port", String(port), "--emulator-port", "0"]);
      expect(app.code).toBe(1);
      expect(app.stderr).toContain(`Port ${port} is already in use, so the demo app cannot start there.`);
      expect(app.stderr).toContain("choose another port with --port <port>");
      const emulator = await runDemoToExit(["--port", "0", "--emulator-port", String(port)]);
      expect(emulator.code).toBe(1);
      expect(emulator.stderr).toContain(`Port ${port} is already in use, so the emulator cannot start there.`);
      expect(emulator.stderr).toContain("choose another port with --emulator-port <port>");
      const both = await runDemoToExit(["--port", String(port), "--emulator-port", String(other)]);
      expect(both.code).toBe(1);
      expect(both.stderr).toContain(`Ports ${port} and ${other} are already in use, so the demo app and the emulator cannot start there`);
      expect(both.stderr).toContain("choose other ports with --port <port> and --emulator-port <port>");
    } finally {
      blockers.forEach((b) => b.close());
    }
  });

  test("Ctrl+C stops the app and the emulator, with exit status 0", async () => {
    expect(await demo.interrupt()).toBe(0);
    expect(demo.stdout()).toContain("Stopping the demo");
    await expect(fetch(demo.url)).rejects.toThrow();
    await expect(fetch(demo.inboxUrl)).rejects.toThrow();
  });
});
