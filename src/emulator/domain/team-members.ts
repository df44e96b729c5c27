import { known } from "../errors";
import type { Store } from "../store/store";
import type { MembershipRecord, TeamRecord, UserRecord } from "../store/types";
import { hasTeamPermission } from "./permissions";

/**
 * Team and membership look-ups with the platform's errors (`apps/backend/src/lib/request-checks.tsx`), shared by the
 * team, membership, member-profile, invitation and permission route families.
 */

/**
 * The team, or `TEAM_NOT_FOUND` (404).
 *
 * @example
 * const team = teamOrThrow(store, project.id, ctx.params.team_id);
 */
export function teamOrThrow(store: Store, projectId: string, teamId: string): TeamRecord {
  const team = store.teams.get(teamId);
  if (!team || team.projectId !== projectId) throw known("TEAM_NOT_FOUND", { team_id: teamId });
  return team;
}

/**
 * The user, or `USER_NOT_FOUND` (404).
 *
 * @example
 * const user = userOrThrow(store, project.id, ctx.params.user_id);
 */
export function userOrThrow(store: Store, projectId: string, userId: string): UserRecord {
  const user = store.users.get(userId);
  if (!user || user.projectId !== projectId) throw known("USER_NOT_FOUND");
  return user;
}

/**
 * A membership, if the user belongs to the team.
 *
 * @example
 * if (findMembership(store, projectId, teamId, userId)) { ... }
 */
export function findMembership(store: Store, projectId: string, teamId: string, userId: string): MembershipRecord | undefined {
  return store.memberships.find((m) => m.projectId === projectId && m.teamId === teamId && m.userId === userId);
}

/**
 * The membership, or `USER_NOT_FOUND` (unknown user) / `TEAM_MEMBERSHIP_NOT_FOUND` (404).
 *
 * @example
 * const m = membershipOrThrow(store, projectId, teamId, userId);
 */
export function membershipOrThrow(store: Store, projectId: string, teamId: string, userId: string): MembershipRecord {
  userOrThrow(store, projectId, userId);
  const m = findMembership(store, projectId, teamId, userId);
  if (!m) throw known("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
  return m;
}

/**
 * Requires membership and a (recursively held) team permission: `TEAM_MEMBERSHIP_NOT_FOUND` (404) or
 * `TEAM_PERMISSION_REQUIRED` (401).
 *
 * @example
 * requireTeamPermission(store, project.id, teamId, me.id, "$update_team");
 */
export function requireTeamPermission(store: Store, projectId: string, teamId: string, userId: string, permissionId: string): void {
  membershipOrThrow(store, projectId, teamId, userId);
  if (!hasTeamPermission(store, projectId, teamId, userId, permissionId)) {
    throw known("TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: userId, permission_id: permissionId });
  }
}

/**
 * The teams a user is a member of, oldest team first.
 *
 * @example
 * const teams = teamsOfUser(store, user.id);
 */
export function teamsOfUser(store: Store, userId: string): TeamRecord[] {
  const ids = new Set(store.membershipsOf(userId).map((m) => m.teamId));
  return [...store.teams.values()].filter((t) => ids.has(t.id)).sort((a, b) => a.createdAtMillis - b.createdAtMillis);
}

/**
 * Removes a membership; a user whose selected team it was has no selected team afterwards.
 *
 * @example
 * removeMembership(store, membership);
 */
export function removeMembership(store: Store, membership: MembershipRecord): void {
  store.memberships = store.memberships.filter((m) => m !== membership);
  const user = store.users.get(membership.userId);
  if (user?.selectedTeamId === membership.teamId) user.selectedTeamId = null;
  store.touch();
}

/**
 * Deletes a team with its memberships and pending invitations; members who had it selected have no selected team.
 *
 * @example
 * deleteTeam(store, team);
 */
export function deleteTeam(store: Store, team: TeamRecord): void {
  for (const m of store.memberships.filter((x) => x.teamId === team.id)) removeMembership(store, m);
  for (const c of [...store.verificationCodes.values()]) {
    if (c.type === "team_invitation" && c.data.team_id === team.id) store.verificationCodes.delete(c.id);
  }
  store.teams.delete(team.id);
  store.touch();
}
