// Team memberships with server access: adding and removing members, what a membership change refreshes, and the
// members' permissions. Building member users is server-team-members.ts's part.
import type { AppContext } from "../../core/context";
import { optionalObject } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE } from "./refs";
import { SERVER, SERVER_TEAM_CACHE as SERVER_CACHE, SERVER_USER_CACHE as USER_CACHE } from "../server-cache-keys";
import type { ServerTeamMemberProfileJson } from "../users/server-json";
import { userChanged } from "../users/server-requests";

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

/** @internal `[SERVER, teamId]` → a team's member profiles with their users, read through the cache. */
export const members = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.members, async (_s: null, teamId: string) => {
    const query = { team_id: teamId };
    return (await ctx.core.request<ListJson<ServerTeamMemberProfileJson>>({ expect: "items[]", path: "/team-member-profiles", query })).items;
  });

const permissions = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.permissions, async (_s: null, teamId: string, recursive: boolean) => {
    const query = { team_id: teamId, recursive };
    return (await ctx.core.request<ListJson<{ id: string; user_id: string }>>({ expect: "items[]", path: "/team-permissions", query })).items;
  });

/**
 * @internal What a membership change in `teamId` for `userId` alters: the team's members and member
 * permissions (server and every session), the user's team lists (server, filtered by that user, and every
 * session's), the server user and user lists (`listUsers({ teamId })`, a removed member's selected team), the
 * user's permissions and profile in the team, and cached current users.
 */
export function membershipChanged(ctx: AppContext, teamId: string, userId: string): Promise<unknown> {
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
  `/team-memberships/${requireUuid(teamId, "teamId")}/${encodeURIComponent(requireUuid(userId, "userId", true))}`;

/** @internal `POST /team-memberships/{team}/{user}` (server access). */
export async function addTeamMember(ctx: AppContext, teamId: string, userId: string): Promise<void> {
  await ctx.core.request({ method: "POST", path: membershipPath(teamId, userId), body: {} });
  await membershipChanged(ctx, teamId, userId);
}

/** @internal `DELETE /team-memberships/{team}/{user}` (server access). */
export async function removeTeamMember(ctx: AppContext, teamId: string, userId: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: membershipPath(teamId, userId) });
  await membershipChanged(ctx, teamId, userId);
}

/**
 * @internal `GET /team-permissions?team_id=&recursive=` without a user: every member's permissions in the team
 * (cached per team and `recursive`, which is always sent).
 */
export async function listTeamMemberPermissions(
  ctx: AppContext,
  teamId: string,
  options?: ListTeamMemberPermissionsOptions,
): Promise<TeamMemberPermission[]> {
  requireUuid(teamId, "teamId");
  const o = optionalObject(options, "listTeamMemberPermissions options");
  if (o.recursive !== undefined && typeof o.recursive !== "boolean") throw new ArgumentError("recursive must be a boolean.");
  const items = await permissions(ctx).get([SERVER, teamId, o.recursive ?? false]);
  return items.map((p) => ({ userId: p.user_id, permissionId: p.id }));
}
