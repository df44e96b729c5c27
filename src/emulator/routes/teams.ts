import type { EmulatorCore } from "../core";
import { paginate, paginatedBody } from "../domain/paginate";
import { deleteTeam, membershipOrThrow, requireTeamPermission, teamOrThrow, teamsOfUser, userOrThrow } from "../domain/team-members";
import { isClientProfileImage, storeProfileImage } from "../domain/profile-images";
import { clientTeamRead, createTeam, serverTeamRead } from "../domain/teams";
import { known, StatusError } from "../errors";
import { authOf, type AuthInfo, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { profileImageUrlField } from "../http/platform-fields";
import { t, type Field } from "../http/schema";
import type { TeamRecord, UserRecord } from "../store/types";

const teamParams = t.object({ team_id: t.string({ format: "uuid" }).defined() });

const teamQuery = t.object({
  user_id: t.userIdOrMe(),
  add_current_user: t.string({ oneOf: ["true", "false"] }),
  order_by: t.string({ oneOf: ["created_at"] }),
  desc: t.string({ oneOf: ["true", "false"] }),
  cursor: t.string({ format: "uuid" }),
  limit: t.number({ integer: true, min: 1 }),
  query: t.string(),
});

function teamFields(auth: AuthInfo | null): Record<string, Field> {
  const client = { display_name: t.string(), profile_image_url: profileImageUrlField(), client_metadata: t.json() };
  return auth?.type === "client" ? client : { ...client, client_read_only_metadata: t.json(), server_metadata: t.json() };
}

function createBody(auth: AuthInfo | null): Field {
  return t.object({ ...teamFields(auth), display_name: t.string().defined(), creator_user_id: t.userIdOrMe() }).defined();
}

/**
 * The team read shape for the request's access type (client, or server for server/admin).
 *
 * @example
 * json(teamReadFor(ctx, team));
 */
export function teamReadFor(ctx: RequestContext, team: TeamRecord): Record<string, unknown> {
  return authOf(ctx).type === "client" ? clientTeamRead(team) : serverTeamRead(team);
}

/**
 * The signed-in user of a client request, or `USER_AUTHENTICATION_REQUIRED` (401).
 *
 * @example
 * const me = signedInUser(ctx);
 */
export function signedInUser(ctx: RequestContext): UserRecord {
  const user = authOf(ctx).user;
  if (!user) throw known("USER_AUTHENTICATION_REQUIRED");
  return user;
}

function assertClientImage(ctx: RequestContext): void {
  const url = ctx.body?.profile_image_url;
  if (authOf(ctx).type === "client" && typeof url === "string" && url && !isClientProfileImage(url)) {
    throw new StatusError(400, "Invalid profile image URL");
  }
}

function creatorOf(ctx: RequestContext): string | undefined {
  const auth = authOf(ctx);
  let creator: string | undefined = ctx.body.creator_user_id;
  if (creator && ctx.query.add_current_user) {
    throw new StatusError(400, "Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body.");
  }
  if (auth.type === "client") {
    const me = signedInUser(ctx);
    if (!auth.project.config.clientTeamCreationEnabled) throw new StatusError(403, "Client team creation is disabled for this project");
    assertClientImage(ctx);
    if (!creator) creator = me.id;
    else if (creator !== me.id) {
      throw new StatusError(403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.");
    }
  }
  if (ctx.query.add_current_user === "true") {
    if (!auth.user) throw new StatusError(401, "You must be logged in to create a team with the current user as a member.");
    creator = auth.user.id;
  }
  if (creator) userOrThrow(ctx.core.store, auth.project.id, creator);
  return creator;
}

function create(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const b = ctx.body;
  const team = createTeam(ctx.core, project, {
    displayName: b.display_name,
    creatorUserId: creatorOf(ctx),
    profileImageUrl: storeProfileImage(ctx.core, b.profile_image_url, "team-profile-images"),
    clientMetadata: b.client_metadata,
    clientReadOnlyMetadata: b.client_read_only_metadata,
    serverMetadata: b.server_metadata,
  });
  ctx.effect("teams_created");
  return json(teamReadFor(ctx, team), 201);
}

function listTeams(ctx: RequestContext) {
  const auth = authOf(ctx);
  const q = ctx.query;
  if (auth.type === "client") {
    if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    if (q.user_id !== auth.user.id) {
      throw new StatusError(403, 'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user');
    }
  }
  const store = ctx.core.store;
  let teams = q.user_id ? teamsOfUser(store, q.user_id) : [...store.teams.values()].filter((x) => x.projectId === auth.project.id);
  teams = teams.filter((x) => x.projectId === auth.project.id);
  teams.sort((a, b) => a.createdAtMillis - b.createdAtMillis); // stable: teams made in one millisecond stay in creation order
  if (typeof q.query === "string" && q.query) teams = teams.filter((x) => x.displayName.toLowerCase().includes(q.query.toLowerCase()));
  if (q.desc === "true") teams.reverse();
  if (q.limit === undefined && q.cursor === undefined) return list(teams.map((x) => teamReadFor(ctx, x)));
  const page = paginate(teams, (x) => x.id, { limit: q.limit, cursor: q.cursor });
  return json(paginatedBody(page.items.map((x) => teamReadFor(ctx, x)), page.nextCursor));
}

/** Client: member (`TEAM_MEMBERSHIP_NOT_FOUND`) plus the permission; everyone: the team must exist. */
function guardedTeam(ctx: RequestContext, permissionId: string | null): TeamRecord {
  const auth = authOf(ctx);
  const teamId = ctx.params.team_id as string;
  if (auth.type === "client") {
    const me = signedInUser(ctx);
    if (permissionId) requireTeamPermission(ctx.core.store, auth.project.id, teamId, me.id, permissionId);
    else membershipOrThrow(ctx.core.store, auth.project.id, teamId, me.id);
  }
  return teamOrThrow(ctx.core.store, auth.project.id, teamId);
}

function update(ctx: RequestContext) {
  assertClientImage(ctx);
  const team = guardedTeam(ctx, "$update_team");
  const b = ctx.body ?? {};
  if (typeof b.display_name === "string") team.displayName = b.display_name;
  const image = storeProfileImage(ctx.core, b.profile_image_url, "team-profile-images");
  if (image !== undefined) team.profileImageUrl = image;
  if ("client_metadata" in b) team.clientMetadata = b.client_metadata ?? null;
  if ("client_read_only_metadata" in b) team.clientReadOnlyMetadata = b.client_read_only_metadata ?? null;
  if ("server_metadata" in b) team.serverMetadata = b.server_metadata ?? null;
  ctx.core.store.touch();
  ctx.effect("teams_updated");
  return json(teamReadFor(ctx, team));
}

/**
 * The teams family (wire §8.10): `GET|POST /teams`, `GET|PATCH|DELETE /teams/{team_id}` with the platform's
 * client rules (own teams only, client team creation switch, `$update_team` / `$delete_team`).
 *
 * @example
 * core.router.addAll(teamRoutes(core));
 */
export function teamRoutes(_core: EmulatorCore): RouteDef[] {
  const base = { access: CLIENT_OR_HIGHER, query: teamQuery } as const;
  return [
    { ...base, method: "GET", path: "/teams", handler: listTeams },
    { ...base, method: "POST", path: "/teams", body: createBody, handler: create },
    { ...base, method: "GET", path: "/teams/:team_id", params: teamParams, handler: (ctx) => json(teamReadFor(ctx, guardedTeam(ctx, null))) },
    { ...base, method: "PATCH", path: "/teams/:team_id", params: teamParams, body: (auth) => t.object(teamFields(auth)), handler: update },
    {
      ...base,
      method: "DELETE",
      path: "/teams/:team_id",
      params: teamParams,
      handler: (ctx) => {
        deleteTeam(ctx.core.store, guardedTeam(ctx, "$delete_team"));
        ctx.effect("teams_deleted");
        return success();
      },
    },
  ];
}
