/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// AccountSettings: the frame (heading, side menu, extra pages, bad props) and "My Profile" (name, image).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AccountSettings } from "../../src/react/index";
import { ArgumentError } from "../../src/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();
const nav = () => within(screen.getByRole("navigation", { name: "Account settings" }));

async function openSettings(ui = <AccountSettings />) {
  const { app, navigations } = appFor(emulator.current);
  const { email } = await signedUp(app);
  const view = renderWithApp(app, ui);
  await settled();
  return { app, email, navigations, ...view };
}

test("the page has the heading, the side menu of the official page and the profile first", async () => {
  const { container, app } = await openSettings();
  expect(screen.getByRole("heading", { level: 1, name: "Account Settings" })).toBeTruthy();
  const names = nav().getAllByRole("button").map((b) => b.textContent);
  const team = (await (await app.getUser({ or: "throw" })).listTeams())[0]; // the project creates one on sign-up
  // A team's entry: the first letter of its name (the official team icon), then its name.
  expect(names).toEqual(["My Profile", "Emails & Auth", "Notifications", "Active Sessions", "API Keys", "Settings", team.displayName.slice(0, 1).toUpperCase() + team.displayName, "Create a team"]);
  expect(nav().getByRole("button", { name: "My Profile" }).getAttribute("aria-current")).toBe("page");
  expect(nav().getByRole("list", { name: "Teams" })).toBeTruthy();
  expect(screen.getByRole("region", { name: "My Profile" })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("choosing a menu entry shows its page and marks it current", async () => {
  await openSettings();
  fireEvent.click(nav().getByRole("button", { name: "Active Sessions" }));
  await settled();
  expect(screen.getByRole("region", { name: "Active Sessions" })).toBeTruthy();
  expect(nav().getByRole("button", { name: "Active Sessions" }).getAttribute("aria-current")).toBe("page");
  expect(nav().getByRole("button", { name: "My Profile" }).getAttribute("aria-current")).toBeNull();
});

test("extraItems add menu entries after Settings with their content and icon", async () => {
  await openSettings(
    <AccountSettings
      extraItems={[
        { id: "billing", title: "Billing", iconName: "CreditCard", content: <p>Your invoices</p> },
        { id: "help", title: "Help", icon: <span aria-hidden="true">?</span>, content: <p>Ask us anything</p> },
      ]}
    />,
  );
  const names = nav().getAllByRole("button").map((b) => b.textContent);
  expect(names.slice(5, 8)).toEqual(["Settings", "Billing", "?Help"]);
  expect(nav().getByRole("button", { name: "Billing" }).querySelector("svg")).toBeTruthy();
  fireEvent.click(nav().getByRole("button", { name: "Billing" }));
  expect(within(screen.getByRole("region", { name: "Billing" })).getByText("Your invoices")).toBeTruthy();
});

test("bad extraItems are an ArgumentError that says what is wrong", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  jest.spyOn(console, "error").mockImplementation(() => {});
  const { render } = await import("@testing-library/react");
  const { LatchkeyProvider } = await import("../../src/react/index");
  const attempt = (items: unknown) => () => render(<LatchkeyProvider app={app}><AccountSettings extraItems={items as never} /></LatchkeyProvider>);
  expect(attempt("billing")).toThrow(ArgumentError);
  expect(attempt([{ id: "", title: "x", content: null }])).toThrow(/non-empty string id/);
  expect(attempt([{ id: "profile", title: "Mine", content: null }])).toThrow(/built-in/);
  expect(attempt([{ id: "a", title: "A", content: null }, { id: "a", title: "B", content: null }])).toThrow(/unique/);
  (console.error as jest.Mock).mockRestore();
});

describe("My Profile", () => {
  test("renames the user in place: named edit button, Save, and focus back on the button", async () => {
    const { app, container } = await openSettings();
    fireEvent.click(screen.getByRole("button", { name: "Edit user name" }));
    const field = screen.getByRole("textbox", { name: "User name" });
    expect(document.activeElement).toBe(field);
    await expectNoAxeViolations(container);
    fireEvent.change(field, { target: { value: "  Ada Lovelace " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true); // busy while saving
    await screen.findByText("Ada Lovelace");
    expect((await app.getUser({ or: "throw" })).displayName).toBe("Ada Lovelace");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit user name" }));
  });

  test("Escape and Cancel leave the name as it was", async () => {
    const { app } = await openSettings();
    fireEvent.click(screen.getByRole("button", { name: "Edit user name" }));
    fireEvent.change(screen.getByRole("textbox", { name: "User name" }), { target: { value: "Nope" } });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "User name" }), { key: "Escape" });
    expect(screen.queryByRole("textbox", { name: "User name" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Edit user name" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText("Nope")).toBeNull();
    expect((await app.getUser({ or: "throw" })).displayName).not.toBe("Nope");
  });

  test("a profile image can be removed; the initials (the name's first two letters) come back", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app);
    const user = await app.getUser({ or: "throw" });
    await user.update({ displayName: "Grace Hopper", profileImageUrl: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" });
    const { container } = renderWithApp(app, <AccountSettings />);
    await settled();
    const region = screen.getByRole("region", { name: "My Profile" });
    expect(region.querySelector("img")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    await waitFor(() => expect(within(region).getByRole("img", { name: "Grace Hopper" }).textContent).toBe("GR"));
    expect((await app.getUser({ or: "throw" })).profileImageUrl).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove image" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  test("a file that is not an image is refused next to the upload button", async () => {
    await openSettings();
    const input = screen.getByLabelText("Profile image file") as HTMLInputElement;
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Choose an image file (PNG, JPEG, GIF or WebP).");
  });
});

test("signed-out visitors are sent to sign-in", async () => {
  const { app, navigations } = appFor(emulator.current);
  renderWithApp(app, <AccountSettings />);
  for (let i = 0; i < 100 && navigations.length === 0; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(navigations[0]).toMatch(/\/handler\/sign-in/);
  expect(screen.queryByRole("heading", { name: "Account Settings" })).toBeNull();
});
