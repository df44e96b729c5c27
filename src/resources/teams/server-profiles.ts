import type { AppContext } from "../../core/context";
import { resourceCache } from "../cached";
import { SERVER_TEAM_CACHE as TEAM_CACHE, SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { profileFromJson, profileUpdateBody } from "./profiles";
import type { EditableTeamMemberProfile, TeamMemberProfileJson } from "./profiles";
import { CACHE } from "./refs";

const profiles = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.teamProfiles, (userId: string, teamId: string) =>
    ctx.core.request<TeamMemberProfileJson>({ expect: "user_id", path: `/team-member-profiles/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}` }),
  );

/**
 * @internal A user's profile in a team (`GET /team-member-profiles/{team}/{user}` with the server key, cached per
 * user and team), with `update` (`PATCH` of the same path). After an update the team's member lists (server and
 * sessions) and the sessions' own profiles in that team are refreshed too.
 * @example
 * const profile = await getServerTeamProfile(ctx, userId, teamId);
 */
export async function getServerTeamProfile(ctx: AppContext, userId: string, teamId: string): Promise<EditableTeamMemberProfile> {
  const json = await profiles(ctx).get([userId, teamId]);
  return {
    ...profileFromJson(json),
    async update(data) {
      const body = profileUpdateBody(data);
      await ctx.core.request({ method: "PATCH", path: `/team-member-profiles/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`, body });
      const inTeam = ([, t]: readonly unknown[]) => t === teamId;
      await Promise.all([
        profiles(ctx).refresh([userId, teamId]),
        ctx.caches.get(TEAM_CACHE.members)?.refreshWhere(inTeam),
        ctx.caches.get(CACHE.members)?.refreshWhere(inTeam),
        ctx.caches.get(CACHE.profile)?.refreshWhere(inTeam),
      ]);
    },
  };
}
