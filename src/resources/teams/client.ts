import { forgetCurrentUser, currentUserChanged, teamFromJson } from "../users/current";
import type { AppContext } from "../../core/context";

import { optionalObject, requireString, requireText } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import type { ApiKey, ApiKeyCreate } from "../api-keys/client";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { inviteUser, listSentInvitations } from "./invitations";
import type { SentTeamInvitation, TeamInviteOptions } from "./invitations";
import { listTeamUsers } from "./profiles";
import type { TeamUser } from "./profiles";
import { CACHE, forgetTeam, optionalNullableString, teamIdOf } from "./refs";
import type { TeamRef } from "./refs";
import type { TeamData, TeamJson } from "../users/current";


/**
 * Fields of a new team.
 *
 * @example
 * const team = await user.createTeam({ displayName: "Ops" });
 */
export interface TeamCreateOptions {
  displayName: string;
  /** A `data:image/…` URL (the platform refuses other URLs from clients). */
  profileImageUrl?: string | null;
}

/**
 * Fields of a team that can be changed (needs `$update_team`).
 *
 * @example
 * await team.update({ displayName: "Platform", clientMetadata: { plan: "pro" } });
 */
export interface TeamUpdateOptions {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
}

/**
 * A team the signed-in user belongs to: its fields plus the actions the user may take on it. The server checks
 * the user's team permissions; a missing one is thrown as the platform's known error (e.g.
 * `TEAM_PERMISSION_REQUIRED`).
 *
 * @example
 * const team = await user.getTeam(teamId);
 * if (team) {
 *   await team.inviteUser({ email: "grace@example.com" });
 *   console.log(await team.listUsers());
 * }
 */
export interface Team extends TeamData {
  /**
   * Changes the team (`$update_team`) or deletes it (`$delete_team`); the next `listTeams`/`getTeam` show it.
   * @example
   * await team.update({ displayName: "Platform" });
   * await team.delete();
   */
  update(data: TeamUpdateOptions): Promise<void>;
  delete(): Promise<void>;
  /**
   * Invitations and members: e-mail an invitation link (`$invite_members`), list the pending ones
   * (`$read_members` and `$invite_members`), list members with their team profiles (`$read_members`).
   * @example
   * await team.inviteUser({ email: "grace@example.com", callbackUrl: "https://myapp.example/handler/team-invitation" });
   * const pending = await team.listInvitations();
   * const members = await team.listUsers(); // [{ id, teamProfile: { displayName, profileImageUrl } }]
   */
  inviteUser(options: TeamInviteOptions): Promise<void>;
  listInvitations(): Promise<SentTeamInvitation[]>;
  listUsers(): Promise<TeamUser[]>;
  /**
   * API keys owned by the team (`$manage_api_keys`; the project must allow team API keys).
   * @example
   * const key = await team.createApiKey({ description: "CI", expiresAt: null });
   * console.log(key.value, (await team.listApiKeys()).length);
   */
  createApiKey(data: ApiKeyCreate): Promise<ApiKey<"team", true>>;
  listApiKeys(): Promise<ApiKey<"team">[]>;
}

const teams = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.teams, async (session: Session) => {
    const query = { user_id: "me" };
    return (await ctx.core.request<ListJson<TeamJson>>({ expect: "items[]", path: "/teams", query, session })).items;
  });

/**
 * @internal What a change to the user's teams can alter: the team list, and the user (it embeds its selected
 * team). When the change may select or unselect a team (`selection`), the access token's `selected_team_id`
 * claim is outdated too.
 */
function changed(ctx: AppContext, session: Session, selection: boolean): Promise<void> {
  if (selection) currentUserChanged(ctx, session);
  else forgetCurrentUser(ctx, session);
  return teams(ctx).refresh([session]);
}

/** @internal Validated wire fields of a team (creation or update). */
function teamBody(data: TeamUpdateOptions) {
  if (data.displayName !== undefined) requireText(data.displayName, "displayName");
  optionalNullableString(data.profileImageUrl, "profileImageUrl");
  if (typeof data.clientMetadata === "function") throw new ArgumentError("clientMetadata must be JSON data.");
  return { display_name: data.displayName, profile_image_url: data.profileImageUrl, client_metadata: data.clientMetadata };
}

/** @internal camelCase fields from the wire, and the team's actions bound to `session`. */
export function clientTeamFromJson(ctx: AppContext, session: Session, t: TeamJson): Team {
  const id = t.id;
  const path = `/teams/${encodeURIComponent(id)}`;
  return {
    ...teamFromJson(t),
    async update(data) {
      const body = teamBody(optionalObject(data, "team data"));
      await ctx.core.request({ method: "PATCH", path, session, body });
      await changed(ctx, session, false);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path, session });
      forgetTeam(ctx, session, id);
      await changed(ctx, session, true); // members who had it selected have no selected team now
    },
    inviteUser: (options) => inviteUser(ctx, session, id, options),
    listInvitations: () => listSentInvitations(ctx, session, id),
    listUsers: () => listTeamUsers(ctx, session, id),
    createApiKey: (data) =>
      import("../api-keys/client").then((m) => m.createApiKey(ctx, session, { teamId: t.id }, data) as Promise<ApiKey<"team", true>>),
    listApiKeys: () => import("../api-keys/client").then((m) => m.listApiKeys(ctx, session, { teamId: t.id }) as Promise<ApiKey<"team">[]>),
  };
}

/** @internal The user's teams, oldest first (cached per session). */
export async function listTeams(ctx: AppContext, session: Session): Promise<Team[]> {
  return (await teams(ctx).get([session])).map((t) => clientTeamFromJson(ctx, session, t));
}

/** @internal One of the user's teams, or null when the user is not a member (read from the cached list). */
export async function getTeam(ctx: AppContext, session: Session, teamId: string): Promise<Team | null> {
  requireString(teamId, "teamId");
  return (await listTeams(ctx, session)).find((t) => t.id === teamId) ?? null;
}

/**
 * `POST /teams` with the user as creator, then selects the new team (`PATCH /users/me`), as the official SDK
 * does. The project must allow client team creation (otherwise the server answers a 403 HttpError).
 * @internal
 */
export async function createTeam(ctx: AppContext, session: Session, data: TeamCreateOptions): Promise<Team> {
  const d = optionalObject(data, "createTeam data") as TeamCreateOptions;
  requireText(d.displayName, "displayName");
  const { display_name, profile_image_url } = teamBody(d);
  const created = await ctx.core.request<TeamJson>({
        expect: "id",
    method: "POST",
    path: "/teams",
    session,
    body: { display_name, profile_image_url, creator_user_id: "me" },
  });
  try {
    await ctx.core.request({ method: "PATCH", path: "/users/me", session, body: { selected_team_id: created.id } });
  } finally {
    await changed(ctx, session, true); // the team exists even if selecting it failed
  }
  return clientTeamFromJson(ctx, session, created);
}

/** @internal `PATCH /users/me {selected_team_id}`; null clears the selection. */
export async function setSelectedTeam(ctx: AppContext, session: Session, team: TeamRef | null): Promise<void> {
  const selected_team_id = team === null ? null : teamIdOf(team);
  await ctx.core.request({ method: "PATCH", path: "/users/me", session, body: { selected_team_id } });
  currentUserChanged(ctx, session);
}

/** @internal `DELETE /team-memberships/{team}/me`. */
export async function leaveTeam(ctx: AppContext, session: Session, team: TeamRef): Promise<void> {
  const teamId = teamIdOf(team);
  await ctx.core.request({ method: "DELETE", path: `/team-memberships/${encodeURIComponent(teamId)}/me`, session });
  forgetTeam(ctx, session, teamId);
  await changed(ctx, session, true); // leaving the selected team unselects it
}
