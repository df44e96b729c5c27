import type { AppContext } from "../../core/context";
import { optionalObject, requireText } from "../../util/validate";
import { resourceCache } from "../cached";
import { SERVER_TEAM_CACHE as TEAM_CACHE, SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import type { EditableTeamMemberProfile, TeamMemberProfileJson } from "./profiles";
import { CACHE, optionalNullableString } from "./refs";

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
    displayName: json.display_name,
    profileImageUrl: json.profile_image_url,
    async update(data) {
      const d = optionalObject(data, "team profile data");
      if (d.displayName !== undefined) requireText(d.displayName, "displayName");
      optionalNullableString(d.profileImageUrl, "profileImageUrl");
      await ctx.core.request({
        method: "PATCH",
        path: `/team-member-profiles/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`,
        body: { display_name: d.displayName, profile_image_url: d.profileImageUrl },
      });
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
