// Names of the read caches the server resource modules keep in `ctx.caches`, in a module of their own so that every
// server module can name another's caches (to refresh or drop them) without importing that module.
import { CACHE } from "./teams/refs";

/**
 * @internal First element of every server-side cache key: server reads carry no user session (the secret
 * server key authenticates them), so `forgetSession(ctx, session)` never drops them.
 */
export const SERVER = null;

/**
 * @internal Names of the caches the server team modules keep in `ctx.caches`; keys start with {@link SERVER}.
 */
export const SERVER_TEAM_CACHE = {
  /** `[SERVER, userId | null, queryJson?]` → a page of teams (`GET /teams[?user_id=&…]`). */
  teams: "server-teams",
  /** `[SERVER, teamId]` → one team or null (`GET /teams/{id}`). */
  team: "server-team",
  /** `[SERVER, teamId]` → member profiles with their users (`GET /team-member-profiles?team_id=`). */
  members: "server-team-members",
  /** `[SERVER, teamId, recursive]` → permissions of every member (`GET /team-permissions?team_id=`). */
  permissions: "server-team-member-permissions",
} as const;

/**
 * Cache names of the server user modules: every key starts with the user id, never with a session. @internal
 * @example
 * ctx.caches.get(SERVER_USER_CACHE.user)?.invalidateWhere(([id]) => id === userId);
 */
export const SERVER_USER_CACHE = {
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
