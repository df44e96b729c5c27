import type { EmulatorCore } from "../core";
import { consumeCode } from "../domain/codes";
import {
  acceptInvitation,
  assertMayAcceptInvitations,
  invitationRead,
  isInvitedUser,
  pendingInvitations,
  sendTeamInvitation,
} from "../domain/invitations";
import { membershipOrThrow, requireTeamPermission, teamOrThrow } from "../domain/team-members";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { checkCodeHandler } from "./check-code";
import type { UserRecord } from "../store/types";

function signedIn(ctx: RequestContext): UserRecord {
  const user = authOf(ctx).user;
  if (!user) throw known("USER_AUTHENTICATION_REQUIRED");
  return user;
}

/** Client: membership plus each permission; server/admin: the team must exist. */
function guardTeam(ctx: RequestContext, teamId: string, permissionIds: string[]): void {
  const auth = authOf(ctx);
  const store = ctx.core.store;
  if (auth.type !== "client") {
    teamOrThrow(store, auth.project.id, teamId);
    return;
  }
  if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  membershipOrThrow(store, auth.project.id, teamId, auth.user.id);
  for (const p of permissionIds) requireTeamPermission(store, auth.project.id, teamId, auth.user.id, p);
}

function sendCode(ctx: RequestContext) {
  const auth = authOf(ctx);
  const b = ctx.body;
  if (auth.type === "client") requireTeamPermission(ctx.core.store, auth.project.id, b.team_id, signedIn(ctx).id, "$invite_members");
  const team = teamOrThrow(ctx.core.store, auth.project.id, b.team_id);
  const code = sendTeamInvitation(ctx.core, auth.project, team, b.email, b.callback_url, ctx.effect);
  return json({ success: true, id: code.id });
}

function listInvitations(ctx: RequestContext) {
  const auth = authOf(ctx);
  const { team_id: teamId, user_id: userId } = ctx.query;
  if (teamId && userId) throw new StatusError(400, "Cannot specify both team_id and user_id");
  if (teamId) {
    guardTeam(ctx, teamId, ["$read_members", "$invite_members"]);
    return list(pendingInvitations(ctx.core, auth.project.id).filter((c) => c.data.team_id === teamId).map((c) => invitationRead(ctx.core, c)));
  }
  if (!userId) throw new StatusError(400, "Must specify either team_id or user_id");
  // like the platform: a client may only list its own (another user's id is refused as if no user were given)
  if (auth.type === "client" && userId !== auth.user?.id) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  // an unknown user has no verified e-mail, hence no invitations
  const user = ctx.core.store.users.get(userId);
  if (!user || user.projectId !== auth.project.id) return list([]);
  return list(pendingInvitations(ctx.core, auth.project.id).filter((c) => isInvitedUser(ctx.core, c, user)).map((c) => invitationRead(ctx.core, c)));
}

function revoke(ctx: RequestContext) {
  const teamId = ctx.query.team_id as string;
  guardTeam(ctx, teamId, ["$remove_members"]);
  const c = ctx.core.store.verificationCodes.get(ctx.params.id);
  if (!c || c.type !== "team_invitation" || c.projectId !== authOf(ctx).project.id || c.data.team_id !== teamId) {
    throw known("VERIFICATION_CODE_NOT_FOUND");
  }
  ctx.core.store.verificationCodes.delete(c.id);
  ctx.core.store.touch();
  ctx.effect("team_invitations_revoked");
  return success();
}

function acceptWithCode(ctx: RequestContext, mode: "accept" | "details") {
  const { project } = authOf(ctx);
  const c = consumeCode(ctx.core, project.id, "team_invitation", ctx.body.code, "check");
  const user = signedIn(ctx);
  assertMayAcceptInvitations(ctx.core, project, user);
  if (mode === "details") {
    const team = teamOrThrow(ctx.core.store, project.id, String(c.data.team_id));
    return json({ team_id: team.id, team_display_name: team.displayName });
  }
  acceptInvitation(ctx.core, project, c, user, ctx.effect, "code");
  return json({});
}

function acceptById(ctx: RequestContext) {
  const auth = authOf(ctx);
  const userId = ctx.query.user_id as string;
  if (auth.type === "client") {
    if (!auth.user || userId !== auth.user.id) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    assertMayAcceptInvitations(ctx.core, auth.project, auth.user);
  }
  const c = pendingInvitations(ctx.core, auth.project.id).find((x) => x.id === ctx.params.id);
  const user = ctx.core.store.users.get(userId);
  if (!c || !user || user.projectId !== auth.project.id || !isInvitedUser(ctx.core, c, user)) throw known("VERIFICATION_CODE_NOT_FOUND");
  acceptInvitation(ctx.core, auth.project, c, user, ctx.effect, "id");
  return json({});
}

/**
 * Team invitations (wire §8.13): send-code (e-mail with `<callback_url>?code=…`), list by team (`$read_members` and
 * `$invite_members`) or received by a user (`user_id=me`: invitations to their verified e-mails), revoke
 * (`$remove_members`), accept / accept/check-code / accept/details with the code, and accept by id.
 *
 * @example
 * core.router.addAll(teamInvitationRoutes(core));
 */
export function teamInvitationRoutes(_core: EmulatorCore): RouteDef[] {
  const base = { access: CLIENT_OR_HIGHER } as const;
  const code = t.object({ code: t.string({ length: 45 }).defined() }).defined();
  return [
    {
      ...base,
      method: "POST",
      path: "/team-invitations/send-code",
      body: t.object({
        team_id: t.string({ format: "uuid" }).defined(),
        email: t.string({ format: "email" }).defined(),
        callback_url: t.string({ format: "url" }).defined(),
      }).defined(),
      handler: sendCode,
    },
    { ...base, method: "GET", path: "/team-invitations", query: t.object({ team_id: t.string({ format: "uuid" }), user_id: t.userIdOrMe() }), handler: listInvitations },
    {
      ...base,
      method: "DELETE",
      path: "/team-invitations/:id",
      params: t.object({ id: t.string({ format: "uuid" }).defined() }),
      query: t.object({ team_id: t.string({ format: "uuid" }).defined() }),
      handler: revoke,
    },
    { ...base, method: "POST", path: "/team-invitations/accept", body: code, handler: (ctx) => acceptWithCode(ctx, "accept") },
    { ...base, method: "POST", path: "/team-invitations/accept/details", body: code, handler: (ctx) => acceptWithCode(ctx, "details") },
    { ...base, method: "POST", path: "/team-invitations/accept/check-code", body: code, handler: checkCodeHandler("team_invitation") },
    {
      ...base,
      method: "POST",
      path: "/team-invitations/:id/accept",
      params: t.object({ id: t.string({ format: "uuid" }).defined() }),
      query: t.object({ user_id: t.userIdOrMe().defined() }),
      handler: acceptById,
    },
  ];
}
