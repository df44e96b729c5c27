/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// AccountSettings follows the project's configuration (changed here through an AdminApp): account deletion only
// when client user deletion is allowed, API keys, team creation and passkeys only when enabled. Also "Sign out".
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AdminApp } from "../../src/index";
import type { AdminProjectUpdate } from "../../src/index";
import { AccountSettings } from "../../src/react/index";
import { serverFor } from "../helpers/emulator";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();
const nav = () => within(screen.getByRole("navigation", { name: "Account settings" }));

async function configure(config: NonNullable<AdminProjectUpdate["config"]>) {
  const admin = new AdminApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    superSecretAdminKey: emulator.current.keys.superSecretAdminKey,
    tokenStore: null,
    retry: { sleep: async () => {}, random: () => 0.5 },
  });
  await (await admin.getProject()).update({ config });
}

async function openPage(page: string) {
  const { app, navigations } = appFor(emulator.current);
  await signedUp(app);
  const user = await app.getUser({ or: "throw" });
  const view = renderWithApp(app, <AccountSettings fullPage />);
  await settled();
  fireEvent.click(nav().getByRole("button", { name: page }));
  await settled();
  return { app, navigations, user, ...view };
}

const DEFAULTS = { clientUserDeletionEnabled: false, allowUserApiKeys: true, clientTeamCreationEnabled: true, passkeyEnabled: true };
afterEach(() => configure(DEFAULTS));

test("by default (deletion not allowed) Settings offers only Sign out, which signs out", async () => {
  const { app, navigations, container } = await openPage("Settings");
  expect(screen.queryByRole("button", { name: "Delete account" })).toBeNull();
  expect(screen.getByRole("main")).toBeTruthy(); // fullPage
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
  await screen.findByText("You are signed out.");
  expect(await app.getUser()).toBeNull();
  // Only to after-sign-out: no read of the gone user (nobody renders it now) redirects to sign-in afterwards.
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(navigations).toEqual([app.urls.afterSignOut]);
});

test("signing out elsewhere (another component, another tab): the page says so in words and goes to sign-in", async () => {
  const { app, navigations } = await openPage("Active Sessions");
  // React reports the page's failed reads (caught by its boundary) on the console in development.
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    await act(() => app.signOut({ redirectUrl: "/bye" }));
    await settled();
    await waitFor(() => expect(navigations.some((url) => url.startsWith(app.urls.signIn))).toBe(true));
    // Depending on what re-read first, the page waits for the redirect or says, in words, why a part is gone.
    for (const alert of screen.queryAllByRole("alert")) expect(alert.textContent).toBe("You are signed out.");
    expect(document.body.textContent).not.toMatch(/specified 'me'/);
  } finally {
    logged.mockRestore();
  }
});

test("when the project allows it, the account is deleted after a confirmation step", async () => {
  await configure({ clientUserDeletionEnabled: true });
  const { app, navigations, user, container } = await openPage("Settings");
  fireEvent.click(screen.getByRole("button", { name: "Delete account" }));
  expect(screen.getByRole("group", { name: "Delete your account for good?" })).toBeTruthy();
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(await serverFor(emulator.current).getUser(user.id)).not.toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Delete account" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes, delete my account" }));
  await waitFor(() => expect(navigations).toContain(app.urls.home));
  expect(await serverFor(emulator.current).getUser(user.id)).toBeNull();
  expect(await app.getUser()).toBeNull();
});

test("API keys, team creation and passkeys appear only when the project enables them", async () => {
  await configure({ allowUserApiKeys: false, clientTeamCreationEnabled: false, passkeyEnabled: false });
  const { container } = await openPage("Emails & Auth");
  expect(nav().queryByRole("button", { name: "API Keys" })).toBeNull();
  expect(nav().queryByRole("button", { name: "Create a team" })).toBeNull();
  expect(screen.queryByRole("heading", { name: "Passkey" })).toBeNull();
  expect(screen.getByRole("heading", { name: "Two-factor authentication" })).toBeTruthy();
  await expectNoAxeViolations(container);
});
