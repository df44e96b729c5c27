import type { EmulatorCore } from "../core";
import { apiKeyProblem, apiKeyRead, apiKeyRecords, createApiKey, findApiKeyByValue, type ApiKeyRecord, type ApiKeyType } from "../domain/api-keys";
import { hasTeamPermission } from "../domain/permissions";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

const ID_FIELD = { user: "user_id", team: "team_id" } as const;

function assertEnabled(ctx: RequestContext, type: ApiKeyType): void {
  const c = authOf(ctx).project.config;
  if (type === "user" && !c.allowUserApiKeys) throw new StatusError(400, "User API keys are not enabled for this project.");
  if (type === "team" && !c.allowTeamApiKeys) throw new StatusError(400, "Team API keys are not enabled for this project.");
}

/** The owner id from a body or query, or the platform's SCHEMA_ERROR when it is missing. */
function ownerIdFrom(type: ApiKeyType, source: Record<string, unknown>): string {
  const id = source[ID_FIELD[type]];
  if (typeof id !== "string") {
    const message = `${ID_FIELD[type]} is required for ${type} API keys`;
    throw known("SCHEMA_ERROR", { message }, { message });
  }
  return id;
}

/**
 * Who may manage the keys of an owner: server/admin always (the owner must exist); a client only its own user keys
 * (403 text otherwise) and the keys of teams where it holds `$manage_api_keys` (`API_KEY_NOT_FOUND` otherwise, so
 * the team's existence does not leak).
 */
function assertCanManage(ctx: RequestContext, type: ApiKeyType, ownerId: string): void {
  const { type: access, user, project } = authOf(ctx);
  if (access !== "client") {
    if (type === "user") {
      const u = ctx.core.store.users.get(ownerId);
      if (!u || u.projectId !== project.id) throw known("USER_NOT_FOUND");
    } else {
      const team = ctx.core.store.teams.get(ownerId);
      if (!team || team.projectId !== project.id) throw known("TEAM_NOT_FOUND", { team_id: ownerId });
    }
    return;
  }
  if (!user) throw known("USER_AUTHENTICATION_REQUIRED");
  if (type === "user" && ownerId !== user.id) throw new StatusError(403, "Client can only manage their own api keys");
  if (type === "team" && !hasTeamPermission(ctx.core.store, project.id, ownerId, user.id, "$manage_api_keys")) throw known("API_KEY_NOT_FOUND");
}

function findKey(ctx: RequestContext, type: ApiKeyType): ApiKeyRecord {
  const { project } = authOf(ctx);
  // like the platform, read and update find the key by id alone (a `user_id` in the query is not needed and not
  // used) and then check that the caller may manage the key's owner
  const record = apiKeyRecords(ctx.core.store).find((k) => k.id === ctx.params.api_key_id && k.projectId === project.id);
  if (!record || record.type !== type) throw known("API_KEY_NOT_FOUND");
  assertCanManage(ctx, type, record.ownerId);
  return record;
}

function list(ctx: RequestContext, type: ApiKeyType) {
  assertEnabled(ctx, type);
  const ownerId = ownerIdFrom(type, ctx.query);
  assertCanManage(ctx, type, ownerId);
  const items = apiKeyRecords(ctx.core.store)
    .filter((k) => k.projectId === authOf(ctx).project.id && k.type === type && k.ownerId === ownerId)
    .reverse()
    .map((k) => apiKeyRead(k));
  return json({ items, is_paginated: false });
}

function create(ctx: RequestContext, type: ApiKeyType) {
  assertEnabled(ctx, type);
  const ownerId = ownerIdFrom(type, ctx.body);
  assertCanManage(ctx, type, ownerId);
  const { record, value } = createApiKey(ctx.core.store, {
    projectId: authOf(ctx).project.id,
    type,
    ownerId,
    description: ctx.body.description,
    expiresAtMillis: ctx.body.expires_at_millis ? ctx.body.expires_at_millis : null,
    isPublic: ctx.body.is_public === true,
  });
  ctx.effect("api_keys_created");
  return json(apiKeyRead(record, value), 200);
}

function update(ctx: RequestContext, type: ApiKeyType) {
  assertEnabled(ctx, type);
  const record = findKey(ctx, type);
  const b = ctx.body ?? {};
  if (typeof b.description === "string") record.description = b.description;
  if (b.expires_at_millis !== undefined) record.expiresAtMillis = b.expires_at_millis || null;
  if (b.revoked === true && record.manuallyRevokedAtMillis === null) record.manuallyRevokedAtMillis = Date.now();
  ctx.core.store.touch();
  return json(apiKeyRead(record));
}

function check(ctx: RequestContext, type: ApiKeyType) {
  assertEnabled(ctx, type);
  const record = findApiKeyByValue(ctx.core.store, authOf(ctx).project.id, ctx.body.api_key);
  if (!record) throw known("API_KEY_NOT_FOUND");
  if (record.type !== type) throw known("WRONG_API_KEY_TYPE", { expected_type: type, actual_type: record.type });
  const problem = apiKeyProblem(record);
  if (problem === "revoked") throw known("API_KEY_REVOKED");
  if (problem === "expired") throw known("API_KEY_EXPIRED");
  return json(apiKeyRead(record));
}

function familyRoutes(type: ApiKeyType): RouteDef[] {
  const base = `/${type}-api-keys`;
  const ownerField = type === "user" ? t.userIdOrMe() : t.string();
  // Like the platform, one query schema serves list, read and update: `user_id` is optional (the list asks for it
  // itself), `team_id` is required.
  const ownerQuery = type === "user" ? t.object({ user_id: t.userIdOrMe() }) : t.object({ team_id: t.string({ format: "uuid" }).defined() });
  const listQuery = ownerQuery;
  const itemQuery = ownerQuery;
  const params = t.object({ api_key_id: t.string({ format: "uuid" }).defined() });
  return [
    { method: "GET", path: base, access: CLIENT_OR_HIGHER, query: listQuery, handler: (ctx) => list(ctx, type) },
    {
      method: "POST",
      path: base,
      access: CLIENT_OR_HIGHER,
      body: t
        .object({
          description: t.string().defined(),
          expires_at_millis: t.number().nullable().defined(),
          is_public: t.boolean(),
          [ID_FIELD[type]]: ownerField.defined(),
        })
        .defined(),
      handler: (ctx) => create(ctx, type),
    },
    {
      method: "POST",
      path: `${base}/check`,
      access: SERVER_OR_HIGHER,
      body: t.object({ api_key: t.string().defined() }).defined(),
      handler: (ctx) => check(ctx, type),
    },
    {
      method: "GET",
      path: `${base}/:api_key_id`,
      access: CLIENT_OR_HIGHER,
      params,
      query: itemQuery,
      handler: (ctx) => {
        assertEnabled(ctx, type);
        return json(apiKeyRead(findKey(ctx, type)));
      },
    },
    {
      method: "PATCH",
      path: `${base}/:api_key_id`,
      access: CLIENT_OR_HIGHER,
      params,
      query: itemQuery,
      // `revoked` only accepts `true` (the platform: `yupBoolean().oneOf([true])`). `expires_at_millis` is an emulator
      // leniency: the official SDK's `apiKey.update({ expiresAt })` sends it.
      body: t.object({ description: t.string(), revoked: t.boolean({ oneOf: [true] }), expires_at_millis: t.number().nullable() }),
      handler: (ctx) => update(ctx, type),
    },
  ];
}

/**
 * User and team API keys (wire §8.17): list, create (200 with the full value), read, update (`description`,
 * `revoked: true`) and `check` under `/user-api-keys` and `/team-api-keys`.
 *
 * @example
 * core.router.addAll(apiKeyRoutes(core));
 */
export function apiKeyRoutes(_core: EmulatorCore): RouteDef[] {
  return [...familyRoutes("user"), ...familyRoutes("team")];
}
