/**
 * Magic link in Chromium, for each SDK: the page asks for a link, the link is taken from the emulator's outbox and
 * opened in the same browser, and the handler page signs the visitor in and sends them on (a new user to
 * after-sign-up). The link's code is single-use: opening it again signs nobody in.
 */
import { e2eEmail, pageErrors, pageSettled, pageUser, SDKS, startE2E, waitForPath } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

describe.each(SDKS)("magic link from the outbox in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
    e2e.pages.setOptions({ urls: { afterSignUp: "/welcome" } });
  });
  afterAll(() => e2e?.close());

  test("send the link, open it from the inbox, arrive signed in; the link works once", async () => {
    const page = await e2e.newPage("/");
    const email = e2eEmail("magic");
    const sent = await page.evaluate((e) => (window.app as { sendMagicLinkEmail(e: string): Promise<{ status: string }> }).sendMagicLinkEmail(e), email);
    expect(sent.status).toBe("ok");

    const mail = await e2e.emulator.waitForEmail({ to: email, kind: "magic_link" });
    const link = mail.links.find((l) => l.includes("/handler/magic-link-callback"))!;
    expect(new URL(link).origin).toBe(e2e.origin);

    await page.goto(link);
    await waitForPath(page, "/welcome");
    expect(await pageUser(page)).toEqual(expect.objectContaining({ primaryEmail: email, isAnonymous: false }));

    const stranger = await e2e.newPage("/");
    await stranger.goto(link);
    expect(await pageSettled(stranger)).toMatch(/^error: /);
    expect(await pageUser(stranger)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
});
