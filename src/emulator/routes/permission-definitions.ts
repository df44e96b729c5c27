import type { EmulatorCore } from "../core";
import { paginatedBody } from "../domain/paginate";
import {
  addPermissionDefinition,
  assertPermissionIdFormat,
  definitionRead,
  removePermissionDefinition,
  renamePermissionDefinition,
} from "../domain/permission-definitions";
import { findPermissionDefinition, permissionDefinitions, SYSTEM_TEAM_PERMISSIONS, type PermissionScope } from "../domain/permissions";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/** Every definition of a scope as wire objects, system permissions included for team scope, sorted by id. */
function allDefinitions(ctx: RequestContext, scope: PermissionScope): Record<string, unknown>[] {
  const projectId = authOf(ctx).project.id;
  const stored = permissionDefinitions(ctx.core.store, projectId, scope).map(definitionRead);
  const system =
    scope === "team"
      ? Object.entries(SYSTEM_TEAM_PERMISSIONS).map(([id, description]) => definitionRead({ id, description, containedPermissionIds: [] }))
      : [];
  return [...stored, ...system].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
}

function assertContained(ctx: RequestContext, scope: PermissionScope, ids: string[] | undefined): void {
  if (!ids) return;
  assertPermissionIdFormat(ctx.method, ctx.pathname, ids, true);
  const known_ = new Set(allDefinitions(ctx, scope).map((d) => d.id));
  const missing = ids.find((id) => !known_.has(id));
  if (missing !== undefined) throw known("CONTAINED_PERMISSION_NOT_FOUND", { permission_id: missing });
}

/**
 * The platform's definition list: `query` (trimmed, case-insensitive) matches id or description; without `limit`
 * every match comes back unpaginated; with it, a page after `cursor` (the last id of the previous page, exclusive;
 * a vanished cursor continues after where it would sort) with `next_cursor` set while more remain.
 */
function listDefinitions(ctx: RequestContext, scope: PermissionScope) {
  const q = ctx.query;
  if (q.cursor !== undefined && q.limit === undefined) throw new StatusError(400, "`cursor` requires `limit` to also be set.");
  const search = typeof q.query === "string" ? q.query.trim().toLowerCase() : "";
  const items = allDefinitions(ctx, scope).filter(
    (d) => !search || String(d.id).toLowerCase().includes(search) || (typeof d.description === "string" && d.description.toLowerCase().includes(search)),
  );
  if (q.limit === undefined) return list(items);
  let start = 0;
  if (q.cursor !== undefined) {
    const at = items.findIndex((d) => d.id === q.cursor);
    start = at >= 0 ? at + 1 : items.filter((d) => String(d.id) <= q.cursor).length;
  }
  const page = items.slice(start, start + q.limit);
  const more = start + q.limit < items.length;
  return json(paginatedBody(page, more && page.length > 0 ? String(page[page.length - 1].id) : null));
}

function create(ctx: RequestContext, scope: PermissionScope) {
  const projectId = authOf(ctx).project.id;
  const b = ctx.body;
  assertPermissionIdFormat(ctx.method, ctx.pathname, b.id, false);
  if (findPermissionDefinition(ctx.core.store, projectId, b.id)) throw known("PERMISSION_ID_ALREADY_EXISTS", { permission_id: b.id });
  assertContained(ctx, scope, b.contained_permission_ids);
  const def = {
    kind: "definition" as const,
    projectId,
    scope,
    id: b.id as string,
    description: (b.description as string | undefined) || null,
    containedPermissionIds: [...new Set<string>(b.contained_permission_ids ?? [])],
  };
  addPermissionDefinition(ctx.core.store, def);
  ctx.effect("permission_definitions_created");
  return json(definitionRead(def), 201);
}

function update(ctx: RequestContext, scope: PermissionScope) {
  const projectId = authOf(ctx).project.id;
  const store = ctx.core.store;
  const oldId = ctx.params.permission_id as string;
  assertPermissionIdFormat(ctx.method, ctx.pathname, oldId, true);
  const def = findPermissionDefinition(store, projectId, oldId);
  if (!def || def.scope !== scope) throw known("PERMISSION_NOT_FOUND", { permission_id: oldId });
  const b = ctx.body ?? {};
  if (b.id !== undefined) assertPermissionIdFormat(ctx.method, ctx.pathname, b.id, false);
  if (b.id !== undefined && b.id !== oldId && findPermissionDefinition(store, projectId, b.id)) {
    throw known("PERMISSION_ID_ALREADY_EXISTS", { permission_id: b.id });
  }
  assertContained(ctx, scope, b.contained_permission_ids);
  if (b.contained_permission_ids) def.containedPermissionIds = [...new Set<string>(b.contained_permission_ids)];
  if (b.description !== undefined) def.description = b.description || null;
  if (b.id !== undefined && b.id !== oldId) renamePermissionDefinition(store, projectId, oldId, b.id);
  store.touch();
  return json(definitionRead(def));
}

function remove(ctx: RequestContext, scope: PermissionScope) {
  const projectId = authOf(ctx).project.id;
  const id = ctx.params.permission_id as string;
  assertPermissionIdFormat(ctx.method, ctx.pathname, id, true);
  const def = findPermissionDefinition(ctx.core.store, projectId, id);
  if (!def || def.scope !== scope) throw known("PERMISSION_NOT_FOUND", { permission_id: id });
  removePermissionDefinition(ctx.core.store, projectId, id);
  ctx.effect("permission_definitions_deleted");
  return success();
}

/**
 * Permission definitions (admin, wire §8.14): CRUD under `/team-permission-definitions` and
 * `/project-permission-definitions`. Ids are unique across both scopes; team lists include the system permissions.
 * Lists take `limit` (≤ 200), `cursor` and `query` (see `listDefinitions`).
 *
 * @example
 * core.router.addAll(permissionDefinitionRoutes(core));
 */
export function permissionDefinitionRoutes(_core: EmulatorCore): RouteDef[] {
  const idList = t.array(t.string());
  const createBody = t.object({ id: t.string().defined(), description: t.string(), contained_permission_ids: idList }).defined();
  const updateBody = t.object({ id: t.string(), description: t.string(), contained_permission_ids: idList });
  const params = t.object({ permission_id: t.string().defined() });
  const query = t.object({ limit: t.number({ integer: true, min: 1, max: 200 }), cursor: t.string(), query: t.string() });
  const routes: RouteDef[] = [];
  for (const scope of ["team", "project"] as const) {
    const base = `/${scope}-permission-definitions`;
    routes.push(
      { method: "GET", path: base, access: ADMIN_ONLY, query, handler: (ctx) => listDefinitions(ctx, scope) },
      { method: "POST", path: base, access: ADMIN_ONLY, body: createBody, handler: (ctx) => create(ctx, scope) },
      { method: "PATCH", path: `${base}/:permission_id`, access: ADMIN_ONLY, params, body: updateBody, handler: (ctx) => update(ctx, scope) },
      { method: "DELETE", path: `${base}/:permission_id`, access: ADMIN_ONLY, params, handler: (ctx) => remove(ctx, scope) },
    );
  }
  return routes;
}
