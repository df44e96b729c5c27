import type { Store } from "../store/store";

/**
 * Permission model of the emulator (wire §8.14). Team grants live on `MembershipRecord.permissionIds`; permission
 * definitions and project-scope grants live in `store.extra.permissions`. Definitions are seeded lazily per
 * project (`team_admin`, `team_member`) the first time they are needed.
 */

/**
 * The scope of a permission definition.
 *
 * @example
 * const scope: PermissionScope = "team";
 */
export type PermissionScope = "team" | "project";

/**
 * A permission definition (user-defined or seeded; system permissions are implicit).
 *
 * @example
 * const def: PermissionDefinition = { kind: "definition", projectId, scope: "team", id: "editor", description: null, containedPermissionIds: [] };
 */
export interface PermissionDefinition {
  kind: "definition";
  projectId: string;
  scope: PermissionScope;
  id: string;
  description: string | null;
  containedPermissionIds: string[];
}

/**
 * A project-scope permission granted directly to a user.
 *
 * @example
 * const g: ProjectPermissionGrant = { kind: "project-grant", projectId, userId, permissionId: "admin" };
 */
export interface ProjectPermissionGrant {
  kind: "project-grant";
  projectId: string;
  userId: string;
  permissionId: string;
}

/**
 * Marks a project whose default definitions were seeded.
 *
 * @example
 * const m: SeededMarker = { kind: "seeded", projectId };
 */
export interface SeededMarker {
  kind: "seeded";
  projectId: string;
}

/**
 * One record of this family in `store.extra.permissions`.
 *
 * @example
 * const r: PermissionExtra = { kind: "project-grant", projectId, userId, permissionId: "admin" };
 */
export type PermissionExtra = PermissionDefinition | ProjectPermissionGrant | SeededMarker;

/**
 * The `store.extra` key of this family.
 *
 * @example
 * store.extra[PERMISSIONS_EXTRA_KEY];
 */
export const PERMISSIONS_EXTRA_KEY = "permissions";

/**
 * The platform's built-in team permissions and their descriptions (never stored, never editable).
 *
 * @example
 * SYSTEM_TEAM_PERMISSIONS["$update_team"]; // "Update the team information"
 */
export const SYSTEM_TEAM_PERMISSIONS: Readonly<Record<string, string>> = {
  $update_team: "Update the team information",
  $delete_team: "Delete the team",
  $read_members: "Read and list the other members of the team",
  $remove_members: "Remove other members from the team",
  $invite_members: "Invite other users to the team",
  $manage_api_keys: "Create and manage API keys for the team",
};

/**
 * True for a `$…` system team permission id.
 *
 * @example
 * isSystemPermission("$read_members"); // true
 */
export function isSystemPermission(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(SYSTEM_TEAM_PERMISSIONS, id);
}

/**
 * The live array of this family's records in `store.extra` (definitions, project grants, seed markers).
 *
 * @example
 * permissionRecords(store).filter((r) => r.kind === "definition");
 */
export function permissionRecords(store: Store): PermissionExtra[] {
  const list = (store.extra[PERMISSIONS_EXTRA_KEY] ??= []);
  return list as PermissionExtra[];
}

function seedDefaults(store: Store, projectId: string): void {
  const list = permissionRecords(store);
  if (list.some((r) => r.kind === "seeded" && r.projectId === projectId)) return;
  list.push({ kind: "seeded", projectId });
  list.push({
    kind: "definition",
    projectId,
    scope: "team",
    id: "team_admin",
    description: "Default permission for team admins",
    containedPermissionIds: Object.keys(SYSTEM_TEAM_PERMISSIONS).sort(),
  });
  list.push({
    kind: "definition",
    projectId,
    scope: "team",
    id: "team_member",
    description: "Default permission for team members",
    containedPermissionIds: ["$invite_members", "$read_members"],
  });
  store.touch();
}

/**
 * The stored (non-system) definitions of a project and scope, seeding the defaults on first use.
 *
 * @example
 * const defs = permissionDefinitions(store, project.id, "team");
 */
export function permissionDefinitions(store: Store, projectId: string, scope?: PermissionScope): PermissionDefinition[] {
  seedDefaults(store, projectId);
  return permissionRecords(store).filter(
    (r): r is PermissionDefinition => r.kind === "definition" && r.projectId === projectId && (!scope || r.scope === scope),
  );
}

/**
 * Finds a stored definition by id (any scope).
 *
 * @example
 * const def = findPermissionDefinition(store, projectId, "team_admin");
 */
export function findPermissionDefinition(store: Store, projectId: string, id: string): PermissionDefinition | undefined {
  return permissionDefinitions(store, projectId).find((d) => d.id === id);
}

/**
 * Expands direct permission ids: with `recursive`, contained permissions are added transitively. Ids that are not
 * defined (any more) are dropped. The result is sorted.
 *
 * @example
 * expandPermissionIds(store, projectId, "team", ["team_admin"], true); // ["$delete_team", …, "team_admin"]
 */
export function expandPermissionIds(store: Store, projectId: string, scope: PermissionScope, direct: string[], recursive: boolean): string[] {
  const defs = new Map(permissionDefinitions(store, projectId, scope).map((d) => [d.id, d]));
  const known = (id: string) => defs.has(id) || (scope === "team" && isSystemPermission(id));
  const out = new Set<string>();
  const todo = direct.filter(known);
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    if (recursive) todo.push(...(defs.get(id)?.containedPermissionIds ?? []).filter(known));
  }
  return [...out].sort();
}

/**
 * The team permissions a user holds in a team (empty when not a member).
 *
 * @example
 * teamPermissionIdsOf(store, projectId, teamId, userId, true).includes("$read_members");
 */
export function teamPermissionIdsOf(store: Store, projectId: string, teamId: string, userId: string, recursive = true): string[] {
  const m = store.memberships.find((x) => x.projectId === projectId && x.teamId === teamId && x.userId === userId);
  return m ? expandPermissionIds(store, projectId, "team", m.permissionIds, recursive) : [];
}

/**
 * True when the user is a member of the team and holds the permission there, directly or through a contained one.
 * For use by any family that checks team permissions (e.g. `$manage_api_keys`).
 *
 * @example
 * if (!hasTeamPermission(core.store, project.id, teamId, user.id, "$update_team")) throw known("TEAM_PERMISSION_REQUIRED", {...});
 */
export function hasTeamPermission(store: Store, projectId: string, teamId: string, userId: string, permissionId: string): boolean {
  return teamPermissionIdsOf(store, projectId, teamId, userId, true).includes(permissionId);
}

/**
 * The project-scope permission ids granted directly to a user.
 *
 * @example
 * directProjectPermissionIds(store, projectId, userId);
 */
export function directProjectPermissionIds(store: Store, projectId: string, userId: string): string[] {
  return permissionRecords(store)
    .filter((r): r is ProjectPermissionGrant => r.kind === "project-grant" && r.projectId === projectId && r.userId === userId)
    .map((g) => g.permissionId);
}

/**
 * The project permissions a user holds (optionally expanded through contained permissions).
 *
 * @example
 * projectPermissionIdsOf(store, projectId, userId, true);
 */
export function projectPermissionIdsOf(store: Store, projectId: string, userId: string, recursive = true): string[] {
  return expandPermissionIds(store, projectId, "project", directProjectPermissionIds(store, projectId, userId), recursive);
}

/**
 * True when the user holds the project permission, directly or through a contained one.
 *
 * @example
 * hasProjectPermission(store, projectId, userId, "admin");
 */
export function hasProjectPermission(store: Store, projectId: string, userId: string, permissionId: string): boolean {
  return projectPermissionIdsOf(store, projectId, userId, true).includes(permissionId);
}

/**
 * Grants a project permission directly (idempotent).
 *
 * @example
 * grantProjectPermission(store, projectId, userId, "admin");
 */
export function grantProjectPermission(store: Store, projectId: string, userId: string, permissionId: string): void {
  if (directProjectPermissionIds(store, projectId, userId).includes(permissionId)) return;
  permissionRecords(store).push({ kind: "project-grant", projectId, userId, permissionId });
  store.touch();
}

/**
 * Revokes a directly granted project permission (no-op when not granted).
 *
 * @example
 * revokeProjectPermission(store, projectId, userId, "admin");
 */
export function revokeProjectPermission(store: Store, projectId: string, userId: string, permissionId: string): void {
  store.extra[PERMISSIONS_EXTRA_KEY] = permissionRecords(store).filter(
    (r) => !(r.kind === "project-grant" && r.projectId === projectId && r.userId === userId && r.permissionId === permissionId),
  );
  store.touch();
}
