import { createHash } from "node:crypto";
import type { Store } from "../store/store";
import type { UserRecord } from "../store/types";
import { newId, randomBase32 } from "../util/random";

/**
 * Key of the user/team API key records in `store.extra`.
 *
 * @example
 * store.extra[API_KEYS_FAMILY]; // ApiKeyRecord[]
 */
export const API_KEYS_FAMILY = "api-keys";

/**
 * Whose key it is: a user's or a team's.
 *
 * @example
 * const type: ApiKeyType = "team";
 */
export type ApiKeyType = "user" | "team";

/**
 * A user or team API key (wire §8.17). Only a SHA-256 hash of the full value and its last four characters are kept.
 *
 * @example
 * const revoked = record.manuallyRevokedAtMillis !== null;
 */
export interface ApiKeyRecord {
  id: string;
  projectId: string;
  type: ApiKeyType;
  /** The owning user (type `user`) or team (type `team`). */
  ownerId: string;
  description: string;
  isPublic: boolean;
  createdAtMillis: number;
  expiresAtMillis: number | null;
  manuallyRevokedAtMillis: number | null;
  valueHash: string;
  lastFour: string;
}

const MARKER = "574ck4u7h";
const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

let crcTable: number[] | undefined;

/**
 * CRC-32 (IEEE) of a string's UTF-8 bytes, as 8 lowercase hex characters.
 *
 * @example
 * crc32Hex("123456789"); // "cbf43926"
 */
export function crc32Hex(text: string): string {
  if (!crcTable) {
    crcTable = [];
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable.push(c >>> 0);
    }
  }
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0");
}

/**
 * Builds a key value in the platform's format: `sk_`/`pk_`, 45 secret characters, the id's 32 hex digits, the type,
 * one scanner flag character (self-hosted: `1` secret, `3` public), the marker and a CRC-32 of everything before.
 *
 * @example
 * const value = formatApiKey(id, "user", false); // "sk_…user1574ck4u7h…"
 */
export function formatApiKey(id: string, type: ApiKeyType, isPublic: boolean): string {
  const flag = CROCKFORD[1 + (isPublic ? 2 : 0)];
  const body = `${isPublic ? "pk" : "sk"}_${randomBase32(45)}${id.replace(/-/g, "")}${type}${flag}${MARKER}`;
  return body + crc32Hex(body);
}

/**
 * The hash under which a key value is stored.
 *
 * @example
 * const hash = hashApiKey(value);
 */
export function hashApiKey(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * Every user/team API key record (the live array inside `store.extra`). Keys whose user or team was deleted are
 * dropped on access.
 *
 * @example
 * const mine = apiKeyRecords(store).filter((k) => k.ownerId === userId);
 */
export function apiKeyRecords(store: Store): ApiKeyRecord[] {
  const list = (store.extra[API_KEYS_FAMILY] ??= []) as ApiKeyRecord[];
  for (let i = list.length - 1; i >= 0; i--) {
    const k = list[i];
    if (!(k.type === "user" ? store.users.has(k.ownerId) : store.teams.has(k.ownerId))) list.splice(i, 1);
  }
  return list;
}

/**
 * Creates a key and returns the record plus the full value (shown to the caller once, never stored).
 *
 * @example
 * const { record, value } = createApiKey(store, { projectId, type: "user", ownerId: user.id, description: "CI", expiresAtMillis: null, isPublic: false });
 */
export function createApiKey(
  store: Store,
  o: { projectId: string; type: ApiKeyType; ownerId: string; description: string; expiresAtMillis: number | null; isPublic: boolean },
): { record: ApiKeyRecord; value: string } {
  const id = newId();
  const value = formatApiKey(id, o.type, o.isPublic);
  const record: ApiKeyRecord = {
    id,
    projectId: o.projectId,
    type: o.type,
    ownerId: o.ownerId,
    description: o.description,
    isPublic: o.isPublic,
    createdAtMillis: Date.now(),
    expiresAtMillis: o.expiresAtMillis,
    manuallyRevokedAtMillis: null,
    valueHash: hashApiKey(value),
    lastFour: value.slice(-4),
  };
  apiKeyRecords(store).push(record);
  store.touch();
  return { record, value };
}

/**
 * The record of a full key value within a project, whatever its state.
 *
 * @example
 * const record = findApiKeyByValue(store, projectId, body.api_key);
 */
export function findApiKeyByValue(store: Store, projectId: string, value: string): ApiKeyRecord | undefined {
  const hash = hashApiKey(value);
  return apiKeyRecords(store).find((k) => k.projectId === projectId && k.valueHash === hash);
}

/**
 * Why a key cannot be used right now, or `null` when it is valid (revocation is checked before expiry, like the
 * platform's check endpoint).
 *
 * @example
 * apiKeyProblem(record); // "revoked" | "expired" | null
 */
export function apiKeyProblem(record: ApiKeyRecord, now = Date.now()): "revoked" | "expired" | null {
  if (record.manuallyRevokedAtMillis !== null) return "revoked";
  if (record.expiresAtMillis !== null && record.expiresAtMillis < now) return "expired";
  return null;
}

/**
 * The user a valid (unrevoked, unexpired) user API key belongs to, or `undefined`. This is what server
 * `getUser({ apiKey })` resolves through `POST /user-api-keys/check`.
 *
 * @example
 * const user = findApiKeyUser(core.store, project.id, "sk_…");
 */
export function findApiKeyUser(store: Store, projectId: string, value: string): UserRecord | undefined {
  const record = findApiKeyByValue(store, projectId, value);
  if (!record || record.type !== "user" || apiKeyProblem(record) !== null) return undefined;
  const user = store.users.get(record.ownerId);
  return user && user.projectId === projectId ? user : undefined;
}

/**
 * The wire shape of a key: `value` is the full key on creation, `{last_four}` afterwards. Absent optional fields
 * (`expires_at_millis`, `manually_revoked_at_millis`) are left out like the platform does.
 *
 * @example
 * json(apiKeyRead(record)); // {"id","description","is_public","created_at_millis","value":{"last_four"},"user_id","type":"user"}
 */
export function apiKeyRead(record: ApiKeyRecord, fullValue?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: record.id,
    description: record.description,
    is_public: record.isPublic,
    created_at_millis: record.createdAtMillis,
  };
  if (record.expiresAtMillis !== null) out.expires_at_millis = record.expiresAtMillis;
  if (record.manuallyRevokedAtMillis !== null) out.manually_revoked_at_millis = record.manuallyRevokedAtMillis;
  out.value = fullValue ?? { last_four: record.lastFour };
  if (record.type === "user") out.user_id = record.ownerId;
  else out.team_id = record.ownerId;
  out.type = record.type;
  return out;
}
