/**
 * CLI login end to end, for each SDK: a Node app (this process) starts a CLI login and polls; the link it prompts
 * with is opened in Chromium, where the visitor is signed in, and the confirmation page's app hands the session
 * over (latchkey: `app.confirmCliLogin`; official: `POST /auth/cli/complete` through the app's internals, as its
 * React confirmation page does). The CLI ends with the browser session's refresh token, and a Node app built on
 * it is that user. The link's code works once.
 */
import type { Page } from "playwright-core";
import { StackClientApp } from "@stackframe/js";
import { ClientApp } from "../../src/index";
import { e2eEmail, pageErrors, pageSettled, SDKS, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

type CliResult = { status: "ok"; data: string } | { status: "error"; error: { message: string } };
type CliApp = { promptCliLogin(o: { appUrl: string; waitTimeMillis?: number; maxAttempts?: number; promptLink(url: string): void }): Promise<CliResult> };

/** The "Authorize" step of the confirmation page the browser is on: "ok", or the failure's message. */
function confirmInPage(page: Page, sdk: string): Promise<string> {
  return page.evaluate(async (which) => {
    const loginCode = new URLSearchParams(location.search).get("login_code")!;
    try {
      if (which === "latchkey") {
        const result = await (window.app as { confirmCliLogin(code: string): Promise<{ status: string; error?: { message: string } }> }).confirmCliLogin(loginCode);
        return result.status === "ok" ? "ok" : `error: ${result.error!.message}`;
      }
      // The official SDK has no public method for this; its confirmation page posts through the app's internals.
      const app = window.app as Record<symbol, { sendRequest(path: string, init: RequestInit): Promise<Response> }> & {
        getUser(o: object): Promise<{ currentSession: { getTokens(): Promise<{ refreshToken: string | null }> } }>;
      };
      const { refreshToken } = await (await app.getUser({ or: "throw" })).currentSession.getTokens();
      const response = await app[window.sdk.stackAppInternalsSymbol as symbol].sendRequest("/auth/cli/complete", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ login_code: loginCode, refresh_token: refreshToken }),
      });
      return response.ok ? "ok" : `error: ${response.status}`;
    } catch (e) {
      return `error: ${e instanceof Error ? e.message : String(e)}`;
    }
  }, sdk);
}

describe.each(SDKS)("CLI login with the browser confirming in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
  });
  afterAll(() => e2e?.close());

  test("the Node CLI polls, the signed-in browser confirms at the prompted link, the CLI gets a working session", async () => {
    const { emulator } = e2e;
    const keys = { projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url };
    const browser = await e2e.newPage("/");
    const email = e2eEmail("cli");
    await signUpInPage(browser, email);

    const cli: CliApp = sdk === "latchkey" ? new ClientApp({ ...keys, tokenStore: null }) : new StackClientApp({ ...keys, tokenStore: null, noAutomaticPrefetch: true });
    let prompted!: (url: string) => void;
    const link = new Promise<string>((r) => (prompted = r));
    const polling = cli.promptCliLogin({ appUrl: e2e.origin, waitTimeMillis: 50, maxAttempts: 1200, promptLink: (url) => prompted(url) });

    const url = await link;
    expect(url).toMatch(new RegExp(`^${e2e.origin}/handler/cli-auth-confirm\\?login_code=[a-z0-9]{45}$`));
    await browser.goto(url);
    await pageSettled(browser);
    expect(await confirmInPage(browser, sdk)).toBe("ok");

    const result = await polling;
    if (result.status !== "ok") throw new Error(`CLI login failed: ${result.error.message}`);
    const browserToken = await browser.evaluate(async () => {
      const user = await (window.app as { getUser(o: object): Promise<{ currentSession: { getTokens(): Promise<{ refreshToken: string | null }> } }> }).getUser({ or: "throw" });
      return (await user.currentSession.getTokens()).refreshToken;
    });
    expect(result.data).toBe(browserToken);

    const signedIn = new ClientApp({ ...keys, tokenStore: { refreshToken: result.data } });
    expect((await signedIn.getUser())?.primaryEmail).toBe(email);

    // The code is spent: confirming again (a reload of the page) is refused.
    await browser.reload();
    await pageSettled(browser);
    expect(await confirmInPage(browser, sdk)).toMatch(/^error: /);
    expect(pageErrors(browser)).toEqual([]);
  });
});
