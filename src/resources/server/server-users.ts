import type { AuthContext } from "../../auth/context";
import { currentUserChanged } from "../../auth/context";
import { requireString } from "../../util/validate";
import { isKnownErrorOf } from "../../errors/known-error";
import { resourceCache } from "../cached";
import { CACHE } from "../client/team-refs";
import type { ListJson } from "../cached";
import { serverUserMethods } from "./server-user-methods";
import type { ServerUserMethods } from "./server-user-methods";
import { listUsersQuery, serverUserCreateBody, serverUserUpdateBody } from "./server-user-bodies";
import { serverTeamFromJson } from "./server-teams";
import type { ServerTeam, ServerTeamJson } from "./server-teams";
import type { UserUpdate } from "../client/user-profile";
import { currentUserFromJson } from "../client/users";
import type { CurrentUserData, CurrentUserJson } from "../client/users";

/**
 * @internal The server read shape of a user (`/users*` with the secret server key).
 * @example
 * const json: ServerUserJson = await core.request({ path: `/users/${id}` });
 */
export interface ServerUserJson extends Omit<CurrentUserJson, "selected_team"> {
  primary_email_auth_enabled: boolean;
  server_metadata: unknown;
  last_active_at_millis: number;
  restricted_by_admin: boolean;
  restricted_by_admin_reason: string | null;
  restricted_by_admin_private_details: string | null;
  country_code: string | null;
  /** Sign-up risk scores (0–100); older servers may omit it. */
  risk_scores?: { sign_up: { bot: number; free_trial_abuse: number } };
  selected_team: ServerTeamJson | null;
}

/**
 * The fields of a user as a server reads them: every field of the signed-in user plus the server-only ones.
 *
 * @example
 * const user = await server.getUser(userId);
 * if (user) console.log(user.primaryEmail, user.lastActiveAt.toISOString(), user.serverMetadata);
 */
export interface ServerUserData extends Omit<CurrentUserData, "selectedTeam"> {
  /** Whether the primary e-mail can be used to sign in (password, OTP). */
  primaryEmailAuthEnabled: boolean;
  lastActiveAt: Date;
  /** JSON only servers can read and write. */
  serverMetadata: unknown;
  restrictedByAdmin: boolean;
  /** Shown to the user; null unless restricted by an administrator. */
  restrictedByAdminReason: string | null;
  /** Never shown to the user; null unless restricted by an administrator. */
  restrictedByAdminPrivateDetails: string | null;
  /** ISO country code of the user, when known. */
  countryCode: string | null;
  /** Risk scores (0–100) the platform computed at sign-up. */
  riskScores: ServerUserRiskScores;
  /** The selected team as a {@link ServerTeam} (with its server actions), or null. */
  selectedTeam: ServerTeam | null;
}

/**
 * Risk scores of a user, each an integer from 0 (no risk) to 100.
 *
 * @example
 * if (user.riskScores.signUp.bot > 80) await user.update({ restrictedByAdmin: true, restrictedByAdminReason: "Suspected bot" });
 */
export interface ServerUserRiskScores {
  signUp: { bot: number; freeTrialAbuse: number };
}

/**
 * Any user of the project, as a server sees it: its fields and the actions a server can take on it.
 *
 * @example
 * const user = await server.createUser({ primaryEmail: "ada@example.com", password: "correct horse" });
 * await user.setServerMetadata({ plan: "pro" });
 * await user.grantPermission(teamId, "team_admin");
 */
export type ServerUser = ServerUserData & ServerUserMethods;

/**
 * Fields a server can change on any user (`PATCH /users/{id}`). Absent fields are left as they are.
 *
 * @example
 * await user.update({ primaryEmail: "ada@work.example", primaryEmailVerified: true, serverMetadata: { plan: "pro" } });
 */
export interface ServerUserUpdate extends UserUpdate {
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  /** A new password (null removes it); the platform ends the user's sessions. */
  password?: string | null;
  /** Any JSON value the user can read but not write. */
  clientReadOnlyMetadata?: unknown;
  /** Any JSON value only servers see. */
  serverMetadata?: unknown;
  /** Restricts the user (they can sign in, but `getUser` treats them as restricted). */
  restrictedByAdmin?: boolean;
  /** Shown to the user; only with `restrictedByAdmin: true` (null clears it). */
  restrictedByAdminReason?: string | null;
  /** Never shown to the user; only with `restrictedByAdmin: true` (null clears it). */
  restrictedByAdminPrivateDetails?: string | null;
  /** ISO 3166-1 alpha-2 country code (e.g. "CH"), or null. */
  countryCode?: string | null;
  /** Sign-up risk scores, integers from 0 to 100. */
  riskScores?: ServerUserRiskScores;
}

/**
 * What a new user may start with (`POST /users`). Everything is optional: a server can create a user without
 * any way to sign in.
 *
 * @example
 * const user = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true, password: "correct horse" });
 */
export interface ServerUserCreate {
  primaryEmail?: string | null;
  /** Let the primary e-mail sign in (needed for password and OTP sign-in). */
  primaryEmailAuthEnabled?: boolean;
  password?: string | null;
  otpAuthEnabled?: boolean;
  displayName?: string | null;
  primaryEmailVerified?: boolean;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** ISO 3166-1 alpha-2 country code (e.g. "CH"), or null. */
  countryCode?: string | null;
  /** Sign-up risk scores, integers from 0 to 100 (default 0). */
  riskScores?: ServerUserRiskScores;
}

/**
 * Options of `listUsers`. Without `cursor` the first page is read; pass the previous page's `nextCursor` to go on.
 *
 * @example
 * const page = await server.listUsers({ limit: 50, orderBy: "signedUpAt", desc: true, query: "ada" });
 * const anonymous = await server.listUsers({ includeAnonymous: true, onlyAnonymous: true });
 */
export interface ListUsersOptions {
  cursor?: string;
  /** Page size, a positive integer. */
  limit?: number;
  orderBy?: "signedUpAt" | "lastActiveAt";
  desc?: boolean;
  /** Free-text search (e-mail, display name, id). */
  query?: string;
  /** Only members of this team. */
  teamId?: string;
  /** Include restricted users (e.g. e-mail not yet verified). Default false. */
  includeRestricted?: boolean;
  /** Include anonymous users. Default false. */
  includeAnonymous?: boolean;
  /** Only anonymous users; needs `includeAnonymous: true` (the platform answers 400 otherwise). */
  onlyAnonymous?: boolean;
}

/**
 * One page of users plus the cursor of the next page (null on the last one).
 *
 * @example
 * const page: ServerUserPage = await server.listUsers();
 * if (page.nextCursor) await server.listUsers({ cursor: page.nextCursor });
 */
export type ServerUserPage = ServerUser[] & { nextCursor: string | null };

/**
 * Cache names of this module: every key starts with the user id, never with a session. @internal
 * @example
 * ctx.caches.get(SERVER_CACHE.user)?.invalidateWhere(([id]) => id === userId);
 */
export const SERVER_CACHE = {
  user: "server-user",
  list: "server-user-list",
  channels: "server-user-contact-channels",
  sessions: "server-user-sessions",
  teamPermissions: "server-user-team-permissions",
  projectPermissions: "server-user-project-permissions",
  /** `[userId]` → the user's connected accounts (`GET /connected-accounts/{userId}`). */
  connectedAccounts: "server-user-connected-accounts",
  /** `[userId]` → the user's notification preferences (`GET /emails/notification-preference/{userId}`). */
  notificationCategories: "server-user-notification-categories",
  /** `[userId]` → invitations the user received (`GET /team-invitations?user_id=`). */
  teamInvitations: CACHE.serverReceived,
  /** `[userId, teamId]` → the user's profile in a team (`GET /team-member-profiles/{teamId}/{userId}`). */
  teamProfiles: "server-user-team-profiles",
} as const;

const users = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.user, async (userId: string): Promise<ServerUserJson | null> => {
    try {
      return await ctx.core.request<ServerUserJson>({ expect: "id", path: `/users/${encodeURIComponent(userId)}` });
    } catch (error) {
      if (isKnownErrorOf(error, "USER_NOT_FOUND")) return null;
      throw error;
    }
  });


const lists = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.list, async (queryJson: string) => {
    const query = JSON.parse(queryJson) as Record<string, string | number | boolean>;
    const list = await ctx.core.request<ListJson<ServerUserJson>>({ expect: "items[]", path: "/users", query });
    return { items: list.items, nextCursor: list.pagination?.next_cursor ?? null };
  });

/**
 * @internal Refreshes what a change to user `userId` can alter: that user, every list page, and the current
 * users of this app's sessions (any of them may be that user) with their access tokens' claims.
 * @example
 * await userChanged(ctx, userId);
 */
export async function userChanged(ctx: AuthContext, userId: string): Promise<void> {
  currentUserChanged(ctx); // and their access tokens, whose claims may be outdated now
  ctx.caches.get(SERVER_CACHE.list)?.invalidateWhere(() => true);
  await users(ctx).refresh([userId]);
}

/**
 * @internal camelCase server fields from the wire, millis → Date.
 * @example
 * serverUserDataFromJson(ctx, json).lastActiveAt; // a Date
 */
export function serverUserDataFromJson(ctx: AuthContext, u: ServerUserJson): ServerUserData {
  const t = u.selected_team;
  // Filled in place (no copies): a listing maps many users per request.
  return Object.assign(currentUserFromJson(u), {
    primaryEmailAuthEnabled: u.primary_email_auth_enabled,
    lastActiveAt: new Date(u.last_active_at_millis),
    serverMetadata: u.server_metadata,
    restrictedByAdmin: !!u.restricted_by_admin,
    restrictedByAdminReason: u.restricted_by_admin_reason ?? null,
    restrictedByAdminPrivateDetails: u.restricted_by_admin_private_details ?? null,
    countryCode: u.country_code ?? null,
    riskScores: {
      signUp: { bot: u.risk_scores?.sign_up.bot ?? 0, freeTrialAbuse: u.risk_scores?.sign_up.free_trial_abuse ?? 0 },
    },
    selectedTeam: t ? serverTeamFromJson(ctx, t) : null,
  });
}

/**
 * @internal A {@link ServerUser} from its wire JSON, actions bound to its id.
 * @example
 * const user = serverUserFromJson(ctx, json);
 */
export function serverUserFromJson(ctx: AuthContext, u: ServerUserJson): ServerUser {
  return Object.assign(serverUserDataFromJson(ctx, u), serverUserMethods(ctx, u));
}

/**
 * @internal `POST /users` (201), then the list pages are refetched on next read.
 * @example
 * const user = await createUser(ctx, { displayName: "Ada" });
 */
export async function createUser(ctx: AuthContext, data?: ServerUserCreate): Promise<ServerUser> {
  const body = serverUserCreateBody(data);
  const created = await ctx.core.request<ServerUserJson>({ expect: "id", method: "POST", path: "/users", body });
  ctx.caches.get(SERVER_CACHE.list)?.invalidateWhere(() => true);
  return serverUserFromJson(ctx, created);
}

/**
 * @internal `GET /users/{id}` through the cache; USER_NOT_FOUND → null.
 * @example
 * const user = await getServerUser(ctx, userId); // null when unknown
 */
export async function getServerUser(ctx: AuthContext, userId: string): Promise<ServerUser | null> {
  const id = requireString(userId, "userId");
  const json = await users(ctx).get([id]);
  return json && serverUserFromJson(ctx, json);
}

/**
 * @internal `GET /users` with validated parameters, through the cache.
 * @example
 * const page = await listServerUsers(ctx, { limit: 50 });
 */
export async function listServerUsers(ctx: AuthContext, options?: ListUsersOptions): Promise<ServerUserPage> {
  const defined = listUsersQuery(options);
  const page = await lists(ctx).get([JSON.stringify(defined)]);
  const result = page.items.map((u) => serverUserFromJson(ctx, u)) as ServerUserPage;
  result.nextCursor = page.nextCursor;
  return result;
}

/**
 * @internal `PATCH /users/{id}`, then that user, the list pages and the sessions' current users are refreshed.
 * @example
 * await updateServerUser(ctx, userId, { displayName: "Ada" });
 */
export async function updateServerUser(ctx: AuthContext, userId: string, data: ServerUserUpdate): Promise<void> {
  const body = serverUserUpdateBody(data);
  await ctx.core.request({ method: "PATCH", path: `/users/${encodeURIComponent(userId)}`, body });
  if (body.primary_email !== undefined) await ctx.caches.get(SERVER_CACHE.channels)?.refresh([userId]);
  await userChanged(ctx, userId);
}

/**
 * @internal `DELETE /users/{id}`, then everything cached about that user is dropped.
 * @example
 * await deleteServerUser(ctx, userId);
 */
export async function deleteServerUser(ctx: AuthContext, userId: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: `/users/${encodeURIComponent(userId)}` });
  for (const name of Object.values(SERVER_CACHE)) ctx.caches.get(name)?.invalidateWhere(([id]) => id === userId);
  await userChanged(ctx, userId);
}
