/**
 * The browser layer's own proof, and the example to copy: for each SDK, a visitor signs up with a password in
 * Chromium, the refresh cookie survives a reload, and signing out clears it. Flow tests live beside this file.
 */
import { e2eEmail, navigateBy, pageErrors, pageSettled, pageUser, SDKS, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

describe.each(SDKS)("password session in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
  });
  afterAll(() => e2e?.close());

  test("sign up, survive a reload through the cookie store, sign out", async () => {
    const page = await e2e.newPage("/");
    expect(await pageUser(page)).toBeNull();
    const email = e2eEmail("pw");
    const user = await signUpInPage(page, email);
    expect(user.primaryEmail).toBe(email);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.includes("refresh") && c.value.length > 20)).toBe(true);

    await page.reload();
    await pageSettled(page);
    expect(await pageUser(page)).toEqual(expect.objectContaining({ id: user.id, primaryEmail: email }));

    await navigateBy(page, "/signed-out", () => (window.app as { signOut(o: object): Promise<void> }).signOut({ redirectUrl: "/signed-out" }));
    expect(await pageUser(page)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
});
