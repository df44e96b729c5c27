/**
 * Cross-tab sessions in Chromium: two pages of one browser context share the cookie session.
 * - Both SDKs: signing out in one tab signs the other out within 2 s (latchkey's tab is told, without asking).
 * - latchkey (the official SDK does not coordinate refreshes between tabs): two tabs needing a new access token at
 *   once cause one refresh at the emulator, with Web Locks and with the cookie fallback; and a tab closed while it
 *   holds the refresh lock does not block the other one.
 */
import type { BrowserContext, Page } from "playwright-core";
import { e2eEmail, navigateBy, pageErrors, pageUser, SDKS, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

type PageApp = {
  getUser(o?: object): Promise<{ _internalSession: { onInvalidate(cb: () => void): unknown } } | null>;
  getAccessToken(): Promise<string | null>;
  signOut(o?: object): Promise<void>;
};
type Win = Window & { app: PageApp; __ended?: number; __token?: string | null };

const TOKEN_ROUTE = "POST /auth/oauth/token";
const refreshes = (e2e: E2E) => e2e.emulator.stats.toJSON().routes[TOKEN_ROUTE]?.requests ?? 0;

/** Two tabs of one browser context, signed in as one new user (tab A signed up; tab B opened afterwards). */
async function twoSignedInTabs(e2e: E2E, context?: BrowserContext): Promise<{ a: Page; b: Page; userId: string }> {
  const ctx = context ?? (await e2e.newContext());
  const a = await e2e.newPage("/", ctx);
  const { id } = await signUpInPage(a, e2eEmail("tabs"));
  const b = await e2e.newPage("/", ctx);
  expect(await pageUser(b)).toEqual(expect.objectContaining({ id }));
  return { a, b, userId: id };
}

/**
 * Two signed-in tabs whose stored access token has under 20 s left (issued with a 15 s lifetime), so the next
 * token either asks for needs a refresh; refreshes from now on give 10-minute tokens and take `latencyMs`.
 */
async function tabsNeedingARefresh(e2e: E2E, latencyMs: number, context?: BrowserContext) {
  e2e.emulator.settings.accessTokenTtlSeconds = 15;
  const tabs = await twoSignedInTabs(e2e, context);
  e2e.emulator.settings.accessTokenTtlSeconds = 600;
  e2e.emulator.setFaults([{ route: TOKEN_ROUTE, action: "latency", latencyMs }]);
  return tabs;
}

/** Has `page` ask for an access token at the wall-clock instant `at` (ms), so two tabs ask at once. */
const tokenAt = (page: Page, at: number) =>
  page.evaluate(async (when) => {
    await new Promise((done) => setTimeout(done, when - Date.now()));
    return (window as unknown as Win).app.getAccessToken();
  }, at);

describe.each(SDKS)("cross-tab sign-out in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
  });
  afterAll(() => e2e?.close());

  test("signing out in one tab signs the other out within 2 s", async () => {
    const { a, b } = await twoSignedInTabs(e2e);
    if (sdk === "latchkey") {
      // Tab B is told by itself: nothing in B asks for the user after the sign-out.
      await b.evaluate(async () => {
        const w = window as unknown as Win;
        (await w.app.getUser())!._internalSession.onInvalidate(() => (w.__ended = Date.now()));
      });
    }

    const started = Date.now();
    await navigateBy(a, "/signed-out", () => (window as unknown as Win).app.signOut({ redirectUrl: "/signed-out" }));

    if (sdk === "latchkey") {
      const ended = await b.waitForFunction(() => (window as unknown as Win).__ended, undefined, { timeout: 2_000, polling: 50 });
      expect((await ended.jsonValue()) as number - started).toBeLessThan(2_000);
    }
    await b.waitForFunction(async () => (await (window as unknown as Win).app.getUser()) === null, undefined, { timeout: 2_000, polling: 100 });
    expect(Date.now() - started).toBeLessThan(2_000 + 1_000); // the sign-out request itself, then at most 2 s
    expect(await pageUser(a)).toBeNull();
    expect([...pageErrors(a), ...pageErrors(b)]).toEqual([]);
  });
});

describe("one refresh for two tabs in Chromium (latchkey)", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E("latchkey");
  });
  afterEach(() => {
    e2e.emulator.setFaults([]);
    e2e.emulator.settings.accessTokenTtlSeconds = 600;
  });
  afterAll(() => e2e?.close());

  /** Both tabs ask for a token at the same moment: the platform sees one refresh, and both get its token. */
  async function expectOneSharedRefresh(a: Page, b: Page) {
    const before = refreshes(e2e);
    const at = Date.now() + 300;
    const [tokenA, tokenB] = await Promise.all([tokenAt(a, at), tokenAt(b, at)]);
    expect(refreshes(e2e) - before).toBe(1);
    expect(tokenA).toBeTruthy();
    expect(tokenB).toBe(tokenA);
  }

  test("two tabs needing a token at once: one refresh (Web Locks), both get its token", async () => {
    const { a, b } = await tabsNeedingARefresh(e2e, 400);
    expect(await a.evaluate(() => typeof navigator.locks?.request)).toBe("function");
    await expectOneSharedRefresh(a, b);
    expect([...pageErrors(a), ...pageErrors(b)]).toEqual([]);
  });

  test("without Web Locks, the cookie fallback also makes one refresh", async () => {
    const context = await e2e.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined, configurable: true }));
    const { a, b } = await tabsNeedingARefresh(e2e, 400, context);
    expect(await a.evaluate(() => navigator.locks)).toBeUndefined();
    await expectOneSharedRefresh(a, b);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(`latchkey-refreshing-${e2e.emulator.projectId}`);
  });

  test("a tab closed while it holds the refresh lock does not block the other tab", async () => {
    const { a, b } = await tabsNeedingARefresh(e2e, 0);
    const lock = `latchkey-refresh-${e2e.emulator.projectId}`;
    // Tab A takes the lock and never lets go (a tab frozen mid-refresh).
    await a.evaluate(
      (name) => new Promise<void>((held) => void navigator.locks.request(name, () => (held(), new Promise(() => {})))),
      lock,
    );
    const before = refreshes(e2e);
    await b.evaluate(() => {
      const w = window as unknown as Win;
      void w.app.getAccessToken().then((t) => (w.__token = t));
    });
    await new Promise((done) => setTimeout(done, 700));
    expect(await b.evaluate(() => (window as unknown as Win).__token)).toBeUndefined(); // waiting for the lock

    const closed = Date.now();
    await a.close();
    const token = await b.waitForFunction(() => (window as unknown as Win).__token, undefined, { timeout: 4_000, polling: 50 });

    expect(Date.now() - closed).toBeLessThan(2_000); // released by the close, well before the 5 s bound
    expect(await token.jsonValue()).toEqual(expect.any(String));
    expect(refreshes(e2e) - before).toBe(1);
    expect(pageErrors(b)).toEqual([]);
  });
});
