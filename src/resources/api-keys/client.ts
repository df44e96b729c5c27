import type { AppContext } from "../../core/context";
import { optionalBoolean, optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/**
 * @internal Wire shape of a user or team API key (`value` is the full key only in the create answer).
 * @example
 * const json: ApiKeyJson = { id, description: "CI", is_public: false, created_at_millis: 0, type: "user", user_id: "u1", value: { last_four: "abcd" } };
 */
export interface ApiKeyJson {
  id: string;
  description: string;
  is_public: boolean;
  created_at_millis: number;
  expires_at_millis?: number | null;
  manually_revoked_at_millis?: number | null;
  type: "user" | "team";
  user_id?: string;
  team_id?: string;
  value: string | { last_four: string };
}

/**
 * Whose API keys to act on: a user (`"me"` for the signed-in one) or a team.
 *
 * @example
 * const mine: ApiKeyOwner = { userId: "me" };
 * const ops: ApiKeyOwner = { teamId: team.id };
 */
export type ApiKeyOwner = { userId: "me" | (string & {}) } | { teamId: string };

/**
 * What a new API key needs. `expiresAt: null` makes a key that never expires.
 *
 * @example
 * const key = await user.createApiKey({ description: "CI", expiresAt: new Date(Date.now() + 30 * 864e5) });
 */
export interface ApiKeyCreate {
  description: string;
  expiresAt: Date | null;
  /** A public key (`pk_…`) may be embedded in client code; default false (`sk_…`). */
  isPublic?: boolean;
}

/**
 * Changes to an API key. `revoked` can only be `true` (`false` is refused before any request): a revoked key
 * stays revoked.
 *
 * @example
 * await key.update({ description: "CI (old)", expiresAt: null });
 */
export interface ApiKeyUpdate {
  description?: string;
  expiresAt?: Date | null;
  revoked?: boolean;
}

/**
 * Why a key cannot be used: revoked by hand, or past its expiry.
 *
 * @example
 * const why: ApiKeyInvalidReason | null = key.whyInvalid();
 */
export type ApiKeyInvalidReason = "manually-revoked" | "expired";

/**
 * A user's or team's API key. `value` is the full key only on the object `createApiKey` returns (the first and
 * only view of it); listed keys carry `{ lastFour }`.
 *
 * @example
 * const key = await user.createApiKey({ description: "CI", expiresAt: null });
 * console.log(key.value); // "sk_…" — store it now, it is never shown again
 * const [listed] = await user.listApiKeys();
 * console.log(listed.value.lastFour, listed.isValid());
 */
export type ApiKey<Type extends "user" | "team" = "user" | "team", IsFirstView extends boolean = false> = ApiKeyBase &
  (IsFirstView extends true ? { value: string } : { value: { lastFour: string } }) &
  (Type extends "user" ? { type: "user"; userId: string } : { type: "team"; teamId: string });

/**
 * Fields and actions every API key has (see {@link ApiKey}).
 *
 * @example
 * if (key.whyInvalid() === "expired") await key.update({ expiresAt: null });
 */
export interface ApiKeyBase {
  id: string;
  description: string;
  /** Undefined for a key that never expires. */
  expiresAt?: Date;
  /** When the key was revoked; null while it is not. */
  manuallyRevokedAt?: Date | null;
  createdAt: Date;
  /**
   * Whether the key may appear in client code (`pk_…`). Readable, but not an own enumerable property: the
   * official SDK's key objects have no such field, so `Object.keys` and `JSON.stringify` leave it out.
   */
  readonly isPublic: boolean;
  /** Changes the key, then refreshes the owner's key list. */
  update(data: ApiKeyUpdate): Promise<void>;
  /** Revokes the key for good (`update({ revoked: true })`). */
  revoke(): Promise<void>;
  /** True when neither revoked nor expired. */
  isValid(): boolean;
  /** `"manually-revoked"` if revoked, else `"expired"` if past expiry, else null. */
  whyInvalid(): ApiKeyInvalidReason | null;
}

type OwnerWire = { kind: "user"; id: string } | { kind: "team"; id: string };

/**
 * @internal Validates an owner: exactly one of userId / teamId, a non-empty string.
 * @example
 * apiKeyOwner({ teamId: "t1" }); // { kind: "team", id: "t1" }
 */
export function apiKeyOwner(owner: ApiKeyOwner): OwnerWire {
  const o = optionalObject(owner, "API key owner") as { userId?: unknown; teamId?: unknown };
  if (o.userId !== undefined && o.teamId !== undefined) {
    throw new ArgumentError("An API key belongs to a user or a team: pass userId or teamId, not both.");
  }
  if (o.teamId !== undefined) return { kind: "team", id: requireString(o.teamId, "teamId") };
  if (o.userId !== undefined) return { kind: "user", id: requireString(o.userId, "userId") };
  throw new ArgumentError("An API key owner needs userId or teamId.");
}

const query = (o: OwnerWire) => (o.kind === "user" ? { user_id: o.id } : { team_id: o.id });

const keys = (ctx: AppContext) =>
  resourceCache(ctx, "api-keys", async (session: Session, kind: "user" | "team", id: string) => {
    const list = await ctx.core.request<ListJson<ApiKeyJson>>({ expect: "items[]", path: `/${kind}-api-keys`, query: query({ kind, id }), session });
    return list.items;
  });

/** Millis → Date; a missing (or zero) time is none, as the official SDK reads it. */
const millis = (v: number | null | undefined) => (v ? new Date(v) : undefined);

/** @internal `expiresAt` → `expires_at_millis`, checked. */
function expiryMillis(expiresAt: unknown): number | null {
  if (expiresAt === null) return null;
  if (!(expiresAt instanceof Date) || Number.isNaN(expiresAt.getTime())) {
    throw new ArgumentError("expiresAt must be a valid Date, or null for a key that never expires.");
  }
  return expiresAt.getTime();
}

/** @internal Validated wire body of a key change. */
function updateBody(data: ApiKeyUpdate) {
  const d = optionalObject(data, "API key update") as ApiKeyUpdate;
  if (d.description !== undefined && typeof d.description !== "string") throw new ArgumentError("description must be a string.");
  if (d.revoked !== undefined && d.revoked !== true) {
    throw new ArgumentError("revoked can only be true: a revoked API key cannot be restored.");
  }
  return {
    description: d.description,
    expires_at_millis: d.expiresAt === undefined ? undefined : expiryMillis(d.expiresAt),
    revoked: d.revoked,
  };
}

/**
 * @internal camelCase fields from the wire (millis → Date) and the key's actions bound to `session`.
 * Validity is judged as the spec says: revoked first, then expiry.
 * @example
 * const key = apiKeyFromJson(ctx, session, json, { userId: "me" });
 */
export function apiKeyFromJson(
  ctx: AppContext,
  session: Session,
  k: ApiKeyJson,
  named?: ApiKeyOwner,
): ApiKey<"user" | "team", boolean> {
  const owner: OwnerWire = k.type === "team" ? { kind: "team", id: k.team_id! } : { kind: "user", id: k.user_id! };
  // Item requests name the owner as the caller did ("me" stays "me"): the platform checks it, and the cached
  // list to refresh is keyed by it.
  const listOwner = named ? apiKeyOwner(named) : owner;
  const path = `/${owner.kind}-api-keys/${k.id}`;
  // The own enumerable properties, in order, are the official SDK's: JSON.stringify(key) and Object.keys(key)
  // give the same set (expiresAt is an own property even when undefined; JSON leaves it out).
  const key = {
    id: k.id,
    description: k.description,
    expiresAt: millis(k.expires_at_millis),
    manuallyRevokedAt: millis(k.manually_revoked_at_millis) ?? null,
    createdAt: new Date(k.created_at_millis),
    ...(owner.kind === "user" ? { type: "user" as const, userId: owner.id } : { type: "team" as const, teamId: owner.id }),
    value: typeof k.value === "string" ? k.value : { lastFour: k.value.last_four },
    isValid() {
      return key.whyInvalid() === null;
    },
    whyInvalid(): ApiKeyInvalidReason | null {
      if (key.manuallyRevokedAt) return "manually-revoked";
      if (key.expiresAt && key.expiresAt.getTime() < Date.now()) return "expired";
      return null;
    },
    revoke() {
      return key.update({ revoked: true });
    },
    async update(data: ApiKeyUpdate) {
      const body = updateBody(data);
      await ctx.core.request({ method: "PATCH", path, query: query(listOwner), session, body });
      await keys(ctx).refresh([session, listOwner.kind, listOwner.id]);
    },
  };
  // Not one of the official fields: readable, but left out of Object.keys and JSON.
  Object.defineProperty(key, "isPublic", { value: k.is_public, enumerable: false });
  return key as ApiKey<"user" | "team", boolean>;
}

/**
 * @internal `POST /user-api-keys` or `/team-api-keys` (the platform answers 200 with the full key, shown only
 * here), then refreshes the owner's key list.
 * @example
 * const key = await createApiKey(ctx, session, { teamId: team.id }, { description: "bot", expiresAt: null });
 */
export async function createApiKey(
  ctx: AppContext,
  session: Session,
  owner: ApiKeyOwner,
  data: ApiKeyCreate,
): Promise<ApiKey<"user" | "team", true>> {
  const o = apiKeyOwner(owner);
  const d = optionalObject(data, "createApiKey data") as ApiKeyCreate;
  if (typeof d.description !== "string") throw new ArgumentError("description must be a string.");
  if (d.expiresAt === undefined) throw new ArgumentError("expiresAt is required: a Date, or null for a key that never expires.");
  const expires_at_millis = expiryMillis(d.expiresAt);
  optionalBoolean(d.isPublic, "isPublic");
  const created = await ctx.core.request<ApiKeyJson>({
        expect: "id",
    method: "POST",
    path: `/${o.kind}-api-keys`,
    session,
    body: { description: d.description, expires_at_millis, is_public: d.isPublic, ...query(o) },
  });
  await keys(ctx).refresh([session, o.kind, o.id]);
  return apiKeyFromJson(ctx, session, created, owner) as ApiKey<"user" | "team", true>;
}

/**
 * @internal The owner's API keys, newest first as the platform lists them (cached per session and owner).
 * @example
 * const keys = await listApiKeys(ctx, session, { userId: "me" });
 */
export async function listApiKeys(ctx: AppContext, session: Session, owner: ApiKeyOwner): Promise<ApiKey[]> {
  const o = apiKeyOwner(owner);
  const items = await keys(ctx).get([session, o.kind, o.id]);
  return items.map((k) => apiKeyFromJson(ctx, session, k, owner) as ApiKey);
}
