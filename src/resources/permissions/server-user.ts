import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { ListJson } from "../cached";
import { resourceCache } from "../cached";
import type { ListPermissionsOptions, PermissionJson, TeamPermission } from "./client";
import { SERVER_TEAM_CACHE as TEAM_CACHE, SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { CACHE, teamIdOf } from "../teams/refs";
import type { TeamRef } from "../teams/refs";

const teamPermissionsOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.teamPermissions, async (userId: string, teamId: string, recursive: boolean) => {
    const query = { team_id: teamId, user_id: userId, recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ expect: "items[]", path: "/team-permissions", query })).items;
  });

const projectPermissionsOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.projectPermissions, async (userId: string, recursive: boolean) => {
    const query = { user_id: userId, recursive };
    return (await ctx.core.request<ListJson<PermissionJson>>({ expect: "items[]", path: "/project-permissions", query })).items;
  });

/**
 * Options of a server user's permission reads: the client's `recursive`, or the official server typings'
 * `direct` (`direct: true` is `recursive: false`). Both at once must agree.
 *
 * @example
 * await user.listPermissions(team, { direct: true }); // only the directly granted permissions
 * await user.getPermission(team, "team_admin", { direct: true });
 */
export interface ServerPermissionOptions extends ListPermissionsOptions {
  /** Only permissions granted directly (not contained in another). Default false. */
  direct?: boolean;
}

const isTeamRef = (value: unknown): value is TeamRef =>
  typeof value === "string" || (typeof value === "object" && value !== null && "id" in value);

/** `(team, id)` or `(id)` → `[teamId | undefined, id]`, validated. */
function scopeOf(teamOrId: unknown, permissionId: unknown): [string | undefined, string] {
  if (permissionId === undefined) return [undefined, requireString(teamOrId, "permissionId")];
  return [requireUuid(teamIdOf(teamOrId), "teamId"), requireString(permissionId, "permissionId")];
}

/** `recursive` from validated options (default true). */
function recursiveOf(options: unknown): boolean {
  const o = optionalObject(options as ServerPermissionOptions | undefined, "permission options");
  if (o.recursive !== undefined && typeof o.recursive !== "boolean") throw new ArgumentError("recursive must be a boolean.");
  if (o.direct !== undefined && typeof o.direct !== "boolean") throw new ArgumentError("direct must be a boolean.");
  if (o.recursive !== undefined && o.direct !== undefined && o.recursive === o.direct) {
    throw new ArgumentError("direct and recursive contradict each other: pass one of them (direct: true is recursive: false).");
  }
  return o.direct !== undefined ? !o.direct : (o.recursive ?? true);
}

/**
 * @internal The user's permissions in a team (team first) or at project scope, through the cache.
 * @example
 * await listPermissionsOf(ctx, userId, teamId, { direct: true });
 */
export async function listPermissionsOf(ctx: AppContext, userId: string, a?: TeamRef | ServerPermissionOptions, b?: ServerPermissionOptions) {
  const scoped = isTeamRef(a);
  if (!scoped && b !== undefined) throw new ArgumentError("listPermissions: pass the options first when no team is given.");
  const recursive = recursiveOf(scoped ? b : a);
  const items = scoped
    ? await teamPermissionsOf(ctx).get([userId, requireUuid(teamIdOf(a), "teamId"), recursive])
    : await projectPermissionsOf(ctx).get([userId, recursive]);
  return items.map((p) => ({ id: p.id }));
}

/**
 * @internal `(team, id, options?)` or `(id, options?)`: the permission if held, else null.
 * @example
 * await getPermissionOf(ctx, userId, teamId, "team_admin", { direct: true });
 */
export async function getPermissionOf(ctx: AppContext, userId: string, a: unknown, b?: unknown, c?: unknown): Promise<TeamPermission | null> {
  const projectScope = typeof b !== "string";
  const [teamId, id] = projectScope ? [undefined, requireString(a, "permissionId")] : scopeOf(a, b);
  const options = (projectScope ? b : c) as ServerPermissionOptions | undefined;
  if (projectScope && c !== undefined) throw new ArgumentError("getPermission: pass the options second when no team is given.");
  const all = teamId === undefined ? await listPermissionsOf(ctx, userId, options) : await listPermissionsOf(ctx, userId, teamId, options);
  return all.find((p) => p.id === id) ?? null;
}

/**
 * @internal POST or DELETE of a permission, then the permission lists of that scope refresh: this user's, the
 * sessions' and the team's member permissions.
 * @example
 * await changePermission(ctx, "POST", userId, teamId, "team_admin");
 */
export async function changePermission(ctx: AppContext, method: "POST" | "DELETE", userId: string, a: unknown, b: unknown) {
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
