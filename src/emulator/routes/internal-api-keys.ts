import type { EmulatorCore } from "../core";
import { known } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { ApiKeySetRecord } from "../store/types";
import { newId, randomBase32 } from "../util/random";

const KEY_FIELDS = [
  ["publishable_client_key", "publishableClientKey", "pck_"],
  ["secret_server_key", "secretServerKey", "ssk_"],
  ["super_secret_admin_key", "superSecretAdminKey", "sak_"],
] as const;

/**
 * The wire shape of a project key set (the platform's "internal API key"): full keys only on creation, otherwise
 * `{last_four}`; keys that were not requested are left out, as is `manually_revoked_at_millis` while unrevoked.
 *
 * @example
 * json(internalApiKeyRead(set)); // {"id","description","secret_server_key":{"last_four":"…"},"created_at_millis","expires_at_millis"}
 */
export function internalApiKeyRead(set: ApiKeySetRecord, full = false): Record<string, unknown> {
  const out: Record<string, unknown> = { id: set.id, description: set.description };
  for (const [wire, field] of KEY_FIELDS) {
    const key = set[field];
    if (key) out[wire] = full ? key : { last_four: key.slice(-4) };
  }
  out.created_at_millis = set.createdAtMillis;
  out.expires_at_millis = set.expiresAtMillis;
  if (set.manuallyRevokedAtMillis !== null) out.manually_revoked_at_millis = set.manuallyRevokedAtMillis;
  return out;
}

function findSet(ctx: RequestContext): ApiKeySetRecord {
  const set = authOf(ctx).project.apiKeySets.find((s) => s.id === ctx.params.api_key_id);
  if (!set) throw known("API_KEY_NOT_FOUND");
  return set;
}

function create(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const b = ctx.body;
  const set: ApiKeySetRecord = {
    id: newId(),
    description: b.description,
    createdAtMillis: Date.now(),
    expiresAtMillis: b.expires_at_millis,
    manuallyRevokedAtMillis: null,
    publishableClientKey: b.has_publishable_client_key ? `pck_${randomBase32()}` : null,
    secretServerKey: b.has_secret_server_key ? `ssk_${randomBase32()}` : null,
    superSecretAdminKey: b.has_super_secret_admin_key ? `sak_${randomBase32()}` : null,
  };
  project.apiKeySets.push(set);
  ctx.core.store.touch();
  ctx.effect("internal_api_keys_created");
  return json(internalApiKeyRead(set, true), 200);
}

/**
 * Internal API keys (wire §8.19, admin only): `POST /internal/api-keys` (200, full keys once, only those requested),
 * `GET /internal/api-keys`, `GET|PATCH /internal/api-keys/{id}` (`description`, `revoked: true`). The sets live in
 * `project.apiKeySets`, so auth resolution honours new, revoked and expired sets immediately.
 *
 * @example
 * core.router.addAll(internalApiKeyRoutes(core));
 */
export function internalApiKeyRoutes(_core: EmulatorCore): RouteDef[] {
  const params = t.object({ api_key_id: t.string({ format: "uuid" }).defined() });
  return [
    {
      method: "POST",
      path: "/internal/api-keys",
      access: ADMIN_ONLY,
      body: t
        .object({
          description: t.string().defined(),
          expires_at_millis: t.number().defined(),
          has_publishable_client_key: t.boolean().defined(),
          has_secret_server_key: t.boolean().defined(),
          has_super_secret_admin_key: t.boolean().defined(),
        })
        .defined(),
      handler: create,
    },
    {
      method: "GET",
      path: "/internal/api-keys",
      access: ADMIN_ONLY,
      handler: (ctx) => {
        const sets = [...authOf(ctx).project.apiKeySets].sort((a, b) => b.createdAtMillis - a.createdAtMillis);
        return json({ items: sets.map((s) => internalApiKeyRead(s)), is_paginated: false });
      },
    },
    { method: "GET", path: "/internal/api-keys/:api_key_id", access: ADMIN_ONLY, params, handler: (ctx) => json(internalApiKeyRead(findSet(ctx))) },
    {
      method: "PATCH",
      path: "/internal/api-keys/:api_key_id",
      access: ADMIN_ONLY,
      params,
      body: t.object({ description: t.string(), revoked: t.boolean({ oneOf: [true] }) }),
      handler: (ctx) => {
        const set = findSet(ctx);
        const b = ctx.body ?? {};
        if (typeof b.description === "string") set.description = b.description;
        if (b.revoked === true && set.manuallyRevokedAtMillis === null) set.manuallyRevokedAtMillis = Date.now();
        ctx.core.store.touch();
        return json(internalApiKeyRead(set));
      },
    },
  ];
}
