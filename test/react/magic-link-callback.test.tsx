/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { randomBytes } from "node:crypto";
import { MagicLinkCallback } from "../../src/react/index";
import { codeFromOutbox } from "../helpers/emulator";
import { expectNoAxeViolations } from "./axe";
import { at, expireCode, UNKNOWN_CODE, verifiedUser } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();
const CALLBACK = "http://localhost:3000/handler/magic-link-callback";

/** An existing user, a signed-out app, and a fresh magic link's code for the user. */
async function magicLink(options: { totp?: boolean } = {}) {
  const owner = appFor(emulator.current).app;
  const { email } = await verifiedUser(emulator.current, owner);
  if (options.totp) await (await owner.getUser({ or: "throw" })).update({ totpMultiFactorSecret: new Uint8Array(randomBytes(20)) });
  const { app, navigations } = appFor(emulator.current);
  expect((await app.sendMagicLinkEmail(email, { callbackUrl: CALLBACK })).status).toBe("ok");
  return { app, navigations, email, code: await codeFromOutbox(emulator.current, email, /magic-link-callback/) };
}

/** Renders the page for `code` and presses "Sign in". */
async function pressSignIn(app: Parameters<typeof renderWithApp>[0], code: string) {
  const view = renderWithApp(app, <MagicLinkCallback fullPage searchParams={{ code }} />);
  await screen.findByRole("heading", { name: "Do you want to sign in?" });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
  return view;
}

test("asks first, then signs in with the link's code and goes to after-sign-in", async () => {
  const { app, navigations, email, code } = await magicLink();
  at(`/handler/magic-link-callback?code=${code}`);
  const { container } = renderWithApp(app, <MagicLinkCallback fullPage />);
  await screen.findByRole("heading", { name: "Do you want to sign in?" });
  expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  await expectNoAxeViolations(container);
  expect(await app.getUser()).toBeNull(); // opening the page used nothing up
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
  await screen.findByRole("heading", { name: "Signed in successfully!" });
  // The page's user read follows the sign-in; let it land (it must not turn the page into "already signed in").
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(screen.getByRole("heading", { name: "Signed in successfully!" })).toBeTruthy();
  expect((await app.getUser())?.primaryEmail).toBe(email);
  expect(navigations).toEqual(["/"]);
  await expectNoAxeViolations(container);
});

test("used, expired and unknown links each say so readably, with a way to sign in", async () => {
  const used = await magicLink();
  expect((await appFor(emulator.current).app.signInWithMagicLink(used.code, { noRedirect: true })).status).toBe("ok");
  const first = await pressSignIn(used.app, used.code);
  await screen.findByRole("heading", { name: "Magic link already used" });
  expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in");
  await expectNoAxeViolations(first.container);
  first.unmount();

  const expired = await magicLink();
  expireCode(emulator.current, expired.code);
  const second = await pressSignIn(expired.app, expired.code);
  await screen.findByRole("heading", { name: "Expired magic link" });
  await expectNoAxeViolations(second.container);
  second.unmount();

  const third = await pressSignIn(expired.app, UNKNOWN_CODE);
  await screen.findByRole("heading", { name: "Invalid magic link" });
  await expectNoAxeViolations(third.container);
  expect(await expired.app.getUser()).toBeNull();
});

test("a link without a code is invalid; a visitor already signed in is told so", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  at("/handler/magic-link-callback");
  const first = renderWithApp(app, <MagicLinkCallback />);
  await screen.findByRole("heading", { name: "Invalid magic link" });
  first.unmount();
  const { container } = renderWithApp(app, <MagicLinkCallback searchParams={{ code: UNKNOWN_CODE }} />);
  await screen.findByRole("heading", { name: "You are already signed in" });
  expect(screen.getByRole("link", { name: "Sign out" }).getAttribute("href")).toBe("/handler/sign-out");
  expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  await expectNoAxeViolations(container);
});

test("an account with a second factor goes on to the MFA page with its attempt code kept", async () => {
  const { app, navigations, code } = await magicLink({ totp: true });
  sessionStorage.clear();
  const { container } = await pressSignIn(app, code);
  await screen.findByRole("heading", { name: "One more step" });
  expect(screen.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/handler/mfa");
  expect(navigations).toEqual(["/handler/mfa"]);
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toMatch(/\S/);
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);
});
