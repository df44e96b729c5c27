import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";
import { addMember, revokeTeamPermission, userWithTeam } from "./team-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

async function teamOfThree() {
  const owner = await userWithTeam(em);
  const member = await signUp(em);
  const outsider = await signUp(em);
  await addMember(em, owner.teamId, member.user_id);
  return { owner, member, outsider, teamId: owner.teamId };
}

describe("GET /team-member-profiles", () => {
  test("members with $read_members list everyone (client shape), in join order", async () => {
    const { owner, member, teamId } = await teamOfThree();
    const r = await call(em, `/team-member-profiles?team_id=${teamId}`, { accessToken: member.access_token });
    expect(r.json).toEqual({
      items: [
        { team_id: teamId, user_id: owner.user_id, display_name: null, profile_image_url: null },
        { team_id: teamId, user_id: member.user_id, display_name: null, profile_image_url: null },
      ],
      is_paginated: false,
    });
  });

  test("without $read_members a member may only list their own profile", async () => {
    const { member, teamId } = await teamOfThree();
    await revokeTeamPermission(em, teamId, member.user_id, "team_member");
    const all = await call(em, `/team-member-profiles?team_id=${teamId}`, { accessToken: member.access_token });
    expect(expectKnown(all, 401, "TEAM_PERMISSION_REQUIRED").details).toEqual({ team_id: teamId, user_id: member.user_id, permission_id: "$read_members" });
    const own = await call(em, `/team-member-profiles?team_id=${teamId}&user_id=me`, { accessToken: member.access_token });
    expect(own.json.items.map((p: { user_id: string }) => p.user_id)).toEqual([member.user_id]);
  });

  test("client rules: team_id is required, outsiders are not members, no user → error", async () => {
    const { member, outsider, teamId } = await teamOfThree();
    const noTeam = await call(em, "/team-member-profiles", { accessToken: member.access_token });
    expect([noTeam.status, noTeam.text]).toEqual([400, "team_id is required for access type client"]);
    expectKnown(await call(em, `/team-member-profiles?team_id=${teamId}`, { accessToken: outsider.access_token }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expectKnown(await call(em, `/team-member-profiles?team_id=${teamId}`), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  test("server items add the server user object; unknown team / user are errors", async () => {
    const { owner, teamId } = await teamOfThree();
    const r = await call(em, `/team-member-profiles?team_id=${teamId}&user_id=${owner.user_id}`, { access: "server" });
    expect(r.json.items).toHaveLength(1);
    expect(r.json.items[0].user).toMatchObject({ id: owner.user_id, primary_email: owner.email, server_metadata: null });
    expectKnown(await call(em, "/team-member-profiles?team_id=00000000-0000-4000-8000-000000000009", { access: "server" }), 404, "TEAM_NOT_FOUND");
    expectKnown(await call(em, "/team-member-profiles?user_id=00000000-0000-4000-8000-000000000009", { access: "server" }), 404, "USER_NOT_FOUND");
  });
});

describe("GET/PATCH /team-member-profiles/{team_id}/{user_id}", () => {
  test("read own and (with $read_members) others; not-a-member is TEAM_MEMBERSHIP_NOT_FOUND", async () => {
    const { owner, member, outsider, teamId } = await teamOfThree();
    const own = await call(em, `/team-member-profiles/${teamId}/me`, { accessToken: member.access_token });
    expect(own.json).toEqual({ team_id: teamId, user_id: member.user_id, display_name: null, profile_image_url: null });
    expect((await call(em, `/team-member-profiles/${teamId}/${owner.user_id}`, { accessToken: member.access_token })).json.user_id).toBe(owner.user_id);
    expectKnown(await call(em, `/team-member-profiles/${teamId}/${outsider.user_id}`, { accessToken: owner.access_token }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expectKnown(await call(em, `/team-member-profiles/${teamId}/me`, { accessToken: outsider.access_token }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
  });

  test("PATCH updates one's own profile; other users' profiles are off limits to clients", async () => {
    const { owner, member, teamId } = await teamOfThree();
    const r = await call(em, `/team-member-profiles/${teamId}/me`, { accessToken: member.access_token, method: "PATCH", body: { display_name: "Team Ada" } });
    expect(r.json).toEqual({ team_id: teamId, user_id: member.user_id, display_name: "Team Ada", profile_image_url: null });
    const other = await call(em, `/team-member-profiles/${teamId}/${member.user_id}`, { accessToken: owner.access_token, method: "PATCH", body: { display_name: "x" } });
    expect([other.status, other.text]).toEqual([403, "Cannot update another user's profile"]);
    const srv = await call(em, `/team-member-profiles/${teamId}/${member.user_id}`, { access: "server", method: "PATCH", body: { profile_image_url: "https://img.test/a.png" } });
    expect(srv.json).toMatchObject({ display_name: "Team Ada", profile_image_url: "https://img.test/a.png", user: { id: member.user_id } });
    const bad = await call(em, `/team-member-profiles/${teamId}/me`, { accessToken: member.access_token, method: "PATCH", body: { bio: "x" } });
    expectKnown(bad, 400, "SCHEMA_ERROR");
  });

  test("the profile falls back to the user's own name", async () => {
    const { member, teamId } = await teamOfThree();
    await call(em, "/users/me", { accessToken: member.access_token, method: "PATCH", body: { display_name: "Grace" } });
    const r = await call(em, `/team-member-profiles/${teamId}/me`, { accessToken: member.access_token });
    expect(r.json.display_name).toBe("Grace");
  });
});
