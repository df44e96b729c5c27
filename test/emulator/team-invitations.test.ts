import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";
import { addMember, revokeTeamPermission, teamPermissionIds, userWithTeam, verifiedUser } from "./team-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const CALLBACK = "http://localhost:3000/handler/team-invitation";

async function invite(owner: { access_token: string; teamId: string }, email = freshEmail("invitee")) {
  const r = await call(em, "/team-invitations/send-code", { accessToken: owner.access_token, body: { team_id: owner.teamId, email, callback_url: CALLBACK } });
  expect(r.status).toBe(200);
  const mail = await latestEmail(em, email);
  return { id: r.json.id as string, email, code: mail.code, mail, body: r.json };
}

describe("send-code", () => {
  test("mails a link <callback_url>?code=<45 chars> and answers {success, id}", async () => {
    const owner = await userWithTeam(em);
    const inv = await invite(owner);
    expect(inv.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(inv.mail.kind).toBe("team_invitation");
    expect(inv.mail.subject).toContain("join");
    expect(inv.code).toMatch(/^[a-z2-7]{45}$/);
    expect(inv.mail.links).toEqual([`${CALLBACK}?code=${inv.code}`]);
  });

  test("errors: untrusted callback, missing $invite_members, not a member, signed out, unknown team", async () => {
    const owner = await userWithTeam(em);
    const untrusted = await call(em, "/team-invitations/send-code", { accessToken: owner.access_token, body: { team_id: owner.teamId, email: freshEmail(), callback_url: "https://evil.test/cb" } });
    expectKnown(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED");
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    await revokeTeamPermission(em, owner.teamId, member.user_id, "team_member");
    const body = { team_id: owner.teamId, email: freshEmail(), callback_url: CALLBACK };
    const denied = await call(em, "/team-invitations/send-code", { accessToken: member.access_token, body });
    expect(expectKnown(denied, 401, "TEAM_PERMISSION_REQUIRED").error).toBe(`User ${member.user_id} does not have permission $invite_members in team ${owner.teamId}.`);
    const outsider = await signUp(em);
    expectKnown(await call(em, "/team-invitations/send-code", { accessToken: outsider.access_token, body }), 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expectKnown(await call(em, "/team-invitations/send-code", { body }), 401, "USER_AUTHENTICATION_REQUIRED");
    const server = await call(em, "/team-invitations/send-code", { access: "server", body: { ...body, team_id: "00000000-0000-4000-8000-000000000004" } });
    expectKnown(server, 404, "TEAM_NOT_FOUND");
  });
});

describe("listing and revoking", () => {
  test("team list needs $read_members and $invite_members; shape includes team_display_name", async () => {
    const owner = await userWithTeam(em);
    const inv = await invite(owner);
    const r = await call(em, `/team-invitations?team_id=${owner.teamId}`, { accessToken: owner.access_token });
    expect(r.json).toEqual({
      items: [{ id: inv.id, team_id: owner.teamId, team_display_name: `${owner.email}'s Team`, recipient_email: inv.email, expires_at_millis: expect.any(Number) }],
      is_paginated: false,
    });
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    await revokeTeamPermission(em, owner.teamId, member.user_id, "team_member");
    expect(expectKnown(await call(em, `/team-invitations?team_id=${owner.teamId}`, { accessToken: member.access_token }), 401, "TEAM_PERMISSION_REQUIRED").details)
      .toMatchObject({ permission_id: "$read_members" });
    expect((await call(em, `/team-invitations?team_id=${owner.teamId}`, { access: "server" })).json.items).toHaveLength(1);
  });

  test("a user lists invitations received at their verified e-mails (user_id=me)", async () => {
    const owner = await userWithTeam(em);
    const invitee = await verifiedUser(em);
    const inv = await invite(owner, invitee.email);
    const r = await call(em, "/team-invitations?user_id=me", { accessToken: invitee.access_token });
    expect(r.json.items).toEqual([expect.objectContaining({ id: inv.id, recipient_email: invitee.email, team_id: owner.teamId })]);
    const unverified = await signUp(em);
    await invite(owner, unverified.email);
    expect((await call(em, "/team-invitations?user_id=me", { accessToken: unverified.access_token })).json.items).toEqual([]);
    const other = await call(em, `/team-invitations?user_id=${invitee.user_id}`, { accessToken: owner.access_token });
    expectKnown(other, 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expect((await call(em, `/team-invitations?user_id=${invitee.user_id}`, { access: "server" })).json.items).toHaveLength(1);
  });

  test("revoking needs $remove_members", async () => {
    const owner = await userWithTeam(em);
    const inv = await invite(owner);
    const member = await signUp(em);
    await addMember(em, owner.teamId, member.user_id);
    const denied = await call(em, `/team-invitations/${inv.id}?team_id=${owner.teamId}`, { accessToken: member.access_token, method: "DELETE" });
    expect(expectKnown(denied, 401, "TEAM_PERMISSION_REQUIRED").details).toMatchObject({ permission_id: "$remove_members" });
    expect((await call(em, `/team-invitations/${inv.id}?team_id=${owner.teamId}`, { accessToken: owner.access_token, method: "DELETE" })).json).toEqual({ success: true });
    expect((await call(em, `/team-invitations?team_id=${owner.teamId}`, { accessToken: owner.access_token })).json.items).toEqual([]);
    expectKnown(await call(em, "/team-invitations/accept/check-code", { body: { code: inv.code } }), 404, "VERIFICATION_CODE_NOT_FOUND");
  });
});

describe("accepting", () => {
  test("check-code, details, accept: the user joins with the member default permissions", async () => {
    const owner = await userWithTeam(em);
    const invitee = await signUp(em);
    const inv = await invite(owner, invitee.email);
    expect((await call(em, "/team-invitations/accept/check-code", { body: { code: inv.code } })).json).toEqual({ is_code_valid: true });
    const details = await call(em, "/team-invitations/accept/details", { accessToken: invitee.access_token, body: { code: inv.code } });
    expect(details.json).toEqual({ team_id: owner.teamId, team_display_name: `${owner.email}'s Team` });
    const r = await call(em, "/team-invitations/accept", { accessToken: invitee.access_token, body: { code: inv.code } });
    expect([r.status, r.json]).toEqual([200, {}]);
    expect(await teamPermissionIds(em, owner.teamId, invitee.user_id)).toEqual(["$invite_members", "$read_members", "team_member"]);
    expect((await call(em, "/teams?user_id=me", { accessToken: invitee.access_token })).json.items.map((x: { id: string }) => x.id)).toContain(owner.teamId);
    expectKnown(await call(em, "/team-invitations/accept", { accessToken: invitee.access_token, body: { code: inv.code } }), 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  test("code errors: not found, expired, max attempts; a user is required", async () => {
    const owner = await userWithTeam(em);
    const invitee = await signUp(em);
    const body = (code: string) => ({ accessToken: invitee.access_token, body: { code } });
    const nf = await call(em, "/team-invitations/accept", body("a".repeat(45)));
    expect(expectKnown(nf, 404, "VERIFICATION_CODE_NOT_FOUND").error).toBe("The verification code does not exist for this project.");
    const short = await call(em, "/team-invitations/accept", body("abc"));
    expectKnown(short, 400, "SCHEMA_ERROR");
    const expired = await invite(owner);
    const recordOf = (code: string) => [...em.core.store.verificationCodes.values()].find((c) => c.code === code)!;
    recordOf(expired.code).expiresAtMillis = Date.now() - 1;
    expectKnown(await call(em, "/team-invitations/accept", body(expired.code)), 400, "VERIFICATION_CODE_EXPIRED");
    const tired = await invite(owner);
    recordOf(tired.code).attemptCount = 20;
    expectKnown(await call(em, "/team-invitations/accept", body(tired.code)), 400, "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    const fresh = await invite(owner);
    expectKnown(await call(em, "/team-invitations/accept", { body: { code: fresh.code } }), 401, "USER_AUTHENTICATION_REQUIRED");
  });

  test("anonymous (restricted) users cannot accept", async () => {
    const owner = await userWithTeam(em);
    const inv = await invite(owner);
    const anon = await call(em, "/auth/anonymous/sign-up", { body: {} });
    const r = await call(em, "/team-invitations/accept", { accessToken: anon.json.access_token, allowAnonymous: true, body: { code: inv.code } });
    expect(expectKnown(r, 403, "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED").details).toEqual({ restricted_reason: { type: "anonymous" } });
    expect((await call(em, "/team-invitations/accept/check-code", { body: { code: inv.code } })).json).toEqual({ is_code_valid: true });
  });

  test("accept by id needs a verified e-mail matching the invitation", async () => {
    const owner = await userWithTeam(em);
    const invitee = await verifiedUser(em);
    const inv = await invite(owner, invitee.email);
    const stranger = await verifiedUser(em);
    expectKnown(await call(em, `/team-invitations/${inv.id}/accept?user_id=me`, { accessToken: stranger.access_token, method: "POST" }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnown(await call(em, `/team-invitations/${inv.id}/accept?user_id=${invitee.user_id}`, { accessToken: stranger.access_token, method: "POST" }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    const r = await call(em, `/team-invitations/${inv.id}/accept?user_id=me`, { accessToken: invitee.access_token, method: "POST" });
    expect([r.status, r.json]).toEqual([200, {}]);
    expect(await teamPermissionIds(em, owner.teamId, invitee.user_id, false)).toEqual(["team_member"]);
    expectKnown(await call(em, `/team-invitations/${inv.id}/accept?user_id=me`, { accessToken: invitee.access_token, method: "POST" }), 404, "VERIFICATION_CODE_NOT_FOUND");
  });
});
