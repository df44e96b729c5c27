import { schemaError } from "../errors";
import type { Store } from "../store/store";
import {
  isSystemPermission,
  permissionDefinitions,
  permissionRecords,
  PERMISSIONS_EXTRA_KEY,
  type PermissionDefinition,
} from "./permissions";

/**
 * The wire shape of a definition: `{id, description?, contained_permission_ids}` (ids sorted; `description` left
 * out when there is none).
 *
 * @example
 * json(definitionRead(def));
 */
export function definitionRead(def: Pick<PermissionDefinition, "id" | "description" | "containedPermissionIds">): Record<string, unknown> {
  const out: Record<string, unknown> = { id: def.id };
  if (def.description) out.description = def.description;
  out.contained_permission_ids = [...def.containedPermissionIds].sort();
  return out;
}

/**
 * Adds a definition record (callers validate ids and contained ids first).
 *
 * @example
 * addPermissionDefinition(store, { kind: "definition", projectId, scope: "project", id: "read", description: null, containedPermissionIds: [] });
 */
export function addPermissionDefinition(store: Store, def: PermissionDefinition): void {
  permissionDefinitions(store, def.projectId);
  permissionRecords(store).push(def);
  store.touch();
}

/**
 * Removes a definition, every grant of it and every reference to it from other definitions.
 *
 * @example
 * removePermissionDefinition(store, projectId, "editor");
 */
export function removePermissionDefinition(store: Store, projectId: string, id: string): void {
  const list = permissionRecords(store);
  store.extra[PERMISSIONS_EXTRA_KEY] = list.filter(
    (r) => !(r.projectId === projectId && ((r.kind === "definition" && r.id === id) || (r.kind === "project-grant" && r.permissionId === id))),
  );
  for (const d of permissionDefinitions(store, projectId)) d.containedPermissionIds = d.containedPermissionIds.filter((c) => c !== id);
  for (const m of store.memberships) if (m.projectId === projectId) m.permissionIds = m.permissionIds.filter((p) => p !== id);
  store.touch();
}

/**
 * Renames a definition everywhere it is referenced: contained ids, team and project grants, and the project's
 * default-permission lists.
 *
 * @example
 * renamePermissionDefinition(store, projectId, "editor", "writer");
 */
export function renamePermissionDefinition(store: Store, projectId: string, oldId: string, newId: string): void {
  const swap = (ids: string[]) => ids.map((id) => (id === oldId ? newId : id));
  for (const d of permissionDefinitions(store, projectId)) {
    if (d.id === oldId) d.id = newId;
    d.containedPermissionIds = swap(d.containedPermissionIds);
  }
  for (const m of store.memberships) if (m.projectId === projectId) m.permissionIds = swap(m.permissionIds);
  for (const r of permissionRecords(store)) if (r.kind === "project-grant" && r.projectId === projectId && r.permissionId === oldId) r.permissionId = newId;
  const config = store.projects.get(projectId)?.config;
  if (config) {
    config.teamCreatorDefaultPermissions = swap(config.teamCreatorDefaultPermissions);
    config.teamMemberDefaultPermissions = swap(config.teamMemberDefaultPermissions);
    config.userDefaultPermissions = swap(config.userDefaultPermissions);
  }
  store.touch();
}

/**
 * Checks a permission id like the platform's request schema and throws its `SCHEMA_ERROR`: custom ids are
 * `[a-z0-9_:]+`; where system ids are allowed, a leading `$` must name one of them.
 *
 * @example
 * assertPermissionIdFormat(ctx.method, ctx.pathname, ctx.params.permission_id, true);
 */
export function assertPermissionIdFormat(method: string, pathname: string, ids: string | string[], allowSystem: boolean): void {
  const problems: string[] = [];
  for (const id of Array.isArray(ids) ? ids : [ids]) {
    if (!allowSystem && !/^[a-z0-9_:]+$/.test(id)) problems.push('Only lowercase letters, numbers, ":", "_" are allowed');
    else if (allowSystem && !/^\$?[a-z0-9_:]+$/.test(id)) problems.push('Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed');
    else if (allowSystem && id.startsWith("$") && !isSystemPermission(id)) problems.push("Invalid system permission");
  }
  if (problems.length > 0) throw schemaError(method, pathname, problems);
}
