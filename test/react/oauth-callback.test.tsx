/**
 * @jest-environment ./test/support/jsdom-env.cjs
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
import { screen, waitFor } from "@testing-library/react";
import { randomBytes } from "node:crypto";
import { StrictMode } from "react";
import { OAuthCallback } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { at, requestsTo } from "./flow-helpers";
import { appFor, renderWithApp, uniqueEmail, useEmulator } from "./helpers";
import { oauthCallbackAddress, resetPage } from "./oauth-browser";

const emulator = useEmulator();
afterEach(() => {
  jest.restoreAllMocks();
  resetPage();
});

/** The callback page, freshly loaded at `address`: a cookie-store app whose navigations are recorded. */
function callbackPage(address: string) {
  at(address);
  return appFor(emulator.current, { tokenStore: "cookie", urls: { afterSignUp: "/welcome" } });
}

test("finishes the sign-in once (StrictMode too), showing progress, then goes on", async () => {
  const email = uniqueEmail("oauth");
  const { app, navigations } = callbackPage(await oauthCallbackAddress(emulator.current, { email }));
  const before = await requestsTo(emulator.current, "POST /auth/oauth/token");
  const { container } = renderWithApp(
    app,
    <StrictMode>
      <OAuthCallback fullPage />
    </StrictMode>,
  );
  expect(screen.getByRole("status").textContent).toBe("Finishing your sign-in…");
  await expectNoAxeViolations(container);
  await waitFor(() => expect(navigations).toEqual(["/welcome"]));
  expect((await app.getUser())?.primaryEmail).toBe(email);
  expect(await requestsTo(emulator.current, "POST /auth/oauth/token")).toBe(before + 1);
  expect(screen.getByRole("status").textContent).toBe("Finishing your sign-in…");
});

test("a sign-in refused at the provider is explained, with a link back to sign in", async () => {
  const { app } = callbackPage(await oauthCallbackAddress(emulator.current, { deny: true }));
  const { container } = renderWithApp(app, <OAuthCallback fullPage />);
  await screen.findByRole("heading", { name: "Signing in failed" });
  expect(screen.getByRole("alert").textContent).toBe("The sign-in was cancelled or refused at the provider.");
  expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/handler/sign-in");
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);
});

test("an address without code and state (a reload) shows the callback error readably", async () => {
  const { app, navigations } = callbackPage("/handler/oauth-callback");
  const { container } = renderWithApp(app, <OAuthCallback />);
  await screen.findByRole("heading", { name: "Signing in failed" });
  expect(screen.getByRole("alert").textContent).toMatch(/^The OAuth callback needs the code and state query parameters.*reloaded/);
  expect(navigations).toEqual([]);
  await expectNoAxeViolations(container);
});

test("a callback this browser did not start is not finished: back to sign-in", async () => {
  jest.spyOn(console, "warn").mockImplementation(() => {});
  const { app, navigations } = callbackPage("/handler/oauth-callback?code=abc&state=not-mine");
  const { container } = renderWithApp(app, <OAuthCallback />);
  await screen.findByRole("heading", { name: "Signing in was not finished" });
  await waitFor(() => expect(navigations).toEqual(["/handler/sign-in"]));
  await expectNoAxeViolations(container);
});

test("an account with TOTP goes on to the MFA page", async () => {
  const email = uniqueEmail("oauth-mfa");
  const first = callbackPage(await oauthCallbackAddress(emulator.current, { email }));
  expect(await first.app.callOAuthCallback()).toBe(true);
  await (await first.app.getUser({ or: "throw" })).update({ totpMultiFactorSecret: new Uint8Array(randomBytes(20)) });
  await first.app.signOut();

  const { app, navigations } = callbackPage(await oauthCallbackAddress(emulator.current, { email }));
  const { container } = renderWithApp(app, <OAuthCallback fullPage />);
  await screen.findByRole("heading", { name: "One more step" });
  expect(navigations).toEqual(["/handler/mfa"]);
  expect(screen.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/handler/mfa");
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toMatch(/\S/);
  await expectNoAxeViolations(container);
});
