/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpError } from "../../src/errors/base";
import { LatchkeyHandler, LatchkeyProvider, StackHandler } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { at } from "./flow-helpers";
import { appFor, renderWithApp, useEmulator } from "./helpers";

// The pages other parts of latchkey/react build stand in here as a heading and the props they were given, so these
// tests check the routing alone.
function standIn(name: string) {
  return function Page(props: Record<string, unknown>) {
    if (props.explode) throw new HttpError(500, "boom", { method: "GET", url: "https://api.example/x" });
    return (
      <main>
        <h1>{`${name} page`}</h1>
        <output aria-label="props">{JSON.stringify(props)}</output>
      </main>
    );
  };
}
jest.mock("../../src/react/components/sign-in", () => ({ SignIn: standIn("SignIn") }));
jest.mock("../../src/react/components/sign-up", () => ({ SignUp: standIn("SignUp") }));
jest.mock("../../src/react/components/forgot-password", () => ({ ForgotPassword: standIn("ForgotPassword") }));
jest.mock("../../src/react/components/password-reset", () => ({ PasswordReset: standIn("PasswordReset") }));
jest.mock("../../src/react/components/account-settings", () => ({ AccountSettings: standIn("AccountSettings") }));

const emulator = useEmulator();
beforeEach(() => at("/"));
const props = () => JSON.parse(screen.getByRole("status", { name: "props" }).textContent!);

test.each([
  ["/handler/sign-in", "SignIn page"],
  ["/handler/log-in", "SignIn page"],
  ["/handler/LogIn", "SignIn page"],
  ["/handler/SIGN-IN/", "SignIn page"],
  ["/handler/sign-up", "SignUp page"],
  ["/handler/register", "SignUp page"],
  ["/handler/Re-Gister", "SignUp page"],
  ["/handler/forgot-password", "ForgotPassword page"],
  ["/handler/password-reset", "PasswordReset page"],
  ["/handler/accountsettings", "AccountSettings page"],
  ["/handler/email-verification", "Invalid verification link"],
  ["/handler/magic-link-callback", "Invalid magic link"],
  ["/handler/Team-Invitation", "Invalid team invitation link"],
  ["/handler/error", "An unknown error occurred"],
  ["/handler/mfa", "No sign-in is waiting for a code"],
  ["/handler/cli-auth-confirm", "Invalid CLI authorization link"],
  ["/handler/oauth-callback", "Signing in failed"],
  ["/handler/sign-out", "You have been signed out"],
])("%s shows %s", async (location, heading) => {
  const { app } = appFor(emulator.current);
  renderWithApp(app, <LatchkeyHandler location={location} />);
  await screen.findByRole("heading", { level: 1, name: heading });
});

test("an unknown path, the handler path itself and a path outside it show Page does not exist, with a link home", async () => {
  const { app, navigations } = appFor(emulator.current);
  for (const location of ["/handler/nope", "/handler", "/handler/sign-in/extra", "/elsewhere/sign-in"]) {
    const { container, unmount } = renderWithApp(app, <LatchkeyHandler location={location} />);
    expect(screen.getByRole("heading", { name: "Page does not exist" })).toBeTruthy();
    await expectNoAxeViolations(container);
    unmount();
  }
  renderWithApp(app, <StackHandler location="/handler/nope" />);
  await act(async () => fireEvent.click(screen.getByRole("link", { name: "Go home" })));
  expect(navigations).toEqual(["/"]);
});

test("pages get fullPage (default true), sign-in and sign-up automaticRedirect, query pages the query, then componentProps", async () => {
  const { app } = appFor(emulator.current);
  at("/handler/sign-in?after_auth_return_to=%2Fcart");
  const first = renderWithApp(app, <LatchkeyHandler componentProps={{ SignIn: { firstTab: "password", automaticRedirect: undefined } }} />);
  expect(props()).toEqual({ fullPage: true, automaticRedirect: true, firstTab: "password" });
  first.unmount();

  const second = renderWithApp(app, <LatchkeyHandler location="/handler/password-reset?code=abc" fullPage={false} componentProps={{ SignIn: { fullPage: true } }} />);
  await screen.findByRole("heading", { name: "PasswordReset page" });
  expect(props()).toEqual({ fullPage: false, searchParams: { code: "abc" } });
  second.unmount();

  const third = renderWithApp(app, <LatchkeyHandler location="/handler/error" componentProps={{ ErrorPage: { searchParams: { errorCode: "OUTER_OAUTH_TIMEOUT", message: "Timeout" } } }} />);
  await screen.findByText("The sign-in took too long. Please sign in again.");
  third.unmount();

  const onCancel = jest.fn();
  renderWithApp(app, <LatchkeyHandler location="/handler/mfa" fullPage={false} componentProps={{ MFA: { onCancel } }} />);
  await screen.findByRole("heading", { name: "No sign-in is waiting for a code" });
  expect(screen.queryByRole("main")).toBeNull();
});

test("the query of the location prop reaches the page", async () => {
  const { app } = appFor(emulator.current);
  const code = "c".repeat(45);
  const { container } = renderWithApp(app, <LatchkeyHandler location={`/handler/email-verification?code=${code}`} />);
  await screen.findByRole("heading", { name: "Do you want to verify your email?" });
  await expectNoAxeViolations(container);
});

test("without location it follows the page's address, back and forward included", async () => {
  const { app } = appFor(emulator.current);
  at("/handler/register");
  renderWithApp(app, <LatchkeyHandler />);
  expect(screen.getByRole("heading", { name: "SignUp page" })).toBeTruthy();
  act(() => {
    at("/handler/error");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await screen.findByRole("heading", { name: "An unknown error occurred" });
});

test("a page whose URL the app puts elsewhere redirects there, keeping the query", async () => {
  const { app, navigations } = appFor(emulator.current, { urls: { signIn: "/login", forgotPassword: { type: "hosted" }, signUp: "/handler/register" } });
  at("/handler/sign-in?after_auth_return_to=%2Fcart");
  const { container, unmount } = renderWithApp(app, <LatchkeyHandler />);
  expect(screen.getByRole("status").textContent).toBe("Redirecting…");
  await expectNoAxeViolations(container);
  await waitFor(() => expect(navigations).toEqual(["/login?after_auth_return_to=%2Fcart"]));
  unmount();

  renderWithApp(app, <LatchkeyHandler location="/handler/forgot-password?email=a%40b.c" />);
  await waitFor(() => expect(navigations).toHaveLength(2));
  expect(navigations[1]).toBe(`https://${emulator.current.projectId}.built-with-stack-auth.com/handler/forgot-password?email=a%40b.c`);

  // A page set to another address under the handler is the handler's own: it shows.
  renderWithApp(app, <LatchkeyHandler location="/handler/sign-up" />);
  expect(screen.getByRole("heading", { name: "SignUp page" })).toBeTruthy();
  expect(navigations).toHaveLength(2);
});

test("the handler follows the app's handler path", async () => {
  const { app } = appFor(emulator.current, { urls: { handler: "/auth" } });
  renderWithApp(app, <LatchkeyHandler location="/auth/Sign-Up" />);
  expect(screen.getByRole("heading", { name: "SignUp page" })).toBeTruthy();
});

test("what a page throws while rendering is shown readably", async () => {
  jest.spyOn(console, "error").mockImplementation(() => {});
  const { app } = appFor(emulator.current);
  const { container } = renderWithApp(app, <LatchkeyHandler location="/handler/account-settings" componentProps={{ AccountSettings: { explode: true } as never }} />);
  await screen.findByRole("heading", { name: "Something went wrong" });
  expect(screen.getByRole("alert").textContent).toBe("The server had a problem. Please try again in a moment.");
  expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  await expectNoAxeViolations(container);
  jest.restoreAllMocks();
});
