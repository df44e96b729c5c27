/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { CliAuthConfirmation, useCliAuthConfirmation } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { at } from "./flow-helpers";
import { appFor, renderWithApp, signedUp, useEmulator } from "./helpers";
import type { Emulator } from "./helpers";

const emulator = useEmulator();
afterEach(() => sessionStorage.clear());

/** A raw call to the emulator's client API, as a command-line app makes it. */
async function cliCall(e: Emulator, path: string, body: Record<string, unknown>) {
  const res = await fetch(`${e.url}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": e.projectId, "x-stack-publishable-client-key": e.keys.publishableClientKey },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** A CLI login started with POST /auth/cli; the page is put at its confirmation link. */
async function cliLogin(body: Record<string, unknown> = {}) {
  const { login_code, polling_code } = await cliCall(emulator.current, "/auth/cli", body);
  at(`/handler/cli-auth-confirm?login_code=${login_code}`);
  return { loginCode: login_code as string, poll: () => cliCall(emulator.current, "/auth/cli/poll", { polling_code }) };
}

const authorize = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Authorize" })));

test("a signed-in user authorizes the waiting CLI, which then gets the user's session", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const { poll } = await cliLogin();
  const { container } = renderWithApp(app, <CliAuthConfirmation fullPage />);
  await screen.findByRole("heading", { name: "Authorize CLI application?" });
  expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  expect((await poll()).status).toBe("waiting");
  await expectNoAxeViolations(container);
  await authorize();
  await screen.findByRole("heading", { name: "CLI application authorized" });
  expect(screen.getByText("You can close this window and return to the command line.")).toBeTruthy();
  expect(await poll()).toEqual({ status: "success", refresh_token: await app.getRefreshToken() });
  await expectNoAxeViolations(container);
});

test("a signed-out visitor signs in first, keeping this page to come back to, where the authorization finishes", async () => {
  const { app, navigations } = appFor(emulator.current);
  const { loginCode, poll } = await cliLogin();
  const first = renderWithApp(app, <CliAuthConfirmation />);
  await screen.findByRole("button", { name: "Authorize" });
  expect(screen.getByText("You will sign in first.")).toBeTruthy();
  await authorize();
  const back = `/handler/cli-auth-confirm?login_code=${loginCode}`;
  await waitFor(() => expect(navigations).toHaveLength(1));
  expect(navigations).toEqual([`/handler/sign-in?after_auth_return_to=${encodeURIComponent(back)}`]);
  expect(screen.getByRole("status").textContent).toBe("Taking you to sign in…");
  await expectNoAxeViolations(first.container);
  first.unmount();

  await signedUp(app); // on the sign-in page
  renderWithApp(app, <CliAuthConfirmation />); // back here
  await screen.findByRole("heading", { name: "CLI application authorized" });
  expect(await poll()).toEqual({ status: "success", refresh_token: await app.getRefreshToken() });
});

test("a CLI with an anonymous session: the visitor takes it over and goes to sign up", async () => {
  const cliUser = appFor(emulator.current).app;
  await cliUser.getUser({ or: "anonymous" });
  const anonymousToken = await cliUser.getRefreshToken();
  const { loginCode } = await cliLogin({ anon_refresh_token: anonymousToken });
  const { app, navigations } = appFor(emulator.current);
  renderWithApp(app, <CliAuthConfirmation />);
  await screen.findByRole("button", { name: "Authorize" });
  await authorize();
  await waitFor(() => expect(navigations).toHaveLength(1));
  expect(navigations).toEqual([`/handler/sign-up?after_auth_return_to=${encodeURIComponent(`/handler/cli-auth-confirm?login_code=${loginCode}`)}`]);
  expect(await app.getRefreshToken()).toBe(anonymousToken);
});

test("an unknown or used login code fails readably, and Try again goes back to the question", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const { poll } = await cliLogin();
  expect((await app.confirmCliLogin(new URLSearchParams(window.location.search).get("login_code")!)).status).toBe("ok");
  expect((await poll()).status).toBe("success");
  const { container } = renderWithApp(app, <CliAuthConfirmation fullPage />);
  await screen.findByRole("button", { name: "Authorize" });
  await authorize();
  await screen.findByRole("heading", { name: "Authorization failed" });
  expect(screen.getByRole("alert").textContent).toBe("This CLI login link is invalid or has expired. Start the login again from the command line.");
  await expectNoAxeViolations(container);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
  expect(screen.getByRole("heading", { name: "Authorize CLI application?" })).toBeTruthy();
});

test("an account that must verify its e-mail first is told so", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  await cliLogin();
  const project = emulator.current.core.store.projects.get(emulator.current.projectId)!;
  project.config.requireEmailVerification = true;
  try {
    renderWithApp(app, <CliAuthConfirmation />);
    await screen.findByRole("button", { name: "Authorize" });
    await authorize();
    expect((await screen.findByRole("alert")).textContent).toBe("Your account is not ready for this yet. Verify your e-mail address first.");
  } finally {
    project.config.requireEmailVerification = false;
  }
});

test("a link without a login code is invalid; Cancel goes home", async () => {
  const { app, navigations } = appFor(emulator.current);
  at("/handler/cli-auth-confirm");
  const first = renderWithApp(app, <CliAuthConfirmation fullPage />);
  await screen.findByRole("heading", { name: "Invalid CLI authorization link" });
  await expectNoAxeViolations(first.container);
  first.unmount();
  await cliLogin();
  renderWithApp(app, <CliAuthConfirmation />);
  await screen.findByRole("button", { name: "Authorize" });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
  expect(navigations).toEqual(["/"]);
});

test("useCliAuthConfirmation gives the official shape for a page of your own", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const { loginCode } = await cliLogin();
  function Mine() {
    const cli = useCliAuthConfirmation();
    return (
      <button disabled={cli.isLoading} onClick={() => void cli.authorize()}>
        {`${cli.status} ${cli.loginCode === loginCode}`}
      </button>
    );
  }
  renderWithApp(app, <Mine />);
  expect((await screen.findByRole("button")).textContent).toBe("idle true");
  await act(async () => fireEvent.click(screen.getByRole("button")));
  await screen.findByText("success true");
});
