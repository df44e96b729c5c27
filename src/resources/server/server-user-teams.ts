import type { AuthContext } from "../../auth/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import { removeTeamMember } from "./server-team-memberships";
import { createServerTeam, listServerTeams } from "./server-teams";
import type { ServerListTeamsOptions, ServerTeam, ServerTeamCreateOptions, ServerTeamPage } from "./server-teams";
import { getServerTeamProfile } from "./server-team-profiles";
import { listServerTeamInvitations } from "./server-team-invitations";
import { updateServerUser } from "./server-user-requests";
import type { ReceivedTeamInvitation } from "../client/team-invitations";
import type { EditableTeamMemberProfile } from "../client/team-profiles";
import { teamIdOf } from "../client/team-refs";
import type { TeamRef } from "../client/team-refs";

/**
 * Options of a server user's `listTeams`: those of `ServerApp.listTeams` without `userId` (the user is given).
 *
 * @example
 * const page = await user.listTeams({ limit: 20, desc: true });
 */
export type ServerUserListTeamsOptions = Omit<ServerListTeamsOptions, "userId">;

/**
 * The team actions of a server user (the official `ServerUser`'s team members), acting on that user through the
 * server endpoints: no session and no team permission needed.
 *
 * @example
 * const user = (await server.getUser(userId))!;
 * const team = await user.createTeam({ displayName: "Ops" }); // the user is its creator, and it becomes selected
 * const page = await user.listTeams({ limit: 10 });
 * await user.leaveTeam(team);
 */
export interface ServerUserTeamMethods {
  /**
   * Creates a team with this user as its creator (team-creator default permissions), then selects it.
   * @example
   * const team = await user.createTeam({ displayName: "Ops" });
   */
  createTeam(data: Omit<ServerTeamCreateOptions, "creatorUserId">): Promise<ServerTeam>;
  /**
   * One of the user's teams by id, or null when the user is not a member (or there is no such team).
   * @example
   * const team = await user.getTeam(teamId);
   */
  getTeam(teamId: string): Promise<ServerTeam | null>;
  /**
   * The teams the user belongs to, oldest first unless `desc`; with `limit` or `cursor` one page, with the next
   * page's cursor in `nextCursor` (null on the last page or when not paginated).
   * @example
   * const teams = await user.listTeams();
   * const page = await user.listTeams({ limit: 20, query: "ops" });
   */
  listTeams(options?: ServerUserListTeamsOptions): Promise<ServerTeamPage>;
  /**
   * Selects one of the user's teams (by object or id), or clears the selection with null.
   * @example
   * await user.setSelectedTeam(team);
   */
  setSelectedTeam(team: TeamRef | null): Promise<void>;
  /**
   * Removes the user from a team (`TEAM_MEMBERSHIP_NOT_FOUND` if not a member).
   * @example
   * await user.leaveTeam(team);
   */
  leaveTeam(team: TeamRef): Promise<void>;
  /**
   * The user's profile in one of their teams, with `update` (`TEAM_MEMBERSHIP_NOT_FOUND` if not a member).
   * @example
   * await (await user.getTeamProfile(team)).update({ displayName: "Ada (Ops)" });
   */
  getTeamProfile(team: TeamRef): Promise<EditableTeamMemberProfile>;
  /**
   * Pending invitations sent to the user's verified e-mail addresses; `accept()` makes the user a member.
   * @example
   * for (const invitation of await user.listTeamInvitations()) await invitation.accept();
   */
  listTeamInvitations(): Promise<ReceivedTeamInvitation[]>;
}

const LIST_OPTIONS = ["orderBy", "desc", "cursor", "limit", "query"];

/**
 * @internal The {@link ServerUserTeamMethods} of user `userId`.
 * @example
 * const methods = serverUserTeamMethods(ctx, userId);
 */
export function serverUserTeamMethods(ctx: AuthContext, userId: string): ServerUserTeamMethods {
  const listTeams = async (options?: ServerUserListTeamsOptions) => {
    const o = optionalObject(options, "listTeams options");
    const unknown = Object.keys(o).filter((k) => !LIST_OPTIONS.includes(k));
    if (unknown.length) throw new ArgumentError(`A user's listTeams does not take ${unknown.join(", ")} (the user is given).`);
    return listServerTeams(ctx, { ...o, userId });
  };
  return {
    async createTeam(data) {
      const d = optionalObject(data, "createTeam data") as ServerTeamCreateOptions;
      if (d.creatorUserId !== undefined) {
        throw new ArgumentError("A user's createTeam makes that user the creator: leave out creatorUserId (or use server.createTeam).");
      }
      const team = await createServerTeam(ctx, { displayName: d.displayName, profileImageUrl: d.profileImageUrl, creatorUserId: userId });
      await updateServerUser(ctx, userId, { selectedTeamId: team.id });
      return team;
    },
    async getTeam(teamId) {
      const id = requireString(teamId, "teamId");
      return (await listTeams()).find((t) => t.id === id) ?? null;
    },
    listTeams,
    async setSelectedTeam(team) {
      await updateServerUser(ctx, userId, { selectedTeamId: team === null ? null : teamIdOf(team) });
    },
    leaveTeam: async (team) => removeTeamMember(ctx, teamIdOf(team), userId),
    getTeamProfile: async (team) => getServerTeamProfile(ctx, userId, teamIdOf(team)),
    listTeamInvitations: () => listServerTeamInvitations(ctx, userId),
  };
}
