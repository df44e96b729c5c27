import { requireString } from "../../util/validate";
import type { AppContext } from "../../core/context";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";

/**
 * A team given by object (anything with an `id`, such as a {@link Team} or `user.selectedTeam`) or by its id.
 *
 * @example
 * const ref: TeamRef = user.selectedTeam ?? "6f1c2d4e-…";
 */
export type TeamRef = { id: string } | string;

/**
 * Names of the read caches the team modules keep in `ctx.caches`. Every key starts with the session, and the
 * team-scoped ones continue with the team id: `[session, teamId, …]`.
 * @internal
 */
export const CACHE = {
  /** `[session]` → the user's teams (`GET /teams?user_id=me`). */
  teams: "teams",
  /** `[session]` → invitations the user received (`GET /team-invitations?user_id=me`). */
  received: "team-invitations-received",
  /** `[userId]` → invitations a user received, as a server reads them (`GET /team-invitations?user_id=`). */
  serverReceived: "server-user-team-invitations",
  /** `[session, teamId]` → invitations sent by a team (`GET /team-invitations?team_id=`). */
  sent: "team-invitations-sent",
  /** `[session, teamId]` → member profiles of a team (`GET /team-member-profiles?team_id=`). */
  members: "team-members",
  /** `[session, teamId]` → the user's own profile in a team. */
  profile: "team-profile",
  /** `[session, teamId, recursive]` → the user's permissions in a team. */
  teamPermissions: "team-permissions",
  /** `[session, recursive]` → the user's project permissions. */
  projectPermissions: "project-permissions",
} as const;

/**
 * Drops every received-invitation list (each session's and, in a server app, each user's): an invitation goes to
 * an e-mail address, so sending, revoking or accepting one may change any of them.
 * @internal
 * @example
 * receivedInvitationsChanged(ctx); // after POST /team-invitations/send-code
 */
export function receivedInvitationsChanged(ctx: AppContext): void {
  for (const name of [CACHE.received, CACHE.serverReceived]) ctx.caches.get(name)?.invalidateWhere(() => true);
}

/** @internal The id of `team`, or an ArgumentError naming the argument. */
export function teamIdOf(team: unknown, name = "team"): string {
  const id = typeof team === "object" && team !== null ? (team as { id?: unknown }).id : team;
  if (typeof id !== "string" || id === "") throw new ArgumentError(`${name} must be a team or a non-empty team id.`);
  return requireString(id, name);
}

/**
 * Refreshes the entries of cache `name` whose key matches `keyPrefix` element by element (see `ReadCache.refresh`).
 * A cache never read has nothing to refresh, so this needs no import of the module that owns it.
 * @internal
 */
export function refreshCached(ctx: AppContext, name: string, ...keyPrefix: unknown[]): Promise<void> {
  const cache = ctx.caches.get(name);
  return cache ? cache.refreshWhere((deps) => keyPrefix.every((k, i) => deps[i] === k)) : Promise.resolve();
}

/**
 * Forgets everything `session` cached about one team (its members, sent invitations, the user's profile and
 * permissions in it): after leaving or deleting it none of that may be served.
 * @internal
 */
export function forgetTeam(ctx: AppContext, session: Session, teamId: string): void {
  for (const name of [CACHE.members, CACHE.sent, CACHE.profile, CACHE.teamPermissions]) {
    ctx.caches.get(name)?.invalidateWhere(([s, t]) => s === session && t === teamId);
  }
}

/** @internal Checks an optional `string | null` field. */
export function optionalNullableString(value: unknown, name: string): void {
  if (value !== undefined && value !== null && typeof value !== "string") throw new ArgumentError(`${name} must be a string or null.`);
}
