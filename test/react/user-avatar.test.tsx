/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { fireEvent, screen } from "@testing-library/react";
import { UserAvatar } from "../../src/react/index";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, useEmulator } from "./helpers";
import { expectAllTextTranslated, markedTranslations, untranslatedText } from "./translation";

const emulator = useEmulator();
const app = () => appFor(emulator.current).app;
const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

test("a user's image, named by the user", async () => {
  const { container } = renderWithApp(app(), <UserAvatar user={{ displayName: "Ada Lovelace", primaryEmail: "ada@example.com", profileImageUrl: PIXEL }} size={48} border />);
  const avatar = screen.getByRole("img", { name: "Ada Lovelace" });
  expect(avatar.querySelector("img")?.getAttribute("src")).toBe(PIXEL);
  expect(avatar.style.width).toBe("48px");
  expect(avatar.style.height).toBe("48px");
  expect(avatar.className).toContain("lk-avatar-border");
  await expectNoAxeViolations(container);
});

test("without an image, the first letters of the name, else of the e-mail (which then names it)", async () => {
  renderWithApp(app(), <UserAvatar user={{ displayName: "Ada Lovelace", primaryEmail: "ada@example.com", profileImageUrl: null }} />);
  expect(screen.getByRole("img", { name: "Ada Lovelace" }).textContent).toBe("AD");
  renderWithApp(app(), <UserAvatar user={{ displayName: null, primaryEmail: "grace@example.com" }} />);
  const avatar = screen.getByRole("img", { name: "grace@example.com" });
  expect(avatar.textContent).toBe("GR");
  expect(avatar.style.width).toBe("34px"); // the default size
});

test("an image that fails to load falls back to the initials", async () => {
  renderWithApp(app(), <UserAvatar user={{ displayName: "Ada Lovelace", profileImageUrl: "https://img.invalid/ada.png" }} />);
  const avatar = screen.getByRole("img", { name: "Ada Lovelace" });
  fireEvent.error(avatar.querySelector("img")!);
  expect(avatar.querySelector("img")).toBeNull();
  expect(avatar.textContent).toBe("AD");
});

test("no user: a person mark named Not signed in; a user without name or e-mail is named User", async () => {
  const { container } = renderWithApp(app(), <UserAvatar />);
  expect(screen.getByRole("img", { name: "Not signed in" }).querySelector("svg")).not.toBeNull();
  renderWithApp(app(), <UserAvatar user={{ displayName: null, primaryEmail: null }} />);
  expect(screen.getByRole("img", { name: "User" })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test("its words go through the translation table", async () => {
  const { container } = renderWithApp(app(), <UserAvatar />, markedTranslations());
  await settled();
  expect(screen.getByRole("img", { name: "⟪Not signed in⟫" })).toBeTruthy();
  expectAllTextTranslated(container);
});

test("the translation check finds text that skipped the table, and accepts data passed in", async () => {
  const { container } = renderWithApp(
    app(),
    <div>
      <p>Welcome back</p>
      <input aria-label="Search" placeholder="Type here" />
      <img alt="Logo" src={PIXEL} />
      <p title="Ada's page">Ada Lovelace</p>
    </div>,
    markedTranslations(),
  );
  expect(untranslatedText(container, ["Ada Lovelace"])).toEqual([
    'text in <p>: "Welcome back"',
    'aria-label of <input>: "Search"',
    'placeholder of <input>: "Type here"',
    'alt of <img>: "Logo"',
    `title of <p>: "Ada's page"`,
  ]);
  expect(untranslatedText(container, ["Ada Lovelace", /Ada's page/, "Welcome back", "Search", "Type here", "Logo"])).toEqual([]);
});
