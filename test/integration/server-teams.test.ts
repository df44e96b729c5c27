import { ArgumentError, KnownErrors } from "../../src/index";
import type { ServerTeam } from "../../src/index";
import { serverFor, startTestEmulator } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { INVITE_CALLBACK, keyed, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());


/** Data fields only (methods left out). */
const fields = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== "function"));

test("createTeam, getTeam, listTeams and update: server fields, metadata and createdAt as a Date", async () => {
  const server = serverFor(emulator);
  const before = Date.now();
  const team = await server.createTeam({ displayName: "Server Ops" });
  expect(fields(team)).toEqual({
    id: expect.any(String),
    displayName: "Server Ops",
    profileImageUrl: null,
    clientMetadata: null,
    clientReadOnlyMetadata: null,
    serverMetadata: null,
    createdAt: expect.any(Date),
  });
  expect(team.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect((await server.getTeam(team.id))?.displayName).toBe("Server Ops");
  expect((await server.listTeams()).map((t) => t.id)).toContain(team.id);

  await team.update({
    displayName: "Platform",
    profileImageUrl: "https://img.example/p.png",
    clientMetadata: { a: 1 },
    clientReadOnlyMetadata: { plan: "pro" },
    serverMetadata: { billing: "cus_1" },
  });
  const updated = (await server.getTeam(team.id))!;
  expect(fields(updated)).toMatchObject({
    displayName: "Platform",
    profileImageUrl: "https://img.example/p.png",
    clientMetadata: { a: 1 },
    clientReadOnlyMetadata: { plan: "pro" },
    serverMetadata: { billing: "cus_1" },
  });
  expect((await server.listTeams()).find((t) => t.id === team.id)?.displayName).toBe("Platform");
});

test("getTeam of an unknown team is null; delete removes the team from reads", async () => {
  const server = serverFor(emulator);
  expect(await server.getTeam("00000000-0000-4000-8000-000000000000")).toBeNull();
  const team = await server.createTeam({ displayName: "Short-lived" });
  expect(await server.getTeam(team.id)).not.toBeNull();
  await team.delete();
  expect(await server.getTeam(team.id)).toBeNull();
  expect((await server.listTeams()).map((t) => t.id)).not.toContain(team.id);
});

test("creatorUserId, addUser, removeUser, listUsers with server users and team profiles, listTeams({ userId })", async () => {
  const server = serverFor(emulator);
  const owner = await signedInUser(emulator, "srv-owner");
  const other = await signedInUser(emulator, "srv-other");
  const team = await server.createTeam({ displayName: "Crew", creatorUserId: owner.user.id });
  expect((await owner.user.listTeams()).map((t) => t.id)).toContain(team.id); // the creator's session sees it

  let members = await team.listUsers();
  expect(members.map((m) => m.id)).toEqual([owner.user.id]);
  expect(members[0]).toMatchObject({ primaryEmail: owner.email, serverMetadata: null, teamProfile: { displayName: null, profileImageUrl: null } });
  expect(members[0].signedUpAt).toBeInstanceOf(Date);
  // a member is a full server user: its actions work
  await members[0].setServerMetadata({ role: "lead" });
  expect((await server.getUser(owner.user.id))?.serverMetadata).toEqual({ role: "lead" });

  await team.addUser(other.user.id);
  members = await team.listUsers();
  expect(members.map((m) => m.id).sort()).toEqual([owner.user.id, other.user.id].sort());
  expect((await server.listTeams({ userId: other.user.id })).map((t) => t.id)).toContain(team.id);
  expect((await other.user.listTeams()).map((t) => t.id)).toContain(team.id);

  const again = await team.addUser(other.user.id).catch((e) => e);
  expect(KnownErrors.TeamMembershipAlreadyExists.isInstance(again)).toBe(true);

  await team.removeUser(other.user.id);
  expect((await team.listUsers()).map((m) => m.id)).toEqual([owner.user.id]);
  expect((await server.listTeams({ userId: other.user.id })).map((t) => t.id)).not.toContain(team.id);
  const missing = await team.removeUser(other.user.id).catch((e) => e);
  expect(KnownErrors.TeamMembershipNotFound.isInstance(missing)).toBe(true);
});

test("listTeamMemberPermissions: every member's permissions, directly granted by default, recursive on request", async () => {
  const server = serverFor(emulator);
  const owner = await signedInUser(emulator, "srv-perm");
  const member = await signedInUser(emulator, "srv-perm-m");
  const team = await server.createTeam({ displayName: "Perms", creatorUserId: owner.user.id });
  await team.addUser(member.user.id);
  const all = await server.listTeamMemberPermissions(team.id, { recursive: true });
  expect(all).toContainEqual({ userId: owner.user.id, permissionId: "team_admin" });
  expect(all).toContainEqual({ userId: owner.user.id, permissionId: "$update_team" });
  expect(all).toContainEqual({ userId: member.user.id, permissionId: "team_member" });
  const direct = await server.listTeamMemberPermissions(team.id);
  expect(direct.filter((p) => p.userId === owner.user.id).map((p) => p.permissionId)).toEqual(["team_admin"]);
  await expect(server.listTeamMemberPermissions(team.id, { recursive: "yes" as never })).rejects.toThrow(ArgumentError);
});

test("inviteUser and listInvitations with revoke", async () => {
  const server = serverFor(emulator);
  const team = await server.createTeam({ displayName: "Invites" });
  await team.inviteUser({ email: "invitee@example.com", callbackUrl: INVITE_CALLBACK });
  const [invitation] = await team.listInvitations();
  expect(invitation).toMatchObject({ recipientEmail: "invitee@example.com", expiresAt: expect.any(Date) });
  await invitation.revoke();
  expect(await team.listInvitations()).toEqual([]);
  // The platform's e-mail rule, refused locally with its own SCHEMA_ERROR (word for word: see team-invitations.test).
  await expect(team.inviteUser({ email: "not-an-email", callbackUrl: INVITE_CALLBACK })).rejects.toThrow(KnownErrors.SchemaError);
  await expect(team.inviteUser({ email: "x@example.com" })).rejects.toThrow(ArgumentError); // no callbackUrl outside a browser
});

test("team API keys: createApiKey shows the key once, listApiKeys, getTeam({ apiKey }) finds the owner until revoked", async () => {
  const server = serverFor(emulator);
  const team: ServerTeam = await server.createTeam({ displayName: "Keys" });
  const key = await team.createApiKey({ description: "CI", expiresAt: null });
  expect(key).toMatchObject({ type: "team", teamId: team.id, description: "CI", value: expect.stringMatching(/^sk_/) });
  const [listed] = await team.listApiKeys();
  expect(listed.id).toBe(key.id);
  expect(listed.value).toEqual({ lastFour: key.value.slice(-4) });

  expect((await server.getTeam({ apiKey: key.value }))?.id).toBe(team.id);
  expect(await server.getTeam({ apiKey: "sk_not_a_real_key" })).toBeNull();
  await listed.revoke();
  expect(await server.getTeam({ apiKey: key.value })).toBeNull();
  expect((await team.listApiKeys())[0].whyInvalid()).toBe("manually-revoked");
});

test("arguments are checked before any request", async () => {
  const server = serverFor(emulator);
  await expect(server.createTeam({} as never)).rejects.toThrow(ArgumentError);
  await expect(server.createTeam({ displayName: "X", creatorUserId: 5 as never })).rejects.toThrow(ArgumentError);
  await expect(server.getTeam("")).rejects.toThrow(ArgumentError);
  await expect(server.getTeam({ apiKey: "" })).rejects.toThrow(ArgumentError);
  await expect(server.listTeams({ userId: 1 as never })).rejects.toThrow(ArgumentError);
  const team = await server.createTeam({ displayName: "Checks" });
  await expect(team.update({ displayName: 5 as never })).rejects.toThrow(ArgumentError);
  await team.update({ displayName: "" }); // an empty name is one the platform accepts
  expect((await server.getTeam(team.id))?.displayName).toBe("");
  await expect(team.addUser("")).rejects.toThrow(ArgumentError);
});

test("a wrong server key is INVALID_SECRET_SERVER_KEY; a ServerApp cannot call admin routes", async () => {
  const wrong = serverFor(emulator, { secretServerKey: "ssk_wrong" });
  const error = await wrong.listTeams().catch((e) => e);
  expect(KnownErrors.InvalidSecretServerKey.isInstance(error)).toBe(true);

  // The admin route refuses server access; the same call with admin keys works.
  const asServer = await keyed(emulator, "server", "GET", "/internal/projects/current");
  expect(asServer.json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
  expect((await keyed(emulator, "admin", "GET", "/internal/projects/current")).status).toBe(200);
});
