import type { AuthContext } from "../../auth/context";
import { requireString } from "../../util/validate";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { currentUserFromJson } from "../client/users";
import type { CurrentUserData } from "../client/users";
import { SERVER_USER_CACHE as SERVER_CACHE } from "./server-cache-keys";
import type { ServerUserJson } from "./server-json";
import { listUsersQuery, serverUserCreateBody } from "./server-user-bodies";
import type { ListUsersOptions, ServerUserCreate, ServerUserRiskScores } from "./server-user-bodies";
import { serverUserMethods } from "./server-user-methods";
import type { ServerUserMethods } from "./server-user-methods";
import { users } from "./server-user-requests";
import { serverTeamFromJson } from "./server-teams";
import type { ServerTeam } from "./server-teams";

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
 * Any user of the project, as a server sees it: its fields and the actions a server can take on it.
 *
 * @example
 * const user = await server.createUser({ primaryEmail: "ada@example.com", password: "correct horse" });
 * await user.setServerMetadata({ plan: "pro" });
 * await user.grantPermission(teamId, "team_admin");
 */
export type ServerUser = ServerUserData & ServerUserMethods;

/**
 * One page of users plus the cursor of the next page (null on the last one).
 *
 * @example
 * const page: ServerUserPage = await server.listUsers();
 * if (page.nextCursor) await server.listUsers({ cursor: page.nextCursor });
 */
export type ServerUserPage = ServerUser[] & { nextCursor: string | null };

const lists = (ctx: AuthContext) =>
  resourceCache(ctx, SERVER_CACHE.list, async (queryJson: string) => {
    const query = JSON.parse(queryJson) as Record<string, string | number | boolean>;
    const list = await ctx.core.request<ListJson<ServerUserJson>>({ expect: "items[]", path: "/users", query });
    return { items: list.items, nextCursor: list.pagination?.next_cursor ?? null };
  });

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
  // The data onto the methods (not the methods onto the data): V8 copies plain values fast, closures slowly.
  return Object.assign(serverUserMethods(ctx, u), serverUserDataFromJson(ctx, u));
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
