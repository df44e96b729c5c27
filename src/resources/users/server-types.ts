// The public server object types that refer to one another (a user's selected team is a server team, a team lists
// its members as server users), in one module so that the modules building them need not import each other.
import type { ReceivedTeamInvitation } from "../teams/invitations";
import type { ApiKey, ApiKeyCreate } from "../api-keys/client";
import type { SentTeamInvitation, TeamInviteOptions } from "../teams/invitations";
import type { EditableTeamMemberProfile, TeamMemberProfile } from "../teams/profiles";
import type { TeamRef } from "../teams/refs";
import type { Team } from "../teams/client";
import type { CurrentUserData } from "./current";
import type { ServerUserRiskScores } from "./server-bodies";
import type { ServerUserBaseMethods } from "./server-methods";
import type { ServerListTeamsOptions, ServerTeamCreateOptions, ServerTeamUpdateOptions } from "../teams/server";

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

/**
 * What a server can do to any user: the `ServerUser` actions, bound to that user's id (with the team actions of
 * {@link ServerUserTeamMethods} and the account actions of {@link ServerUserAccountMethods}). Reads are cached per
 * app and user; each change refreshes what it affects.
 *
 * @example
 * const user = (await server.getUser(userId))!;
 * await user.update({ displayName: "Ada", serverMetadata: { plan: "pro" } });
 * const { accessToken } = await (await user.createSession({ isImpersonation: true })).getTokens();
 */
export interface ServerUserMethods extends ServerUserBaseMethods, ServerUserTeamMethods {}

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

/**
 * A member of a team as a server lists it: the full {@link ServerUser} (fields and actions) plus
 * `teamProfile`, the member's name and image in this team.
 *
 * @example
 * for (const member of await team.listUsers()) console.log(member.primaryEmail, member.teamProfile.displayName);
 */
export type ServerTeamUser = ServerUser & { teamProfile: TeamMemberProfile };

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
