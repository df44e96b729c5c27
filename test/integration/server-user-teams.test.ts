import { ArgumentError, HttpError, KnownErrors } from "../../src/index";
import { serverFor, codeFromOutbox, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { INVITE_CALLBACK, keyed } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** A fresh user, created by the server, with a verified primary e-mail (the demo project gives it a personal team). */
async function freshUser(prefix = "srv-team") {
  const server = serverFor(emulator);
  const email = uniqueEmail(prefix);
  const user = await server.createUser({ primaryEmail: email, primaryEmailVerified: true, primaryEmailAuthEnabled: true, password: "teams are fun" });
  return { server, user, email };
}

test("user.createTeam: the user is the creator (team-creator permissions) and the new team becomes selected", async () => {
  const { server, user } = await freshUser();
  const team = await user.createTeam({ displayName: "Ops" });
  expect(team).toMatchObject({ displayName: "Ops", serverMetadata: null });
  expect(team.createdAt).toBeInstanceOf(Date);
  const read = (await server.getUser(user.id))!;
  expect(read.selectedTeam?.id).toBe(team.id);
  expect(typeof read.selectedTeam?.addUser).toBe("function"); // a ServerTeam
  expect(await read.hasPermission(team, "$update_team")).toBe(true);
  expect((await team.listUsers()).map((u) => u.id)).toEqual([user.id]);
  await expect(user.createTeam({ displayName: "X", creatorUserId: user.id } as never)).rejects.toThrow(ArgumentError);
  await expect(user.createTeam({ displayName: 5 as never })).rejects.toThrow(ArgumentError);
  expect((await user.createTeam({ displayName: "" })).displayName).toBe(""); // the platform accepts an empty name
  await expect(user.createTeam(undefined as never)).rejects.toThrow(ArgumentError);
});

test("user.getTeam and user.listTeams (paged with nextCursor, desc, query); bad options are refused", async () => {
  const { server, user } = await freshUser();
  const personal = (await user.listTeams())[0];
  const a = await user.createTeam({ displayName: "Alpha squad" });
  const b = await user.createTeam({ displayName: "Beta squad" });
  const all = await user.listTeams();
  expect(all.map((t) => t.id)).toEqual([personal.id, a.id, b.id]);
  expect(all.nextCursor).toBeNull();

  const first = await user.listTeams({ limit: 2 });
  expect(first.map((t) => t.id)).toEqual([personal.id, a.id]);
  expect(first.nextCursor).toEqual(expect.any(String));
  const second = await user.listTeams({ limit: 2, cursor: first.nextCursor! });
  expect(second.map((t) => t.id)).toEqual([b.id]);
  expect(second.nextCursor).toBeNull();
  expect((await user.listTeams({ desc: true, orderBy: "createdAt" })).map((t) => t.id)).toEqual([b.id, a.id, personal.id]);
  expect((await user.listTeams({ query: "squad" })).map((t) => t.id)).toEqual([a.id, b.id]);

  expect((await user.getTeam(a.id))?.displayName).toBe("Alpha squad");
  const foreign = await server.createTeam({ displayName: "Not hers" });
  expect(await user.getTeam(foreign.id)).toBeNull();
  expect(await user.getTeam("00000000-0000-4000-8000-000000000000")).toBeNull();

  await expect(user.listTeams({ userId: user.id } as never)).rejects.toThrow(ArgumentError);
  await expect(user.listTeams({ limit: 0 })).rejects.toThrow(ArgumentError);
  await expect(user.listTeams({ orderBy: "name" as never })).rejects.toThrow(ArgumentError);
  await expect(user.listTeams("x" as never)).rejects.toThrow(ArgumentError);
  await expect(user.getTeam("")).rejects.toThrow(ArgumentError);
});

test("user.setSelectedTeam takes a team, an id or null; a team the user is not in is refused by the platform", async () => {
  const { server, user } = await freshUser();
  const [personal] = await user.listTeams();
  const other = await server.createTeam({ displayName: "Second" });
  await other.addUser(user.id);
  await user.setSelectedTeam(other);
  expect((await server.getUser(user.id))!.selectedTeam?.id).toBe(other.id);
  await user.setSelectedTeam(personal.id);
  expect((await server.getUser(user.id))!.selectedTeam?.id).toBe(personal.id);
  await user.setSelectedTeam(null);
  expect((await server.getUser(user.id))!.selectedTeam).toBeNull();

  const foreign = await server.createTeam({ displayName: "Foreign" });
  const error = await user.setSelectedTeam(foreign).catch((e: unknown) => e);
  expect(HttpError.isInstance(error) && error.status).toBe(400);
  await expect(user.setSelectedTeam(undefined as never)).rejects.toThrow(ArgumentError);
  await expect(user.setSelectedTeam({} as never)).rejects.toThrow(ArgumentError);
});

test("user.leaveTeam removes the membership; leaving again is TEAM_MEMBERSHIP_NOT_FOUND", async () => {
  const { server, user } = await freshUser();
  const team = await server.createTeam({ displayName: "Short stay" });
  await team.addUser(user.id);
  expect((await user.listTeams()).map((t) => t.id)).toContain(team.id);
  await user.leaveTeam(team);
  expect((await user.listTeams()).map((t) => t.id)).not.toContain(team.id);
  expect((await team.listUsers()).map((u) => u.id)).not.toContain(user.id);
  const again = await user.leaveTeam(team.id).catch((e: unknown) => e);
  expect(KnownErrors.TeamMembershipNotFound.isInstance(again)).toBe(true);
  await expect(user.leaveTeam("" as never)).rejects.toThrow(ArgumentError);
});

test("user.getTeamProfile reads the user's profile in a team; update shows in team.listUsers()", async () => {
  const { server, user } = await freshUser();
  const team = await user.createTeam({ displayName: "Profiles" });
  const profile = await user.getTeamProfile(team);
  expect(profile).toMatchObject({ displayName: null, profileImageUrl: null });
  await profile.update({ displayName: "Ada (Profiles)", profileImageUrl: "https://img.example/ada.png" });
  expect(await user.getTeamProfile(team.id)).toMatchObject({ displayName: "Ada (Profiles)", profileImageUrl: "https://img.example/ada.png" });
  const [member] = await (await server.getTeam(team.id))!.listUsers();
  expect(member.teamProfile).toEqual({ displayName: "Ada (Profiles)", profileImageUrl: "https://img.example/ada.png" });

  const foreign = await server.createTeam({ displayName: "Not a member" });
  const error = await user.getTeamProfile(foreign).catch((e: unknown) => e);
  expect(KnownErrors.TeamMembershipNotFound.isInstance(error)).toBe(true);
  await expect(profile.update({ displayName: 42 as never })).rejects.toThrow(ArgumentError);
  await expect(user.getTeamProfile(null as never)).rejects.toThrow(ArgumentError);
});

test("user.listTeamInvitations lists invitations to the user's verified e-mail; accept() makes the user a member", async () => {
  const { server, user, email } = await freshUser("invitee");
  const team = await server.createTeam({ displayName: "Inviting team" });
  expect(await user.listTeamInvitations()).toEqual([]);
  await team.inviteUser({ email, callbackUrl: INVITE_CALLBACK });
  expect(await codeFromOutbox(emulator, email, /invit/i)).toHaveLength(45);
  const invitations = await user.listTeamInvitations();
  expect(invitations).toHaveLength(1);
  expect(invitations[0]).toMatchObject({ teamId: team.id, teamDisplayName: "Inviting team", recipientEmail: email });
  expect(invitations[0].expiresAt.getTime()).toBeGreaterThan(Date.now());

  await invitations[0].accept();
  expect((await user.listTeams()).map((t) => t.id)).toContain(team.id);
  expect(await user.listTeamInvitations()).toEqual([]);
  expect(await team.listInvitations()).toEqual([]);
  // the platform agrees
  const raw = await keyed(emulator, "server", "GET", `/teams?user_id=${user.id}`);
  expect(raw.json.items.map((t: { id: string }) => t.id)).toContain(team.id);
});
