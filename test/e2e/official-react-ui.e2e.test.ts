/**
 * The official React UI (`@stackframe/react`, test/e2e/official-react-page) against the emulator in Chromium. Its
 * account-settings page reads the payments billing and products endpoints of the user and of each team they
 * administer on load, and renders nothing when they fail. Elements are found by role and accessible name only.
 * Screenshots go to test-artifacts/official-react-ui/ (gitignored).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { NOT_FOUND_TEXT } from "../../src/emulator/http/pipeline";
import { e2eEmail, pageErrors, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

const ARTIFACTS = resolve(__dirname, "../../test-artifacts/official-react-ui");
const BILLING = "GET /payments/billing/:customer_type/:customer_id";
const PRODUCTS = "GET /payments/products/:customer_type/:customer_id";

let e2e: E2E;
beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  e2e = await startE2E("official", {}, { page: "official-react" });
});
afterAll(() => e2e?.close());

/** A new visitor who signed up in the page (the project gives them a personal team, which they administer). */
async function signedInPage(): Promise<{ page: Page; email: string }> {
  const page = await e2e.newPage("/");
  page.setDefaultTimeout(20_000);
  const email = e2eEmail("official-settings");
  await signUpInPage(page, email);
  return { page, email };
}

/** Responses the emulator gave on a route since it started, by status. */
function responses(route: string): Record<string, number> {
  return e2e.emulator.stats.toJSON().routes[route]?.responses ?? {};
}

/** The page's errors, less the failed loads of resources on the public internet (this machine has none). */
function ownErrors(page: Page): string[] {
  return pageErrors(page).filter((e) => !e.includes("net::ERR_NAME_NOT_RESOLVED"));
}

test("the account-settings page renders its menu and profile after reading the user's and team's billing and products", async () => {
  const { page, email } = await signedInPage();
  const before = { billing: responses(BILLING)["200"] ?? 0, products: responses(PRODUCTS)["200"] ?? 0 };
  const paymentReads: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/v1/payments/")) paymentReads.push(`${r.status()} ${new URL(r.url()).pathname.replace(/\/[^/]+$/, "/…")}`);
  });
  await page.goto(new URL("/handler/account-settings", e2e.origin).href);
  await page.getByRole("heading", { name: "Account Settings", level: 2 }).waitFor();
  for (const name of ["My Profile", "Emails & Auth", "Notifications", "Active Sessions", "API Keys", "Settings", "Create a team"]) {
    await page.getByRole("button", { name, exact: true }).waitFor();
  }
  await page.getByRole("button", { name: `${email}'s Team` }).waitFor();
  await page.getByRole("heading", { name: "My Profile" }).waitFor();
  await page.waitForFunction(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/v1/payments/products/")).length >= 2);
  expect(paymentReads.sort()).toEqual([
    "200 /api/v1/payments/billing/user/…",
    "200 /api/v1/payments/products/team/…",
    "200 /api/v1/payments/products/user/…",
  ]);
  await page.screenshot({ path: join(ARTIFACTS, "01-account-settings.png"), fullPage: true });
  // billing of the user; products of the user and of the personal team (the user is its team_admin)
  expect((responses(BILLING)["200"] ?? 0) - before.billing).toBe(1);
  expect((responses(PRODUCTS)["200"] ?? 0) - before.products).toBe(2);
  // no products anywhere: the page offers no Payments entry
  expect(await page.getByRole("button", { name: "Payments" }).count()).toBe(0);
  expect(ownErrors(page)).toEqual([]);
});

test("each settings page of the official UI opens on the emulator with its content", async () => {
  const { page, email } = await signedInPage();
  await page.goto(new URL("/handler/account-settings", e2e.origin).href);
  await page.getByRole("heading", { name: "Account Settings", level: 2 }).waitFor();
  const pages: [string, () => ReturnType<Page["getByRole"]>][] = [
    ["Emails & Auth", () => page.getByRole("row", { name: new RegExp(`${email.replace(/[.+]/g, "\\$&")} Primary`) })],
    ["Notifications", () => page.getByRole("switch").last()],
    ["Active Sessions", () => page.getByRole("cell", { name: /^Current Session/ })],
    ["API Keys", () => page.getByRole("button", { name: "Create API Key" })],
    ["Settings", () => page.getByRole("button", { name: "Sign out" })],
    [`${email}'s Team`, () => page.getByRole("button", { name: "Invite User" })],
  ];
  for (const [button, content] of pages) {
    const team = button.endsWith("'s Team");
    await page.getByRole("button", { name: button, exact: !team }).click();
    // a team's page is headed by its icon and name
    await page.getByRole("heading", { name: team ? new RegExp(`${button.replace(/[.+]/g, "\\$&")}$`) : button, exact: !team, level: 4 }).waitFor();
    await content().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, `02-${button.includes("@") ? "team" : button.replace(/\W+/g, "-").toLowerCase()}.png`), fullPage: true });
  }
  expect(ownErrors(page)).toEqual([]);
});

test("with the payments endpoints answering 404 (as the emulator did before), the page renders nothing", async () => {
  const { page } = await signedInPage();
  await page.route("**/api/v1/payments/**", (route) => route.fulfill({ status: 404, contentType: "text/plain; charset=utf-8", body: NOT_FOUND_TEXT }));
  const answered = page.waitForResponse((r) => r.url().includes("/api/v1/payments/") && r.status() === 404);
  await page.goto(new URL("/handler/account-settings", e2e.origin).href);
  await answered;
  // the rest of the page's reads (user, teams, project) have time to arrive
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: join(ARTIFACTS, "03-payments-404.png"), fullPage: true });
  expect(await page.getByRole("heading", { name: "Account Settings" }).count()).toBe(0);
});
