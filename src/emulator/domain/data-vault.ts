import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Store } from "../store/store";
import type { ProjectRecord } from "../store/types";
import { renderProjectConfig } from "./config-layers";

/**
 * Key of the data-vault entries in `store.extra`.
 *
 * @example
 * store.extra[DATA_VAULT_FAMILY];
 */
export const DATA_VAULT_FAMILY = "data-vault";

/**
 * One stored value. The client already encrypted it with its own secret (and hashed the key), so the emulator
 * never sees the key or the plain value; like the platform's KMS layer it adds its own AES-256-GCM encryption at
 * rest, bound to the project, store and hashed key.
 *
 * @example
 * const e: DataVaultEntryRecord = { projectId, storeId, hashedKey, iv, tag, ciphertext, createdAtMillis, updatedAtMillis };
 */
export interface DataVaultEntryRecord {
  projectId: string;
  storeId: string;
  hashedKey: string;
  /** Base64 of the 12-byte nonce, the 16-byte tag and the sealed client ciphertext. */
  iv: string;
  tag: string;
  ciphertext: string;
  createdAtMillis: number;
  updatedAtMillis: number;
}

const entries = (store: Store) => (store.extra[DATA_VAULT_FAMILY] ??= []) as DataVaultEntryRecord[];

/** The at-rest key of a project: HKDF-SHA256 of the emulator's persistent secret. */
function atRestKey(store: Store, projectId: string): Buffer {
  return Buffer.from(hkdfSync("sha256", store.signingSecret, `data-vault:${projectId}`, "latchkey-emulator data vault at-rest key", 32));
}

const aadOf = (e: { projectId: string; storeId: string; hashedKey: string }) => Buffer.from(JSON.stringify([e.projectId, e.storeId, e.hashedKey]));

/**
 * True when the project's configuration declares the store (`dataVault.stores.<id>`, set through a config
 * override). Only own keys count: `toString` and friends are not stores.
 *
 * @example
 * if (!dataVaultStoreExists(store, project, "secrets")) throw known("DATA_VAULT_STORE_DOES_NOT_EXIST", { store_id: "secrets" });
 */
export function dataVaultStoreExists(store: Store, project: ProjectRecord, storeId: string): boolean {
  const stores = (renderProjectConfig(store, project).dataVault as { stores?: unknown } | undefined)?.stores;
  return typeof stores === "object" && stores !== null && Object.prototype.hasOwnProperty.call(stores, storeId);
}

/**
 * Stores (or replaces) the client-encrypted value of a hashed key, sealed with the at-rest key.
 *
 * @example
 * putDataVaultValue(store, project.id, "secrets", hashedKey, encryptedValue);
 */
export function putDataVaultValue(store: Store, projectId: string, storeId: string, hashedKey: string, encryptedValue: string): void {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", atRestKey(store, projectId), iv);
  cipher.setAAD(aadOf({ projectId, storeId, hashedKey }));
  const ciphertext = Buffer.concat([cipher.update(encryptedValue, "utf8"), cipher.final()]);
  const sealed = { iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), ciphertext: ciphertext.toString("base64") };
  const now = Date.now();
  const existing = entries(store).find((e) => e.projectId === projectId && e.storeId === storeId && e.hashedKey === hashedKey);
  if (existing) Object.assign(existing, sealed, { updatedAtMillis: now });
  else entries(store).push({ projectId, storeId, hashedKey, ...sealed, createdAtMillis: now, updatedAtMillis: now });
  store.touch();
}

/**
 * The client-encrypted value of a hashed key, or `null` when there is none.
 *
 * @example
 * const encrypted = getDataVaultValue(store, project.id, "secrets", hashedKey);
 */
export function getDataVaultValue(store: Store, projectId: string, storeId: string, hashedKey: string): string | null {
  const e = entries(store).find((x) => x.projectId === projectId && x.storeId === storeId && x.hashedKey === hashedKey);
  if (!e) return null;
  const decipher = createDecipheriv("aes-256-gcm", atRestKey(store, projectId), Buffer.from(e.iv, "base64"));
  decipher.setAAD(aadOf(e));
  decipher.setAuthTag(Buffer.from(e.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(e.ciphertext, "base64")), decipher.final()]).toString("utf8");
}
