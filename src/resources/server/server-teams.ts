import type { AuthContext } from "../../auth/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { isKnownErrorOf } from "../../errors/known-error";
import type { Session } from "../../session/session";
import type { ApiKey, ApiKeyCreate, ApiKeyJson } from "../client/api-keys";
import { createApiKey, listApiKeys } from "../client/api-keys";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { inviteUser, listSentInvitations } from "../client/team-invitations";
import type { SentTeamInvitation, TeamInviteOptions } from "../client/team-invitations";
import { CACHE, optionalNullableString, receivedInvitationsChanged } from "../client/team-refs";
import type { Team } from "../client/teams";
import { SERVER, SERVER_TEAM_CACHE as SERVER_CACHE, SERVER_USER_CACHE as USER_CACHE } from "./server-cache-keys";
import type { ServerTeamJson } from "./server-json";
import { addTeamMember, removeTeamMember } from "./server-team-memberships";
import { listServerTeamUsers } from "./server-team-members";
import type { ServerTeamUser } from "./server-team-members";

/**
 * Fields of a team a server can change. Every field is optional; `null` clears a metadata field or the image.
 *
 * @example
 * await team.update({ displayName: "Platform", serverMetadata: { billingId: "cus_123" } });
 */
export interface ServerTeamUpdateOptions {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/**
 * Fields of a team a server creates. With `creatorUserId` that user joins the team with the project's
 * team-creator default permissions.
 *
 * @example
 * const team = await server.createTeam({ displayName: "Ops", creatorUserId: user.id });
 */
export interface ServerTeamCreateOptions {
  displayName: string;
  profileImageUrl?: string | null;
  creatorUserId?: string;
}

/**
 * Options of `ServerApp.listTeams`: every team of the project, or only those `userId` belongs to; oldest first
 * unless `desc`. Without `limit` and `cursor` every matching team comes back in one list; with either, one page.
 *
 * @example
 * const teams = await server.listTeams({ userId: user.id });
 * const page = await server.listTeams({ limit: 20, query: "ops" });
 */
export interface ServerListTeamsOptions {
  userId?: string;
  /** The only order the platform offers: creation time. */
  orderBy?: "createdAt";
  /** Newest first. Default false. */
  desc?: boolean;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, a positive integer. */
  limit?: number;
  /** Part of the display name (case-insensitive). */
  query?: string;
}

/**
 * Teams from `listTeams`, with the cursor of the next page (null on the last page, or when not paginated).
 *
 * @example
 * let page: ServerTeamPage = await server.listTeams({ limit: 50 });
 * while (page.nextCursor) page = await server.listTeams({ limit: 50, cursor: page.nextCursor });
 */
export type ServerTeamPage = ServerTeam[] & { nextCursor: string | null };

/**
 * A team as a server sees it: the {@link Team} fields plus `createdAt` and `serverMetadata`, and actions that
 * need no team permission (the secret server key allows them all).
 *
 * @example
 * const team = await server.createTeam({ displayName: "Ops" });
 * await team.addUser(userId);
 * for (const member of await team.listUsers()) console.log(member.primaryEmail, member.teamProfile.displayName);
 */
export interface ServerTeam extends Team {
  readonly createdAt: Date;
  readonly serverMetadata: unknown;
  /**
   * Changes the team; `getTeam`/`listTeams` then show the change.
   * @example
   * await team.update({ clientReadOnlyMetadata: { plan: "pro" }, serverMetadata: { stripe: "cus_1" } });
   */
  update(data: ServerTeamUpdateOptions): Promise<void>;
  /**
   * Deletes the team with its memberships, invitations and keys.
   * @example
   * await team.delete();
   */
  delete(): Promise<void>;
  /**
   * Adds a user to the team (team-member default permissions); an existing member is refused with
   * `TEAM_MEMBERSHIP_ALREADY_EXISTS`.
   * @example
   * await team.addUser(userId);
   */
  addUser(userId: string): Promise<void>;
  /**
   * Removes a member from the team (`TEAM_MEMBERSHIP_NOT_FOUND` for a non-member).
   * @example
   * await team.removeUser(userId);
   */
  removeUser(userId: string): Promise<void>;
  /**
   * The members, each a full server user plus its profile in this team.
   * @example
   * const emails = (await team.listUsers()).map((u) => u.primaryEmail);
   */
  listUsers(): Promise<ServerTeamUser[]>;
  /**
   * E-mails an invitation link (pointing at `callbackUrl`, required outside a browser).
   * @example
   * await team.inviteUser({ email: "grace@example.com", callbackUrl: "https://myapp.example/handler/team-invitation" });
   */
  inviteUser(options: TeamInviteOptions): Promise<void>;
  /**
   * The pending invitations, each with `revoke()`.
   * @example
   * for (const invitation of await team.listInvitations()) await invitation.revoke();
   */
  listInvitations(): Promise<SentTeamInvitation[]>;
  /**
   * Creates a team API key (the project must allow team API keys); the full key is shown only here.
   * @example
   * const key = await team.createApiKey({ description: "CI", expiresAt: null });
   */
  createApiKey(data: ApiKeyCreate): Promise<ApiKey<"team", true>>;
  /**
   * The team's API keys (last four characters only).
   * @example
   * const keys = await team.listApiKeys();
   */
  listApiKeys(): Promise<ApiKey<"team">[]>;
}

const teamsList = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.teams, async (_s: null, userId: string | null, extraJson?: string) => {
    const extra = JSON.parse(extraJson ?? "{}") as Record<string, string | number | boolean>;
    const query = userId === null ? extra : { user_id: userId, ...extra };
    const list = await ctx.core.request<ListJson<ServerTeamJson>>({ expect: "items[]", path: "/teams", query });
    return { items: list.items, nextCursor: list.pagination?.next_cursor ?? null };
  });

const oneTeam = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.team, async (_s: null, teamId: string): Promise<ServerTeamJson | null> => {
    try {
      return await ctx.core.request<ServerTeamJson>({ expect: "id", path: `/teams/${encodeURIComponent(teamId)}` });
    } catch (error) {
      if (isKnownErrorOf(error, "TEAM_NOT_FOUND")) return null;
      throw error;
    }
  });

/** @internal Validated wire fields of a team creation or update (server access). */
function teamBody(data: ServerTeamUpdateOptions) {
  if (data.displayName !== undefined) requireString(data.displayName, "displayName");
  optionalNullableString(data.profileImageUrl, "profileImageUrl");
  for (const key of ["clientMetadata", "clientReadOnlyMetadata", "serverMetadata"] as const) {
    if (typeof data[key] === "function" || typeof data[key] === "symbol") throw new ArgumentError(`${key} must be JSON data.`);
  }
  return {
    display_name: data.displayName,
    profile_image_url: data.profileImageUrl,
    client_metadata: data.clientMetadata,
    client_read_only_metadata: data.clientReadOnlyMetadata,
    server_metadata: data.serverMetadata,
  };
}

/**
 * @internal What a change of a team's own fields alters: every server team list and the team's entry, every
 * session's team list, and cached users, current or read by the server (they embed their selected team).
 */
function teamChanged(ctx: AuthContext, teamId: string): Promise<unknown> {
  ctx.users.invalidate();
  for (const name of [USER_CACHE.user, USER_CACHE.list]) ctx.caches.get(name)?.invalidateWhere(() => true);
  return Promise.all([
    teamsList(ctx).refreshWhere(() => true),
    oneTeam(ctx).refresh([SERVER, teamId]),
    ctx.caches.get(CACHE.teams)?.refreshWhere(() => true),
  ]);
}

/** @internal After a team is deleted nothing cached about it (by the server or any session) may be served. */
function forgetDeletedTeam(ctx: AuthContext, teamId: string): void {
  const scoped = [CACHE.members, CACHE.sent, CACHE.profile, CACHE.teamPermissions, SERVER_CACHE.members, SERVER_CACHE.permissions];
  for (const name of scoped) ctx.caches.get(name)?.invalidateWhere(([, t]) => t === teamId);
  ctx.caches.get(USER_CACHE.teamProfiles)?.invalidateWhere(([, t]) => t === teamId);
  receivedInvitationsChanged(ctx);
  ctx.caches.get("api-keys")?.invalidateWhere(([, kind, id]) => kind === "team" && id === teamId);
}

/**
 * @internal camelCase fields from the wire (millis → Date) and the team's server actions.
 * @example
 * const team = serverTeamFromJson(ctx, json);
 */
export function serverTeamFromJson(ctx: AuthContext, t: ServerTeamJson): ServerTeam {
  const id = t.id;
  const path = `/teams/${encodeURIComponent(id)}`;
  return {
    id,
    displayName: t.display_name,
    profileImageUrl: t.profile_image_url,
    clientMetadata: t.client_metadata,
    clientReadOnlyMetadata: t.client_read_only_metadata,
    createdAt: new Date(t.created_at_millis),
    serverMetadata: t.server_metadata,
    async update(data) {
      const body = teamBody(optionalObject(data, "team data"));
      await ctx.core.request({ method: "PATCH", path, body });
      await teamChanged(ctx, id);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path });
      forgetDeletedTeam(ctx, id);
      ctx.core.markTokensStale(); // members who had it selected have no selected team (an access-token claim)
      await teamChanged(ctx, id);
    },
    addUser: (userId) => addTeamMember(ctx, id, userId),
    removeUser: (userId) => removeTeamMember(ctx, id, userId),
    listUsers: () => listServerTeamUsers(ctx, id),
    async inviteUser(options) {
      await inviteUser(ctx, SERVER as unknown as Session, id, options);
      await ctx.caches.get(CACHE.sent)?.refreshWhere(([s, t]) => s !== SERVER && t === id);
    },
    async listInvitations() {
      const list = await listSentInvitations(ctx, SERVER as unknown as Session, id);
      return list.map((invitation) => ({
        ...invitation,
        async revoke() {
          await invitation.revoke();
              await ctx.caches.get(CACHE.sent)?.refreshWhere(([s, t]) => s !== SERVER && t === id);
        },
      }));
    },
    async createApiKey(data) {
      const key = await createApiKey(ctx, SERVER as unknown as Session, { teamId: id }, data);
      await ctx.caches.get("api-keys")?.refreshWhere(([s, kind, owner]) => s !== SERVER && kind === "team" && owner === id);
      return key as ApiKey<"team", true>;
    },
    listApiKeys: () => listApiKeys(ctx, SERVER as unknown as Session, { teamId: id }) as Promise<ApiKey<"team">[]>,
  };
}

/**
 * @internal `POST /teams` (server access), then refreshes the server team lists and, with a creator, every
 * session's team list (the creator may be signed in to this app).
 */
export async function createServerTeam(ctx: AuthContext, data: ServerTeamCreateOptions): Promise<ServerTeam> {
  const d = optionalObject(data, "createTeam data") as ServerTeamCreateOptions;
  requireString(d.displayName, "displayName");
  if (d.creatorUserId !== undefined) requireString(d.creatorUserId, "creatorUserId");
  const { display_name, profile_image_url } = teamBody(d);
  const created = await ctx.core.request<ServerTeamJson>({
        expect: "id",
    method: "POST",
    path: "/teams",
    body: { display_name, profile_image_url, creator_user_id: d.creatorUserId },
  });
  await Promise.all([
    teamsList(ctx).refreshWhere(() => true),
    oneTeam(ctx).refresh([SERVER, created.id]),
    d.creatorUserId !== undefined ? ctx.caches.get(CACHE.teams)?.refreshWhere(() => true) : undefined,
  ]);
  return serverTeamFromJson(ctx, created);
}

/** @internal `GET /teams/{id}` (cached per team); null when the team does not exist. */
export async function getServerTeam(ctx: AuthContext, teamId: string): Promise<ServerTeam | null> {
  requireString(teamId, "teamId");
  const json = await oneTeam(ctx).get([SERVER, teamId]);
  return json && serverTeamFromJson(ctx, json);
}

/**
 * @internal The team owning a team API key (`POST /team-api-keys/check`), or null when the key is unknown,
 * revoked, expired or a user key.
 */
export async function getServerTeamByApiKey(ctx: AuthContext, apiKey: string): Promise<ServerTeam | null> {
  requireString(apiKey, "apiKey");
  let key: ApiKeyJson;
  try {
    key = await ctx.core.request<ApiKeyJson>({ expect: "id", method: "POST", path: "/team-api-keys/check", body: { api_key: apiKey } });
  } catch (error) {
    if (isKnownErrorOf(error, "API_KEY_NOT_VALID")) return null;
    throw error;
  }
  return key.team_id ? getServerTeam(ctx, key.team_id) : null;
}

/** @internal The validated wire query of `GET /teams` besides `user_id` (only the options given). */
function listTeamsQuery(o: ServerListTeamsOptions): Record<string, string | number | boolean> {
  const known = ["userId", "orderBy", "desc", "cursor", "limit", "query"];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length) throw new ArgumentError(`listTeams does not take ${unknown.join(", ")}.`);
  if (o.orderBy !== undefined && o.orderBy !== "createdAt") throw new ArgumentError('orderBy must be "createdAt".');
  if (o.desc !== undefined && typeof o.desc !== "boolean") throw new ArgumentError("desc must be a boolean.");
  if (o.cursor !== undefined) requireString(o.cursor, "cursor");
  if (o.limit !== undefined && (!Number.isInteger(o.limit) || o.limit < 1)) throw new ArgumentError("limit must be a positive integer.");
  if (o.query !== undefined && typeof o.query !== "string") throw new ArgumentError("query must be a string.");
  const query = { order_by: o.orderBy && "created_at", desc: o.desc, cursor: o.cursor, limit: o.limit, query: o.query };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>;
}

/**
 * @internal `GET /teams[?user_id=&order_by=&desc=&cursor=&limit=&query=]`, oldest first unless `desc` (cached per
 * user filter and query).
 */
export async function listServerTeams(ctx: AuthContext, options?: ServerListTeamsOptions): Promise<ServerTeamPage> {
  const o = optionalObject(options, "listTeams options") as ServerListTeamsOptions;
  const userId = o.userId === undefined ? null : requireString(o.userId, "userId");
  const query = listTeamsQuery(o);
  const keys = Object.keys(query).length ? [SERVER, userId, JSON.stringify(query)] : [SERVER, userId];
  const page = await teamsList(ctx).get(keys as [null, string | null, string?]);
  const result = page.items.map((t) => serverTeamFromJson(ctx, t)) as ServerTeamPage;
  result.nextCursor = page.nextCursor;
  return result;
}
