import type { RunningEmulator } from "../../src/emulator";
import { hasProjectPermission, hasTeamPermission } from "../../src/emulator/domain/permissions";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";
import { addMember, teamPermissionIds, userWithTeam } from "./team-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const admin = { access: "admin" as const };
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}_${++seq}_${Date.now()}`;

async function defineTeam(id: string, contained: string[] = [], description?: string) {
  const r = await call(em, "/team-permission-definitions", { ...admin, body: { id, contained_permission_ids: contained, ...(description ? { description } : {}) } });
  expect(r.status).toBe(201);
  return r.json;
}

describe("permission definitions (admin)", () => {
  test("the team list has the seeded roles and the system permissions, sorted by id", async () => {
    const r = await call(em, "/team-permission-definitions", admin);
    const byId = Object.fromEntries(r.json.items.map((d: { id: string }) => [d.id, d]));
    expect(byId.team_member).toEqual({ id: "team_member", description: "Default permission for team members", contained_permission_ids: ["$invite_members", "$read_members"] });
    expect(byId.team_admin.contained_permission_ids).toEqual(["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"]);
    expect(byId.$update_team).toEqual({ id: "$update_team", description: "Update the team information", contained_permission_ids: [] });
    const ids = r.json.items.map((d: { id: string }) => d.id);
    expect(ids).toEqual([...ids].sort());
    expect(r.json.is_paginated).toBe(false);
    expect((await call(em, "/project-permission-definitions", admin)).json.items.every((d: { id: string }) => !d.id.startsWith("$"))).toBe(true);
  });

  test("create, update (incl. rename) and delete; errors for duplicates, unknown contained ids, bad ids", async () => {
    const base = uniqueId("base");
    const created = await defineTeam(base, ["$read_members"], "Base role");
    expect(created).toEqual({ id: base, description: "Base role", contained_permission_ids: ["$read_members"] });
    expect(await defineTeam(uniqueId("bare"))).toEqual({ id: expect.any(String), contained_permission_ids: [] });
    const dup = await call(em, "/project-permission-definitions", { ...admin, body: { id: base } });
    expect(expectKnown(dup, 400, "PERMISSION_ID_ALREADY_EXISTS").details).toEqual({ permission_id: base });
    const unknown = await call(em, "/team-permission-definitions", { ...admin, body: { id: uniqueId("x"), contained_permission_ids: ["nope"] } });
    expect(expectKnown(unknown, 400, "CONTAINED_PERMISSION_NOT_FOUND").details).toEqual({ permission_id: "nope" });
    const systemInProject = await call(em, "/project-permission-definitions", { ...admin, body: { id: uniqueId("p"), contained_permission_ids: ["$read_members"] } });
    expectKnown(systemInProject, 400, "CONTAINED_PERMISSION_NOT_FOUND");
    const bad = await call(em, "/team-permission-definitions", { ...admin, body: { id: "Bad-Id" } });
    expect(expectKnown(bad, 400, "SCHEMA_ERROR").error).toBe('Request validation failed on POST /api/v1/team-permission-definitions:\n  - Only lowercase letters, numbers, ":", "_" are allowed');

    const renamed = uniqueId("renamed");
    const patched = await call(em, `/team-permission-definitions/${base}`, { ...admin, method: "PATCH", body: { id: renamed, contained_permission_ids: ["$read_members", "$update_team"] } });
    expect(patched.json).toEqual({ id: renamed, description: "Base role", contained_permission_ids: ["$read_members", "$update_team"] });
    expectKnown(await call(em, `/team-permission-definitions/${base}`, { ...admin, method: "PATCH", body: {} }), 404, "PERMISSION_NOT_FOUND");
    expectKnown(await call(em, `/project-permission-definitions/${renamed}`, { ...admin, method: "DELETE" }), 404, "PERMISSION_NOT_FOUND");
    expect((await call(em, `/team-permission-definitions/${renamed}`, { ...admin, method: "DELETE" })).json).toEqual({ success: true });
    const gone = await call(em, `/team-permission-definitions/${renamed}`, { ...admin, method: "DELETE" });
    expect(expectKnown(gone, 404, "PERMISSION_NOT_FOUND").details).toEqual({ permission_id: renamed });
  });

  test("only admins reach definitions", async () => {
    const r = await call(em, "/team-permission-definitions", { access: "server" });
    expect(expectKnown(r, 401, "INSUFFICIENT_ACCESS_TYPE").details).toEqual({ actual_access_type: "server", allowed_access_types: ["admin"] });
  });
});

describe("team permissions", () => {
  test("recursive=true expands contained permissions transitively; otherwise only direct grants", async () => {
    const owner = await userWithTeam(em);
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    const c = uniqueId("c");
    const b = uniqueId("b");
    const a = uniqueId("a");
    await defineTeam(c, ["$update_team"]);
    await defineTeam(b, [c]);
    await defineTeam(a, [b]);
    const grant = await call(em, `/team-permissions/${owner.teamId}/${member.user_id}/${a}`, { access: "server", body: {} });
    expect([grant.status, grant.json]).toEqual([201, { id: a, team_id: owner.teamId, user_id: member.user_id }]);
    expect(await teamPermissionIds(em, owner.teamId, member.user_id, false)).toEqual([a, "team_member"].sort());
    expect(await teamPermissionIds(em, owner.teamId, member.user_id, true)).toEqual(["$invite_members", "$read_members", "$update_team", a, b, c, "team_member"].sort());
    expect(hasTeamPermission(em.core.store, em.projectId, owner.teamId, member.user_id, "$update_team")).toBe(true);
    expect(hasTeamPermission(em.core.store, em.projectId, owner.teamId, member.user_id, "$delete_team")).toBe(false);
    const patch = await call(em, `/teams/${owner.teamId}`, { accessToken: member.access_token, method: "PATCH", body: { display_name: "Now allowed" } });
    expect(patch.json.display_name).toBe("Now allowed");
    const filtered = await call(em, `/team-permissions?team_id=${owner.teamId}&user_id=me&recursive=true&permission_id=${c}`, { accessToken: member.access_token });
    expect(filtered.json).toEqual({ items: [{ id: c, team_id: owner.teamId, user_id: member.user_id }], is_paginated: false });
  });

  test("grant/revoke errors and the client access matrix", async () => {
    const owner = await userWithTeam(em);
    const other = await userWithTeam(em);
    const path = (perm: string, user = owner.user_id) => `/team-permissions/${owner.teamId}/${user}/${perm}`;
    expect(expectKnown(await call(em, path("nope"), { access: "server", body: {} }), 404, "PERMISSION_NOT_FOUND").error).toBe('Permission "nope" not found. Make sure you created it on the dashboard.');
    const projectPerm = uniqueId("proj");
    await call(em, "/project-permission-definitions", { ...admin, body: { id: projectPerm } });
    const wrong = expectKnown(await call(em, path(projectPerm), { access: "server", body: {} }), 404, "WRONG_PERMISSION_SCOPE");
    expect(wrong.details).toEqual({ permission_id: projectPerm, expected_scope: "team", actual_scope: "project" });
    expectKnown(await call(em, path("team_member", other.user_id), { access: "server", body: {} }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expectKnown(await call(em, path("$bogus"), { access: "server", body: {} }), 400, "SCHEMA_ERROR");
    const notGranted = await call(em, path("team_member"), { access: "server", method: "DELETE", body: {} });
    expect(expectKnown(notGranted, 401, "TEAM_PERMISSION_NOT_FOUND").details).toEqual({ team_id: owner.teamId, user_id: owner.user_id, permission_id: "team_member" });
    expectKnown(await call(em, path("team_member"), { accessToken: owner.access_token, body: {} }), 401, "INSUFFICIENT_ACCESS_TYPE");
    const foreign = await call(em, `/team-permissions?team_id=${owner.teamId}&user_id=${other.user_id}`, { accessToken: owner.access_token });
    expect([foreign.status, foreign.text]).toEqual([403, 'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user']);
    const all = await call(em, `/team-permissions?team_id=${owner.teamId}&recursive=true`, { access: "server" });
    expect(all.json.items.map((p: { id: string }) => p.id)).toContain("$delete_team");
  });
});

describe("project permissions", () => {
  test("grant, list (recursive), revoke and errors", async () => {
    const user = await signUp(em);
    const inner = uniqueId("read");
    const outer = uniqueId("write");
    await call(em, "/project-permission-definitions", { ...admin, body: { id: inner } });
    await call(em, "/project-permission-definitions", { ...admin, body: { id: outer, contained_permission_ids: [inner] } });
    const grant = await call(em, `/project-permissions/${user.user_id}/${outer}`, { access: "server", body: {} });
    expect([grant.status, grant.json]).toEqual([201, { id: outer, user_id: user.user_id }]);
    const mine = await call(em, "/project-permissions?user_id=me&recursive=true", { accessToken: user.access_token });
    expect(mine.json).toEqual({ items: [{ id: outer, user_id: user.user_id }, { id: inner, user_id: user.user_id }].sort((x, y) => (x.id < y.id ? -1 : 1)), is_paginated: false });
    expect((await call(em, "/project-permissions?user_id=me&recursive=false", { accessToken: user.access_token })).json.items).toEqual([{ id: outer, user_id: user.user_id }]);
    expect(hasProjectPermission(em.core.store, em.projectId, user.user_id, inner)).toBe(true);
    expectKnown(await call(em, `/project-permissions/${user.user_id}/${inner}`, { access: "server", method: "DELETE", body: {} }), 404, "PERMISSION_NOT_FOUND");
    expectKnown(await call(em, `/project-permissions/${user.user_id}/team_member`, { access: "server", body: {} }), 404, "WRONG_PERMISSION_SCOPE");
    expectKnown(await call(em, `/project-permissions/00000000-0000-4000-8000-000000000005/${outer}`, { access: "server", body: {} }), 404, "USER_NOT_FOUND");
    expect((await call(em, `/project-permissions/${user.user_id}/${outer}`, { access: "server", method: "DELETE", body: {} })).json).toEqual({ success: true });
    expect((await call(em, "/project-permissions?user_id=me&recursive=true", { accessToken: user.access_token })).json.items).toEqual([]);
  });

  test("user_default_permissions are granted on sign-up", async () => {
    const perm = uniqueId("default");
    await call(em, "/project-permission-definitions", { ...admin, body: { id: perm } });
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.userDefaultPermissions = [perm];
    try {
      const user = await signUp(em);
      const r = await call(em, `/project-permissions?user_id=${user.user_id}`, { access: "server" });
      expect(r.json.items).toEqual([{ id: perm, user_id: user.user_id }]);
    } finally {
      config.userDefaultPermissions = [];
    }
  });
});
