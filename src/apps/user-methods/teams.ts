import type { AppContext } from "../../core/context";
import type { ListPermissionsOptions, TeamPermission } from "../../resources/permissions/client";
import type { ReceivedTeamInvitation } from "../../resources/teams/invitations";
import type { EditableTeamMemberProfile } from "../../resources/teams/profiles";
import type { TeamRef } from "../../resources/teams/refs";
import type { Team, TeamCreateOptions } from "../../resources/teams/client";
import type { Session } from "../../session/session";
import { teamFromJson } from "../../resources/users/current";
import type { TeamJson } from "../../resources/users/current";

/**
 * The current user's team and permission methods. Each loads its resource module on first call, so a page that
 * never touches teams never downloads them.
 *
 * @example
 * const user = await app.getUser({ or: "throw" });
 * const team = await user.createTeam({ displayName: "Ops" }); // also becomes the selected team
 * if (await user.hasPermission(team, "$invite_members")) await team.inviteUser({ email: "grace@example.com" });
 */
export interface UserTeamMethods {
  /**
   * Teams: list, read one (null when not a member), create (selects it), select, leave.
   * @example
   * const teams = await user.listTeams();
   * const team = await user.getTeam(teams[0].id);
   * await user.setSelectedTeam(team); // or an id, or null
   * await user.leaveTeam(team!);
   */
  listTeams(): Promise<Team[]>;
  getTeam(teamId: string): Promise<Team | null>;
  /** Needs the project's client team creation setting; the server answers a 403 HttpError otherwise. */
  createTeam(data: TeamCreateOptions): Promise<Team>;
  setSelectedTeam(team: TeamRef | null): Promise<void>;
  leaveTeam(team: TeamRef): Promise<void>;
  /**
   * The user's own profile in a team, and the invitations the user received.
   * @example
   * await (await user.getTeamProfile(team)).update({ displayName: "Ada (Ops)" });
   * for (const invitation of await user.listTeamInvitations()) await invitation.accept();
   */
  getTeamProfile(team: TeamRef): Promise<EditableTeamMemberProfile>;
  listTeamInvitations(): Promise<ReceivedTeamInvitation[]>;
  /**
   * Permissions in a team (team or id first) or, without a team, at project scope. Contained permissions count
   * (`recursive` defaults to true).
   * @example
   * await user.hasPermission(team, "$update_team");   // team scope
   * await user.getPermission("admin");                // project scope: { id: "admin" } | null
   * await user.listPermissions(team, { recursive: false });
   */
  hasPermission(team: TeamRef, permissionId: string): Promise<boolean>;
  hasPermission(permissionId: string): Promise<boolean>;
  getPermission(team: TeamRef, permissionId: string): Promise<TeamPermission | null>;
  getPermission(permissionId: string): Promise<TeamPermission | null>;
  listPermissions(team: TeamRef, options?: ListPermissionsOptions): Promise<TeamPermission[]>;
  listPermissions(options?: ListPermissionsOptions): Promise<TeamPermission[]>;
}

const teams = () => import("../../resources/teams/client");
const TEAM_ACTIONS = ["update", "delete", "inviteUser", "listInvitations", "listUsers", "createApiKey", "listApiKeys"] as const;

/**
 * The user's selected team as a full {@link Team}: its fields now, its actions loaded on first call (as
 * `user.selectedTeam.update(…)` works in the official SDK).
 * @internal
 */
export function lazyTeam(ctx: AppContext, session: Session, json: TeamJson): Team {
  const team: Record<string, unknown> = { ...teamFromJson(json) };
  for (const action of TEAM_ACTIONS) {
    team[action] = (...args: unknown[]) =>
      teams().then((m) => (m.clientTeamFromJson(ctx, session, json)[action] as (...a: unknown[]) => unknown)(...args));
  }
  return team as unknown as Team;
}
