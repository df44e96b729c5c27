import type { AppContext } from "../../core/context";
import type { RegisterPasskeyOptions } from "./passkey-options";
import type { KnownErrors } from "../../errors";
import type { Result } from "../../util/result";
import { optionalObject, requireString } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import type { ApiKey, ApiKeyCreate } from "../api-keys/client";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import type { TeamPermission } from "../permissions/client";
import { changePermission, getPermissionOf, listPermissionsOf } from "../permissions/server-user";
import type { ServerPermissionOptions } from "../permissions/server-user";
import { serverUserAccountMethods } from "./server-account";
import type { ServerUserAccountMethods } from "./server-account";
import { listServerContactChannels, createServerContactChannel } from "../contact-channels/server";
import type { ServerContactChannel, ServerContactChannelCreate } from "../contact-channels/server";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { deleteServerUser, updateServerUser } from "./server-requests";
import type { ServerUserJson } from "./server-json";
import type { ServerUserUpdate } from "./server-bodies";
import type { ActiveSession, ActiveSessionJson } from "../sessions/client";
import { activeSessionFromJson } from "../sessions/client";
import type { TeamRef } from "../teams/refs";

/**
 * The client's API-key code, loaded when a key is used: a static import from this server-only module would make
 * bundlers split it out of the chunk pages load for API keys (see scripts/browser-tree.mjs, server-lazy.js).
 */
const apiKeys = () => import("../api-keys/client");

/**
 * Tokens of a session a server created for a user (see `ServerUser.createSession`).
 *
 * @example
 * const { accessToken, refreshToken } = await (await user.createSession()).getTokens();
 * const asUser = new ClientApp({ projectId, tokenStore: { accessToken, refreshToken } });
 */
export interface ServerCreatedSession {
  getTokens(): Promise<{ accessToken: string; refreshToken: string }>;
}

/**
 * Options of `createSession`.
 *
 * @example
 * await user.createSession({ expiresInMillis: 60 * 60 * 1000, isImpersonation: true });
 */
export interface CreateSessionOptions {
  /** Lifetime of the refresh token in ms. Default one year (31536000000); the platform allows up to 367 days. */
  expiresInMillis?: number;
  /** Marks the session as an impersonation (hidden from the user's session list). Default false. */
  isImpersonation?: boolean;
}

/** The longest session the platform creates: 367 days. */
const MAX_SESSION_MILLIS = 31_708_800_000;
const YEAR_MILLIS = 31_536_000_000;

/**
 * @internal The actions of {@link ServerUserMethods} besides the team ones (see `server-types.ts`): the user's
 * fields, permissions, sessions, contact channels, passkeys and API keys.
 * @example
 * const own: ServerUserBaseMethods = serverUserMethods(ctx, json);
 */
export interface ServerUserBaseMethods extends ServerUserAccountMethods {
  /**
   * Changes fields of the user (`PATCH /users/{id}`); setting `password` ends the user's sessions.
   * @example
   * await user.update({ primaryEmailVerified: true, clientReadOnlyMetadata: { tier: 2 } });
   */
  update(data: ServerUserUpdate): Promise<void>;
  /**
   * Deletes the user for good.
   * @example
   * await user.delete();
   */
  delete(): Promise<void>;
  /**
   * Same as `update({ displayName })`.
   * @example
   * await user.setDisplayName("Ada Lovelace");
   */
  setDisplayName(displayName: string | null): Promise<void>;
  /**
   * Same as `update({ clientMetadata })`.
   * @example
   * await user.setClientMetadata({ theme: "dark" });
   */
  setClientMetadata(metadata: unknown): Promise<void>;
  /**
   * Same as `update({ clientReadOnlyMetadata })`: JSON the user can read but not change.
   * @example
   * await user.setClientReadOnlyMetadata({ plan: "pro" });
   */
  setClientReadOnlyMetadata(metadata: unknown): Promise<void>;
  /**
   * Same as `update({ serverMetadata })`: JSON only servers see.
   * @example
   * await user.setServerMetadata({ stripeCustomerId: "cus_123" });
   */
  setServerMetadata(metadata: unknown): Promise<void>;
  /**
   * Replaces the primary e-mail; `verified` marks it verified (default: unverified).
   * @example
   * await user.setPrimaryEmail("ada@work.example", { verified: true });
   */
  setPrimaryEmail(email: string | null, options?: { verified?: boolean }): Promise<void>;
  /**
   * Grants a permission in a team (team or id first), or at project scope without a team.
   * @example
   * await user.grantPermission(team, "team_admin");
   * await user.grantPermission("billing_admin");
   */
  grantPermission(team: TeamRef, permissionId: string): Promise<void>;
  grantPermission(permissionId: string): Promise<void>;
  /**
   * Revokes a directly granted permission in a team, or at project scope without a team.
   * @example
   * await user.revokePermission(team, "team_admin");
   */
  revokePermission(team: TeamRef, permissionId: string): Promise<void>;
  revokePermission(permissionId: string): Promise<void>;
  /**
   * Whether the user holds a permission (directly or through another) in a team, or at project scope.
   * @example
   * if (await user.hasPermission(team, "$invite_members")) showInvite();
   */
  hasPermission(team: TeamRef, permissionId: string): Promise<boolean>;
  hasPermission(permissionId: string): Promise<boolean>;
  /**
   * The permission if the user holds it, else null; held through another counts unless `direct: true`
   * (`recursive: false`).
   * @example
   * const admin = await user.getPermission(team, "team_admin");
   * const granted = await user.getPermission(team, "$read_members", { direct: true });
   */
  getPermission(team: TeamRef, permissionId: string, options?: ServerPermissionOptions): Promise<TeamPermission | null>;
  getPermission(permissionId: string, options?: ServerPermissionOptions): Promise<TeamPermission | null>;
  /**
   * The user's permissions in a team, or at project scope; contained permissions count unless `direct: true`
   * (`recursive: false`).
   * @example
   * const direct = await user.listPermissions(team, { direct: true });
   */
  listPermissions(team: TeamRef, options?: ServerPermissionOptions): Promise<TeamPermission[]>;
  listPermissions(options?: ServerPermissionOptions): Promise<TeamPermission[]>;
  /**
   * Creates a session for the user (`POST /auth/sessions`), e.g. to impersonate them. Unknown user:
   * `USER_ID_DOES_NOT_EXIST`.
   * @example
   * const tokens = await (await user.createSession({ isImpersonation: true })).getTokens();
   */
  createSession(options?: CreateSessionOptions): Promise<ServerCreatedSession>;
  /**
   * Registers a passkey for the user, as the official SDK's server user does: a two-minute session is made for the
   * user and the browser's WebAuthn ceremony runs with it, so this works only in a page with WebAuthn (elsewhere a
   * `PasskeyRegistrationFailed` result, before any request). Results as in `CurrentUser.registerPasskey`.
   * @example
   * const result = await user.registerPasskey({ hostname: "example.com" });
   */
  registerPasskey(options?: RegisterPasskeyOptions): Promise<
    Result<undefined, KnownErrors["PasskeyRegistrationFailed"] | KnownErrors["PasskeyWebAuthnError"]>
  >;
  /**
   * The user's contact channels (server form: `isVerified` can be set).
   * @example
   * const unverified = (await user.listContactChannels()).filter((c) => !c.isVerified);
   */
  listContactChannels(): Promise<ServerContactChannel[]>;
  /**
   * Adds a contact channel to the user, optionally already verified.
   * @example
   * await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: false, isVerified: true });
   */
  createContactChannel(data: ServerContactChannelCreate): Promise<ServerContactChannel>;
  /**
   * The user's sessions (impersonation sessions are not listed).
   * @example
   * const sessions = await user.getActiveSessions();
   */
  getActiveSessions(): Promise<ActiveSession[]>;
  /**
   * Ends one of the user's sessions.
   * @example
   * for (const s of await user.getActiveSessions()) await user.revokeSession(s.id);
   */
  revokeSession(sessionId: string): Promise<void>;
  /**
   * The user's API keys (values as `{ lastFour }`).
   * @example
   * const keys = await user.listApiKeys();
   */
  listApiKeys(): Promise<ApiKey<"user">[]>;
  /**
   * Creates an API key owned by the user; its full `value` is shown only here.
   * @example
   * const key = await user.createApiKey({ description: "import job", expiresAt: null });
   */
  createApiKey(data: ApiKeyCreate): Promise<ApiKey<"user", true>>;
}

/** Server requests carry no user session: the secret server key authorises them. */
const NO_SESSION = null as unknown as Session;

const sessionsOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.sessions, async (userId: string) => {
    const list = await ctx.core.request<ListJson<ActiveSessionJson>>({ expect: "items[]", path: "/auth/sessions", query: { user_id: userId } });
    return list.items;
  });

/**
 * @internal `POST /auth/sessions` for `userId`; the tokens are fetched once, here.
 * @example
 * const session = await createServerSession(ctx, userId, { isImpersonation: true });
 */
export async function createServerSession(ctx: AppContext, userId: string, options?: CreateSessionOptions): Promise<ServerCreatedSession> {
  const o = optionalObject(options, "createSession options") as CreateSessionOptions;
  const expires = o.expiresInMillis ?? YEAR_MILLIS;
  if (!Number.isInteger(expires) || expires < 0 || expires > MAX_SESSION_MILLIS) {
    throw new ArgumentError(`expiresInMillis must be an integer from 0 to ${MAX_SESSION_MILLIS} (367 days).`);
  }
  if (o.isImpersonation !== undefined && typeof o.isImpersonation !== "boolean") throw new ArgumentError("isImpersonation must be a boolean.");
  const body = { user_id: userId, expires_in_millis: expires, is_impersonation: o.isImpersonation ?? false };
  const tokens = await ctx.core.request<{ access_token: string; refresh_token: string }>({ expect: "access_token refresh_token", method: "POST", path: "/auth/sessions", body });
  await sessionsOf(ctx).refresh([userId]);
  return { getTokens: async () => ({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }) };
}

/**
 * @internal The {@link ServerUserMethods} of user `userId`.
 * @example
 * const user = Object.assign(serverUserMethods(ctx, json), serverUserDataFromJson(ctx, json));
 */
export function serverUserMethods(ctx: AppContext, json: ServerUserJson): ServerUserBaseMethods {
  const userId = json.id;
  const owner = { userId };
  const update = (data: ServerUserUpdate) => updateServerUser(ctx, userId, data);
  // Object.assign, not spreads into a literal: V8 builds a spread of closures into a literal on its slow path
  // (about 40 µs per user, most of what listUsers costs beyond the request).
  return Object.assign(serverUserAccountMethods(ctx, json), {
    update,
    delete: () => deleteServerUser(ctx, userId),
    async setDisplayName(displayName) {
      if (displayName !== null && typeof displayName !== "string") throw new ArgumentError("displayName must be a string or null.");
      return update({ displayName });
    },
    setClientMetadata: (metadata) => update({ clientMetadata: metadata }),
    setClientReadOnlyMetadata: (metadata) => update({ clientReadOnlyMetadata: metadata }),
    setServerMetadata: (metadata) => update({ serverMetadata: metadata }),
    async setPrimaryEmail(email, options) {
      if (email !== null) requireString(email, "email");
      const o = optionalObject(options, "setPrimaryEmail options");
      if (o.verified !== undefined && typeof o.verified !== "boolean") throw new ArgumentError("verified must be a boolean.");
      return update({ primaryEmail: email, primaryEmailVerified: o.verified ?? false });
    },
    grantPermission: async (a: TeamRef, b?: string) => changePermission(ctx, "POST", userId, a, b),
    revokePermission: async (a: TeamRef, b?: string) => changePermission(ctx, "DELETE", userId, a, b),
    hasPermission: async (a: TeamRef, b?: string) => (await getPermissionOf(ctx, userId, a, b)) !== null,
    getPermission: async (a: TeamRef, b?: string | ServerPermissionOptions, c?: ServerPermissionOptions) => getPermissionOf(ctx, userId, a, b, c),
    listPermissions: async (a?: TeamRef | ServerPermissionOptions, b?: ServerPermissionOptions) => listPermissionsOf(ctx, userId, a, b),
    createSession: (options) => createServerSession(ctx, userId, options),
    registerPasskey: (options) => ctx.flows.registerServerUserPasskey!(userId, options),
    listContactChannels: () => listServerContactChannels(ctx, userId),
    createContactChannel: (data) => createServerContactChannel(ctx, userId, data),
    getActiveSessions: async () => (await sessionsOf(ctx).get([userId])).map(activeSessionFromJson),
    async revokeSession(sessionId) {
      const id = requireUuid(sessionId, "sessionId");
      await ctx.core.request({ method: "DELETE", path: `/auth/sessions/${encodeURIComponent(id)}`, query: { user_id: userId } });
      await Promise.all([sessionsOf(ctx).refresh([userId]), ctx.caches.get("sessions")?.refreshWhere(() => true)]);
    },
    listApiKeys: () => apiKeys().then((m) => m.listApiKeys(ctx, NO_SESSION, owner)) as Promise<ApiKey<"user">[]>,
    createApiKey: (data) => apiKeys().then((m) => m.createApiKey(ctx, NO_SESSION, owner, data)) as Promise<ApiKey<"user", true>>,
  } satisfies Partial<ServerUserBaseMethods>) as ServerUserBaseMethods;
}
