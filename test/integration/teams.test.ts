import { ArgumentError, HttpError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, routeStats, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { memberOf, setClientTeamCreation, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

// a 1×1 PNG: the platform stores image data URLs and answers the stored image's URL
const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const STORED_PIXEL = expect.stringMatching(/\/emulator\/uploads\/team-profile-images\/[0-9a-f-]{36}\.png$/);

test("a new user lists their personal team, and getTeam finds it (or null for a team they are not in)", async () => {
  const { user } = await signedInUser(emulator);
  const teams = await user.listTeams();
  expect(teams).toHaveLength(1);
  expect(teams[0]).toMatchObject({ id: user.selectedTeam!.id, displayName: user.selectedTeam!.displayName, profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null });
  expect((await user.getTeam(teams[0].id))?.displayName).toBe(teams[0].displayName);

  const other = await signedInUser(emulator);
  expect(await user.getTeam(other.user.selectedTeam!.id)).toBeNull();
  expect(await user.getTeam("00000000-0000-4000-8000-000000000000")).toBeNull();
});

test("createTeam creates, lists and selects the new team", async () => {
  const { app, user } = await signedInUser(emulator);
  await user.listTeams(); // cached before the change
  const team = await user.createTeam({ displayName: "Ops", profileImageUrl: PIXEL });
  expect(team).toMatchObject({ displayName: "Ops", profileImageUrl: STORED_PIXEL, clientMetadata: null });
  expect((await user.listTeams()).map((t) => t.displayName)).toContain("Ops");
  expect((await app.getUser({ or: "throw" })).selectedTeam?.id).toBe(team.id);
  expect(await user.hasPermission(team, "team_admin")).toBe(true);
});

test("setSelectedTeam takes a team, an id or null", async () => {
  const { app, user } = await signedInUser(emulator);
  const personal = user.selectedTeam!;
  const ops = await user.createTeam({ displayName: "Ops" });
  await user.setSelectedTeam(personal);
  expect((await app.getUser({ or: "throw" })).selectedTeam?.id).toBe(personal.id);
  await user.setSelectedTeam(ops.id);
  expect((await app.getUser({ or: "throw" })).selectedTeam?.id).toBe(ops.id);
  await user.setSelectedTeam(null);
  expect((await app.getUser({ or: "throw" })).selectedTeam).toBeNull();
});

test("team.update changes the team; the next list and the user's selected team show it", async () => {
  const { app, user } = await signedInUser(emulator);
  const [team] = await user.listTeams();
  await team.update({ displayName: "Renamed", clientMetadata: { plan: "pro" }, profileImageUrl: PIXEL });
  expect((await user.getTeam(team.id))).toMatchObject({ displayName: "Renamed", clientMetadata: { plan: "pro" }, profileImageUrl: STORED_PIXEL });
  expect((await app.getUser({ or: "throw" })).selectedTeam?.displayName).toBe("Renamed");
  await team.update({ profileImageUrl: null });
  expect((await user.getTeam(team.id))?.profileImageUrl).toBeNull();
});

test("team.delete removes the team from the list and clears the selection", async () => {
  const { app, user } = await signedInUser(emulator);
  const team = await user.createTeam({ displayName: "Short-lived" });
  expect(await user.getTeam(team.id)).not.toBeNull();
  await team.delete();
  expect(await user.getTeam(team.id)).toBeNull();
  expect((await app.getUser({ or: "throw" })).selectedTeam?.id).not.toBe(team.id);
});

test("a plain member cannot update or delete the team: TEAM_PERMISSION_REQUIRED from the platform", async () => {
  const owner = await signedInUser(emulator, "owner");
  const teamId = owner.user.selectedTeam!.id;
  const member = await memberOf(emulator, owner, teamId);
  const team = (await member.user.getTeam(teamId))!;
  expect(team).not.toBeNull();

  const updateError = await caught(team.update({ displayName: "Mine now" }));
  expect(KnownErrors.TeamPermissionRequired.isInstance(updateError)).toBe(true);
  expect(updateError.status).toBe(401);
  expect(updateError.details).toEqual({ team_id: teamId, user_id: member.user.id, permission_id: "$update_team" });

  const deleteError = await caught(team.delete());
  expect(KnownErrors.TeamPermissionRequired.isInstance(deleteError)).toBe(true);
  expect(deleteError.details.permission_id).toBe("$delete_team");
  expect((await owner.user.getTeam(teamId))?.displayName).toBe(owner.user.selectedTeam!.displayName);
});

test("team.listUsers lists members with their team profiles; getTeamProfile reads and updates the user's own", async () => {
  const owner = await signedInUser(emulator, "owner");
  const teamId = owner.user.selectedTeam!.id;
  const member = await memberOf(emulator, owner, teamId);
  const team = (await owner.user.getTeam(teamId))!;
  const users = await team.listUsers();
  expect(users.map((u) => u.id).sort()).toEqual([owner.user.id, member.user.id].sort());
  expect(users[0].teamProfile).toEqual({ displayName: null, profileImageUrl: null });

  const profile = await member.user.getTeamProfile(teamId);
  expect(profile).toMatchObject({ displayName: null, profileImageUrl: null });
  const membersSeenByMember = (await member.user.getTeam(teamId))!;
  expect((await membersSeenByMember.listUsers()).find((u) => u.id === member.user.id)?.teamProfile.displayName).toBeNull();
  await profile.update({ displayName: "Grace (Ops)" });
  // Both of the member's cached reads are refreshed by the update (other sessions' caches are their own).
  expect((await member.user.getTeamProfile(team)).displayName).toBe("Grace (Ops)");
  expect((await membersSeenByMember.listUsers()).find((u) => u.id === member.user.id)?.teamProfile.displayName).toBe("Grace (Ops)");
});

test("leaveTeam removes the team from the list; getTeamProfile then fails with TEAM_MEMBERSHIP_NOT_FOUND", async () => {
  const owner = await signedInUser(emulator, "owner");
  const teamId = owner.user.selectedTeam!.id;
  const member = await memberOf(emulator, owner, teamId);
  expect((await member.user.listTeams()).map((t) => t.id)).toContain(teamId);
  expect((await member.user.getTeamProfile(teamId)).displayName).toBeNull();
  await member.user.leaveTeam((await member.user.getTeam(teamId))!);
  expect((await member.user.listTeams()).map((t) => t.id)).not.toContain(teamId);
  expect(KnownErrors.TeamMembershipNotFound.isInstance(await caught(member.user.getTeamProfile(teamId)))).toBe(true);
  expect(await member.user.listPermissions(teamId)).toEqual([]);
});

test("createTeam fails with the platform's 403 when client team creation is disabled", async () => {
  const { user } = await signedInUser(emulator);
  await setClientTeamCreation(emulator, false);
  try {
    const error = await caught(user.createTeam({ displayName: "Nope" }));
    expect(HttpError.isInstance(error)).toBe(true);
    expect(error.status).toBe(403);
    expect(error.text).toContain("Client team creation is disabled");
    expect((await user.listTeams()).map((t) => t.displayName)).not.toContain("Nope");
  } finally {
    await setClientTeamCreation(emulator, true);
  }
});

test("team API keys go through the API-keys module", async () => {
  const { user } = await signedInUser(emulator);
  const [team] = await user.listTeams();
  const key = await team.createApiKey({ description: "CI", expiresAt: null });
  expect(key).toMatchObject({ type: "team", teamId: team.id, description: "CI" });
  expect(typeof key.value).toBe("string");
  expect((await team.listApiKeys()).map((k) => k.id)).toEqual([key.id]);
});

test("concurrent reads share one request; a later read sees a change made by another app (as the official SDK)", async () => {
  const { user } = await signedInUser(emulator);
  const before = await routeStats(emulator, "GET /teams");
  await Promise.all([user.listTeams(), user.listTeams(), user.getTeam(user.selectedTeam!.id)]);
  expect((await routeStats(emulator, "GET /teams")).requests - before.requests).toBe(1);
  const gifted = await serverFor(emulator).createTeam({ displayName: "Gifted", creatorUserId: user.id });
  expect((await user.listTeams()).map((t) => t.id)).toContain(gifted.id);
  expect((await routeStats(emulator, "GET /teams")).requests - before.requests).toBe(2);
});

test("bad arguments are refused before any request", async () => {
  const { user } = await signedInUser(emulator);
  const before = (await routeStats(emulator, "POST /teams")).requests;
  for (const call of [
    () => user.createTeam({ displayName: 5 as never }),
    () => user.createTeam(undefined as never),
    () => user.createTeam({ displayName: "x", profileImageUrl: 3 as never }),
    () => user.getTeam(42 as never),
    () => user.setSelectedTeam(undefined as never),
    () => user.leaveTeam({} as never),
    () => user.getTeamProfile("" as never),
  ]) {
    expect(ArgumentError.isInstance(await caught(call()))).toBe(true);
  }
  const [team] = await user.listTeams();
  expect(ArgumentError.isInstance(await caught(team.update({ displayName: 7 as never })))).toBe(true);
  expect(ArgumentError.isInstance(await caught(team.update("x" as never)))).toBe(true);
  const profile = await user.getTeamProfile(team);
  expect(ArgumentError.isInstance(await caught(profile.update({ profileImageUrl: 1 as never })))).toBe(true);
  expect((await routeStats(emulator, "POST /teams")).requests).toBe(before);
});

describe("the selected team", () => {
  test("user.selectedTeam is a full Team: its actions work and the next read shows them", async () => {
    const { app } = clientFor(emulator);
    await app.signUpWithCredential({ email: uniqueEmail("selected"), password: "select my team" });
    const user = await app.getUser({ or: "throw" });
    expect(user.selectedTeam).not.toBeNull();
    await user.selectedTeam!.update({ displayName: "Renamed personal team" });
    expect((await app.getUser({ or: "throw" })).selectedTeam?.displayName).toBe("Renamed personal team");
    expect((await user.selectedTeam!.listUsers()).map((u) => u.id)).toEqual([user.id]);
  });
});
