/**
 * The official React setup (Vite + react-router, as the platform's React docs write it: `StackClientApp` with
 * `redirectMethod: { useNavigate }`, `StackProvider` and `StackTheme` around the routes, `StackHandler` on
 * `/handler/*`) with only the package name changed to `latchkey/react`: packed, installed, `vite build`, served by
 * `vite preview` against the in-process emulator, and walked in Chromium. A visitor signs up, signs out, and signs in
 * through the emulator's mock GitHub: the provider is on another origin, so the router must not be given it.
 * Elements are found by role and accessible name or label only. Screenshots go to test-artifacts/vite-react-router/.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startEmulator } from "../../src/emulator";
import type { RunningEmulator } from "../../src/emulator";
import { browse, childEnv, installSharedApp, installedPackage, reportTimings, ROOT, run, signUpWithPassword, startServer } from "../helpers/fresh-app";
import type { RunningServer } from "../helpers/fresh-app";

const SOURCE = join(ROOT, "test", "vite", "react-router");
const ARTIFACTS = join(ROOT, "test-artifacts", "vite-react-router");
const PASSWORD = "correct horse battery";

let emulator: RunningEmulator | undefined;
let preview: RunningServer | undefined;
const vite = (dir: string) => join(installedPackage(dir, "vite"), "bin", "vite.js");
let browser: Browser | undefined;
let page: Page;
const errors: string[] = [];
const timings: Record<string, number> = {};
const started = Date.now();

beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
  let t = Date.now();
  const dir = await installSharedApp("vite-react-router", { app: { source: SOURCE } }, "app");
  timings.install = Date.now() - t;
  t = Date.now();
  // VITE_* values are inlined into the browser code at build time.
  const env = {
    VITE_STACK_API_URL: emulator.url,
    VITE_STACK_PROJECT_ID: emulator.projectId,
    VITE_STACK_PUBLISHABLE_CLIENT_KEY: emulator.keys.publishableClientKey,
  };
  await run(process.execPath, [vite(dir), "build"], dir, childEnv(env), 300_000);
  timings.build = Date.now() - t;
  preview = await startServer("vite preview", dir, {}, (port) => [vite(dir), "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"]);
  ({ browser, page } = await browse(preview.origin, errors));
}, 10 * 60_000);

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await emulator?.stop();
  reportTimings("Vite + react-router app", timings, started);
}, 60_000);

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
const heading = (name: string) => page.getByRole("heading", { name, exact: true }).waitFor();
const atPath = (path: string) => page.waitForURL((u) => u.pathname === path);

test("a visitor signs up on the handler page and is home, signed in, without a page load", async () => {
  const email = `vite-${Date.now().toString(36)}@example.com`;
  await page.goto("/");
  await page.getByText("Not signed in").waitFor();
  await page.getByRole("link", { name: "Sign in" }).click();
  await heading("Sign in to your account");
  // The router took the link: still the first document (a full load would have cleared this mark).
  await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
  await page.getByRole("link", { name: "Sign up" }).click();
  await heading("Create a new account");
  await shot("01-sign-up");
  await signUpWithPassword(page, email, PASSWORD);
  await atPath("/");
  await page.getByText(`Signed in as ${email}`).waitFor();
  expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
  await shot("02-home");
  await page.getByRole("link", { name: "Sign out" }).click();
  await page.getByText("Not signed in").waitFor();
});

test("Sign in with GitHub leaves for the provider's own origin, and comes back signed in", async () => {
  const email = `vite-github-${Date.now().toString(36)}@example.com`;
  await page.goto("/handler/sign-in");
  await heading("Sign in to your account");
  await page.getByRole("button", { name: "Sign in with GitHub" }).click();
  // The mock provider's consent page, on the emulator's origin (not a path inside the app).
  await page.waitForURL((u) => u.origin === new URL(emulator!.url).origin && u.pathname.endsWith("/oauth/github/authorize"));
  await shot("03-provider");
  await page.getByRole("textbox", { name: "Name" }).fill("Vite Hub");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("button", { name: "Allow and continue" }).click();
  await atPath("/");
  await page.getByText("Signed in as Vite Hub").waitFor();
  await shot("04-home-github");
});

test("no page logged an error", () => {
  expect(errors).toEqual([]);
});
