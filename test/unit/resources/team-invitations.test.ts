import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const I1 = "1b1b1b1b-0000-4000-8000-000000000001";
const EXPIRES = 1767225600000;
const CODE = "c".repeat(45);
const CALLBACK = "https://myapp.example/handler/team-invitation";
const wireTeam = { id: T1, display_name: "Ops", profile_image_url: null, client_metadata: null, client_read_only_metadata: null };
const wireInvitation = { id: I1, team_id: T1, team_display_name: "Ops", recipient_email: "grace@example.com", expires_at_millis: EXPIRES };

function app() {
  return testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } }).app;
}

async function teamOfUser() {
  const a = app();
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson())).get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam]));
  const user = await a.getUser({ or: "throw" });
  return { app: a, user, team: (await user.getTeam(T1))! };
}

test("inviteUser posts team_id, email and callback_url; the sent list maps millis to Date and refreshes after revoke", async () => {
  const { team } = await teamOfUser();
  let sent: unknown;
  nock(BASE)
    .get("/api/v1/team-invitations").query({ team_id: T1 }).reply(...list([]))
    .post("/api/v1/team-invitations/send-code", (b) => ((sent = b), true)).reply(...json({ success: true, id: I1 }))
    .get("/api/v1/team-invitations").query({ team_id: T1 }).reply(...list([wireInvitation]))
    .delete(`/api/v1/team-invitations/${I1}`).query({ team_id: T1 }).reply(...json({ success: true }))
    .get("/api/v1/team-invitations").query({ team_id: T1 }).reply(...list([]));
  expect(await team.listInvitations()).toEqual([]);
  await team.inviteUser({ email: "grace@example.com", callbackUrl: CALLBACK });
  expect(sent).toEqual({ team_id: T1, email: "grace@example.com", callback_url: CALLBACK });
  const [invitation] = await team.listInvitations();
  expect({ ...invitation, revoke: undefined }).toEqual({ id: I1, recipientEmail: "grace@example.com", expiresAt: new Date(EXPIRES), revoke: undefined });
  await invitation.revoke();
  expect(await team.listInvitations()).toEqual([]);
  expect(nock.isDone()).toBe(true);
});

test("received invitations: GET ?user_id=me, mapped; accept posts to /{id}/accept?user_id=me and refreshes teams, invitations and permissions", async () => {
  const { user } = await teamOfUser();
  const calls: string[] = [];
  nock(BASE)
    .get("/api/v1/team-invitations").query({ user_id: "me" }).reply(...list([wireInvitation]))
    .get("/api/v1/team-permissions").query({ team_id: T1, user_id: "me", recursive: "true" }).reply(...list([]))
    .post(`/api/v1/team-invitations/${I1}/accept`, (b) => (calls.push(JSON.stringify(b)), true)).query({ user_id: "me" }).reply(...json({}))
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam, { ...wireTeam, id: "t2" }]))
    .get("/api/v1/team-invitations").query({ user_id: "me" }).reply(...list([]))
    .get("/api/v1/team-permissions").query({ team_id: T1, user_id: "me", recursive: "true" }).reply(...list([{ id: "team_member", team_id: T1, user_id: "u1" }]));
  const [received] = await user.listTeamInvitations();
  expect({ ...received, accept: undefined }).toEqual({
    id: I1, teamId: T1, teamDisplayName: "Ops", recipientEmail: "grace@example.com", expiresAt: new Date(EXPIRES), accept: undefined,
  });
  expect(await user.hasPermission(T1, "team_member")).toBe(false);
  await received.accept();
  expect(calls).toEqual(["{}"]);
  expect(await user.listTeams()).toHaveLength(2);
  expect(await user.listTeamInvitations()).toEqual([]);
  expect(await user.hasPermission(T1, "team_member")).toBe(true);
  expect(nock.isDone()).toBe(true);
});

test("code calls: check-code, details and accept send { code } and map the answers to Results", async () => {
  const bodies: unknown[] = [];
  const keep = (b: unknown) => (bodies.push(b), true);
  nock(BASE)
    .post("/api/v1/team-invitations/accept/check-code", keep).reply(...json({ is_code_valid: true }))
    .post("/api/v1/team-invitations/accept/details", keep).reply(...json({ team_id: T1, team_display_name: "Ops" }))
    .post("/api/v1/team-invitations/accept", keep).reply(...json({}));
  const a = app();
  expect(await a.verifyTeamInvitationCode(CODE)).toEqual({ status: "ok", data: undefined });
  expect(await a.getTeamInvitationDetails(CODE)).toEqual({ status: "ok", data: { teamDisplayName: "Ops" } });
  expect(await a.acceptTeamInvitation(CODE)).toEqual({ status: "ok", data: undefined });
  expect(bodies).toEqual([{ code: CODE }, { code: CODE }, { code: CODE }]);
});

test("after accepting a code, the user's team list includes the team", async () => {
  const { app: a, user } = await teamOfUser();
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam]))
    .post("/api/v1/team-invitations/accept").reply(...json({}))
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam, { ...wireTeam, id: "t2", display_name: "Joined" }]));
  expect(await user.listTeams()).toHaveLength(1);
  expect((await a.acceptTeamInvitation(CODE)).status).toBe("ok");
  expect((await user.listTeams()).map((t) => t.displayName)).toEqual(["Ops", "Joined"]);
});

test("verification-code errors and an e-mail mismatch come back as error results; other errors are thrown", async () => {
  nock(BASE)
    .post("/api/v1/team-invitations/accept").reply(...knownErrorReply("VERIFICATION_CODE_EXPIRED", 400))
    .post("/api/v1/team-invitations/accept/details").reply(...knownErrorReply("TEAM_INVITATION_EMAIL_MISMATCH", 403))
    .post("/api/v1/team-invitations/accept/check-code").reply(...knownErrorReply("TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", 403, { restricted_reason: { type: "anonymous" } }));
  const a = app();
  const expired = await a.acceptTeamInvitation(CODE);
  expect(expired.status === "error" && KnownErrors.VerificationCodeError.isInstance(expired.error)).toBe(true);
  const mismatch = await a.getTeamInvitationDetails(CODE);
  expect(mismatch.status === "error" && mismatch.error.code).toBe("TEAM_INVITATION_EMAIL_MISMATCH");
  const thrown = await caught(a.verifyTeamInvitationCode(CODE));
  expect(KnownErrors.TeamInvitationRestrictedUserNotAllowed.isInstance(thrown)).toBe(true);
});

test("inviteUser outside a browser needs callbackUrl; bad arguments are refused before any request", async () => {
  const { team } = await teamOfUser();
  await expect(team.inviteUser({ email: "grace@example.com" })).rejects.toThrow(/callbackUrl/);
  // An address the platform's e-mail rule refuses: its very SCHEMA_ERROR, before any request (the empty string passes
  // that rule, as on the platform, and is sent).
  const refused = await caught(team.inviteUser({ email: "grace", callbackUrl: CALLBACK }));
  expect(KnownErrors.SchemaError.isInstance(refused)).toBe(true);
  expect((refused as Error).message).toBe("Request validation failed on POST /api/v1/team-invitations/send-code:\n  - body.email must be a valid email");
  for (const promise of [
    team.inviteUser({ email: 1 as never, callbackUrl: CALLBACK }),
    team.inviteUser({ email: "grace@example.com", callbackUrl: "" }),
    team.inviteUser(null as never),
    app().acceptTeamInvitation(undefined as never),
    app().getTeamInvitationDetails(CODE, 1 as never),
  ]) {
    expect(ArgumentError.isInstance(await caught(promise))).toBe(true);
  }
});
