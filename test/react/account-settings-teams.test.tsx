/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// AccountSettings, teams: create a team, its page for an admin (rename, invite, pending invitations, members,
// team API keys, own team name, leave), and the parts hidden from members without the permissions.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ClientApp } from "../../src/index";
import { AccountSettings } from "../../src/react/index";
import { serverFor } from "../helpers/emulator";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, uniqueEmail, useEmulator } from "./helpers";

const emulator = useEmulator();
const nav = () => within(screen.getByRole("navigation", { name: "Account settings" }));

async function open(app: ClientApp, page?: string) {
  const view = renderWithApp(app, <AccountSettings />);
  await settled();
  if (page) {
    fireEvent.click(nav().getByRole("button", { name: page }));
    await settled();
  }
  return view;
}

/** A signed-up user with a new team of their own (they hold team_admin in it). */
async function owner(teamName = `Team ${Math.random().toString(36).slice(2, 8)}`) {
  const { app } = appFor(emulator.current);
  const credentials = await signedUp(app);
  const team = await (await app.getUser({ or: "throw" })).createTeam({ displayName: teamName });
  return { app, team, teamName, ...credentials };
}

async function outboxTo(address: string): Promise<string[]> {
  const body = await (await fetch(`${emulator.current.url}/emulator/outbox`)).json();
  const mails: unknown[] = Array.isArray(body) ? body : (body.emails ?? body.items ?? body.mails ?? []);
  return mails.map((m) => JSON.stringify(m)).filter((m) => m.includes(address));
}

test("Create a team: the new team is selected and its page opens", async () => {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const { container } = await open(app, "Create a team");
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
  expect(screen.getByRole("alert").textContent).toBe("Please enter a name.");
  fireEvent.change(screen.getByRole("textbox", { name: "Team name" }), { target: { value: "Rocket" } });
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
  await screen.findByRole("region", { name: "Rocket" });
  await settled();
  expect(nav().getByRole("button", { name: "Rocket" }).getAttribute("aria-current")).toBe("page");
  const user = await app.getUser({ or: "throw" });
  expect(user.selectedTeam?.displayName).toBe("Rocket");
});

describe("a team admin's page", () => {
  test("rename the team, change the own name in it, see the members", async () => {
    const { app, team, teamName } = await owner();
    const { container } = await open(app, teamName);
    await expectNoAxeViolations(container);
    const members = screen.getByRole("list", { name: "Members" });
    expect(within(members).getAllByRole("listitem")).toHaveLength(1);
    expect(within(members).getByText("You")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit team name" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Team name" }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a name.");
    fireEvent.change(screen.getByRole("textbox", { name: "Team name" }), { target: { value: "Renamed crew" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("region", { name: "Renamed crew" });
    expect(nav().getByRole("button", { name: "Renamed crew" })).toBeTruthy();
    expect((await act(async () => (await app.getUser({ or: "throw" })).getTeam(team.id)))?.displayName).toBe("Renamed crew");

    fireEvent.click(screen.getByRole("button", { name: "Edit your name in this team" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Your name in this team" }), { target: { value: "Captain" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await within(screen.getByRole("list", { name: "Members" })).findByText("Captain");
    // Reads through the app share the page's cache: what they bring back re-renders the page, inside act().
    expect((await act(async () => (await app.getUser({ or: "throw" })).getTeamProfile(team))).displayName).toBe("Captain");
  });

  test("invite a member: the mail is in the outbox, the invitation is pending, and it can be revoked", async () => {
    const { app, teamName } = await owner();
    const { container } = await open(app, teamName);
    const invitee = uniqueEmail("invitee");
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address.");
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: invitee } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect((await screen.findByRole("status")).textContent).toBe(`Invitation sent to ${invitee}.`);
    const mails = await outboxTo(invitee);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("/handler/team-invitation?code=");
    const pending = await screen.findByRole("group", { name: invitee });
    await expectNoAxeViolations(container);
    fireEvent.click(within(pending).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: invitee })).toBeNull());
    await screen.findByText("No pending invitations.");
  });

  test("team API keys: created (value shown once) and listed", async () => {
    const { app, team, teamName } = await owner();
    await open(app, teamName);
    expect(screen.getByRole("heading", { name: "Team API keys" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Description" }), { target: { value: "Team bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    const value = ((await screen.findByRole("textbox", { name: "New API key" })) as HTMLInputElement).value;
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    const row = await screen.findByRole("group", { name: "Team bot" });
    expect(within(row).getByText(new RegExp(`Ends in ${value.slice(-4)}`))).toBeTruthy();
    expect((await team.listApiKeys()).map((k) => k.description)).toEqual(["Team bot"]);
  });

  test("leave the team after confirming: it leaves the menu and the profile shows", async () => {
    const { app, team, teamName } = await owner();
    const { container } = await open(app, teamName);
    fireEvent.click(screen.getByRole("button", { name: "Leave team" }));
    expect(screen.getByRole("group", { name: `Leave ${teamName}?` })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Yes, leave team" }));
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Yes, leave team" }));
    await screen.findByRole("region", { name: "My Profile" });
    await settled();
    expect(nav().queryByRole("button", { name: teamName })).toBeNull();
    expect(await (await app.getUser({ or: "throw" })).getTeam(team.id)).toBeNull();
  });
});

test("an admin deletes the team after confirming", async () => {
  const { app, team, teamName } = await owner();
  await open(app, teamName);
  fireEvent.click(screen.getByRole("button", { name: "Delete team" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes, delete team" }));
  await screen.findByRole("region", { name: "My Profile" });
  await settled();
  expect(nav().queryByRole("button", { name: teamName })).toBeNull();
  expect(await serverFor(emulator.current).getTeam(team.id)).toBeNull();
});

describe("members without permissions do not see the actions", () => {
  /** The owner's team with a second user added by the server, holding only `permissions` in it. */
  async function memberWith(permissions: string[] | "default") {
    const { team, teamName } = await owner();
    const server = serverFor(emulator.current);
    const email = uniqueEmail("member");
    const password = "member-password-1";
    const member = await server.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true, password, displayName: "Member" });
    await (await server.getTeam(team.id))!.addUser(member.id);
    if (permissions !== "default") {
      await member.revokePermission(team, "team_member");
      for (const permission of permissions) await member.grantPermission(team, permission);
    }
    const { app } = appFor(emulator.current);
    expect((await app.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok");
    await (await app.getUser({ or: "throw" })).listTeams();
    return { app, team, teamName };
  }

  test("with $read_members only: the member list, but no rename, invite, API keys or delete", async () => {
    const { app, teamName } = await memberWith(["$read_members"]);
    const { container } = await open(app, teamName);
    expect(within(screen.getByRole("list", { name: "Members" })).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Team name" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit team name" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Invite" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Pending invitations" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Team API keys" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete team" })).toBeNull();
    expect(screen.getByRole("button", { name: "Leave team" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit your name in this team" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  test("with no team permission at all: not even the member list", async () => {
    const { app, teamName } = await memberWith([]);
    await open(app, teamName);
    expect(screen.queryByRole("list", { name: "Members" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Invite" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull(); // nothing was read that needs a permission
  });

  test("a default member (team_member): may invite and see invitations, but not revoke them or rename", async () => {
    const { app, team, teamName } = await memberWith("default");
    await team.inviteUser({ email: uniqueEmail("pending"), callbackUrl: "http://localhost/handler/team-invitation" });
    await open(app, teamName);
    expect(screen.getByRole("button", { name: "Invite" })).toBeTruthy();
    const pending = within(screen.getByRole("list", { name: "Pending invitations" })).getAllByRole("group");
    expect(pending).toHaveLength(1);
    expect(within(pending[0]).queryByRole("button", { name: "Revoke" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit team name" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Team API keys" })).toBeNull();
  });
});
