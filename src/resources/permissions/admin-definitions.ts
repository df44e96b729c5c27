import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { adminProjectCache } from "../projects/admin";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/** @internal Wire shape of a permission definition (wire §8.14). */
export interface PermissionDefinitionJson {
  id: string;
  description?: string | null;
  contained_permission_ids: string[];
}

/**
 * Where a permission definition applies: inside teams, or project-wide.
 *
 * @example
 * const scope: PermissionScope = "team";
 */
export type PermissionScope = "team" | "project";

/**
 * A permission definition: an id, an optional description and the permissions it contains. Team lists include
 * the system permissions (`$update_team`, …), which cannot be changed.
 *
 * @example
 * const defs = await admin.listTeamPermissionDefinitions();
 * await defs.find((d) => d.id === "moderator")?.update({ containedPermissionIds: ["$read_members"] });
 */
export interface AdminPermissionDefinition {
  id: string;
  description?: string;
  containedPermissionIds: string[];
  /** Changes this definition (its id too). */
  update(data: AdminPermissionDefinitionUpdate): Promise<void>;
  delete(): Promise<void>;
}

/**
 * A team-scope permission definition.
 * @example
 * const def: AdminTeamPermissionDefinition = (await admin.listTeamPermissionDefinitions())[0];
 */
export type AdminTeamPermissionDefinition = AdminPermissionDefinition & {
  /**
   * In the official SDK's type, never set by the platform's API (the definitions it lists do not carry it); kept
   * optional so code written against that type compiles.
   */
  isDefaultUserPermission?: boolean;
};

/**
 * A project-scope permission definition.
 * @example
 * const def: AdminProjectPermissionDefinition = (await admin.listProjectPermissionDefinitions())[0];
 */
export type AdminProjectPermissionDefinition = AdminPermissionDefinition;

/**
 * What a new permission definition needs. Ids use lowercase letters, digits, `_` and `:`.
 *
 * @example
 * await admin.createTeamPermissionDefinition({ id: "moderator", description: "Moderates", containedPermissionIds: ["$read_members"] });
 */
export interface AdminPermissionDefinitionCreate {
  id: string;
  description?: string;
  containedPermissionIds: string[];
}

/**
 * The fields a permission definition can change.
 *
 * @example
 * await admin.updateTeamPermissionDefinition("moderator", { description: "Keeps order" });
 */
export interface AdminPermissionDefinitionUpdate {
  id?: string;
  description?: string;
  containedPermissionIds?: string[];
}

const NEW_ID = /^[a-z0-9_:]+$/;
const ANY_ID = /^\$?[a-z0-9_:]+$/;

const definitions = (ctx: AppContext) =>
  resourceCache(ctx, "admin-permission-definitions", async (scope: PermissionScope) =>
    (await ctx.core.request<ListJson<PermissionDefinitionJson>>({ expect: "items[]", path: `/${scope}-permission-definitions` })).items,
  );

function checkId(id: unknown, name: string, pattern: RegExp): string {
  requireString(id, name);
  if (!pattern.test(id as string)) {
    throw new ArgumentError(`${name} must contain only lowercase letters, digits, "_" and ":"${pattern === ANY_ID ? ' (system ids start with "$")' : ""}, got ${JSON.stringify(id)}.`);
  }
  return id as string;
}

function definitionBody(d: AdminPermissionDefinitionUpdate, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (d.id !== undefined || creating) out.id = checkId(d.id, "id", NEW_ID);
  if (d.description !== undefined) {
    if (typeof d.description !== "string") throw new ArgumentError("description must be a string.");
    out.description = d.description;
  }
  if (d.containedPermissionIds !== undefined || creating) {
    const ids = d.containedPermissionIds;
    if (!Array.isArray(ids)) throw new ArgumentError("containedPermissionIds must be an array of permission ids.");
    out.contained_permission_ids = ids.map((id, i) => checkId(id, `containedPermissionIds[${i}]`, ANY_ID));
  }
  return out;
}

/** A renamed or deleted definition can change the project's default permissions: read the project afresh next time. */
const changedDefaults = (ctx: AppContext) => adminProjectCache(ctx).invalidate([]);

/** @internal camelCase fields and the definition's actions. */
export function permissionDefinitionFromJson(ctx: AppContext, scope: PermissionScope, d: PermissionDefinitionJson): AdminPermissionDefinition {
  return {
    id: d.id,
    ...(d.description ? { description: d.description } : {}),
    containedPermissionIds: [...(d.contained_permission_ids ?? [])],
    update: (data) => updatePermissionDefinition(ctx, scope, d.id, data),
    delete: () => deletePermissionDefinition(ctx, scope, d.id),
  };
}

/** @internal The scope's definitions (cached). */
export async function listPermissionDefinitions(ctx: AppContext, scope: PermissionScope): Promise<AdminPermissionDefinition[]> {
  return (await definitions(ctx).get([scope])).map((d) => permissionDefinitionFromJson(ctx, scope, d));
}

/**
 * One page of a scope's definitions, sorted by id; `query` matches id or description (case-insensitive).
 *
 * @example
 * const { items, nextCursor } = await admin.listTeamPermissionDefinitionsPaginated({ limit: 50, query: "billing" });
 */
export interface PermissionDefinitionPage {
  items: AdminPermissionDefinition[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** @internal `GET /{scope}-permission-definitions?limit&cursor&query` (not cached: pages are read once). */
export async function listPermissionDefinitionsPaginated(
  ctx: AppContext,
  scope: PermissionScope,
  options: { limit: number; cursor?: string; query?: string },
): Promise<PermissionDefinitionPage> {
  if (options === undefined) throw new ArgumentError("The paginated list needs { limit }.");
  const o = optionalObject(options, "pagination options") as { limit?: unknown; cursor?: unknown; query?: unknown };
  if (typeof o.limit !== "number" || !Number.isInteger(o.limit) || o.limit < 1 || o.limit > 200) throw new ArgumentError("limit must be an integer from 1 to 200.");
  if (o.cursor !== undefined) requireString(o.cursor, "cursor");
  if (o.query !== undefined && typeof o.query !== "string") throw new ArgumentError("query must be a string.");
  const list = await ctx.core.request<ListJson<PermissionDefinitionJson>>({
        expect: "items[]",
    path: `/${scope}-permission-definitions`,
    query: { limit: o.limit, cursor: o.cursor as string | undefined, query: (o.query as string | undefined) || undefined },
  });
  return { items: list.items.map((d) => permissionDefinitionFromJson(ctx, scope, d)), nextCursor: list.pagination?.next_cursor ?? null };
}

/** @internal `POST /{scope}-permission-definitions`. */
export async function createPermissionDefinition(ctx: AppContext, scope: PermissionScope, data: AdminPermissionDefinitionCreate): Promise<AdminPermissionDefinition> {
  const body = definitionBody(optionalObject(data, "permission definition"), true);
  const created = await ctx.core.request<PermissionDefinitionJson>({ expect: "id", method: "POST", path: `/${scope}-permission-definitions`, body });
  await definitions(ctx).refresh([scope]);
  return permissionDefinitionFromJson(ctx, scope, created);
}

/** @internal `PATCH /{scope}-permission-definitions/{id}`. */
export async function updatePermissionDefinition(ctx: AppContext, scope: PermissionScope, permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void> {
  const id = checkId(permissionId, "permissionId", ANY_ID);
  const body = definitionBody(optionalObject(data, "permission definition update"), false);
  await ctx.core.request({ method: "PATCH", path: `/${scope}-permission-definitions/${encodeURIComponent(id)}`, body });
  changedDefaults(ctx);
  await definitions(ctx).refresh([scope]);
}

/** @internal `DELETE /{scope}-permission-definitions/{id}`. */
export async function deletePermissionDefinition(ctx: AppContext, scope: PermissionScope, permissionId: string): Promise<void> {
  const id = checkId(permissionId, "permissionId", ANY_ID);
  await ctx.core.request({ method: "DELETE", path: `/${scope}-permission-definitions/${encodeURIComponent(id)}` });
  changedDefaults(ctx);
  await definitions(ctx).refresh([scope]);
}
