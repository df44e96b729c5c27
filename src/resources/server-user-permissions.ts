import type { AuthContext } from "../auth/context";
import { optionalObject, requireString } from "../apps/options";
import { ArgumentError } from "../errors/base";
import type { ListJson } from "./cached";
import { resourceCache } from "./cached";
import type { ListPermissionsOptions, PermissionJson, TeamPermission } from "./permissions";
import { SERVER_CACHE as TEAM_CACHE } from "./server-team-members";
import { SERVER_CACHE } from "./server-users";
import { CACHE, teamIdOf } from "./team-refs";
import type { TeamRef } from "./team-refs";

const teamPermissionsOf = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.teamPermissions, async (userId: string, teamId: string, recursive: boolean) => {
    const query = { team_id: teamId, user_id: userId, recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ path: "/team-permissions", query })).items;
  });

const projectPermissionsOf = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.projectPermissions, async (userId: string, recursive: boolean) => {
    const query = { user_id: userId, recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ path: "/project-permissions", query })).items;
  });

const isTeamRef = (value: unknown): value is TeamRef =>
  typeof value === "string" || (typeof value === "object" && value !== null && "id" in value);

/** `(team, id)` or `(id)` → `[teamId | undefined, id]`, validated. */
function scopeOf(teamOrId: unknown, permissionId: unknown): [string | undefined, string] {
  if (permissionId === undefined) return [undefined, requireString(teamOrId, "permissionId")];
  return [teamIdOf(teamOrId), requireString(permissionId, "permissionId")];
}

/**
 * @internal The user's permissions in a team (team first) or at project scope, through the cache.
 * @example
 * await listPermissionsOf(ctx, userId, teamId, { recursive: false });
 */
export async function listPermissionsOf(ctx: AuthContext, userId: string, a?: TeamRef | ListPermissionsOptions, b?: ListPermissionsOptions) {
  const scoped = isTeamRef(a);
  if (!scoped && b !== undefined) throw new ArgumentError("listPermissions: pass the options first when no team is given.");
  const o = optionalObject(scoped ? b : (a as ListPermissionsOptions | undefined), "listPermissions options");
  if (o.recursive !== undefined && typeof o.recursive !== "boolean") throw new ArgumentError("recursive must be a boolean.");
  const recursive = o.recursive ?? true;
  const items = scoped
    ? await teamPermissionsOf(ctx).get([userId, teamIdOf(a), recursive])
    : await projectPermissionsOf(ctx).get([userId, recursive]);
  return items.map((p) => ({ id: p.id }));
}

/**
 * @internal `(team, id)` or `(id)`: the permission if held, else null.
 * @example
 * await getPermissionOf(ctx, userId, teamId, "team_admin");
 */
export async function getPermissionOf(ctx: AuthContext, userId: string, a: unknown, b: unknown): Promise<TeamPermission | null> {
  const [teamId, id] = scopeOf(a, b);
  const all = teamId === undefined ? await listPermissionsOf(ctx, userId) : await listPermissionsOf(ctx, userId, teamId);
  return all.find((p) => p.id === id) ?? null;
}

/**
 * @internal POST or DELETE of a permission, then the permission lists of that scope refresh: this user's, the
 * sessions' and the team's member permissions.
 * @example
 * await changePermission(ctx, "POST", userId, teamId, "team_admin");
 */
export async function changePermission(ctx: AuthContext, method: "POST" | "DELETE", userId: string, a: unknown, b: unknown) {
  const [teamId, id] = scopeOf(a, b);
  const [u, p] = [encodeURIComponent(userId), encodeURIComponent(id)];
  if (teamId === undefined) {
    await ctx.core.request({ method, path: `/project-permissions/${u}/${p}`, body: method === "POST" ? {} : undefined });
    await Promise.all([
      projectPermissionsOf(ctx).refreshWhere(([user]) => user === userId),
      ctx.caches.get(CACHE.projectPermissions)?.refreshWhere(() => true),
    ]);
  } else {
    const path = `/team-permissions/${encodeURIComponent(teamId)}/${u}/${p}`;
    await ctx.core.request({ method, path, body: method === "POST" ? {} : undefined });
    await Promise.all([
      teamPermissionsOf(ctx).refreshWhere(([user, team]) => user === userId && team === teamId),
      ctx.caches.get(CACHE.teamPermissions)?.refreshWhere(([, team]) => team === teamId),
      ctx.caches.get(TEAM_CACHE.permissions)?.refreshWhere(([, team]) => team === teamId),
    ]);
  }
}
