/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { randomBytes } from "node:crypto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CredentialSignIn, OAuthButton, PasskeyButton, SignIn } from "../../src/react/index";
import { installFakeWebAuthn } from "../helpers/fake-webauthn";
import { addFaults, click, requestsTo, type, visit } from "./auth-helpers";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();

beforeEach(() => visit("/handler/sign-in"));

async function signInPage(ui = <SignIn />) {
  const { app, navigations } = appFor(emulator.current);
  const view = renderWithApp(app, ui);
  await screen.findByRole("heading", { name: "Sign in to your account" });
  return { app, navigations, ...view };
}

test("a fresh sign-in page shows every method the demo project enables", async () => {
  const { container } = await signInPage();
  const signUp = screen.getByRole("link", { name: "Sign up" });
  expect(signUp.getAttribute("href")).toBe("/handler/sign-up");
  expect(signUp.parentElement?.textContent).toBe("Don't have an account? Sign up");
  for (const name of ["Sign in with GitHub", "Sign in with Google", "Sign in with Microsoft", "Sign in with Passkey"]) {
    expect(screen.getByRole("button", { name })).toBeTruthy();
  }
  expect(screen.getByText("Or continue with")).toBeTruthy();
  const tabs = screen.getAllByRole("tab").map((tab) => [tab.textContent, tab.getAttribute("aria-selected")]);
  expect(tabs).toEqual([["Email", "true"], ["Email & Password", "false"]]);
  // the magic-link form is the first tab
  expect(screen.getByRole("button", { name: "Send email" })).toBeTruthy();
  expect(screen.queryByLabelText("Password")).toBeNull();
  await expectNoAxeViolations(container);
});

test("firstTab='password' puts the password form first; arrow keys switch tabs", async () => {
  const { container } = await signInPage(<SignIn firstTab="password" />);
  const tabs = screen.getAllByRole("tab");
  expect(tabs.map((tab) => tab.textContent)).toEqual(["Email & Password", "Email"]);
  expect(screen.getByRole("tab", { name: "Email & Password" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.getByLabelText("Email")).toBeTruthy();
  expect(screen.getByLabelText("Password")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/handler/forgot-password");
  await expectNoAxeViolations(container);
  tabs[0].focus();
  fireEvent.keyDown(tabs[0], { key: "ArrowRight" });
  expect(screen.getByRole("tab", { name: "Email" }).getAttribute("aria-selected")).toBe("true");
  expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Email" }));
  expect(screen.getByRole("button", { name: "Send email" })).toBeTruthy();
});

test("a wrong password shows under the password field, keeps the e-mail, and the button is disabled meanwhile", async () => {
  const owner = appFor(emulator.current).app;
  const { email } = await signedUp(owner);
  const { app, container } = await signInPage(<SignIn firstTab="password" />);
  type("Email", email);
  type("Password", "not-the-password");
  await addFaults(emulator.current, [{ route: "POST /auth/password/sign-in", action: "latency", latencyMs: 150, times: 1 }]);
  await click("Sign In");
  const button = screen.getByRole("button", { name: "Sign In" }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(button.getAttribute("aria-busy")).toBe("true");
  expect((screen.getByLabelText("Email") as HTMLInputElement).disabled).toBe(true);
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("Wrong e-mail or password.");
  const password = screen.getByLabelText("Password") as HTMLInputElement;
  expect(password.getAttribute("aria-invalid")).toBe("true");
  expect(password.getAttribute("aria-describedby")).toContain(alert.id);
  expect(document.activeElement).toBe(password);
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(email);
  expect(password.value).toBe("not-the-password");
  expect(button.disabled).toBe(false);
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);
});

test("an empty or malformed e-mail and an empty password are refused before any request", async () => {
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <CredentialSignIn />);
  const before = await requestsTo(emulator.current, "POST /auth/password/sign-in");
  await click("Sign In");
  expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["Please enter your e-mail address.", "Please enter your password."]);
  expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  type("Email", "ada@");
  type("Password", "whatever-it-is");
  await click("Sign In");
  expect(screen.getByRole("alert").textContent).toBe("Please enter a valid e-mail address.");
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ada@");
  expect(await requestsTo(emulator.current, "POST /auth/password/sign-in")).toBe(before);
  await expectNoAxeViolations(container);
});

test("the right password signs in and goes to after-sign-in", async () => {
  const owner = appFor(emulator.current).app;
  const { email, password } = await signedUp(owner);
  const { app, navigations } = await signInPage(<SignIn firstTab="password" />);
  type("Email", email);
  type("Password", password);
  await click("Sign In");
  await waitFor(() => expect(navigations).toContain("/"));
  expect((await act(() => app.getUser()))?.primaryEmail).toBe(email);
  await screen.findByRole("heading", { name: "You are already signed in" });
});

test("an account with a second factor goes on to the MFA page", async () => {
  const owner = appFor(emulator.current).app;
  const { email, password } = await signedUp(owner);
  await act(async () => (await owner.getUser({ or: "throw" })).update({ totpMultiFactorSecret: new Uint8Array(randomBytes(20)) }));
  const { app, navigations } = await signInPage(<SignIn firstTab="password" />);
  type("Email", email);
  type("Password", password);
  await click("Sign In");
  await waitFor(() => expect(navigations).toEqual(["/handler/mfa"]));
  expect((await screen.findByRole("alert")).textContent).toBe("One more step: enter the code from your authenticator app.");
  expect(await app.getUser()).toBeNull();
});

test("a signed-in visitor is told so, with Go home and Sign out", async () => {
  const { app, navigations } = appFor(emulator.current);
  const { email } = await signedUp(app);
  const { container } = renderWithApp(app, <SignIn />);
  await screen.findByRole("heading", { name: "You are already signed in" });
  expect(screen.getByText(`Signed in as ${email}.`)).toBeTruthy();
  await expectNoAxeViolations(container);
  await act(async () => {
    fireEvent.click(screen.getByRole("link", { name: "Go home" }));
  });
  await waitFor(() => expect(navigations).toEqual(["/"]));
  await click("Sign out");
  await waitFor(() => expect(navigations[1]).toMatch(/^\/handler\/sign-out\?after_auth_return_to=/));
});

test("automaticRedirect sends a signed-in visitor to after_auth_return_to", async () => {
  visit("/handler/sign-in?after_auth_return_to=%2Fdashboard");
  const { app, navigations } = appFor(emulator.current);
  await signedUp(app);
  renderWithApp(app, <SignIn automaticRedirect />);
  await waitFor(() => expect(navigations).toEqual(["/dashboard"]));
  expect(screen.getByRole("heading", { name: "Redirecting…" })).toBeTruthy();
});

test("an untrusted after_auth_return_to is refused before signing in, and kept on the sign-up link", async () => {
  visit("/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.example%2Fsteal");
  const owner = appFor(emulator.current).app;
  const { email, password } = await signedUp(owner);
  const { app, navigations, container } = await signInPage(<SignIn firstTab="password" />);
  expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/handler/sign-up?after_auth_return_to=https%3A%2F%2Fevil.example%2Fsteal");
  type("Email", email);
  type("Password", password);
  await click("Sign In");
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("Redirect URL https://evil.example/steal is not trusted; should be relative.");
  expect(await app.getUser()).toBeNull();
  expect(navigations).toEqual([]);
  await expectNoAxeViolations(container);
});

test("automaticRedirect to an untrusted address says why it stopped", async () => {
  visit("/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.example%2F");
  const { app, navigations } = appFor(emulator.current);
  await signedUp(app);
  const { container } = renderWithApp(app, <SignIn automaticRedirect />);
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toMatch(/https:\/\/evil\.example\/ is not trusted/);
  expect(screen.getByRole("heading", { name: "You are already signed in" })).toBeTruthy();
  expect(navigations).toEqual([]);
  await expectNoAxeViolations(container);
});

test("the sign-up link navigates through the app's router and keeps after_auth_return_to", async () => {
  visit("/handler/sign-in?after_auth_return_to=%2Fcart");
  const { navigations } = await signInPage();
  await act(async () => {
    fireEvent.click(screen.getByRole("link", { name: "Sign up" }));
  });
  await waitFor(() => expect(navigations).toEqual(["/handler/sign-up?after_auth_return_to=%2Fcart"]));
});

test("an OAuth button sends the browser to the provider and stays busy", async () => {
  const { navigations } = await signInPage();
  await click("Sign in with GitHub");
  await waitFor(() => expect(navigations.length).toBe(1));
  expect(navigations[0]).toMatch(/github/);
  const button = screen.getByRole("button", { name: "Sign in with GitHub" }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
});

test("OAuthButton names providers readably and runs onAuthenticate instead when given", async () => {
  const { app } = appFor(emulator.current);
  let called = 0;
  renderWithApp(
    app,
    <>
      <OAuthButton provider="linkedin" type="sign-up" onAuthenticate={() => void called++} />
      <OAuthButton provider="discord" type="sign-in" />
    </>,
  );
  await click("Sign up with LinkedIn");
  expect(called).toBe(1);
  expect(screen.getByRole("button", { name: "Sign in with Discord" })).toBeTruthy();
  // React 18 also reports the render error on the console.
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(() => renderWithApp(app, <OAuthButton provider="" type="sign-in" />)).toThrow(/needs a provider id/);
  } finally {
    logged.mockRestore();
  }
});

test("a provider the project does not enable shows why under its button", async () => {
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <OAuthButton provider="spotify" type="sign-in" />);
  await click("Sign in with Spotify");
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("This sign-in provider is not enabled for this project.");
  await expectNoAxeViolations(container);
});

describe("passkeys", () => {
  test("without WebAuthn in the browser, the passkey button says so", async () => {
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <PasskeyButton type="sign-in" />);
    await click("Sign in with Passkey");
    expect((await screen.findByRole("alert")).textContent).toBe("This browser cannot use passkeys. Please sign in another way.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign in with Passkey" }));
    await expectNoAxeViolations(container);
  });

  test("a closed passkey dialog shows the browser's reason; a registered passkey signs in", async () => {
    const webauthn = installFakeWebAuthn();
    try {
      const owner = appFor(emulator.current).app;
      const { email } = await signedUp(owner);
      const user = await owner.getUser({ or: "throw" });
      const registered = await user.registerPasskey();
      expect(registered.status).toBe("ok");
      const { app, navigations } = await signInPage();
      webauthn.failNext(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"));
      await click("Sign in with Passkey");
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe("The browser stopped the passkey request: The operation either timed out or was not allowed.");
      await click("Sign in with Passkey");
      await waitFor(() => expect(navigations).toContain("/"));
      expect((await act(() => app.getUser()))?.primaryEmail).toBe(email);
    } finally {
      webauthn.remove();
    }
  });
});

test("every visible word goes through translationOverrides", async () => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <SignIn firstTab="password" />, { "Sign in to your account": "Welcome back", "Sign In": "Log in", "Sign in with {provider}": "Continue with {provider}" });
  await screen.findByRole("heading", { name: "Welcome back" });
  expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Continue with GitHub" })).toBeTruthy();
  const form = screen.getByRole("tabpanel");
  expect(within(form).getByLabelText("Password")).toBeTruthy();
});

test("bad props are ArgumentErrors", () => {
  const { app } = appFor(emulator.current);
  jest.spyOn(console, "error").mockImplementation(() => {});
  expect(() => renderWithApp(app, <SignIn firstTab={"sms" as never} />)).toThrow(/firstTab must be "magic-link" or "password"/);
  expect(() => renderWithApp(app, <PasskeyButton type={"login" as never} />)).toThrow(/type must be "sign-in" or "sign-up"/);
});
