// The server objects built from wire JSON: users, teams and team members. They refer to one another (a user's
// selected team and teams, a team's members), so they are built here together, over the request modules below.
import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { isUuid, requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import type { ApiKey } from "../api-keys/client";
import { inviteUser, listSentInvitations } from "../teams/invitations";
import { CACHE, teamIdOf } from "../teams/refs";
import { currentUserFromJson, teamFromJson } from "./current";
import { guardUserDestructuring } from "./guard";
import { SERVER } from "../server-cache-keys";
import type { ServerTeamJson, ServerTeamMemberProfileJson, ServerUserJson } from "./server-json";
import { addTeamMember, members, removeTeamMember } from "../teams/server-memberships";
import { getServerTeamProfile } from "../teams/server-profiles";
import { listServerTeamInvitations } from "../teams/server-invitations";
import { createServerTeamJson, forgetDeletedTeam, getServerTeamJson, listServerTeamsJson, teamBody, teamChanged, teamIdOfApiKey } from "../teams/server";
import type { ServerListTeamsOptions, ServerTeamCreateOptions } from "../teams/server";
import { serverUserMethods } from "./server-methods";
import { updateServerUser } from "./server-requests";
import type {
  ServerTeam,
  ServerTeamPage,
  ServerTeamUser,
  ServerUser,
  ServerUserData,
  ServerUserListTeamsOptions,
  ServerUserTeamMethods,
} from "./server-types";

/**
 * The client's API-key code, loaded when a key is used: a static import from this server-only module would make
 * bundlers split it out of the chunk pages load for API keys (see scripts/browser-tree.mjs, server-lazy.js).
 */
const apiKeys = () => import("../api-keys/client");

/**
 * @internal camelCase server fields from the wire, millis → Date.
 * @example
 * serverUserDataFromJson(ctx, json).lastActiveAt; // a Date
 */
export function serverUserDataFromJson(ctx: AppContext, u: ServerUserJson): ServerUserData {
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
export function serverUserFromJson(ctx: AppContext, u: ServerUserJson): ServerUser {
  // The data onto the methods (not the methods onto the data): V8 copies plain values fast, closures slowly.
  // Reading `.user` throws an error explaining the mistake (`const { user } = await server.getUser(id)`), as in the
  // official SDK.
  return guardUserDestructuring(Object.assign(serverUserMethods(ctx, u), serverUserTeamMethods(ctx, u.id), serverUserDataFromJson(ctx, u)));
}

/**
 * @internal camelCase fields from the wire (millis → Date) and the team's server actions.
 * @example
 * const team = serverTeamFromJson(ctx, json);
 */
export function serverTeamFromJson(ctx: AppContext, t: ServerTeamJson): ServerTeam {
  const id = t.id;
  const path = `/teams/${encodeURIComponent(id)}`;
  return {
    ...teamFromJson(t),
    createdAt: new Date(t.created_at_millis),
    serverMetadata: t.server_metadata,
    async update(data) {
      const body = teamBody(optionalObject(data, "team data"));
      await ctx.core.request({ method: "PATCH", path, body });
      await teamChanged(ctx, id);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path });
      forgetDeletedTeam(ctx, id);
      ctx.core.markTokensStale(); // members who had it selected have no selected team (an access-token claim)
      await teamChanged(ctx, id);
    },
    addUser: (userId) => addTeamMember(ctx, id, userId),
    removeUser: (userId) => removeTeamMember(ctx, id, userId),
    listUsers: () => listServerTeamUsers(ctx, id),
    async inviteUser(options) {
      await inviteUser(ctx, SERVER as unknown as Session, id, options);
      await ctx.caches.get(CACHE.sent)?.refreshWhere(([s, t]) => s !== SERVER && t === id);
    },
    async listInvitations() {
      const list = await listSentInvitations(ctx, SERVER as unknown as Session, id);
      return list.map((invitation) => ({
        ...invitation,
        async revoke() {
          await invitation.revoke();
              await ctx.caches.get(CACHE.sent)?.refreshWhere(([s, t]) => s !== SERVER && t === id);
        },
      }));
    },
    async createApiKey(data) {
      const key = await (await apiKeys()).createApiKey(ctx, SERVER as unknown as Session, { teamId: id }, data);
      await ctx.caches.get("api-keys")?.refreshWhere(([s, kind, owner]) => s !== SERVER && kind === "team" && owner === id);
      return key as ApiKey<"team", true>;
    },
    listApiKeys: () => apiKeys().then((m) => m.listApiKeys(ctx, SERVER as unknown as Session, { teamId: id })) as Promise<ApiKey<"team">[]>,
  };
}

/**
 * @internal `POST /teams` (server access) as a {@link ServerTeam}.
 * @example
 * const team = await createServerTeam(ctx, { displayName: "Ops", creatorUserId: userId });
 */
export async function createServerTeam(ctx: AppContext, data: ServerTeamCreateOptions): Promise<ServerTeam> {
  return serverTeamFromJson(ctx, await createServerTeamJson(ctx, data));
}

/**
 * @internal `GET /teams/{id}` (cached per team); null when the team does not exist.
 * @example
 * const team = await getServerTeam(ctx, teamId);
 */
export async function getServerTeam(ctx: AppContext, teamId: string): Promise<ServerTeam | null> {
  const json = await getServerTeamJson(ctx, teamId);
  return json && serverTeamFromJson(ctx, json);
}

/**
 * @internal The team owning a team API key, or null when the key is unknown, revoked, expired or a user key.
 * @example
 * const team = await getServerTeamByApiKey(ctx, apiKey);
 */
export async function getServerTeamByApiKey(ctx: AppContext, apiKey: string): Promise<ServerTeam | null> {
  const teamId = await teamIdOfApiKey(ctx, apiKey);
  return teamId === null ? null : getServerTeam(ctx, teamId);
}

/**
 * @internal `GET /teams` with the options checked, as server teams with the next page's cursor.
 * @example
 * const page = await listServerTeams(ctx, { userId, limit: 20 });
 */
export async function listServerTeams(ctx: AppContext, options?: ServerListTeamsOptions): Promise<ServerTeamPage> {
  const page = await listServerTeamsJson(ctx, options);
  const result = page.items.map((t) => serverTeamFromJson(ctx, t)) as ServerTeamPage;
  result.nextCursor = page.nextCursor;
  return result;
}

/** @internal A member profile as a server user with its team profile. */
export function serverTeamUserFromJson(ctx: AppContext, p: ServerTeamMemberProfileJson): ServerTeamUser {
  return Object.assign(serverUserFromJson(ctx, p.user), { teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url } });
}

/** @internal The members of a team with their users (cached per team). */
export async function listServerTeamUsers(ctx: AppContext, teamId: string): Promise<ServerTeamUser[]> {
  return (await members(ctx).get([SERVER, teamId])).map((p) => serverTeamUserFromJson(ctx, p));
}

const LIST_OPTIONS = ["orderBy", "desc", "cursor", "limit", "query"];

/**
 * @internal The {@link ServerUserTeamMethods} of user `userId`.
 * @example
 * const methods = serverUserTeamMethods(ctx, userId);
 */
export function serverUserTeamMethods(ctx: AppContext, userId: string): ServerUserTeamMethods {
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
      // A team id is a UUID: any other is in no list, so null comes back without a request.
      if (!isUuid(requireString(teamId, "teamId"))) return null;
      return (await listTeams()).find((t) => t.id === teamId) ?? null;
    },
    listTeams,
    async setSelectedTeam(team) {
      await updateServerUser(ctx, userId, { selectedTeamId: team === null ? null : requireUuid(teamIdOf(team), "teamId") });
    },
    leaveTeam: async (team) => removeTeamMember(ctx, teamIdOf(team), userId),
    getTeamProfile: async (team) => getServerTeamProfile(ctx, userId, requireUuid(teamIdOf(team), "teamId")),
    listTeamInvitations: () => listServerTeamInvitations(ctx, userId),
  };
}
