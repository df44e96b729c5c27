/**
 * Passkeys and the second factor in Chromium, for each SDK.
 *
 * Passkey: a signed-up visitor registers a passkey with Chromium's virtual authenticator (the relying party is the
 * page's hostname, `localhost`), signs out, and signs back in with the passkey alone.
 *
 * MFA: a visitor turns TOTP on (`user.update({ totpMultiFactorSecret })`), signs out, and signs in with the password:
 * the SDK keeps the attempt code in sessionStorage and sends the page to /handler/mfa, where the page reads the code
 * as the official MFA page does (`hexclave_mfa_attempt_code`, else `stack_mfa_attempt_code`). A wrong TOTP code is
 * refused in place; the right one (computed here by an independent RFC 6238 implementation) signs the visitor in and
 * goes on to after-sign-in.
 */
import type { Page } from "playwright-core";
import { awayFromStepBoundary, totp } from "../helpers/totp";
import { addVirtualAuthenticator, e2eEmail, navigateBy, pageErrors, pageUser, SDKS, signUpInPage, startE2E } from "./harness";
import type { E2E } from "./harness";

jest.setTimeout(60_000);

type Outcome = { status: string; code?: string; detailsCode?: string; message?: string };
const PASSWORD = "correct horse battery";

/** Runs a Result-returning call on the page's current user and reports its outcome. */
function onUser(page: Page, method: "registerPasskey" | "update", arg?: unknown): Promise<Outcome> {
  return page.evaluate(
    async ([m, a]) => {
      const user = (await (window.app as { getUser(o: object): Promise<Record<string, (x?: unknown) => Promise<unknown>>> }).getUser({ or: "throw" }))!;
      const value = m === "update" ? new Uint8Array(a as number[]) : a;
      const result = (await user[m](m === "update" ? { totpMultiFactorSecret: value } : value)) as
        | { status: string; error?: { errorCode: string; message: string; details?: { code?: string } } }
        | undefined;
      if (!result) return { status: "done" };
      return { status: result.status, code: result.error?.errorCode, detailsCode: result.error?.details?.code, message: result.error?.message };
    },
    [method, arg] as const,
  );
}

describe.each(SDKS)("passkeys and MFA in Chromium (%s)", (sdk) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(sdk);
    e2e.pages.setOptions({ urls: { afterSignIn: "/signed-in" } });
  });
  afterAll(() => e2e?.close());

  test("register a passkey with the virtual authenticator, sign out, sign back in with the passkey", async () => {
    const page = await e2e.newPage("/");
    await addVirtualAuthenticator(page);
    const user = await signUpInPage(page, e2eEmail("passkey"));
    expect(await onUser(page, "registerPasskey")).toEqual({ status: "ok" });
    expect(await page.evaluate(async () => (await (window.app as { getUser(): Promise<{ passkeyAuthEnabled: boolean }> }).getUser()).passkeyAuthEnabled)).toBe(true);

    await navigateBy(page, "/signed-out", () => (window.app as { signOut(o: object): Promise<void> }).signOut({ redirectUrl: "/signed-out" }));
    expect(await pageUser(page)).toBeNull();

    await navigateBy(page, "/signed-in", () => (window.app as { signInWithPasskey(): Promise<unknown> }).signInWithPasskey());
    expect(await pageUser(page)).toEqual(expect.objectContaining({ id: user.id, primaryEmail: user.primaryEmail }));
    expect(pageErrors(page)).toEqual([]);
  });

  test("with TOTP on, a password sign-in goes through the MFA page: a wrong code is refused, the right one signs in", async () => {
    const page = await e2e.newPage("/");
    const email = e2eEmail("mfa");
    const user = await signUpInPage(page, email, PASSWORD);
    // latchkey's enrolment helper makes the secret in the page; the official SDK has none, so Web Crypto does.
    const secret = await page.evaluate(() => {
      const helper = (window.sdk as { generateTotpSecret?: () => Uint8Array }).generateTotpSecret;
      return Array.from(helper ? helper() : crypto.getRandomValues(new Uint8Array(20)));
    });
    expect(secret).toHaveLength(20);
    expect(await onUser(page, "update", secret)).toEqual({ status: "done" });
    await navigateBy(page, "/signed-out", () => (window.app as { signOut(o: object): Promise<void> }).signOut({ redirectUrl: "/signed-out" }));

    await navigateBy(
      page,
      "/handler/mfa",
      ([e, p]) => (window.app as { signInWithCredential(o: object): Promise<unknown> }).signInWithCredential({ email: e, password: p }),
      [email, PASSWORD],
    );
    expect(await pageUser(page)).toBeNull();
    const stored = await page.evaluate(() => ({ current: sessionStorage.getItem("hexclave_mfa_attempt_code"), older: sessionStorage.getItem("stack_mfa_attempt_code") }));
    expect(stored.current).toMatch(/^\w{20,}$/);
    if (sdk === "latchkey") expect(stored.older).toBe(stored.current);

    // What the MFA page does with the user's code.
    const submit = (code: string) => {
      const attempt = sessionStorage.getItem("hexclave_mfa_attempt_code") ?? sessionStorage.getItem("stack_mfa_attempt_code");
      return (window.app as { signInWithMfa(c: string, a: string): Promise<{ status: string; error?: { errorCode: string } }> })
        .signInWithMfa(code, attempt!)
        .then((r) => (r.status === "ok" ? "ok" : r.error!.errorCode));
    };
    await awayFromStepBoundary();
    const bytes = new Uint8Array(secret);
    const wrong = String((Number(totp(bytes)) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await page.evaluate(`(${submit.toString()})(${JSON.stringify(wrong)})`)).toBe("INVALID_TOTP_CODE");
    expect(await pageUser(page)).toBeNull();

    await awayFromStepBoundary();
    await navigateBy(page, "/signed-in", submit, totp(bytes));
    expect(await pageUser(page)).toEqual(expect.objectContaining({ id: user.id, primaryEmail: email }));
    expect(pageErrors(page)).toEqual([]);
  });
});
