/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import type React from "react";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { UserButton } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";
import { expectAllTextTranslated, markedTranslations } from "./translation";

const emulator = useEmulator();

async function signedInAs(name: string | null) {
  const { app, navigations } = appFor(emulator.current);
  const { email } = await signedUp(app);
  if (name) await (await app.getUser({ or: "throw" })).setDisplayName(name);
  return { app, navigations, email };
}

const menuButton = (name: string | RegExp = /^Account menu/) => screen.getByRole("button", { name });
/** Renders `ui` and waits until the button (which suspends inside its own boundary) shows. */
async function shown(app: Parameters<typeof renderWithApp>[0], ui: React.ReactNode, overrides?: Parameters<typeof renderWithApp>[2]) {
  const result = renderWithApp(app, ui, overrides);
  await screen.findByRole("button", { name: /Account menu/ });
  await settled();
  return result;
}
const itemNames = () => screen.getAllByRole("menuitem").map((item) => item.textContent);
const focused = () => document.activeElement?.textContent;

test("signed in: a menu button named for the user, closed until asked", async () => {
  const { app } = await signedInAs("Ada Lovelace");
  const { container } = await shown(app, <UserButton />);
  const button = menuButton("Account menu for Ada Lovelace");
  expect(button.getAttribute("aria-haspopup")).toBe("menu");
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByRole("menu")).toBeNull();
  await expectNoAxeViolations(container);
});

test("Enter, Space and ArrowDown open the menu on its first item; ArrowUp on its last; arrows, Home and End move; Escape closes and returns focus", async () => {
  const { app } = await signedInAs("Ada Lovelace");
  const { container } = await shown(app, <UserButton />);
  const button = menuButton("Account menu for Ada Lovelace");
  for (const key of ["Enter", " ", "ArrowDown"]) {
    button.focus();
    fireEvent.keyDown(button, { key });
    const menu = screen.getByRole("menu", { name: "Account menu for Ada Lovelace" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(focused()).toBe("Account settings");
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  }
  fireEvent.keyDown(button, { key: "ArrowUp" });
  expect(itemNames()).toEqual(["Account settings", "Sign out"]);
  expect(focused()).toBe("Sign out");
  await expectNoAxeViolations(container);
  const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
  press("ArrowDown");
  expect(focused()).toBe("Account settings"); // wraps around
  press("ArrowUp");
  expect(focused()).toBe("Sign out");
  press("Home");
  expect(focused()).toBe("Account settings");
  press("End");
  expect(focused()).toBe("Sign out");
  press("a"); // type-ahead
  expect(focused()).toBe("Account settings");
  press("Tab");
  expect(screen.queryByRole("menu")).toBeNull();
});

test("a click toggles the menu, a press outside closes it", async () => {
  const { app } = await signedInAs("Ada Lovelace");
  await shown(app, <UserButton />);
  fireEvent.click(menuButton());
  expect(screen.getByRole("menu")).toBeTruthy();
  fireEvent.click(menuButton());
  expect(screen.queryByRole("menu")).toBeNull();
  fireEvent.click(menuButton());
  fireEvent.pointerDown(document.body);
  expect(screen.queryByRole("menu")).toBeNull();
});

test("Account settings goes to the app's account-settings page", async () => {
  const { app, navigations } = await signedInAs("Ada Lovelace");
  await shown(app, <UserButton />);
  fireEvent.keyDown(menuButton(), { key: "ArrowDown" });
  fireEvent.keyDown(screen.getByRole("menuitem", { name: "Account settings" }), { key: "Enter" });
  await waitFor(() => expect(navigations).toEqual([app.urls.accountSettings]));
  expect(document.activeElement).toBe(menuButton());
});

test("Sign out signs the user out; then the menu offers Sign in and Sign up, which go to those pages", async () => {
  const { app, navigations, email } = await signedInAs(null);
  const { container } = await shown(app, <UserButton />);
  fireEvent.click(menuButton(`Account menu for ${email}`)); // named by the e-mail when there is no name
  await act(async () => fireEvent.click(screen.getByRole("menuitem", { name: "Sign out" })));
  await waitFor(() => expect(menuButton("Account menu")).toBeTruthy());
  expect(await app.getUser()).toBeNull();
  expect(navigations).toEqual([app.urls.afterSignOut]);
  fireEvent.click(menuButton("Account menu"));
  expect(itemNames()).toEqual(["Sign in", "Sign up"]);
  expect(screen.getByText("Not signed in")).toBeTruthy();
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole("menuitem", { name: "Sign in" }));
  await waitFor(() => expect(navigations).toHaveLength(2));
  expect(navigations[1].startsWith(app.urls.signIn)).toBe(true);
  fireEvent.click(menuButton("Account menu"));
  fireEvent.click(screen.getByRole("menuitem", { name: "Sign up" }));
  await waitFor(() => expect(navigations).toHaveLength(3));
  expect(navigations[2].startsWith(app.urls.signUp)).toBe(true);
});

test("extra items and the colour-mode toggle sit between Account settings and Sign out, and run when chosen", async () => {
  const { app } = await signedInAs("Ada Lovelace");
  const billing = jest.fn();
  const toggle = jest.fn();
  await shown(app, <UserButton colorModeToggle={toggle} extraItems={[{ text: "Billing", icon: null, onClick: billing }]} />);
  fireEvent.click(menuButton());
  expect(itemNames()).toEqual(["Account settings", "Billing", "Toggle theme", "Sign out"]);
  fireEvent.click(screen.getByRole("menuitem", { name: "Billing" }));
  await waitFor(() => expect(billing).toHaveBeenCalledTimes(1));
  fireEvent.click(menuButton());
  fireEvent.keyDown(screen.getByRole("menuitem", { name: "Toggle theme" }), { key: " " });
  await waitFor(() => expect(toggle).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole("menu")).toBeNull();
});

test("an item that fails shows why next to the button", async () => {
  const { app } = await signedInAs("Ada Lovelace");
  await shown(app, <UserButton extraItems={[{ text: "Export", onClick: async () => Promise.reject(new Error("Export is down.")) }]} />);
  fireEvent.click(menuButton());
  fireEvent.click(screen.getByRole("menuitem", { name: "Export" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Export is down.");
  fireEvent.click(menuButton()); // opening again clears it
  expect(screen.queryByRole("alert")).toBeNull();
});

test("showUserInfo shows the name and e-mail in the button", async () => {
  const { app, email } = await signedInAs("Ada Lovelace");
  await shown(app, <UserButton showUserInfo />);
  const button = menuButton("Account menu for Ada Lovelace");
  expect(button.textContent).toContain("Ada Lovelace");
  expect(button.textContent).toContain(email);
});

test("every word goes through the translation table, signed in and out", async () => {
  const { app, email } = await signedInAs("Ada Lovelace");
  const { container } = await shown(app, <UserButton showUserInfo colorModeToggle={() => {}} />, markedTranslations());
  fireEvent.click(screen.getByRole("button", { name: "⟪Account menu for Ada Lovelace⟫" }));
  expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["⟪Account settings⟫", "⟪Toggle theme⟫", "⟪Sign out⟫"]);
  expectAllTextTranslated(container, { allow: ["Ada Lovelace", email, "AD"] });
  await act(() => app.signOut());
  await waitFor(() => expect(screen.getByRole("button", { name: "⟪Account menu⟫" })).toBeTruthy());
  fireEvent.click(screen.getByRole("button", { name: "⟪Account menu⟫" }));
  expectAllTextTranslated(container);
});
