import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, startTestEmulator, type CallOptions } from "./helpers";

// POST /internal/projects/transfer: a dashboard user moves a project between teams of the internal project.
let em: RunningEmulator;
let adminToken: string;
beforeAll(async () => {
  em = await startTestEmulator();
  adminToken = (await call(em, "/auth/password/sign-in", { projectId: "internal", body: { email: em.internal.adminUser.email, password: em.internal.adminUser.password } })).json.access_token;
});
afterAll(() => em.stop());

const dashboard = (token: string, path: string, o: CallOptions = {}) => call(em, path, { projectId: "internal", accessToken: token, ...o });
const transfer = (token: string, body: unknown, o: CallOptions = {}) => dashboard(token, "/internal/projects/transfer", { body, ...o });
const ownerTeam = () => em.core.store.users.get(em.internal.adminUser.id)!.selectedTeamId!;

async function newTeam(token: string, name: string): Promise<string> {
  const r = await dashboard(token, "/teams", { body: { display_name: name, creator_user_id: "me" } });
  expect(r.status).toBe(201);
  return r.json.id;
}

async function newProject(teamId = ownerTeam()): Promise<string> {
  const r = await dashboard(adminToken, "/internal/projects", { body: { display_name: "Movable", owner_team_id: teamId } });
  expect(r.status).toBe(201);
  return r.json.id;
}

async function otherDashboardUser() {
  const r = await call(em, "/auth/password/sign-up", { projectId: "internal", body: { email: freshEmail("dash"), password: "password123" } });
  expect(r.status).toBe(200);
  return r.json as { access_token: string; user_id: string };
}

test("moves a project to another team of the user; the old team's members lose it", async () => {
  const projectId = await newProject();
  const target = await newTeam(adminToken, "Target team");
  const r = await transfer(adminToken, { project_id: projectId, new_team_id: target });
  expect([r.status, r.json]).toEqual([200, { success: "true" }]);
  expect(em.core.store.projects.get(projectId)!.ownerTeamId).toBe(target);
  const current = await call(em, "/internal/projects/current", { projectId, access: "admin", headers: { "x-stack-admin-access-token": adminToken } });
  expect(current.json.owner_team_id).toBe(target);
  // a user of the old team only is no longer an owner
  const other = await otherDashboardUser();
  const add = await call(em, `/team-memberships/${ownerTeam()}/${other.user_id}`, { projectId: "internal", access: "server", body: {} });
  expect(add.status).toBe(201);
  const listed = (await dashboard(other.access_token, "/internal/projects")).json.items.map((p: { id: string }) => p.id);
  expect(listed).not.toContain(projectId);
  expect(listed).toContain(em.projectId);
});

test("needs team_admin in the current owner team and membership in the new one", async () => {
  const projectId = await newProject();
  const other = await otherDashboardUser();
  const otherTeam = await newTeam(other.access_token, "Other's team");
  // not a member of the owner team
  const notMember = expectKnown(await transfer(other.access_token, { project_id: projectId, new_team_id: otherTeam }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
  expect(notMember.details).toEqual({ team_id: ownerTeam(), user_id: other.user_id });
  // a plain member (team_member, not team_admin)
  expect((await call(em, `/team-memberships/${ownerTeam()}/${other.user_id}`, { projectId: "internal", access: "server", body: {} })).status).toBe(201);
  const noAdmin = expectKnown(await transfer(other.access_token, { project_id: projectId, new_team_id: otherTeam }), 401, "TEAM_PERMISSION_REQUIRED");
  expect(noAdmin.details).toEqual({ team_id: ownerTeam(), user_id: other.user_id, permission_id: "team_admin" });
  // the admin is not in the other user's team
  const notInTarget = expectKnown(await transfer(adminToken, { project_id: projectId, new_team_id: otherTeam }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
  expect(notInTarget.details).toEqual({ team_id: otherTeam, user_id: em.internal.adminUser.id });
  expect(em.core.store.projects.get(projectId)!.ownerTeamId).toBe(ownerTeam());
});

test("unknown project, project without owner team, and request errors", async () => {
  const missing = "00000000-0000-4000-8000-000000000000";
  const unknown = expectKnown(await transfer(adminToken, { project_id: missing, new_team_id: ownerTeam() }), 404, "PROJECT_NOT_FOUND");
  expect(unknown.details).toEqual({ project_id: missing });
  const internal = await transfer(adminToken, { project_id: "internal", new_team_id: ownerTeam() });
  expect([internal.status, internal.text]).toEqual([400, "Project must have an owner team to be transferred"]);
  const body = expectKnown(await transfer(adminToken, {}), 400, "SCHEMA_ERROR");
  expect(body.error).toBe("Request validation failed on POST /api/v1/internal/projects/transfer:\n  - body.project_id must be defined\n  - body.new_team_id must be defined");
  const demo = expectKnown(await call(em, "/internal/projects/transfer", { access: "server", body: { project_id: em.projectId, new_team_id: ownerTeam() } }), 400, "SCHEMA_ERROR");
  expect(demo.error).toBe("Request validation failed on POST /api/v1/internal/projects/transfer:\n  - auth.project.id must be one of the following values: internal\n  - auth.user must be defined");
  const noUser = expectKnown(await call(em, "/internal/projects/transfer", { projectId: "internal", body: { project_id: em.projectId, new_team_id: ownerTeam() } }), 400, "SCHEMA_ERROR");
  expect(noUser.error).toContain("auth.user must be defined");
  expectKnown(await call(em, "/internal/projects/transfer", { access: null, body: {} }), 400, "ACCESS_TYPE_REQUIRED");
});
