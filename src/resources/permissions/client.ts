import type { AppContext } from "../../core/context";
import { optionalBoolean, optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE, teamIdOf } from "../teams/refs";
import type { TeamRef } from "../teams/refs";

/** @internal Wire shape of a permission of the user: `team_id` at team scope only. */
export interface PermissionJson {
  id: string;
  user_id: string;
  team_id?: string;
}

/**
 * A permission the user holds, at team scope or project scope (the official SDK's `TeamPermission`).
 *
 * @example
 * const permissions = await user.listPermissions(team); // [{ id: "team_admin" }, { id: "$update_team" }, …]
 */
export interface TeamPermission {
  id: string;
}

/**
 * Options of `listPermissions`.
 *
 * @example
 * await user.listPermissions(team, { recursive: false }); // only the directly granted permissions
 */
export interface ListPermissionsOptions {
  /** Include permissions contained in the granted ones, transitively. Default true. */
  recursive?: boolean;
}

const teamPermissions = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.teamPermissions, async (session: Session, teamId: string, recursive: boolean) => {
    const query = { team_id: teamId, user_id: "me", recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ expect: "items[]", path: "/team-permissions", query, session })).items;
  });

const projectPermissions = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.projectPermissions, async (session: Session, recursive: boolean) => {
    const query = { user_id: "me", recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ expect: "items[]", path: "/project-permissions", query, session })).items;
  });

const isTeamRef = (value: unknown): value is TeamRef =>
  typeof value === "string" || (typeof value === "object" && value !== null && "id" in value);

/**
 * The user's permissions: in `team` (a team or its id) when given first, else at project scope. Reads go
 * through the cache keyed by session, team and `recursive`; `recursive=true|false` is always sent, since the
 * server's own default is false.
 * @internal
 */
export async function listPermissions(
  ctx: AppContext,
  session: Session,
  teamOrOptions?: TeamRef | ListPermissionsOptions,
  options?: ListPermissionsOptions,
): Promise<TeamPermission[]> {
  const scoped = isTeamRef(teamOrOptions);
  if (!scoped && options !== undefined) throw new ArgumentError("listPermissions: pass the options first when no team is given.");
  const o = optionalObject(scoped ? options : (teamOrOptions as ListPermissionsOptions | undefined), "listPermissions options");
  optionalBoolean(o.recursive, "recursive");
  const recursive = o.recursive ?? true;
  const items = scoped
    ? await teamPermissions(ctx).get([session, teamIdOf(teamOrOptions), recursive])
    : await projectPermissions(ctx).get([session, recursive]);
  return items.map((p) => ({ id: p.id }));
}

/**
 * `getPermission(team, id)` or `getPermission(id)`: the permission (held directly or through another) or null.
 * @internal
 */
export async function getPermission(
  ctx: AppContext,
  session: Session,
  teamOrId: TeamRef,
  permissionId?: string,
): Promise<TeamPermission | null> {
  const [team, id] = permissionId === undefined ? [undefined, teamOrId] : [teamOrId, permissionId];
  requireString(id, "permissionId");
  if (team !== undefined) teamIdOf(team);
  const all = team === undefined ? await listPermissions(ctx, session) : await listPermissions(ctx, session, team);
  return all.find((p) => p.id === id) ?? null;
}

/** @internal `hasPermission(team, id)` or `hasPermission(id)`. */
export async function hasPermission(ctx: AppContext, session: Session, teamOrId: TeamRef, permissionId?: string): Promise<boolean> {
  return (await getPermission(ctx, session, teamOrId, permissionId)) !== null;
}
