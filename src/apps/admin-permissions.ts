import type {
  AdminPermissionDefinitionCreate,
  AdminPermissionDefinitionUpdate,
  AdminProjectPermissionDefinition,
  AdminTeamPermissionDefinition,
  PermissionDefinitionPage,
} from "../resources/permissions/admin-definitions";
import { serverGroup } from "./server-delegations";

/**
 * The permission definitions part of {@link AdminApp}: the team-scope and project-scope permissions the project
 * defines. Each method loads the admin resource code on first use.
 *
 * @example
 * await admin.createTeamPermissionDefinition({ id: "moderator", containedPermissionIds: ["$read_members"] });
 * const ids = (await admin.listTeamPermissionDefinitions()).map((d) => d.id);
 */
export interface AdminPermissions {
  /**
   * Team-scope permission definitions, system ones (`$update_team`, …) included.
   * @example
   * const ids = (await admin.listTeamPermissionDefinitions()).map((d) => d.id);
   */
  listTeamPermissionDefinitions(): Promise<AdminTeamPermissionDefinition[]>;

  /**
   * One page of team-scope permission definitions, sorted by id (`limit` 1–200); `query` matches id or description
   * (case-insensitive). Pass `nextCursor` as `cursor` for the next page.
   * @example
   * const { items, nextCursor } = await admin.listTeamPermissionDefinitionsPaginated({ limit: 50, query: "billing" });
   */
  listTeamPermissionDefinitionsPaginated(options: { limit: number; cursor?: string; query?: string }): Promise<PermissionDefinitionPage>;

  /**
   * Defines a team permission. A taken id gives `PERMISSION_ID_ALREADY_EXISTS`.
   * @example
   * await admin.createTeamPermissionDefinition({ id: "moderator", containedPermissionIds: ["$read_members"] });
   */
  createTeamPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminTeamPermissionDefinition>;

  /**
   * Changes a team permission definition (id, description, contained permissions).
   * @example
   * await admin.updateTeamPermissionDefinition("moderator", { description: "Keeps order" });
   */
  updateTeamPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void>;

  /**
   * Deletes a team permission definition.
   * @example
   * await admin.deleteTeamPermissionDefinition("moderator");
   */
  deleteTeamPermissionDefinition(permissionId: string): Promise<void>;

  /**
   * Project-scope permission definitions.
   * @example
   * const ids = (await admin.listProjectPermissionDefinitions()).map((d) => d.id);
   */
  listProjectPermissionDefinitions(): Promise<AdminProjectPermissionDefinition[]>;

  /**
   * Defines a project permission.
   * @example
   * await admin.createProjectPermissionDefinition({ id: "billing_admin", description: "Billing", containedPermissionIds: [] });
   */
  createProjectPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminProjectPermissionDefinition>;

  /**
   * Changes a project permission definition.
   * @example
   * await admin.updateProjectPermissionDefinition("billing_admin", { containedPermissionIds: ["billing_read"] });
   */
  updateProjectPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void>;

  /**
   * Deletes a project permission definition.
   * @example
   * await admin.deleteProjectPermissionDefinition("billing_admin");
   */
  deleteProjectPermissionDefinition(permissionId: string): Promise<void>;
}

/** @internal The permission definitions' code: each method calls the resource function its row names, with its scope first. */
export const AdminPermissions = /* @__PURE__ */ serverGroup<AdminPermissions>({
  listTeamPermissionDefinitions: ["listPermissionDefinitions", "team"],
  listTeamPermissionDefinitionsPaginated: ["listPermissionDefinitionsPaginated", "team"],
  createTeamPermissionDefinition: ["createPermissionDefinition", "team"],
  updateTeamPermissionDefinition: ["updatePermissionDefinition", "team"],
  deleteTeamPermissionDefinition: ["deletePermissionDefinition", "team"],
  listProjectPermissionDefinitions: ["listPermissionDefinitions", "project"],
  createProjectPermissionDefinition: ["createPermissionDefinition", "project"],
  updateProjectPermissionDefinition: ["updatePermissionDefinition", "project"],
  deleteProjectPermissionDefinition: ["deletePermissionDefinition", "project"],
});
