/**
 * Trusted redirects in Chromium, for each SDK: a sample of the hostile-target table (test/unit/urls/
 * trusted-redirects.test.ts) is put in the page's after_auth_return_to and followed by the real redirect path
 * (redirectToAfterSignIn, and a password sign-in). The page must stay where it is — same address, same document,
 * no script run from the target — while a trusted target (a path, this origin) is reached.
 */
import type { Page } from "playwright-core";
import { e2eEmail, navigateBy, pageErrors, pageSettled, pageUser, SDKS, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(90_000);

/** Refused by both SDKs: off-site through the parser's corners, or script and data schemes. */
const HOSTILE = [
  "//evil.example.com/",
  "/\\evil.example.com",
  "\\\\evil.example.com",
  "\t//evil.example.com",
  "/\n/evil.example.com",
  "https://localhost@evil.example.com/",
  "https://localhost.evil.example.com/",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
];
/** Refused by latchkey only: the official SDK treats these as paths on this site (or, with allow_localhost, trusts the host). */
const LATCHKEY_ONLY = ["/%5cevil.example.com", "%2f%2fevil.example.com", "javascript://localhost/%0aalert(1)"];

type App = {
  redirectToAfterSignIn(o?: object): Promise<void>;
  signInWithCredential(o: object): Promise<{ status: string }>;
  signUpWithCredential(o: object): Promise<{ status: string }>;
};

const signInPage = (returnTo: string) => `/handler/sign-in?after_auth_return_to=${encodeURIComponent(returnTo)}`;

/**
 * Runs `call` in the page (it should refuse to redirect) and reports how it ended, after checking that the page
 * is still the same document at the same address a moment later and that no dialog opened.
 */
async function staysPut(page: Page, call: string, dialogs: string[]): Promise<string> {
  const before = page.url();
  const outcome = await page.evaluate(async (source) => {
    (window as unknown as { stayed: boolean }).stayed = true;
    try {
      await (0, eval)(source)();
      return "resolved";
    } catch (e) {
      return `rejected: ${e instanceof Error ? e.message : String(e)}`;
    }
  }, call);
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(dialogs).toEqual([]);
  return outcome;
}

describe.each(SDKS)("trusted redirects in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
  });
  afterAll(() => e2e?.close());

  const sample = sdk === "latchkey" ? [...HOSTILE, ...LATCHKEY_ONLY] : HOSTILE;

  test("hostile after_auth_return_to targets: redirectToAfterSignIn refuses and the page stays where it is", async () => {
    const page = await e2e.newPage("/");
    const dialogs: string[] = [];
    page.on("dialog", (d) => void (dialogs.push(d.message()), d.dismiss()));
    for (const target of sample) {
      await page.goto(new URL(signInPage(target), e2e.origin).href);
      await pageSettled(page);
      const outcome = await staysPut(page, "() => window.app.redirectToAfterSignIn()", dialogs);
      if (sdk === "latchkey") expect([target, outcome]).toEqual([target, `rejected: Redirect URL ${target} is not trusted; should be relative.`]);
      else expect([target, outcome]).toEqual([target, expect.stringMatching(/^rejected: /)]);
    }
    if (sdk === "latchkey") expect(pageErrors(page)).toEqual([]);
  });

  test("a password sign-in follows a trusted return target, and refuses a hostile one once signed in", async () => {
    const page = await e2e.newPage(signInPage("/welcome?from=sign-up"));
    const dialogs: string[] = [];
    page.on("dialog", (d) => void (dialogs.push(d.message()), d.dismiss()));
    const email = e2eEmail("redirect");
    const password = "correct horse battery";
    await navigateBy(page, "/welcome?from=sign-up", (o) => (window.app as App).signUpWithCredential(o), { email, password, noVerificationCallback: true });
    expect((await pageUser(page))?.primaryEmail).toBe(email);

    await page.goto(new URL(signInPage(`${e2e.origin}/home?absolute=1`), e2e.origin).href);
    await pageSettled(page);
    await navigateBy(page, "/home?absolute=1", () => (window.app as App).redirectToAfterSignIn());

    for (const target of ["//evil.example.com/", "javascript:alert(document.cookie)"]) {
      await page.goto(new URL(signInPage(target), e2e.origin).href);
      await pageSettled(page);
      const signIn = `() => window.app.signInWithCredential(${JSON.stringify({ email, password })})`;
      const outcome = await staysPut(page, signIn, dialogs);
      if (sdk === "latchkey") expect(outcome).toBe(`rejected: Redirect URL ${target} is not trusted; should be relative.`);
      else expect(outcome).toMatch(/^rejected: /);
      expect((await pageUser(page))?.primaryEmail).toBe(email);
    }
  });

});
