/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { CredentialSignUp, MagicLinkSignIn, SignIn, SignUp } from "../../src/react/index";
import { addFaults, click, requestsTo, setProjectConfig, type, visit } from "./auth-helpers";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();

beforeEach(() => visit("/handler/sign-up"));

async function signUpPage(ui = <SignUp firstTab="password" />) {
  const { app, navigations } = appFor(emulator.current);
  const view = renderWithApp(app, ui);
  await screen.findByRole("heading", { name: "Create a new account" });
  return { app, navigations, ...view };
}

const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent);

test("a fresh sign-up page: sign-up words, no passkey button, magic link first", async () => {
  visit("/handler/sign-up?after_auth_return_to=%2Fwelcome");
  const { container } = await signUpPage(<SignUp />);
  const signIn = screen.getByRole("link", { name: "Sign in" });
  expect(signIn.getAttribute("href")).toBe("/handler/sign-in?after_auth_return_to=%2Fwelcome");
  expect(signIn.parentElement?.textContent).toBe("Already have an account? Sign in");
  for (const name of ["Sign up with GitHub", "Sign up with Google", "Sign up with Microsoft"]) expect(screen.getByRole("button", { name })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Passkey/ })).toBeNull();
  expect(screen.getByRole("tab", { name: "Email" }).getAttribute("aria-selected")).toBe("true");
  fireEvent.click(screen.getByRole("tab", { name: "Email & Password" }));
  expect(screen.getByLabelText("Repeat Password")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Sign Up" })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("the address and password rules are checked before any request", async () => {
  const { container } = await signUpPage();
  const before = await requestsTo(emulator.current, "POST /auth/password/sign-up");
  await click("Sign Up");
  expect(alerts()).toEqual(["Please enter your e-mail address.", "Please enter a password."]);
  type("Email", "not-an-address");
  type("Password", "short");
  type("Repeat Password", "short");
  await click("Sign Up");
  expect(alerts()).toEqual(["Please enter a valid e-mail address.", "Password must be at least 8 characters long."]);
  await expectNoAxeViolations(container);
  type("Email", "ada@example.com");
  type("Password", "x".repeat(71));
  type("Repeat Password", "x".repeat(71));
  await click("Sign Up");
  expect(alerts()).toEqual(["Password must be at most 70 characters long."]);
  type("Password", "long-enough-password");
  type("Repeat Password", "");
  await click("Sign Up");
  expect(alerts()).toEqual(["Please repeat your password."]);
  type("Repeat Password", "long-enough-passwort");
  await click("Sign Up");
  expect(alerts()).toEqual(["Passwords do not match."]);
  const repeat = screen.getByLabelText("Repeat Password");
  expect(repeat.getAttribute("aria-invalid")).toBe("true");
  expect(document.activeElement).toBe(repeat);
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ada@example.com");
  expect(await requestsTo(emulator.current, "POST /auth/password/sign-up")).toBe(before);
  await expectNoAxeViolations(container);
});

test("an address that is taken shows under the e-mail field and stays typed", async () => {
  const { email } = await signedUp(appFor(emulator.current).app);
  const { app, container } = await signUpPage();
  type("Email", email);
  type("Password", "another-good-password");
  type("Repeat Password", "another-good-password");
  await addFaults(emulator.current, [{ route: "POST /auth/password/sign-up", action: "latency", latencyMs: 150, times: 1 }]);
  await click("Sign Up");
  expect((screen.getByRole("button", { name: "Sign Up" }) as HTMLButtonElement).disabled).toBe(true);
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("A user with this e-mail address already exists.");
  const field = screen.getByLabelText("Email") as HTMLInputElement;
  expect(field.getAttribute("aria-describedby")).toContain(alert.id);
  expect(field.value).toBe(email);
  expect(await app.getUser()).toBeNull();
  await expectNoAxeViolations(container);
});

test("a new account is created, signed in and sent to after-sign-up", async () => {
  const { app, navigations } = await signUpPage(<SignUp firstTab="password" noPasswordRepeat />);
  expect(screen.queryByLabelText("Repeat Password")).toBeNull();
  const email = uniqueEmail("new");
  type("Email", email);
  type("Password", "a-fine-password");
  await click("Sign Up");
  await waitFor(() => expect(navigations).toContain("/"));
  expect((await act(() => app.getUser()))?.primaryEmail).toBe(email);
});

describe("with the project's settings changed", () => {
  let restore: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  test("sign-up disabled: the sign-up page says so, the sign-in page has no sign-up link", async () => {
    restore = await setProjectConfig(emulator.current, { signUpEnabled: false });
    const { app, navigations } = appFor(emulator.current);
    const { container, unmount } = renderWithApp(app, <SignUp />);
    await screen.findByRole("heading", { name: "Sign up for new users is not enabled at the moment." });
    expect(screen.queryByLabelText("Email")).toBeNull();
    await expectNoAxeViolations(container);
    expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
    fireEvent.click(screen.getByRole("link", { name: "Sign in" }));
    await waitFor(() => expect(navigations).toEqual(["/handler/sign-in"]));
    unmount();
    renderWithApp(appFor(emulator.current).app, <SignIn />);
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(screen.queryByRole("link", { name: "Sign up" })).toBeNull();
  });

  test("sign-up disabled: the forms on their own show the platform's refusal", async () => {
    restore = await setProjectConfig(emulator.current, { signUpEnabled: false });
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(
      app,
      <>
        <CredentialSignUp noPasswordRepeat />
        <MagicLinkSignIn />
      </>,
    );
    const [signUpEmail, magicEmail] = screen.getAllByLabelText("Email");
    fireEvent.change(signUpEmail, { target: { value: uniqueEmail("closed") } });
    type("Password", "a-fine-password");
    await click("Sign Up");
    expect((await screen.findByRole("alert")).textContent).toBe("Creating new accounts is not enabled for this project.");
    fireEvent.change(magicEmail, { target: { value: uniqueEmail("closed") } });
    await click("Send email");
    await waitFor(() => expect(alerts()).toEqual(["Creating new accounts is not enabled for this project.", "Creating new accounts is not enabled for this project."]));
    await expectNoAxeViolations(container);
  });

  test("password only: no tabs, no divider, no OAuth buttons", async () => {
    restore = await setProjectConfig(emulator.current, { magicLinkEnabled: false, oauthProviders: [], passkeyEnabled: false });
    const { container } = await signUpPage(<SignUp />);
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByText("Or continue with")).toBeNull();
    expect(screen.queryByRole("button", { name: /with/ })).toBeNull();
    expect(screen.getByLabelText("Repeat Password")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  test("magic link only, one OAuth provider: the e-mail form without tabs", async () => {
    restore = await setProjectConfig(emulator.current, { credentialEnabled: false, oauthProviders: [{ id: "github", type: "shared" }] });
    await signUpPage(<SignUp firstTab="password" />);
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getAllByRole("button", { name: /^Sign up with/ }).map((b) => b.textContent)).toEqual(["Sign up with GitHub"]);
    expect(screen.getByText("Or continue with")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send email" })).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  test("passkey only: sign-in shows the passkey button; sign-up says to sign in instead", async () => {
    restore = await setProjectConfig(emulator.current, { credentialEnabled: false, magicLinkEnabled: false, oauthProviders: [], passkeyEnabled: true });
    const { container, unmount } = await signUpPage(<SignUp />);
    expect(screen.getByText("New accounts cannot be created with this app's sign-in methods. Sign in instead.")).toBeTruthy();
    await expectNoAxeViolations(container);
    unmount();
    renderWithApp(appFor(emulator.current).app, <SignIn />);
    await screen.findByRole("button", { name: "Sign in with Passkey" });
    expect(screen.queryByText("Or continue with")).toBeNull();
  });

  test("nothing enabled: the page says no sign-in method is available", async () => {
    restore = await setProjectConfig(emulator.current, { credentialEnabled: false, magicLinkEnabled: false, oauthProviders: [], passkeyEnabled: false });
    const { app } = appFor(emulator.current);
    const { container } = renderWithApp(app, <SignIn fullPage />);
    await screen.findByRole("heading", { name: "No sign-in methods are available" });
    expect(screen.getByRole("main")).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

test("extraInfo shows under the forms", async () => {
  await signUpPage(<SignUp extraInfo={<>By signing up you accept the <a href="/terms">terms</a>.</>} />);
  expect(screen.getByRole("link", { name: "terms" }).getAttribute("href")).toBe("/terms");
});
