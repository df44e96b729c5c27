/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// Initials: one rule (src/react/ui/initials.ts), the official one, on every avatar latchkey draws. The official
// `UserAvatar` shows `(displayName || primaryEmail)?.slice(0, 2).toUpperCase()` (node_modules/@stackframe/react/dist/
// esm/components/elements/user-avatar.js), its `TeamIcon` one letter of the team's name.
import * as path from "node:path";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { AccountSettings, UserAvatar, UserButton } from "../../src/react/index";
import { initialsOf } from "../../src/react/ui/initials";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

type Who = { displayName?: string | null; primaryEmail?: string | null };

// The official avatar module itself (its package exports only its index, whose UI kit loads ESM-only modules jest
// does not run): the letters are its code's; the UI kit's avatar frame is a plain element here.
jest.mock("@stackframe/stack-ui", () => ({
  Avatar: ({ children }: { children: ReactNode }) => <span>{children}</span>,
  AvatarImage: () => null,
  AvatarFallback: ({ children }: { children: ReactNode }) => <span>{children}</span>,
}));
const officialAvatarModule = path.join(path.dirname(require.resolve("@stackframe/react")), "components", "elements", "user-avatar.js");
const { UserAvatar: OfficialUserAvatar } = require(officialAvatarModule) as { UserAvatar: (props: { user: Who & { profileImageUrl: null } }) => ReactNode };

// [user, the two letters the official avatar shows]
const CASES: [Who, string][] = [
  [{ displayName: "Ada Lovelace", primaryEmail: "ada@example.com" }, "AD"], // not the word initials "AL"
  [{ displayName: "Walker Mx", primaryEmail: null }, "WA"],
  [{ displayName: "ada lovelace" }, "AD"], // upper-cased
  [{ displayName: null, primaryEmail: "grace@example.com" }, "GR"], // no name: the e-mail's first letters
  [{ displayName: "", primaryEmail: "grace@example.com" }, "GR"], // an empty name counts as none
  [{ displayName: "Ω", primaryEmail: "x@example.com" }, "Ω"], // one letter stays one
  [{ displayName: " ada" }, " A"], // not trimmed
  [{ displayName: "émile zola" }, "ÉM"],
  [{ displayName: "straße" }, "ST"],
  [{ displayName: null, primaryEmail: null }, ""], // nothing to show
  [{}, ""],
];

describe("the rule", () => {
  test.each(CASES)("%j → %j", (who, letters) => {
    expect(initialsOf(who)).toBe(letters);
  });

  test("a team's icon takes one letter of the team's name, as the official team icon does", () => {
    expect(initialsOf({ displayName: "design team" }, 1)).toBe("D");
    expect(initialsOf({ displayName: "Ada Lovelace's team" }, 1)).toBe("A");
  });

  test("every case shows what the official package's own UserAvatar shows", () => {
    for (const [who] of CASES) {
      const { container, unmount } = render(<OfficialUserAvatar user={{ ...who, profileImageUrl: null }} />);
      const official = container.textContent;
      unmount();
      expect({ who, letters: initialsOf(who) }).toEqual({ who, letters: official });
    }
  });
});

describe("on the pages", () => {
  const emulator = useEmulator();

  test("latchkey's UserAvatar shows the rule's letters", () => {
    const { app } = appFor(emulator.current);
    for (const [who, letters] of CASES.filter(([, l]) => l.trim() !== "")) {
      const { unmount } = renderWithApp(app, <UserAvatar user={who} />);
      expect(screen.getByRole("img").textContent).toBe(letters);
      unmount();
    }
  });

  test("the user button's menu and the account settings profile show the same initials, the official ones", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app);
    await (await app.getUser({ or: "throw" })).update({ displayName: "Ada Lovelace" });
    renderWithApp(
      app,
      <>
        <UserButton />
        <AccountSettings />
      </>,
    );
    await settled();
    const profileAvatar = within(screen.getByRole("region", { name: "My Profile" })).getByRole("img", { name: "Ada Lovelace" });
    expect(screen.getAllByRole("img", { name: "Ada Lovelace" })).toEqual([profileAvatar]); // the button's own avatar is inside its name
    fireEvent.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    const menuAvatar = screen.getAllByRole("img", { name: "Ada Lovelace" }).filter((img) => img !== profileAvatar);
    expect(menuAvatar).toHaveLength(1);
    expect(menuAvatar[0].textContent).toBe("AD");
    expect(profileAvatar.textContent).toBe("AD");
  });

  test("a team member shows the same letters, and the team's menu entry one letter of the team's name", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app);
    const user = await app.getUser({ or: "throw" });
    await user.update({ displayName: "Ada Lovelace" });
    const team = await user.createTeam({ displayName: "design team" });
    await (await user.getTeamProfile(team)).update({ displayName: "Ada Lovelace" });
    renderWithApp(app, <AccountSettings />);
    await settled();
    const entry = within(screen.getByRole("navigation", { name: "Account settings" })).getByRole("button", { name: "design team" });
    expect(entry.textContent).toBe("Ddesign team");
    await act(async () => {
      fireEvent.click(entry);
    });
    await settled();
    const member = within(await screen.findByRole("list", { name: "Members" })).getAllByRole("listitem").find((li) => li.textContent?.includes("Ada Lovelace"));
    expect(member?.textContent?.startsWith("ADAda Lovelace")).toBe(true);
  });
});
