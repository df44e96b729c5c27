/**
 * The browser test layer: Debian's Chromium driven by playwright-core, a test page bundled from the SDK's source
 * (or from the official `@stackframe/js`) and served on loopback, next to an emulator started in-process.
 *
 * @example
 * const e2e = await startE2E("latchkey");
 * const page = await e2e.newPage("/");
 * await page.evaluate(() => window.app.getUser());
 * await e2e.close();
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startEmulator } from "../../src/emulator";
import type { RunningEmulator } from "../../src/emulator";
import { addVirtualAuthenticator, launchChromium } from "./harness/browser";
import { startPageServer } from "./harness/page-server";
import type { PageServer } from "./harness/page-server";
import type { SdkUnderTest, TestPage } from "./harness/bundle";

export type { SdkUnderTest, TestPage } from "./harness/bundle";
export { addVirtualAuthenticator } from "./harness/browser";

/** Both SDKs, for `describe.each(SDKS)`: every flow the official SDK supports runs on both. */
export const SDKS: SdkUnderTest[] = ["latchkey", "official"];

/** One SDK's browser test environment. */
export interface E2E {
  sdk: SdkUnderTest;
  emulator: RunningEmulator;
  browser: Browser;
  /** The test page's origin, `http://localhost:<port>`. */
  origin: string;
  /** The page server (e.g. `pages.setOptions({ urls: … })` before loading a page). */
  pages: PageServer;
  /** A fresh browser context (its own cookies and storage: a new visitor). */
  newContext(): Promise<BrowserContext>;
  /** Opens `path` of the test page in `context` (default: a fresh one) and waits until the page's own work is done. */
  newPage(path?: string, context?: BrowserContext): Promise<Page>;
  /** Stops the browser, the page server and the emulator. */
  close(): Promise<void>;
}

/**
 * Starts Chromium, an emulator (fast password hashing, quiet) and a page server for `sdk`, serving the SDK test page
 * or, with `{ page: "react" }`, the React test page (test/e2e/react-page). Browser console errors and page errors
 * are collected on each page as `page.errors` for tests to assert on.
 */
export async function startE2E(
  sdk: SdkUnderTest,
  emulatorOptions: Parameters<typeof startEmulator>[0] = {},
  { page = "sdk" }: { page?: TestPage } = {},
): Promise<E2E> {
  const emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true, ...emulatorOptions });
  let pages: PageServer | undefined;
  let browser: Browser | undefined;
  try {
    pages = await startPageServer(sdk, {
      apiUrl: emulator.url,
      projectId: emulator.projectId,
      publishableClientKey: emulator.keys.publishableClientKey,
    }, page);
    browser = await launchChromium();
  } catch (e) {
    await pages?.close();
    await emulator.stop();
    throw e;
  }
  const b = browser;
  const server = pages;
  const e2e: E2E = {
    sdk,
    emulator,
    browser: b,
    origin: server.origin,
    pages: server,
    newContext: () => b.newContext({ baseURL: server.origin }),
    async newPage(path = "/", context) {
      const page = await (context ?? (await e2e.newContext())).newPage();
      watchErrors(page);
      await page.goto(new URL(path, server.origin).href);
      await pageSettled(page);
      return page;
    },
    async close() {
      await b.close();
      await server.close();
      await emulator.stop();
    },
  };
  return e2e;
}

/** Errors the page logged or threw (`console.error` and uncaught), collected since it opened. */
export function pageErrors(page: Page): string[] {
  return ((page as unknown as { __errors?: string[] }).__errors ??= []);
}

function watchErrors(page: Page): void {
  const errors = pageErrors(page);
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console.error: ${m.text()}`);
  });
}

/** Waits until the test page (after a navigation too) has loaded its app and finished its own work. */
export async function pageSettled(page: Page): Promise<string> {
  await page.waitForFunction(() => typeof window.pageDone === "object", undefined, { timeout: 15_000 });
  return page.evaluate(() => window.pageDone);
}

/** Waits until the page's address is `path` (pathname, and search when `path` has one) and its app is ready. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  const wanted = new URL(path, "http://x");
  await page.waitForURL((u) => u.pathname === wanted.pathname && (!wanted.search || u.search === wanted.search), { timeout: 15_000 });
  await pageSettled(page);
}

/** A unique e-mail address per call. */
export function e2eEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.example.com`;
}

/** The signed-in user's id and primary e-mail as the page's app sees them, or null. */
export function pageUser(page: Page): Promise<{ id: string; primaryEmail: string | null; isAnonymous: boolean } | null> {
  return page.evaluate(async () => {
    const user = (await (window.app as { getUser(o?: object): Promise<{ id: string; primaryEmail: string | null; isAnonymous: boolean } | null> }).getUser({
      or: "return-null",
      includeRestricted: true,
    })) as { id: string; primaryEmail: string | null; isAnonymous: boolean } | null;
    return user && { id: user.id, primaryEmail: user.primaryEmail, isAnonymous: user.isAnonymous };
  });
}

/** Signs up with e-mail and password in the page (no redirect) and returns the user as the page sees it. */
export async function signUpInPage(page: Page, email: string, password = "correct horse battery"): Promise<{ id: string; primaryEmail: string | null }> {
  const result = await page.evaluate(
    ([e, p]) => (window.app as { signUpWithCredential(o: object): Promise<{ status: string }> }).signUpWithCredential({ email: e, password: p, noRedirect: true, noVerificationCallback: true }),
    [email, password] as const,
  );
  if (result.status !== "ok") throw new Error(`sign-up failed in the page: ${JSON.stringify(result)}`);
  const user = await pageUser(page);
  if (!user) throw new Error("signed up, but the page sees no user");
  return user;
}

/**
 * Starts `action` in the page without awaiting it (for calls that navigate away, which would destroy the
 * evaluation), then waits until the page is at `path` and its app is ready. A rejection before the navigation
 * is reported as this call's error.
 *
 * @example
 * await navigateBy(page, "/signed-out", () => window.app.signOut({ redirectUrl: "/signed-out" }));
 */
export async function navigateBy<A>(page: Page, path: string, action: (arg: A) => unknown, arg?: A): Promise<void> {
  await page.evaluate(
    ([source, a]) => {
      const w = window as unknown as { __actionError?: string };
      delete w.__actionError;
      Promise.resolve()
        .then(() => (0, eval)(`(${source})`)(a))
        .catch((e: unknown) => (w.__actionError = e instanceof Error ? `${e.name}: ${e.message}` : String(e)));
    },
    [action.toString(), arg] as const,
  );
  const wanted = new URL(path, "http://x");
  const arrived = page.waitForURL((u) => u.pathname === wanted.pathname && (!wanted.search || u.search === wanted.search), { timeout: 15_000 });
  const failed = page
    .waitForFunction(() => (window as unknown as { __actionError?: string }).__actionError, undefined, { timeout: 15_000 })
    .then(async (h) => {
      throw new Error(`the page's action failed before navigating: ${await h.jsonValue()}`);
    });
  failed.catch(() => undefined);
  await Promise.race([arrived, failed]);
  await pageSettled(page);
}
