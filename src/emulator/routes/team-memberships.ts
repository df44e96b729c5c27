import type { EmulatorCore } from "../core";
import { findMembership, membershipOrThrow, removeMembership, requireTeamPermission, teamOrThrow, userOrThrow } from "../domain/team-members";
import { addTeamMember } from "../domain/teams";
import { known } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

const params = t.object({ team_id: t.string({ format: "uuid" }).defined(), user_id: t.userIdOrMe().defined() });

function add(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const store = ctx.core.store;
  const { team_id: teamId, user_id: userId } = ctx.params;
  userOrThrow(store, project.id, userId);
  const team = teamOrThrow(store, project.id, teamId);
  if (findMembership(store, project.id, teamId, userId)) throw known("TEAM_MEMBERSHIP_ALREADY_EXISTS");
  addTeamMember(ctx.core, team, userId, project.config.teamMemberDefaultPermissions);
  ctx.effect("team_members_added");
  return json({ team_id: teamId, user_id: userId }, 201);
}

function remove(ctx: RequestContext) {
  const auth = authOf(ctx);
  const store = ctx.core.store;
  const { team_id: teamId, user_id: userId } = ctx.params;
  if (auth.type === "client") {
    if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    if (userId !== auth.user.id) requireTeamPermission(store, auth.project.id, teamId, auth.user.id, "$remove_members");
  }
  removeMembership(store, membershipOrThrow(store, auth.project.id, teamId, userId));
  ctx.effect("team_members_removed");
  return success();
}

/**
 * Team memberships (wire §8.11): `POST /team-memberships/{team_id}/{user_id}` (server; the member gets the project's
 * `team_member_default_permissions`) and `DELETE` (clients may leave; removing others needs `$remove_members`).
 *
 * @example
 * core.router.addAll(teamMembershipRoutes(core));
 */
export function teamMembershipRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    { method: "POST", path: "/team-memberships/:team_id/:user_id", access: SERVER_OR_HIGHER, params, body: t.object({}), handler: add },
    { method: "DELETE", path: "/team-memberships/:team_id/:user_id", access: CLIENT_OR_HIGHER, params, handler: remove },
  ];
}
