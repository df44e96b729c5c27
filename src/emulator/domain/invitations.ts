import type { EmulatorCore } from "../core";
import { known } from "../errors";
import type { ProjectRecord, TeamRecord, UserRecord, VerificationCodeRecord } from "../store/types";
import { restrictedReasonOf } from "../auth/checks";
import { createCode } from "./codes";
import { assertFreeSeat } from "./payments-ledger";
import { sendTemplated } from "./emails";
import { findMembership } from "./team-members";
import { addTeamMember } from "./teams";

/**
 * Team invitations are verification codes of type `team_invitation` with `method: {email}` and
 * `data: {team_id}` (like the platform's `teamInvitationCodeHandler`).
 */

/**
 * Creates an invitation code and mails `<callback_url>?code=<45 chars>` to the recipient (`REDIRECT_URL_NOT_WHITELISTED`
 * for an untrusted callback). Counts `emails_sent` and `team_invitations_sent`.
 *
 * @example
 * const code = sendTeamInvitation(core, project, team, "bob@example.com", "http://localhost:3000/handler/team-invitation", ctx.effect);
 */
export function sendTeamInvitation(
  core: EmulatorCore,
  project: ProjectRecord,
  team: TeamRecord,
  email: string,
  callbackUrl: string,
  effect?: (name: string) => void,
): VerificationCodeRecord {
  const { record, link } = createCode(core, { project, type: "team_invitation", method: { email }, data: { team_id: team.id }, callbackUrl });
  sendTemplated(core, project, {
    kind: "team_invitation",
    to: email,
    subject: `You have been invited to join ${team.displayName}`,
    heading: `You are invited to ${team.displayName}`,
    line: `Please click the button below to join the team ${team.displayName}`,
    link: { href: link as string, label: "Join team" },
    code: record.code,
    otp: null,
    userId: null,
  }, effect);
  effect?.("team_invitations_sent");
  return record;
}

/**
 * Invitations of a project that are neither used nor expired, oldest first.
 *
 * @example
 * const pending = pendingInvitations(core, project.id).filter((c) => c.data.team_id === teamId);
 */
export function pendingInvitations(core: EmulatorCore, projectId: string): VerificationCodeRecord[] {
  const now = Date.now();
  return [...core.store.verificationCodes.values()]
    .filter((c) => c.projectId === projectId && c.type === "team_invitation" && c.usedAtMillis === null && c.expiresAtMillis > now)
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis);
}

/**
 * The wire shape of an invitation: `{id, team_id, team_display_name, recipient_email, expires_at_millis}`.
 *
 * @example
 * list(pending.map((c) => invitationRead(core, c)));
 */
export function invitationRead(core: EmulatorCore, c: VerificationCodeRecord): Record<string, unknown> {
  const teamId = String(c.data.team_id);
  return {
    id: c.id,
    team_id: teamId,
    team_display_name: core.store.teams.get(teamId)?.displayName ?? "",
    recipient_email: String(c.method.email),
    expires_at_millis: c.expiresAtMillis,
  };
}

/**
 * True when one of the user's verified e-mail channels is the invitation's recipient (case-insensitive).
 *
 * @example
 * const received = pendingInvitations(core, projectId).filter((c) => isInvitedUser(core, c, user));
 */
export function isInvitedUser(core: EmulatorCore, c: VerificationCodeRecord, user: UserRecord): boolean {
  const email = String(c.method.email).toLowerCase();
  return core.store.channelsOf(user.id).some((ch) => ch.type === "email" && ch.isVerified && ch.value.toLowerCase() === email);
}

/**
 * Throws `TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED` (403) for restricted users (anonymous, unverified when
 * required, restricted by an admin).
 *
 * @example
 * assertMayAcceptInvitations(core, project, user);
 */
export function assertMayAcceptInvitations(core: EmulatorCore, project: ProjectRecord, user: UserRecord): void {
  const reason = restrictedReasonOf(project, user, core.store);
  if (reason) throw known("TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: reason });
}

/**
 * Marks the invitation used, then adds the user to its team (with the member default permissions) unless they
 * already are a member. As on the platform the invitation stays used when this is refused: on the internal project
 * when the team has no free `dashboard_admins` seat (`ITEM_QUANTITY_INSUFFICIENT_AMOUNT`; accepting `via` the code
 * also needs the item in the config), or when the team is gone (`TEAM_NOT_FOUND`). Counts `team_invitations_accepted`.
 *
 * @example
 * acceptInvitation(core, project, code, user, ctx.effect, "code");
 */
export function acceptInvitation(
  core: EmulatorCore,
  project: ProjectRecord,
  c: VerificationCodeRecord,
  user: UserRecord,
  effect?: (name: string) => void,
  via: "code" | "id" = "code",
): void {
  const teamId = String(c.data.team_id);
  c.usedAtMillis = Date.now();
  core.store.touch();
  assertFreeSeat(core.store, project, teamId, { requireItemConfig: via === "code" });
  const team = core.store.teams.get(teamId);
  if (!team || team.projectId !== project.id) throw known("TEAM_NOT_FOUND", { team_id: teamId });
  if (!findMembership(core.store, project.id, team.id, user.id)) addTeamMember(core, team, user.id, project.config.teamMemberDefaultPermissions);
  core.store.touch();
  effect?.("team_invitations_accepted");
}
