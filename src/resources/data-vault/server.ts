import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError, LatchkeyError } from "../../errors/base";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { resourceCache } from "../cached";

/**
 * A data vault store of the project: encrypted key-value storage for secrets your server keeps on behalf of
 * users (OAuth tokens of third-party services, API keys, …). The key and value are encrypted with `secret` before
 * they leave your server, in the official SDK's format, so the platform can read neither and the official SDK can
 * read what latchkey wrote. The same `secret` is needed to read a value back; with another one the value is not
 * found (`null`). Any strings may serve as key, value and secret, empty ones included (only a hash of the key and the
 * sealed value reach the platform). The store must be declared in the project's configuration (`dataVault.stores.<id>`), else the
 * calls throw `DATA_VAULT_STORE_DOES_NOT_EXIST`.
 *
 * @example
 * const vault = await server.getDataVaultStore("oauth-tokens");
 * await vault.setValue(`github:${user.id}`, token, { secret: process.env.VAULT_SECRET! });
 * const again = await vault.getValue(`github:${user.id}`, { secret: process.env.VAULT_SECRET! }); // string | null
 */
export interface DataVaultStore {
  /** The store's id, as in the configuration. */
  readonly id: string;
  /** Stores (or replaces) the value of `key`. */
  setValue(key: string, value: string, options: { secret: string }): Promise<void>;
  /** The value of `key`, or null when the store has none for this key and secret. Cached like other reads. */
  getValue(key: string, options: { secret: string }): Promise<string | null>;
}

// The key and the secret only go into the hash and the encryption, so any string works, the empty one included (as
// in the official SDK): the platform sees a hash, never empty. Only their type is checked.
function secretOf(options: { secret: string } | undefined, method: string): string {
  const o = optionalObject(options, `${method} options`) as { secret?: unknown };
  if (typeof o.secret !== "string") throw new ArgumentError(`${method} needs { secret }: a string.`);
  return o.secret;
}

function keyOf(key: unknown): string {
  if (typeof key !== "string") throw new ArgumentError("key must be a string.");
  return key;
}

const crypto_ = () => import("./server-crypto");

const storePath = (storeId: string, action: "get" | "set") => `/data-vault/stores/${encodeURIComponent(storeId)}/${action}`;

/** Reads of values, keyed by store, key and secret (a write drops its entry, so the next read fetches). */
const values = (ctx: AppContext) =>
  resourceCache(ctx, "server-data-vault-values", async (storeId: string, key: string, secret: string): Promise<string | null> => {
    const { hashVaultKey, decryptVaultValue } = await crypto_();
    const hashed_key = await hashVaultKey(secret, key);
    let encrypted: string;
    try {
      encrypted = (await ctx.core.request<{ encrypted_value: string }>({ expect: "encrypted_value", method: "POST", path: storePath(storeId, "get"), body: { hashed_key }, idempotent: true })).encrypted_value;
    } catch (error) {
      if (isKnownErrorOf(error, "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST")) return null;
      throw error;
    }
    const value = await decryptVaultValue(secret, key, encrypted);
    if (value === null) throw new LatchkeyError("Data vault value could not be decrypted: it was stored with another secret, or it is damaged.", "DataVaultDecryptionError");
    return value;
  });

/**
 * @internal The store object of `ServerApp.getDataVaultStore`. No request is made until a value is read or written.
 */
export function dataVaultStore(ctx: AppContext, id: string): DataVaultStore {
  const storeId = requireString(id, "id");
  return {
    id: storeId,
    async setValue(key, value, options) {
      keyOf(key);
      if (typeof value !== "string") throw new ArgumentError("value must be a string.");
      const secret = secretOf(options, "setValue");
      const { hashVaultKey, encryptVaultValue } = await crypto_();
      const body = { hashed_key: await hashVaultKey(secret, key), encrypted_value: await encryptVaultValue(secret, key, value) };
      await ctx.core.request({ method: "POST", path: storePath(storeId, "set"), body });
      values(ctx).invalidate([storeId, key, secret]);
    },
    async getValue(key, options) {
      return values(ctx).get([storeId, keyOf(key), secretOf(options, "getValue")]);
    },
  };
}
