import type { EmulatorCore } from "../core";
import { assertPermissionIdFormat } from "../domain/permission-definitions";
import {
  directProjectPermissionIds,
  expandPermissionIds,
  findPermissionDefinition,
  grantProjectPermission,
  isSystemPermission,
  permissionRecords,
  revokeProjectPermission,
  type PermissionScope,
} from "../domain/permissions";
import { membershipOrThrow, userOrThrow } from "../domain/team-members";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { Store } from "../store/store";

const byKeys = (keys: string[]) => (a: Record<string, string>, b: Record<string, string>) => {
  for (const k of keys) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return 0;
};

/** Client lists are for the current user only (403 text otherwise). */
function assertOwnList(ctx: RequestContext): void {
  const auth = authOf(ctx);
  if (auth.type !== "client") return;
  if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  if (ctx.query.user_id !== auth.user.id) {
    throw new StatusError(403, 'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user');
  }
}

/** `PERMISSION_NOT_FOUND` / `WRONG_PERMISSION_SCOPE` unless the id names a permission of that scope. */
function assertGrantable(ctx: RequestContext, scope: PermissionScope, id: string): void {
  const def = findPermissionDefinition(ctx.core.store, authOf(ctx).project.id, id);
  if (!def) {
    if (scope === "team" && isSystemPermission(id)) return;
    throw known("PERMISSION_NOT_FOUND", { permission_id: id });
  }
  if (def.scope !== scope) throw known("WRONG_PERMISSION_SCOPE", { permission_id: id, expected_scope: scope, actual_scope: def.scope });
}

function checkIds(ctx: RequestContext): void {
  const id = ctx.params.permission_id ?? ctx.query.permission_id;
  if (typeof id === "string") assertPermissionIdFormat(ctx.method, ctx.pathname, id, true);
}

/**
 * A permission list: the ids' format checked and clients kept to their own user, then the items `collect` finds
 * sorted by `keys` and narrowed to the `permission_id` asked for.
 */
function listPermissions(ctx: RequestContext, keys: string[], collect: (store: Store, projectId: string, q: RequestContext["query"]) => Record<string, string>[]) {
  checkIds(ctx);
  assertOwnList(ctx);
  const q = ctx.query;
  const items = collect(ctx.core.store, authOf(ctx).project.id, q);
  items.sort(byKeys(keys));
  return list(items.filter((p) => !q.permission_id || p.id === q.permission_id));
}

function listTeamPermissions(ctx: RequestContext) {
  return listPermissions(ctx, ["team_id", "user_id", "id"], (store, projectId, q) => {
    const items: Record<string, string>[] = [];
    for (const m of store.memberships) {
      if (m.projectId !== projectId || (q.team_id && m.teamId !== q.team_id) || (q.user_id && m.userId !== q.user_id)) continue;
      for (const id of expandPermissionIds(store, projectId, "team", m.permissionIds, q.recursive === "true")) {
        items.push({ id, team_id: m.teamId, user_id: m.userId });
      }
    }
    return items;
  });
}

function grantTeam(ctx: RequestContext) {
  checkIds(ctx);
  const { project } = authOf(ctx);
  const { team_id: teamId, user_id: userId, permission_id: id } = ctx.params;
  const m = membershipOrThrow(ctx.core.store, project.id, teamId, userId);
  assertGrantable(ctx, "team", id);
  if (!m.permissionIds.includes(id)) m.permissionIds.push(id);
  ctx.core.store.touch();
  ctx.effect("permissions_granted");
  return json({ id, team_id: teamId, user_id: userId }, 201);
}

function revokeTeam(ctx: RequestContext) {
  checkIds(ctx);
  const { project } = authOf(ctx);
  const { team_id: teamId, user_id: userId, permission_id: id } = ctx.params;
  const m = membershipOrThrow(ctx.core.store, project.id, teamId, userId);
  if (!expandPermissionIds(ctx.core.store, project.id, "team", m.permissionIds, false).includes(id)) {
    throw known("TEAM_PERMISSION_NOT_FOUND", { team_id: teamId, user_id: userId, permission_id: id });
  }
  m.permissionIds = m.permissionIds.filter((p) => p !== id);
  ctx.core.store.touch();
  ctx.effect("permissions_revoked");
  return success();
}

function listProjectPermissions(ctx: RequestContext) {
  return listPermissions(ctx, ["user_id", "id"], (store, projectId, q) => {
    const userIds = new Set<string>();
    for (const r of permissionRecords(store)) {
      if (r.kind === "project-grant" && r.projectId === projectId && store.users.has(r.userId) && (!q.user_id || r.userId === q.user_id)) userIds.add(r.userId);
    }
    const items: Record<string, string>[] = [];
    for (const userId of userIds) {
      const direct = directProjectPermissionIds(store, projectId, userId);
      for (const id of expandPermissionIds(store, projectId, "project", direct, q.recursive === "true")) items.push({ id, user_id: userId });
    }
    return items;
  });
}

function grantProject(ctx: RequestContext) {
  checkIds(ctx);
  const { project } = authOf(ctx);
  const { user_id: userId, permission_id: id } = ctx.params;
  userOrThrow(ctx.core.store, project.id, userId);
  assertGrantable(ctx, "project", id);
  grantProjectPermission(ctx.core.store, project.id, userId, id);
  ctx.effect("permissions_granted");
  return json({ id, user_id: userId }, 201);
}

function revokeProject(ctx: RequestContext) {
  checkIds(ctx);
  const { project } = authOf(ctx);
  const { user_id: userId, permission_id: id } = ctx.params;
  userOrThrow(ctx.core.store, project.id, userId);
  if (!expandPermissionIds(ctx.core.store, project.id, "project", directProjectPermissionIds(ctx.core.store, project.id, userId), false).includes(id)) {
    throw known("PERMISSION_NOT_FOUND", { permission_id: id });
  }
  revokeProjectPermission(ctx.core.store, project.id, userId, id);
  ctx.effect("permissions_revoked");
  return success();
}

/**
 * Team and project permissions of users (wire §8.14): lists (clients: own user only; `recursive=true` expands
 * contained permissions transitively, anything else lists direct grants), and server-side grant / revoke.
 *
 * @example
 * core.router.addAll(permissionRoutes(core));
 */
export function permissionRoutes(_core: EmulatorCore): RouteDef[] {
  const recursive = t.string({ oneOf: ["true", "false"] });
  const permissionId = t.string().defined();
  const teamParams = t.object({ team_id: t.string({ format: "uuid" }).defined(), user_id: t.userIdOrMe().defined(), permission_id: permissionId });
  const projectParams = t.object({ user_id: t.userIdOrMe().defined(), permission_id: permissionId });
  const teamPath = "/team-permissions/:team_id/:user_id/:permission_id";
  const projectPath = "/project-permissions/:user_id/:permission_id";
  return [
    {
      method: "GET",
      path: "/team-permissions",
      access: CLIENT_OR_HIGHER,
      query: t.object({ team_id: t.string({ format: "uuid" }), user_id: t.userIdOrMe(), permission_id: t.string(), recursive }),
      handler: listTeamPermissions,
    },
    { method: "POST", path: teamPath, access: SERVER_OR_HIGHER, params: teamParams, body: t.object({}), handler: grantTeam },
    { method: "DELETE", path: teamPath, access: SERVER_OR_HIGHER, params: teamParams, handler: revokeTeam },
    {
      method: "GET",
      path: "/project-permissions",
      access: CLIENT_OR_HIGHER,
      query: t.object({ user_id: t.userIdOrMe(), permission_id: t.string(), recursive }),
      handler: listProjectPermissions,
    },
    { method: "POST", path: projectPath, access: SERVER_OR_HIGHER, params: projectParams, body: t.object({}), handler: grantProject },
    { method: "DELETE", path: projectPath, access: SERVER_OR_HIGHER, params: projectParams, handler: revokeProject },
  ];
}
