import type { AppContext } from "../../core/context";
import { optionalObject } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

type KeyJson = string | { last_four: string };

/** @internal Wire shape of an internal API key (a project key set), wire §8.19. */
export interface InternalApiKeyJson {
  id: string;
  description: string;
  created_at_millis: number;
  expires_at_millis: number;
  manually_revoked_at_millis?: number | null;
  publishable_client_key?: KeyJson;
  secret_server_key?: KeyJson;
  super_secret_admin_key?: KeyJson;
}

/**
 * Why an internal API key no longer authenticates. Expiry is checked before revocation.
 *
 * @example
 * const reason: InternalApiKeyInvalidReason = key.whyInvalid(); // "expired" | "manually-revoked" | null
 */
export type InternalApiKeyInvalidReason = "expired" | "manually-revoked" | null;

/**
 * What every view of an internal API key (a set of project keys) has.
 *
 * @example
 * const [key] = await admin.listInternalApiKeys();
 * if (key.isValid()) await key.revoke();
 */
export interface InternalApiKeyBase {
  id: string;
  description: string;
  expiresAt: Date;
  manuallyRevokedAt: Date | null;
  createdAt: Date;
  /** True while neither expired nor revoked. */
  isValid(): boolean;
  /** `"expired"` if past its expiry (checked first), else `"manually-revoked"` if revoked, else null. */
  whyInvalid(): InternalApiKeyInvalidReason;
  /** Revokes the whole key set: its keys stop authenticating at once. */
  revoke(): Promise<void>;
}

/**
 * An internal API key as listed: only the last four characters of each key it holds. A key the set was not
 * created with is absent.
 *
 * @example
 * for (const key of await admin.listInternalApiKeys()) console.log(key.secretServerKey?.lastFour);
 */
export interface InternalApiKey extends InternalApiKeyBase {
  publishableClientKey?: { lastFour: string };
  secretServerKey?: { lastFour: string };
  superSecretAdminKey?: { lastFour: string };
}

/**
 * An internal API key just created: the full key values, shown this once only.
 *
 * @example
 * const key = await admin.createInternalApiKey({ description: "CI", expiresAt, hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
 * saveSecret(key.secretServerKey!);
 */
export interface InternalApiKeyFirstView extends InternalApiKeyBase {
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

/**
 * What a new internal API key needs. At least one of the three keys must be requested.
 *
 * @example
 * await admin.createInternalApiKey({ description: "backend", expiresAt: new Date(Date.now() + 365 * 864e5), hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
 */
export interface InternalApiKeyCreate {
  description: string;
  expiresAt: Date;
  hasPublishableClientKey: boolean;
  hasSecretServerKey: boolean;
  hasSuperSecretAdminKey: boolean;
}

const keys = (ctx: AppContext) =>
  resourceCache(ctx, "admin-internal-api-keys", async () =>
    (await ctx.core.request<ListJson<InternalApiKeyJson>>({ expect: "items[]", path: "/internal/api-keys" })).items,
  );

/** @internal Why a key with these dates is invalid at `now` (expired first, as the platform checks it). */
export function internalKeyInvalidReason(expiresAt: Date, manuallyRevokedAt: Date | null, now = Date.now()): InternalApiKeyInvalidReason {
  if (expiresAt.getTime() < now) return "expired";
  if (manuallyRevokedAt) return "manually-revoked";
  return null;
}

const keyValue = (k: KeyJson | undefined) => (k === undefined ? undefined : typeof k === "string" ? k : { lastFour: k.last_four });

/** @internal camelCase fields from the wire and the key's actions. */
export function internalApiKeyFromJson(ctx: AppContext, k: InternalApiKeyJson): InternalApiKey | InternalApiKeyFirstView {
  const expiresAt = new Date(k.expires_at_millis);
  const manuallyRevokedAt = k.manually_revoked_at_millis == null ? null : new Date(k.manually_revoked_at_millis);
  const out: Record<string, unknown> = {
    id: k.id,
    description: k.description,
    expiresAt,
    manuallyRevokedAt,
    createdAt: new Date(k.created_at_millis),
    isValid: () => internalKeyInvalidReason(expiresAt, manuallyRevokedAt) === null,
    whyInvalid: () => internalKeyInvalidReason(expiresAt, manuallyRevokedAt),
    async revoke() {
      await ctx.core.request({ method: "PATCH", path: `/internal/api-keys/${encodeURIComponent(k.id)}`, body: { revoked: true } });
      await keys(ctx).refresh([]);
    },
  };
  const publishable = keyValue(k.publishable_client_key);
  const secret = keyValue(k.secret_server_key);
  const admin = keyValue(k.super_secret_admin_key);
  if (publishable !== undefined) out.publishableClientKey = publishable;
  if (secret !== undefined) out.secretServerKey = secret;
  if (admin !== undefined) out.superSecretAdminKey = admin;
  return out as unknown as InternalApiKey;
}

/** @internal The project's internal API keys (cached), newest first as the server orders them. */
export async function listInternalApiKeys(ctx: AppContext): Promise<InternalApiKey[]> {
  return (await keys(ctx).get([])).map((k) => internalApiKeyFromJson(ctx, k) as InternalApiKey);
}

/** @internal `POST /internal/api-keys`: the full key values come back this once. */
export async function createInternalApiKey(ctx: AppContext, data: InternalApiKeyCreate): Promise<InternalApiKeyFirstView> {
  const d = optionalObject(data, "createInternalApiKey data") as InternalApiKeyCreate;
  if (typeof d.description !== "string") throw new ArgumentError("description must be a string.");
  if (!(d.expiresAt instanceof Date) || Number.isNaN(d.expiresAt.getTime())) throw new ArgumentError("expiresAt must be a valid Date.");
  for (const key of ["hasPublishableClientKey", "hasSecretServerKey", "hasSuperSecretAdminKey"] as const) {
    if (typeof d[key] !== "boolean") throw new ArgumentError(`${key} must be a boolean.`);
  }
  if (!d.hasPublishableClientKey && !d.hasSecretServerKey && !d.hasSuperSecretAdminKey) {
    throw new ArgumentError("An internal API key needs at least one of hasPublishableClientKey, hasSecretServerKey, hasSuperSecretAdminKey.");
  }
  const created = await ctx.core.request<InternalApiKeyJson>({
        expect: "id",
    method: "POST",
    path: "/internal/api-keys",
    body: {
      description: d.description,
      expires_at_millis: d.expiresAt.getTime(),
      has_publishable_client_key: d.hasPublishableClientKey,
      has_secret_server_key: d.hasSecretServerKey,
      has_super_secret_admin_key: d.hasSuperSecretAdminKey,
    },
  });
  await keys(ctx).refresh([]);
  return internalApiKeyFromJson(ctx, created) as InternalApiKeyFirstView;
}
