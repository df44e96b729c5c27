/**
 * Steps of the demo walk (test/e2e/demo.e2e.test.ts) as a person takes them, finding elements by role and
 * accessible name or label only, and its screenshots: every page to test-artifacts/demo/, and the two the README
 * shows to docs/screenshots/ when LATCHKEY_UPDATE_SCREENSHOTS=1.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { at, field, heading, passwordField } from "../react-page/walk";

export const PASSWORD = "correct horse battery";
/** The viewport of every demo screenshot (the README's too). */
export const VIEWPORT = { width: 1000, height: 700 };
export const ARTIFACTS = resolve(__dirname, "../../../test-artifacts/demo");
const DOCS = resolve(__dirname, "../../../docs/screenshots");

/** Empties test-artifacts/demo (once, before the walk). */
export function resetArtifacts(): void {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
}

/**
 * Saves what `page` shows as `test-artifacts/demo/<name>.png` (the viewport, or the whole page with `full`); with
 * `docs`, also as `docs/screenshots/<docs>.png` when LATCHKEY_UPDATE_SCREENSHOTS=1.
 */
export async function shot(page: Page, name: string, { full = false, docs }: { full?: boolean; docs?: string } = {}): Promise<void> {
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: full });
  if (docs && process.env.LATCHKEY_UPDATE_SCREENSHOTS === "1") copyFileSync(file, join(DOCS, `${docs}.png`));
}

const errors = new WeakMap<Page, string[]>();

/** What `page` (opened by {@link visitor}, or a tab it opened) logged with `console.error` or threw. */
export const errorsOf = (page: Page): string[] => errors.get(page) ?? [];

function watch(page: Page): void {
  const list: string[] = [];
  errors.set(page, list);
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => list.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") list.push(`console.error: ${m.text()}`);
  });
}

/** A new visitor (own cookies) at `url`, with a 1000x700 window; tabs the page opens are watched too. */
export async function visitor(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.on("page", watch);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The demo's nav bar. */
export const nav = (page: Page): Locator => page.getByRole("navigation", { name: "Main" });
/** The page's main content. */
export const main = (page: Page): Locator => page.getByRole("main");

/** Fills in latchkey's sign-up page (tab "Email & Password") and sends it. */
export async function signUp(page: Page, email: string): Promise<void> {
  await heading(page, "Create a new account");
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await field(page, "Email").fill(email);
  await passwordField(page, "Password").fill(PASSWORD);
  await passwordField(page, "Repeat Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

/** Fills in latchkey's sign-in page (tab "Email & Password") and sends it. */
export async function signIn(page: Page, email: string): Promise<void> {
  await heading(page, "Sign in to your account");
  const tab = page.getByRole("tab", { name: "Email & Password" });
  if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
  await field(page, "Email").fill(email);
  await passwordField(page, "Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Waits for the protected page showing `who` (a name or e-mail). */
export async function onProtectedPage(page: Page, who: string): Promise<void> {
  await at(page, "/protected");
  await heading(page, "Protected page");
  await main(page).getByText(who, { exact: true }).first().waitFor();
}

/**
 * Signs out with the user button's menu; the demo lands on its home page (after-sign-out), signed out, even from a
 * page that sends signed-out visitors to sign in.
 */
export async function signOut(page: Page): Promise<void> {
  await nav(page).getByRole("button", { name: /^Account menu/ }).click();
  const item = page.getByRole("menuitem", { name: "Sign out" });
  await Promise.all([page.waitForEvent("load"), item.click()]);
  await at(page, "/");
  await nav(page).getByRole("link", { name: "Sign in", exact: true }).waitFor();
}
