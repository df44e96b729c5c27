import type { EmulatorCore } from "../core";
import { dataVaultStoreExists, getDataVaultValue, putDataVaultValue } from "../domain/data-vault";
import { known } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/** The store must be declared in the project's config. */
function checked(ctx: RequestContext): { projectId: string; storeId: string; hashedKey: string } {
  const { project } = authOf(ctx);
  const storeId = ctx.params.id as string;
  if (!dataVaultStoreExists(ctx.core.store, project, storeId)) throw known("DATA_VAULT_STORE_DOES_NOT_EXIST", { store_id: storeId });
  return { projectId: project.id, storeId, hashedKey: ctx.body.hashed_key };
}

/**
 * The data vault (server or admin): `POST /data-vault/stores/{id}/set {hashed_key, encrypted_value}` → `{success:
 * true}` and `POST /data-vault/stores/{id}/get {hashed_key}` → `{encrypted_value}`. The SDK hashes the key and
 * encrypts the value with the caller's secret before sending, so a wrong secret asks for another hashed key and
 * gets `DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST`. Stores must be declared in the config (`dataVault.stores.<id>`),
 * else `DATA_VAULT_STORE_DOES_NOT_EXIST`. Values are kept encrypted at rest.
 *
 * @example
 * core.router.addAll(dataVaultRoutes(core));
 */
export function dataVaultRoutes(_core: EmulatorCore): RouteDef[] {
  const params = t.object({ id: t.string().defined() });
  return [
    {
      method: "POST",
      path: "/data-vault/stores/:id/set",
      access: SERVER_OR_HIGHER,
      params,
      body: t.object({ hashed_key: t.string({ nonEmpty: true }).defined(), encrypted_value: t.string().defined() }).defined(),
      handler: (ctx) => {
        const { projectId, storeId, hashedKey } = checked(ctx);
        putDataVaultValue(ctx.core.store, projectId, storeId, hashedKey, ctx.body.encrypted_value);
        ctx.effect("data_vault_values_set");
        return success();
      },
    },
    {
      method: "POST",
      path: "/data-vault/stores/:id/get",
      access: SERVER_OR_HIGHER,
      params,
      body: t.object({ hashed_key: t.string({ nonEmpty: true }).defined() }).defined(),
      handler: (ctx) => {
        const { projectId, storeId, hashedKey } = checked(ctx);
        const value = getDataVaultValue(ctx.core.store, projectId, storeId, hashedKey);
        if (value === null) throw known("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", { store_id: storeId, hashed_key: hashedKey });
        return json({ encrypted_value: value });
      },
    },
  ];
}
