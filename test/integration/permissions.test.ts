import { ArgumentError } from "../../src/index";
import { caught } from "../helpers/http";
import { routeStats, startTestEmulator } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed, memberOf, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const ids = (permissions: { id: string }[]) => permissions.map((p) => p.id).sort();
const TEAM_ADMIN_CONTAINS = ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"];

test("team scope: a team creator holds team_admin directly and its contained permissions recursively", async () => {
  const { user } = await signedInUser(emulator);
  const team = (await user.getTeam(user.selectedTeam!.id))!;
  expect(ids(await user.listPermissions(team))).toEqual([...TEAM_ADMIN_CONTAINS, "team_admin"].sort());
  expect(ids(await user.listPermissions(team, { recursive: true }))).toEqual([...TEAM_ADMIN_CONTAINS, "team_admin"].sort());
  expect(ids(await user.listPermissions(team.id, { recursive: false }))).toEqual(["team_admin"]);
  expect(await user.getPermission(team, "$update_team")).toEqual({ id: "$update_team" });
  expect(await user.hasPermission(team.id, "$delete_team")).toBe(true);
  expect(await user.getPermission(team, "team_member")).toBeNull();
  expect(await user.hasPermission(team, "nope")).toBe(false);
});

test("team scope: a plain member holds team_member and what it contains, nothing of team_admin", async () => {
  const owner = await signedInUser(emulator, "owner");
  const teamId = owner.user.selectedTeam!.id;
  const member = await memberOf(emulator, owner, teamId);
  expect(ids(await member.user.listPermissions(teamId))).toEqual(["$invite_members", "$read_members", "team_member"]);
  expect(ids(await member.user.listPermissions(teamId, { recursive: false }))).toEqual(["team_member"]);
  expect(await member.user.hasPermission(teamId, "$update_team")).toBe(false);
});

test("project scope: granted permissions, recursive by default, direct only with recursive: false", async () => {
  const { user } = await signedInUser(emulator);
  const suffix = Date.now().toString(36);
  const [read, admin] = [`read_${suffix}`, `admin_${suffix}`];
  expect((await keyed(emulator, "admin", "POST", "/project-permission-definitions", { id: read })).status).toBe(201);
  expect((await keyed(emulator, "admin", "POST", "/project-permission-definitions", { id: admin, contained_permission_ids: [read] })).status).toBe(201);
  expect((await keyed(emulator, "server", "POST", `/project-permissions/${user.id}/${admin}`, {})).status).toBe(201);

  expect(ids(await user.listPermissions())).toEqual([admin, read].sort());
  expect(ids(await user.listPermissions({ recursive: false }))).toEqual([admin]);
  expect(await user.getPermission(read)).toEqual({ id: read });
  expect(await user.hasPermission(admin)).toBe(true);
  expect(await user.hasPermission("something_else")).toBe(false);
  // The team-scope list of the personal team does not mix in project permissions.
  expect(await user.hasPermission(user.selectedTeam!, admin)).toBe(false);
});

test("reads share the cache: list, get and has of one scope make one request", async () => {
  const { user } = await signedInUser(emulator);
  const team = user.selectedTeam!;
  const before = await routeStats(emulator, "GET /team-permissions");
  await Promise.all([user.listPermissions(team), user.hasPermission(team, "team_admin"), user.getPermission(team.id, "$read_members")]);
  expect((await routeStats(emulator, "GET /team-permissions")).requests - before.requests).toBe(1);
  await user.listPermissions(team, { recursive: false }); // another key
  expect((await routeStats(emulator, "GET /team-permissions")).requests - before.requests).toBe(2);
});

test("bad arguments are refused before any request", async () => {
  const { user } = await signedInUser(emulator);
  const before = (await routeStats(emulator, "GET /team-permissions")).requests + (await routeStats(emulator, "GET /project-permissions")).requests;
  for (const call of [
    () => user.hasPermission(""),
    () => user.getPermission(user.selectedTeam!, ""),
    () => user.getPermission({} as never, "x"),
    () => user.listPermissions({ recursive: "yes" as never }),
    () => user.listPermissions(user.selectedTeam!, { recursive: 1 as never }),
    () => user.listPermissions({ recursive: true } as never, { recursive: true }),
    () => user.listPermissions("" as never),
  ]) {
    expect(ArgumentError.isInstance(await caught(call()))).toBe(true);
  }
  const after = (await routeStats(emulator, "GET /team-permissions")).requests + (await routeStats(emulator, "GET /project-permissions")).requests;
  expect(after).toBe(before);
});
