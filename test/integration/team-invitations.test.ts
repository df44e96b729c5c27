import { ArgumentError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { codeFromOutbox, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { INVITE_CALLBACK, memberOf, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

async function ownerAndTeam() {
  const owner = await signedInUser(emulator, "owner");
  const team = (await owner.user.getTeam(owner.user.selectedTeam!.id))!;
  return { owner, team };
}

test("inviteUser e-mails a code link; listInvitations shows it (millis → Date) and revoke withdraws it", async () => {
  const { team } = await ownerAndTeam();
  expect(await team.listInvitations()).toEqual([]); // cached empty list: the invitation must still show up
  const email = uniqueEmail("invitee");
  const before = Date.now();
  await team.inviteUser({ email, callbackUrl: INVITE_CALLBACK });
  expect(await codeFromOutbox(emulator, email, /invit/i)).toHaveLength(45);

  const [invitation] = await team.listInvitations();
  expect(invitation).toMatchObject({ recipientEmail: email });
  expect(invitation.expiresAt).toBeInstanceOf(Date);
  expect(invitation.expiresAt.getTime()).toBeGreaterThan(before + 6 * 24 * 3600 * 1000);

  await invitation.revoke();
  expect(await team.listInvitations()).toEqual([]);
});

test("outside a browser inviteUser needs a callbackUrl, and refuses a bad e-mail, before any request", async () => {
  const { team } = await ownerAndTeam();
  const before = (await routeStats(emulator, "POST /team-invitations/send-code")).requests;
  await expect(team.inviteUser({ email: uniqueEmail() })).rejects.toThrow(/callbackUrl/);
  // Refused locally exactly as the platform refuses it (its SCHEMA_ERROR, word for word).
  const local = await caught(team.inviteUser({ email: "not an e-mail", callbackUrl: INVITE_CALLBACK }));
  const raw = await fetch(`${emulator.url}/api/v1/team-invitations/send-code`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": emulator.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": emulator.keys.secretServerKey },
    body: JSON.stringify({ team_id: team.id, email: "not an e-mail", callback_url: INVITE_CALLBACK }),
  });
  const answer = (await raw.json()) as { code: string; error: string; details: unknown };
  expect([KnownErrors.SchemaError.isInstance(local), (local as Error).message, (local as { details?: unknown }).details]).toEqual([true, answer.error, answer.details]);
  expect([raw.status, answer.code]).toEqual([400, "SCHEMA_ERROR"]);
  expect(ArgumentError.isInstance(await caught(team.inviteUser(undefined as never)))).toBe(true);
  expect((await routeStats(emulator, "POST /team-invitations/send-code")).requests).toBe(before + 1); // the raw one
});

test("code flow: details and check leave the code usable; accepting adds the team to the list; a used code is an error result", async () => {
  const { owner, team } = await ownerAndTeam();
  await team.update({ displayName: "Research" });
  const invitee = await signedInUser(emulator, "invitee");
  expect((await invitee.user.listTeams()).map((t) => t.id)).not.toContain(team.id); // cached before joining
  expect(await invitee.user.hasPermission(team.id, "team_member")).toBe(false); // cached too
  await team.inviteUser({ email: invitee.email, callbackUrl: INVITE_CALLBACK });
  const code = await codeFromOutbox(emulator, invitee.email, /invit/i);

  expect(await invitee.app.verifyTeamInvitationCode(code)).toEqual({ status: "ok", data: undefined });
  expect(await invitee.app.getTeamInvitationDetails(code)).toEqual({ status: "ok", data: { teamDisplayName: "Research" } });
  expect(await invitee.app.acceptTeamInvitation(code)).toEqual({ status: "ok", data: undefined });
  expect((await invitee.user.listTeams()).map((t) => t.id)).toContain(team.id);
  expect(await invitee.user.hasPermission(team.id, "team_member")).toBe(true);

  const again = await invitee.app.acceptTeamInvitation(code);
  expect(again.status).toBe("error");
  if (again.status === "error") {
    expect(KnownErrors.VerificationCodeError.isInstance(again.error)).toBe(true);
    expect(again.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  }
  const unknown = await invitee.app.verifyTeamInvitationCode("a".repeat(45));
  expect(unknown.status === "error" && unknown.error.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  expect((await invitee.app.getTeamInvitationDetails("b".repeat(45))).status).toBe("error");
  expect((await owner.user.getTeam(team.id))?.displayName).toBe("Research");
});

test("received invitations (to a verified e-mail): listed with team details; accept joins and drops it from the list", async () => {
  const { team } = await ownerAndTeam();
  const invitee = await signedInUser(emulator, "verified", { verified: true });
  await team.inviteUser({ email: invitee.email, callbackUrl: INVITE_CALLBACK });
  const received = await invitee.user.listTeamInvitations();
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ teamId: team.id, teamDisplayName: team.displayName, recipientEmail: invitee.email });
  expect(received[0].expiresAt).toBeInstanceOf(Date);

  await received[0].accept();
  expect(await invitee.user.listTeamInvitations()).toEqual([]);
  expect((await invitee.user.listTeams()).map((t) => t.id)).toContain(team.id);
});

test("a plain member may invite but not revoke: TEAM_PERMISSION_REQUIRED ($remove_members)", async () => {
  const { owner, team } = await ownerAndTeam();
  const member = await memberOf(emulator, owner, team.id);
  const asMember = (await member.user.getTeam(team.id))!;
  await asMember.inviteUser({ email: uniqueEmail("friend"), callbackUrl: INVITE_CALLBACK });
  const [invitation] = await asMember.listInvitations();
  const error = await caught(invitation.revoke());
  expect(KnownErrors.TeamPermissionRequired.isInstance(error)).toBe(true);
  expect(error.details.permission_id).toBe("$remove_members");
  expect(await asMember.listInvitations()).toHaveLength(1);
});

test("the code calls validate their arguments before any request", async () => {
  const { app } = await signedInUser(emulator);
  const before = (await routeStats(emulator, "POST /team-invitations/accept")).requests;
  expect(ArgumentError.isInstance(await caught(app.acceptTeamInvitation("")))).toBe(true);
  expect(ArgumentError.isInstance(await caught(app.verifyTeamInvitationCode(5 as never)))).toBe(true);
  expect(ArgumentError.isInstance(await caught(app.getTeamInvitationDetails("c".repeat(45), "x" as never)))).toBe(true);
  expect((await routeStats(emulator, "POST /team-invitations/accept")).requests).toBe(before);
});
