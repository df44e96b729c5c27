import type { AuthContext } from "../../auth/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE } from "../client/team-refs";
import type { TeamMemberProfile, TeamMemberProfileJson } from "../client/team-profiles";
import { SERVER_CACHE as USER_CACHE, serverUserFromJson, userChanged } from "./server-users";
import type { ServerUser, ServerUserJson } from "./server-users";

/**
 * @internal First element of every server-side cache key: server reads carry no user session (the secret
 * server key authenticates them), so `forgetSession(ctx, session)` never drops them.
 */
export const SERVER = null;

/**
 * @internal Names of the caches the server team modules keep in `ctx.caches`; keys start with {@link SERVER}.
 */
export const SERVER_CACHE = {
  /** `[SERVER, userId | null, queryJson?]` → a page of teams (`GET /teams[?user_id=&…]`). */
  teams: "server-teams",
  /** `[SERVER, teamId]` → one team or null (`GET /teams/{id}`). */
  team: "server-team",
  /** `[SERVER, teamId]` → member profiles with their users (`GET /team-member-profiles?team_id=`). */
  members: "server-team-members",
  /** `[SERVER, teamId, recursive]` → permissions of every member (`GET /team-permissions?team_id=`). */
  permissions: "server-team-member-permissions",
} as const;

/**
 * @internal Wire shape of a member profile read with server access: the client fields plus the server user.
 * @example
 * const json: ServerTeamMemberProfileJson = { team_id, user_id, display_name: null, profile_image_url: null, user };
 */
export interface ServerTeamMemberProfileJson extends TeamMemberProfileJson {
  user: ServerUserJson;
}

/**
 * A member of a team as a server lists it: the full {@link ServerUser} (fields and actions) plus
 * `teamProfile`, the member's name and image in this team.
 *
 * @example
 * for (const member of await team.listUsers()) console.log(member.primaryEmail, member.teamProfile.displayName);
 */
export type ServerTeamUser = ServerUser & { teamProfile: TeamMemberProfile };

/**
 * One member's permission in a team, as `ServerApp.listTeamMemberPermissions` lists it.
 *
 * @example
 * const admins = (await server.listTeamMemberPermissions(teamId)).filter((p) => p.permissionId === "team_admin");
 */
export interface TeamMemberPermission {
  userId: string;
  permissionId: string;
}

/**
 * Options of `ServerApp.listTeamMemberPermissions`.
 *
 * @example
 * await server.listTeamMemberPermissions(teamId); // directly granted only
 * await server.listTeamMemberPermissions(teamId, { recursive: true }); // with everything they contain
 */
export interface ListTeamMemberPermissionsOptions {
  /** Include permissions contained in the granted ones, transitively. Default false, as in the official SDK. */
  recursive?: boolean;
}

const members = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.members, async (_s: null, teamId: string) => {
    const query = { team_id: teamId };
    return (await ctx.core.request<ListJson<ServerTeamMemberProfileJson>>({ expect: "items[]", path: "/team-member-profiles", query })).items;
  });

const permissions = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.permissions, async (_s: null, teamId: string, recursive: boolean) => {
    const query = { team_id: teamId, recursive };
    return (await ctx.core.request<ListJson<{ id: string; user_id: string }>>({ expect: "items[]", path: "/team-permissions", query })).items;
  });

/** @internal A member profile as a server user with its team profile. */
export function serverTeamUserFromJson(ctx: AuthContext, p: ServerTeamMemberProfileJson): ServerTeamUser {
  return { ...serverUserFromJson(ctx, p.user), teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url } };
}

/** @internal The members of a team with their users (cached per team). */
export async function listServerTeamUsers(ctx: AuthContext, teamId: string): Promise<ServerTeamUser[]> {
  return (await members(ctx).get([SERVER, teamId])).map((p) => serverTeamUserFromJson(ctx, p));
}

/**
 * @internal What a membership change in `teamId` for `userId` alters: the team's members and member
 * permissions (server and every session), the user's team lists (server, filtered by that user, and every
 * session's), the server user and user lists (`listUsers({ teamId })`, a removed member's selected team), the
 * user's permissions and profile in the team, and cached current users.
 */
export function membershipChanged(ctx: AuthContext, teamId: string, userId: string): Promise<unknown> {
  const inTeam = ([, t]: readonly unknown[]) => t === teamId;
  ctx.caches.get(USER_CACHE.teamProfiles)?.invalidateWhere(([u, t]) => u === userId && t === teamId);
  return Promise.all([
    userChanged(ctx, userId),
    ctx.caches.get(USER_CACHE.teamPermissions)?.refreshWhere(([u, t]) => u === userId && t === teamId),
    members(ctx).refreshWhere(inTeam),
    permissions(ctx).refreshWhere(inTeam),
    ctx.caches.get(SERVER_CACHE.teams)?.refreshWhere(([, u]) => u === userId),
    ctx.caches.get(CACHE.teams)?.refreshWhere(() => true),
    ctx.caches.get(CACHE.members)?.refreshWhere(inTeam),
    ctx.caches.get(CACHE.teamPermissions)?.refreshWhere(inTeam),
  ]);
}

const membershipPath = (teamId: string, userId: string) =>
  `/team-memberships/${encodeURIComponent(teamId)}/${encodeURIComponent(requireString(userId, "userId"))}`;

/** @internal `POST /team-memberships/{team}/{user}` (server access). */
export async function addTeamMember(ctx: AuthContext, teamId: string, userId: string): Promise<void> {
  await ctx.core.request({ method: "POST", path: membershipPath(teamId, userId), body: {} });
  await membershipChanged(ctx, teamId, userId);
}

/** @internal `DELETE /team-memberships/{team}/{user}` (server access). */
export async function removeTeamMember(ctx: AuthContext, teamId: string, userId: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: membershipPath(teamId, userId) });
  await membershipChanged(ctx, teamId, userId);
}

/**
 * @internal `GET /team-permissions?team_id=&recursive=` without a user: every member's permissions in the team
 * (cached per team and `recursive`, which is always sent).
 */
export async function listTeamMemberPermissions(
  ctx: AuthContext,
  teamId: string,
  options?: ListTeamMemberPermissionsOptions,
): Promise<TeamMemberPermission[]> {
  requireString(teamId, "teamId");
  const o = optionalObject(options, "listTeamMemberPermissions options");
  if (o.recursive !== undefined && typeof o.recursive !== "boolean") throw new ArgumentError("recursive must be a boolean.");
  const items = await permissions(ctx).get([SERVER, teamId, o.recursive ?? false]);
  return items.map((p) => ({ userId: p.user_id, permissionId: p.id }));
}
