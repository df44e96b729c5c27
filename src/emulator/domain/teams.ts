import type { EmulatorCore } from "../core";
import type { MembershipRecord, ProjectRecord, TeamRecord } from "../store/types";
import { newId } from "../util/random";
import { grantFreePlan } from "./payments-ledger";

/**
 * Creates a team; a creator becomes a member with the project's creator default permissions. A team of the internal
 * project is subscribed to its free plan, as the platform's `teams/crud.tsx` does.
 *
 * @example
 * const team = createTeam(core, project, { displayName: "Ada's Team", creatorUserId: user.id });
 */
export function createTeam(
  core: EmulatorCore,
  project: ProjectRecord,
  o: {
    displayName: string;
    creatorUserId?: string | null;
    profileImageUrl?: string | null;
    clientMetadata?: unknown;
    clientReadOnlyMetadata?: unknown;
    serverMetadata?: unknown;
  },
): TeamRecord {
  const team: TeamRecord = {
    id: newId(),
    projectId: project.id,
    displayName: o.displayName,
    profileImageUrl: o.profileImageUrl ?? null,
    clientMetadata: o.clientMetadata ?? null,
    clientReadOnlyMetadata: o.clientReadOnlyMetadata ?? null,
    serverMetadata: o.serverMetadata ?? null,
    createdAtMillis: Date.now(),
  };
  core.store.teams.set(team.id, team);
  if (o.creatorUserId) addTeamMember(core, team, o.creatorUserId, project.config.teamCreatorDefaultPermissions);
  grantFreePlan(core.store, project, team.id);
  core.store.touch();
  return team;
}

/**
 * Adds a user to a team with the given direct permissions.
 *
 * @example
 * addTeamMember(core, team, userId, project.config.teamMemberDefaultPermissions);
 */
export function addTeamMember(core: EmulatorCore, team: TeamRecord, userId: string, permissionIds: string[]): MembershipRecord {
  const membership: MembershipRecord = {
    projectId: team.projectId,
    teamId: team.id,
    userId,
    displayName: null,
    profileImageUrl: null,
    permissionIds: [...permissionIds],
    createdAtMillis: Date.now(),
  };
  core.store.memberships.push(membership);
  core.store.touch();
  return membership;
}

/**
 * The client read shape of a team.
 *
 * @example
 * json(clientTeamRead(team));
 */
export function clientTeamRead(team: TeamRecord): Record<string, unknown> {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata,
    client_read_only_metadata: team.clientReadOnlyMetadata,
  };
}

/**
 * The server read shape of a team (adds `created_at_millis` and `server_metadata`).
 *
 * @example
 * json(serverTeamRead(team));
 */
export function serverTeamRead(team: TeamRecord): Record<string, unknown> {
  return { ...clientTeamRead(team), created_at_millis: team.createdAtMillis, server_metadata: team.serverMetadata };
}
