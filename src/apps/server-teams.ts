import { contextOf } from "../core/context";
import type { ServerTeam, ServerTeamPage } from "../resources/users/server-types";
import type { ServerListTeamsOptions, ServerTeamCreateOptions } from "../resources/teams/server";
import type { ListTeamMemberPermissionsOptions, TeamMemberPermission } from "../resources/teams/server-memberships";
import { serverGroup, serverResources } from "./server-delegations";

/**
 * The teams part of {@link ServerApp}: creating, reading and listing the project's teams and their members'
 * permissions. Server reads are cached per app; each change refreshes what it affects. Team API keys live on
 * `ServerTeam` (`createApiKey` / `listApiKeys`), as in the official SDK.
 *
 * @example
 * const team = await server.createTeam({ displayName: "Ops" });
 * const permissions = await server.listTeamMemberPermissions(team.id);
 */
export interface ServerTeams {
  /**
   * Creates a team. With `creatorUserId` (a UUID, else an `ArgumentError` before any request), that user joins it
   * with the project's team-creator permissions.
   * @example
   * const team = await server.createTeam({ displayName: "Ops", creatorUserId: user.id });
   */
  createTeam(data: ServerTeamCreateOptions): Promise<ServerTeam>;

  /**
   * A team by id (null when it does not exist, and at once, without a request, for an id that is not a UUID: the
   * official SDK also answers null for it), or the team owning a team API key (null when the key is
   * unknown, revoked, expired or a user key).
   * @example
   * const team = await server.getTeam(teamId);
   * const owner = await server.getTeam({ apiKey: request.headers.get("x-api-key")! });
   */
  getTeam(idOrApiKey: string | { apiKey: string }): Promise<ServerTeam | null>;

  /**
   * Every team of the project, oldest first (newest with `desc`), or only the teams `userId` belongs to;
   * `query` matches part of the display name. With `limit` or `cursor` one page comes back, with the next
   * page's cursor in `nextCursor` (null on the last page or when not paginated). A `userId` or `cursor` that is
   * not a UUID throws an `ArgumentError` before any request.
   * @example
   * const all = await server.listTeams();
   * const hers = await server.listTeams({ userId: user.id });
   * const page = await server.listTeams({ limit: 20, desc: true, query: "ops" });
   * if (page.nextCursor) await server.listTeams({ limit: 20, desc: true, query: "ops", cursor: page.nextCursor });
   */
  listTeams(options?: ServerListTeamsOptions): Promise<ServerTeamPage>;

  /**
   * The permissions every member holds in a team, as `{ userId, permissionId }` pairs. `recursive: true` adds the
   * permissions contained in the granted ones (default false, as in the official SDK). A `teamId` that is not a
   * UUID throws an `ArgumentError` before any request.
   * @example
   * const admins = (await server.listTeamMemberPermissions(teamId)).filter((p) => p.permissionId === "team_admin");
   */
  listTeamMemberPermissions(teamId: string, options?: ListTeamMemberPermissionsOptions): Promise<TeamMemberPermission[]>;
}

/** @internal The teams part's code: each method calls the server resource function its row names (`getTeam` picks one). */
export const ServerTeams = /* @__PURE__ */ serverGroup<ServerTeams>({
  createTeam: "createServerTeam",
  getTeam(idOrApiKey) {
    const ctx = contextOf(this);
    if (typeof idOrApiKey === "object" && idOrApiKey !== null) return serverResources().then((r) => r.getServerTeamByApiKey(ctx, idOrApiKey.apiKey));
    return serverResources().then((r) => r.getServerTeam(ctx, idOrApiKey));
  },
  listTeams: "listServerTeams",
  listTeamMemberPermissions: "listTeamMemberPermissions",
});
