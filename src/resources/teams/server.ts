import { forgetCurrentUser } from "../users/current";
// Team requests with server access, at the wire level (the objects they become are built in `server-objects.ts`).
import type { AppContext } from "../../core/context";
import { optionalObject, requireString, requireText } from "../../util/validate";
import { isUuid, requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { isKnownErrorOf } from "../../errors/known-error-of";
import type { ApiKeyJson } from "../api-keys/client";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE, optionalNullableString, receivedInvitationsChanged } from "./refs";
import { SERVER, SERVER_TEAM_CACHE as SERVER_CACHE, SERVER_USER_CACHE as USER_CACHE } from "../server-cache-keys";
import type { ServerTeamJson } from "../users/server-json";

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

const teamsList = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.teams, async (_s: null, userId: string | null, extraJson?: string) => {
    const extra = JSON.parse(extraJson ?? "{}") as Record<string, string | number | boolean>;
    const query = userId === null ? extra : { user_id: userId, ...extra };
    const list = await ctx.core.request<ListJson<ServerTeamJson>>({ expect: "items[]", path: "/teams", query });
    return { items: list.items, nextCursor: list.pagination?.next_cursor ?? null };
  });

const oneTeam = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.team, async (_s: null, teamId: string): Promise<ServerTeamJson | null> => {
    try {
      return await ctx.core.request<ServerTeamJson>({ expect: "id", path: `/teams/${encodeURIComponent(teamId)}` });
    } catch (error) {
      if (isKnownErrorOf(error, "TEAM_NOT_FOUND")) return null;
      throw error;
    }
  });

/** @internal Validated wire fields of a team creation or update (server access). */
export function teamBody(data: ServerTeamUpdateOptions) {
  if (data.displayName !== undefined) requireText(data.displayName, "displayName");
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
export function teamChanged(ctx: AppContext, teamId: string): Promise<unknown> {
  forgetCurrentUser(ctx);
  for (const name of [USER_CACHE.user, USER_CACHE.list]) ctx.caches.get(name)?.invalidateWhere(() => true);
  return Promise.all([
    teamsList(ctx).refreshWhere(() => true),
    oneTeam(ctx).refresh([SERVER, teamId]),
    ctx.caches.get(CACHE.teams)?.refreshWhere(() => true),
  ]);
}

/** @internal After a team is deleted nothing cached about it (by the server or any session) may be served. */
export function forgetDeletedTeam(ctx: AppContext, teamId: string): void {
  const scoped = [CACHE.members, CACHE.sent, CACHE.profile, CACHE.teamPermissions, SERVER_CACHE.members, SERVER_CACHE.permissions];
  for (const name of scoped) ctx.caches.get(name)?.invalidateWhere(([, t]) => t === teamId);
  ctx.caches.get(USER_CACHE.teamProfiles)?.invalidateWhere(([, t]) => t === teamId);
  receivedInvitationsChanged(ctx);
  ctx.caches.get("api-keys")?.invalidateWhere(([, kind, id]) => kind === "team" && id === teamId);
}

/**
 * @internal `POST /teams` (server access), then refreshes the server team lists and, with a creator, every
 * session's team list (the creator may be signed in to this app).
 */
export async function createServerTeamJson(ctx: AppContext, data: ServerTeamCreateOptions): Promise<ServerTeamJson> {
  const d = optionalObject(data, "createTeam data") as ServerTeamCreateOptions;
  requireText(d.displayName, "displayName");
  if (d.creatorUserId !== undefined) requireUuid(d.creatorUserId, "creatorUserId", true);
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
  return created;
}

/** @internal `GET /teams/{id}` (cached per team); null when the team does not exist. */
export async function getServerTeamJson(ctx: AppContext, teamId: string): Promise<ServerTeamJson | null> {
  // A team id is a UUID: the platform refuses any other, and the official SDK (which finds the id in the list of
  // teams) answers null for it, so no request is sent.
  return isUuid(requireString(teamId, "teamId")) ? oneTeam(ctx).get([SERVER, teamId]) : null;
}

/**
 * @internal The id of the team owning a team API key (`POST /team-api-keys/check`), or null when the key is
 * unknown, revoked, expired or a user key.
 */
export async function teamIdOfApiKey(ctx: AppContext, apiKey: string): Promise<string | null> {
  requireString(apiKey, "apiKey");
  let key: ApiKeyJson;
  try {
    key = await ctx.core.request<ApiKeyJson>({ expect: "id", method: "POST", path: "/team-api-keys/check", body: { api_key: apiKey } });
  } catch (error) {
    if (isKnownErrorOf(error, "API_KEY_NOT_VALID")) return null;
    throw error;
  }
  return key.team_id ?? null;
}

/** @internal The validated wire query of `GET /teams` besides `user_id` (only the options given). */
function listTeamsQuery(o: ServerListTeamsOptions): Record<string, string | number | boolean> {
  const known = ["userId", "orderBy", "desc", "cursor", "limit", "query"];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length) throw new ArgumentError(`listTeams does not take ${unknown.join(", ")}.`);
  if (o.orderBy !== undefined && o.orderBy !== "createdAt") throw new ArgumentError('orderBy must be "createdAt".');
  if (o.desc !== undefined && typeof o.desc !== "boolean") throw new ArgumentError("desc must be a boolean.");
  if (o.cursor !== undefined) requireUuid(o.cursor, "cursor");
  if (o.limit !== undefined && (!Number.isInteger(o.limit) || o.limit < 1)) throw new ArgumentError("limit must be a positive integer.");
  if (o.query !== undefined && typeof o.query !== "string") throw new ArgumentError("query must be a string.");
  const query = { order_by: o.orderBy && "created_at", desc: o.desc, cursor: o.cursor, limit: o.limit, query: o.query };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>;
}

/**
 * @internal `GET /teams[?user_id=&order_by=&desc=&cursor=&limit=&query=]`, oldest first unless `desc` (cached per
 * user filter and query).
 */
export async function listServerTeamsJson(ctx: AppContext, options?: ServerListTeamsOptions): Promise<{ items: ServerTeamJson[]; nextCursor: string | null }> {
  const o = optionalObject(options, "listTeams options") as ServerListTeamsOptions;
  const userId = o.userId === undefined ? null : requireUuid(o.userId, "userId", true);
  const query = listTeamsQuery(o);
  const keys = Object.keys(query).length ? [SERVER, userId, JSON.stringify(query)] : [SERVER, userId];
  return teamsList(ctx).get(keys as [null, string | null, string?]);
}
