import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";
import { addMember, serverTeam, teamPermissionIds, userWithTeam } from "./team-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const config = () => em.core.store.projects.get(em.projectId)!.config;
const CLIENT_KEYS = ["id", "display_name", "profile_image_url", "client_metadata", "client_read_only_metadata"];

describe("POST /teams", () => {
  test("a client creates a team, becomes a member with team_admin, and the team is not auto-selected", async () => {
    const user = await userWithTeam(em);
    const r = await call(em, "/teams", { accessToken: user.access_token, body: { display_name: "Rocket", client_metadata: { a: 1 } } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json)).toEqual(CLIENT_KEYS);
    expect(r.json).toMatchObject({ display_name: "Rocket", profile_image_url: null, client_metadata: { a: 1 }, client_read_only_metadata: null });
    expect(await teamPermissionIds(em, r.json.id, user.user_id, false)).toEqual(["team_admin"]);
    const me = await call(em, "/users/me", { accessToken: user.access_token });
    expect(me.json.selected_team_id).toBe(user.teamId);
    const mine = await call(em, "/teams?user_id=me", { accessToken: user.access_token });
    expect(mine.json).toEqual({ items: [expect.objectContaining({ id: user.teamId }), r.json], is_paginated: false });
  });

  test("server creates with the server shape and server-only fields", async () => {
    const r = await call(em, "/teams", { access: "server", body: { display_name: "Srv", server_metadata: { s: 1 }, client_read_only_metadata: { r: 2 } } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual([...CLIENT_KEYS, "created_at_millis", "server_metadata"].sort());
    expect(r.json).toMatchObject({ server_metadata: { s: 1 }, client_read_only_metadata: { r: 2 }, created_at_millis: expect.any(Number) });
  });

  test("client errors: signed out, creation disabled, other creator, server-only fields, bad image", async () => {
    const user = await signUp(em);
    expectKnown(await call(em, "/teams", { body: { display_name: "X" } }), 401, "USER_AUTHENTICATION_REQUIRED");
    config().clientTeamCreationEnabled = false;
    try {
      const off = await call(em, "/teams", { accessToken: user.access_token, body: { display_name: "X" } });
      expect([off.status, off.text]).toEqual([403, "Client team creation is disabled for this project"]);
    } finally {
      config().clientTeamCreationEnabled = true;
    }
    const other = await signUp(em);
    const r = await call(em, "/teams", { accessToken: user.access_token, body: { display_name: "X", creator_user_id: other.user_id } });
    expect([r.status, r.text]).toEqual([403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."]);
    const bad = await call(em, "/teams", { accessToken: user.access_token, body: { display_name: "X", server_metadata: {} } });
    expect(expectKnown(bad, 400, "SCHEMA_ERROR").error).toBe("Request validation failed on POST /api/v1/teams:\n  - body contains unknown properties: server_metadata");
    const img = await call(em, "/teams", { accessToken: user.access_token, body: { display_name: "X", profile_image_url: "https://x.test/a.png" } });
    expect([img.status, img.text]).toEqual([400, "Invalid profile image URL"]);
    expectKnown(await call(em, "/teams", { access: "server", body: { display_name: "X", creator_user_id: "00000000-0000-4000-8000-000000000000" } }), 404, "USER_NOT_FOUND");
  });
});

describe("GET /teams", () => {
  test("clients list only their own teams; the server lists all or by user", async () => {
    const a = await userWithTeam(em);
    const b = await userWithTeam(em);
    const forbidden = await call(em, `/teams?user_id=${b.user_id}`, { accessToken: a.access_token });
    expect([forbidden.status, forbidden.text]).toEqual([403, 'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user']);
    const none = await call(em, "/teams", { accessToken: a.access_token });
    expect(none.status).toBe(403);
    expectKnown(await call(em, "/teams?user_id=me"), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    const byUser = await call(em, `/teams?user_id=${b.user_id}`, { access: "server" });
    expect(byUser.json.items.map((x: { id: string }) => x.id)).toEqual([b.teamId]);
    expect(byUser.json.items[0]).toHaveProperty("created_at_millis");
    const all = await call(em, "/teams", { access: "server" });
    expect(all.json.is_paginated).toBe(false);
    expect(all.json.items.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.teamId, b.teamId]));
  });
});

describe("GET/PATCH/DELETE /teams/{team_id}", () => {
  test("non-members get TEAM_MEMBERSHIP_NOT_FOUND; the server gets TEAM_NOT_FOUND for unknown teams", async () => {
    const owner = await userWithTeam(em);
    const stranger = await signUp(em);
    const r = await call(em, `/teams/${owner.teamId}`, { accessToken: stranger.access_token });
    expect(expectKnown(r, 404, "TEAM_MEMBERSHIP_NOT_FOUND").details).toEqual({ team_id: owner.teamId, user_id: stranger.user_id });
    expectKnown(await call(em, `/teams/${owner.teamId}`, { accessToken: stranger.access_token, method: "PATCH", body: { display_name: "no" } }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    const missing = "00000000-0000-4000-8000-000000000001";
    expect(expectKnown(await call(em, `/teams/${missing}`, { access: "server" }), 404, "TEAM_NOT_FOUND").error).toBe(`Team ${missing} not found.`);
    expectKnown(await call(em, `/teams/${missing}`, { access: "server", method: "DELETE" }), 404, "TEAM_NOT_FOUND");
    expect((await call(em, `/teams/${owner.teamId}`, { accessToken: owner.access_token })).json.id).toBe(owner.teamId);
  });

  test("members need $update_team / $delete_team; the team admin has both", async () => {
    const owner = await userWithTeam(em);
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    expect((await call(em, `/teams/${owner.teamId}`, { accessToken: member.access_token })).status).toBe(200);
    const patch = await call(em, `/teams/${owner.teamId}`, { accessToken: member.access_token, method: "PATCH", body: { display_name: "Nope" } });
    const body = expectKnown(patch, 401, "TEAM_PERMISSION_REQUIRED");
    expect(body.details).toEqual({ team_id: owner.teamId, user_id: member.user_id, permission_id: "$update_team" });
    expect(body.error).toBe(`User ${member.user_id} does not have permission $update_team in team ${owner.teamId}.`);
    expectKnown(await call(em, `/teams/${owner.teamId}`, { accessToken: member.access_token, method: "DELETE" }), 401, "TEAM_PERMISSION_REQUIRED");

    const ok = await call(em, `/teams/${owner.teamId}`, { accessToken: owner.access_token, method: "PATCH", body: { display_name: "Renamed", client_metadata: { x: true } } });
    expect(ok.json).toMatchObject({ id: owner.teamId, display_name: "Renamed", client_metadata: { x: true } });
    expect(Object.keys(ok.json)).toEqual(CLIENT_KEYS);
    const srv = await call(em, `/teams/${owner.teamId}`, { access: "server", method: "PATCH", body: { server_metadata: { plan: "pro" } } });
    expect(srv.json).toMatchObject({ display_name: "Renamed", server_metadata: { plan: "pro" } });

    expect((await call(em, `/teams/${owner.teamId}`, { accessToken: owner.access_token, method: "DELETE" })).json).toEqual({ success: true });
    expectKnown(await call(em, `/teams/${owner.teamId}`, { access: "server" }), 404, "TEAM_NOT_FOUND");
    const me = await call(em, "/users/me", { accessToken: owner.access_token });
    expect([me.json.selected_team_id, me.json.selected_team]).toEqual([null, null]);
    expect((await call(em, "/teams?user_id=me", { accessToken: member.access_token })).json.items).toEqual([expect.objectContaining({})]);
  });
});

describe("team memberships", () => {
  test("server adds members with team_member defaults; duplicates and unknowns are errors", async () => {
    const teamId = await serverTeam(em);
    const user = await signUp(em);
    const r = await call(em, `/team-memberships/${teamId}/${user.user_id}`, { access: "server", body: {} });
    expect([r.status, r.json]).toEqual([201, { team_id: teamId, user_id: user.user_id }]);
    expect(await teamPermissionIds(em, teamId, user.user_id)).toEqual(["$invite_members", "$read_members", "team_member"]);
    expect(expectKnown(await call(em, `/team-memberships/${teamId}/${user.user_id}`, { access: "server", body: {} }), 409, "TEAM_MEMBERSHIP_ALREADY_EXISTS").error).toBe("Team membership already exists.");
    expectKnown(await call(em, `/team-memberships/${teamId}/00000000-0000-4000-8000-000000000002`, { access: "server", body: {} }), 404, "USER_NOT_FOUND");
    expectKnown(await call(em, `/team-memberships/00000000-0000-4000-8000-000000000003/${user.user_id}`, { access: "server", body: {} }), 404, "TEAM_NOT_FOUND");
    const client = await call(em, `/team-memberships/${teamId}/me`, { accessToken: user.access_token, body: {} });
    expect(expectKnown(client, 401, "INSUFFICIENT_ACCESS_TYPE").details).toEqual({ actual_access_type: "client", allowed_access_types: ["server", "admin"] });
  });

  test("clients may leave; removing others needs $remove_members", async () => {
    const owner = await userWithTeam(em);
    const a = await signUp(em);
    const b = await signUp(em);
    await addMember(em, owner.teamId, a.user_id);
    await addMember(em, owner.teamId, b.user_id);
    const denied = await call(em, `/team-memberships/${owner.teamId}/${b.user_id}`, { accessToken: a.access_token, method: "DELETE", body: {} });
    expect(expectKnown(denied, 401, "TEAM_PERMISSION_REQUIRED").details).toMatchObject({ permission_id: "$remove_members" });
    expect((await call(em, `/team-memberships/${owner.teamId}/me`, { accessToken: a.access_token, method: "DELETE", body: {} })).json).toEqual({ success: true });
    expectKnown(await call(em, `/team-memberships/${owner.teamId}/me`, { accessToken: a.access_token, method: "DELETE", body: {} }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await call(em, `/team-memberships/${owner.teamId}/${b.user_id}`, { accessToken: owner.access_token, method: "DELETE", body: {} })).json).toEqual({ success: true });
    const users = await call(em, `/users?team_id=${owner.teamId}`, { access: "server" });
    expect(users.json.items.map((u: { id: string }) => u.id)).toEqual([owner.user_id]);
  });
});
