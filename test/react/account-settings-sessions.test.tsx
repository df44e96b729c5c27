/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// AccountSettings: "Active Sessions" (revoke another session), "Notifications" (opt out of a category) and
// "API Keys" (the full value shown once, then revoked).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AccountSettings } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();

async function openPage(page: string) {
  const { app } = appFor(emulator.current);
  const credentials = await signedUp(app);
  const view = renderWithApp(app, <AccountSettings />);
  await settled();
  fireEvent.click(within(screen.getByRole("navigation", { name: "Account settings" })).getByRole("button", { name: page }));
  await settled();
  return { app, ...credentials, ...view };
}

test("Active Sessions: this session is marked and cannot be revoked; another one is revoked", async () => {
  const { app: first, email, password } = await (async () => {
    const { app } = appFor(emulator.current);
    return { app, ...(await signedUp(app)) };
  })();
  const second = appFor(emulator.current).app;
  expect((await second.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok");
  const { container } = renderWithApp(first, <AccountSettings />);
  await settled();
  fireEvent.click(within(screen.getByRole("navigation", { name: "Account settings" })).getByRole("button", { name: "Active Sessions" }));
  await settled();
  const list = screen.getByRole("list", { name: "Sessions" });
  const rows = within(list).getAllByRole("group");
  expect(rows).toHaveLength(2);
  expect(rows[0]).toBe(screen.getByRole("group", { name: "This session" }));
  expect(within(rows[0]).getByText("Current")).toBeTruthy();
  expect(within(rows[0]).queryByRole("button", { name: "Revoke" })).toBeNull();
  await expectNoAxeViolations(container);

  fireEvent.click(within(rows[1]).getByRole("button", { name: "Revoke" }));
  await waitFor(() => expect(within(screen.getByRole("list", { name: "Sessions" })).getAllByRole("group")).toHaveLength(1));
  const user = await first.getUser({ or: "throw" });
  expect((await user.getActiveSessions()).map((s) => s.isCurrentSession)).toEqual([true]);
});

test("Notifications: a category can be turned off; one that cannot is disabled", async () => {
  const { app, container } = await openPage("Notifications");
  const marketing = screen.getByRole("checkbox", { name: "Marketing" }) as HTMLInputElement;
  const transactional = screen.getByRole("checkbox", { name: "Transactional" }) as HTMLInputElement;
  expect(transactional.checked).toBe(true);
  expect(transactional.disabled).toBe(true);
  expect(marketing.checked).toBe(true);
  await expectNoAxeViolations(container);
  fireEvent.click(marketing);
  await waitFor(() => expect((screen.getByRole("checkbox", { name: "Marketing" }) as HTMLInputElement).checked).toBe(false));
  const categories = await (await app.getUser({ or: "throw" })).listNotificationCategories();
  expect(categories.find((c) => c.name === "Marketing")?.enabled).toBe(false);
});

describe("API Keys", () => {
  test("creating a key shows its full value once, with a copy button; then only its last four", async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void writes.push(text) }, configurable: true });
    const { app, container } = await openPage("API Keys");
    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    expect(screen.getByRole("alert").textContent).toBe("Please describe what the key is for.");

    fireEvent.change(screen.getByRole("textbox", { name: "Description" }), { target: { value: "CI deploys" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Expires" }), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    const shown = (await screen.findByRole("textbox", { name: "New API key" })) as HTMLInputElement;
    const value = shown.value;
    expect(value.length).toBeGreaterThan(20);
    await screen.findByRole("group", { name: "CI deploys" }); // the list, read again after the creation
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Copy API key" }));
    await screen.findByText("Copied");
    expect(writes).toEqual([value]);

    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("textbox", { name: "New API key" })).toBeNull();
    expect(document.body.textContent).not.toContain(value);
    const row = await screen.findByRole("group", { name: "CI deploys" });
    expect(within(row).getByText(new RegExp(`Ends in ${value.slice(-4)}`))).toBeTruthy();
    // A read through the app shares the page's cache: what it brings back re-renders the page, inside act().
    const [key] = await act(async () => (await app.getUser({ or: "throw" })).listApiKeys());
    expect(Math.round((key.expiresAt!.getTime() - Date.now()) / 86_400_000)).toBe(30);
    delete (navigator as { clipboard?: unknown }).clipboard;
  });

  test("a key is revoked after a confirmation step", async () => {
    const { app, container } = await openPage("API Keys");
    fireEvent.change(screen.getByRole("textbox", { name: "Description" }), { target: { value: "Laptop" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    fireEvent.click(await screen.findByRole("button", { name: "Done" }));
    const row = await screen.findByRole("group", { name: "Laptop" });
    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    expect(within(row).getByRole("group", { name: "Revoke this key? Anything using it stops working." })).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(within(row).getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).toBe(within(row).getByRole("button", { name: "Revoke" })); // keyboard users stay put
    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    fireEvent.click(within(row).getByRole("button", { name: "Revoke key" }));
    await within(screen.getByRole("group", { name: "Laptop" })).findByText("Revoked");
    expect(within(screen.getByRole("group", { name: "Laptop" })).queryByRole("button", { name: "Revoke" })).toBeNull();
    // A read through the app shares the page's cache: what it brings back re-renders the page, inside act().
    const [key] = await act(async () => (await app.getUser({ or: "throw" })).listApiKeys());
    expect(key.whyInvalid()).toBe("manually-revoked");
  });
});
