/**
 * OAuth in Chromium, for each SDK, through the emulator's mock GitHub: a new user signs up, signs out and comes back
 * (the callback page's address loses `code` and `state` before the app moves on; opening that address again signs
 * nobody in), an anonymous visitor is upgraded in place, and a password user links GitHub and lands back on the
 * page that started it. The browser does everything a visitor would: the consent page's form is filled in and sent.
 */
import type { Page } from "playwright-core";
import { e2eEmail, navigateBy, pageErrors, pageSettled, pageUser, SDKS, signUpInPage, startE2E, waitForPath } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(90_000);

type App = {
  signInWithOAuth(provider: string): Promise<void>;
  getUser(o: object): Promise<{ linkConnectedAccount(p: string): Promise<void>; listConnectedAccounts(): Promise<{ provider: string }[]> } | null>;
  signOut(o?: object): Promise<void>;
};

/** Every address the page's main frame had, same-document changes (history.replaceState) included. */
function addressLog(page: Page): string[] {
  const log: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) log.push(frame.url());
  });
  return log;
}

/** Starts `action` in the page (it leaves the page), then fills in the mock provider's consent form and sends it. */
async function throughConsent(page: Page, action: () => unknown, email: string): Promise<void> {
  await page.evaluate(`void (${action.toString()})()`);
  await page.waitForURL((u) => /\/emulator\/oauth\/github\/authorize$/.test(u.pathname), { timeout: 15_000 });
  await page.fill('form.custom input[name="name"]', "Grace Hub");
  await page.fill('form.custom input[name="email"]', email);
  await page.click('form.custom button[type="submit"]');
}

const signIn = () => (window.app as App).signInWithOAuth("github");

describe.each(SDKS)("OAuth with the mock GitHub in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
    e2e.pages.setOptions({ urls: { afterSignIn: "/home", afterSignUp: "/welcome" } });
  });
  afterAll(() => e2e?.close());

  test("a new user, then the same user returning: the callback's address is scrubbed and works once", async () => {
    const page = await e2e.newPage("/handler/sign-in");
    const addresses = addressLog(page);
    const email = e2eEmail("oauth");
    await throughConsent(page, signIn, email);
    await waitForPath(page, "/welcome");
    const user = await pageUser(page);
    expect(user).toEqual({ id: expect.any(String), primaryEmail: email, isAnonymous: false });

    const callbacks = addresses.filter((a) => new URL(a).pathname === "/handler/oauth-callback");
    const withCode = callbacks.find((a) => new URL(a).searchParams.has("code"))!;
    expect(new URL(withCode).searchParams.has("state")).toBe(true);
    // The app removed code and state from the address bar before it moved on.
    expect(callbacks.at(-1)).toBe(`${e2e.origin}/handler/oauth-callback`);

    // The same callback address again (a reload from the history): its state's cookie is gone, nothing happens.
    await page.goto(withCode);
    expect(await pageSettled(page)).toBe("ready");
    expect(new URL(page.url()).pathname).toBe("/handler/oauth-callback");
    expect(await pageUser(page)).toEqual(user);

    await navigateBy(page, "/signed-out", () => (window.app as App).signOut({ redirectUrl: "/signed-out" }));
    expect(await pageUser(page)).toBeNull();
    const before = addresses.length;
    await page.goto(`${e2e.origin}/handler/sign-in`);
    await pageSettled(page);
    await throughConsent(page, signIn, email);
    await waitForPath(page, "/home");
    expect(await pageUser(page)).toEqual(user);
    const again = addresses.slice(before).filter((a) => new URL(a).pathname === "/handler/oauth-callback");
    expect([new URL(again[0]).searchParams.has("code"), again.at(-1)]).toEqual([true, `${e2e.origin}/handler/oauth-callback`]);
    expect(pageErrors(page)).toEqual([]);
  });

  test("an anonymous visitor who signs in with OAuth keeps their user id", async () => {
    const page = await e2e.newPage("/handler/sign-in");
    const anonymous = await page.evaluate(async () => {
      const user = await (window.app as { getUser(o: object): Promise<{ id: string; isAnonymous: boolean }> }).getUser({ or: "anonymous" });
      return { id: user.id, isAnonymous: user.isAnonymous };
    });
    expect(anonymous.isAnonymous).toBe(true);
    const email = e2eEmail("anon");
    await throughConsent(page, signIn, email);
    await waitForPath(page, "/welcome");
    expect(await pageUser(page)).toEqual({ id: anonymous.id, primaryEmail: email, isAnonymous: false });
    expect(pageErrors(page)).toEqual([]);
  });

  test("a password user links GitHub and comes back to the page that started it", async () => {
    const page = await e2e.newPage("/settings?tab=accounts");
    const user = await signUpInPage(page, e2eEmail("link"));
    const link = async () => (await (window.app as App).getUser({ or: "throw" }))!.linkConnectedAccount("github");
    await throughConsent(page, link, e2eEmail("gh"));
    await waitForPath(page, "/settings?tab=accounts");
    expect((await pageUser(page))?.id).toBe(user.id);
    const providers = await page.evaluate(async () => (await (await (window.app as App).getUser({ or: "throw" }))!.listConnectedAccounts()).map((a) => a.provider));
    expect(providers).toEqual(["github"]);
    expect(pageErrors(page)).toEqual([]);
  });
});
