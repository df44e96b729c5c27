import type { AppContext } from "../../core/context";
import { optionalObject, requireText } from "../../util/validate";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { CACHE, optionalNullableString, teamIdOf } from "./refs";
import type { TeamRef } from "./refs";

/** @internal Wire shape of a team member profile (client read). */
export interface TeamMemberProfileJson {
  team_id: string;
  user_id: string;
  display_name: string | null;
  profile_image_url: string | null;
}

/**
 * How a member appears in one team: a per-team name and image (falling back to the user's own).
 *
 * @example
 * const { displayName, profileImageUrl } = (await team.listUsers())[0].teamProfile;
 */
export interface TeamMemberProfile {
  displayName: string | null;
  profileImageUrl: string | null;
}

/**
 * Fields of the user's own team profile that can be changed.
 *
 * @example
 * await profile.update({ displayName: "Ada (Ops)" });
 */
export interface TeamMemberProfileUpdate {
  displayName?: string;
  profileImageUrl?: string | null;
}

/**
 * The signed-in user's profile in one team, with `update`.
 *
 * @example
 * const profile = await user.getTeamProfile(team);
 * await profile.update({ displayName: "Ada (Ops)" });
 */
export interface EditableTeamMemberProfile extends TeamMemberProfile {
  /** Changes the profile; the next `getTeamProfile` and `team.listUsers()` see the change. */
  update(data: TeamMemberProfileUpdate): Promise<void>;
}

/**
 * A member of a team, as listed by `team.listUsers()`.
 *
 * @example
 * for (const member of await team.listUsers()) console.log(member.id, member.teamProfile.displayName);
 */
export interface TeamUser {
  /** The member's user id. */
  id: string;
  teamProfile: TeamMemberProfile;
}

const members = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.members, async (session: Session, teamId: string) => {
    const query = { team_id: teamId };
    return (await ctx.core.request<ListJson<TeamMemberProfileJson>>({ expect: "items[]", path: "/team-member-profiles", query, session })).items;
  });

const ownProfile = (ctx: AppContext) =>
  resourceCache(ctx, CACHE.profile, (session: Session, teamId: string) =>
    ctx.core.request<TeamMemberProfileJson>({ expect: "user_id", path: `/team-member-profiles/${encodeURIComponent(teamId)}/me`, session }),
  );

/**
 * @internal The wire body of a profile update (`PATCH /team-member-profiles/{team}/{user}`), its fields checked first.
 * @example
 * const body = profileUpdateBody({ displayName: "Ada" }); // { display_name: "Ada", profile_image_url: undefined }
 */
export function profileUpdateBody(data: TeamMemberProfileUpdate) {
  const d = optionalObject(data, "team profile data");
  if (d.displayName !== undefined) requireText(d.displayName, "displayName");
  optionalNullableString(d.profileImageUrl, "profileImageUrl");
  return { display_name: d.displayName, profile_image_url: d.profileImageUrl };
}

/**
 * @internal camelCase fields of a member profile from the wire.
 * @example
 * profileFromJson(json).displayName;
 */
export const profileFromJson = (p: TeamMemberProfileJson): TeamMemberProfile => ({
  displayName: p.display_name,
  profileImageUrl: p.profile_image_url,
});

/** @internal The members of a team (cached per session and team; needs `$read_members`). */
export async function listTeamUsers(ctx: AppContext, session: Session, teamId: string): Promise<TeamUser[]> {
  return (await members(ctx).get([session, teamId])).map((p) => ({ id: p.user_id, teamProfile: profileFromJson(p) }));
}

/** @internal The user's own profile in `team` (cached), with `update` bound to it. */
export async function getTeamProfile(ctx: AppContext, session: Session, team: TeamRef): Promise<EditableTeamMemberProfile> {
  const teamId = teamIdOf(team);
  const json = await ownProfile(ctx).get([session, teamId]);
  return {
    ...profileFromJson(json),
    async update(data) {
      const body = profileUpdateBody(data);
      await ctx.core.request({ method: "PATCH", path: `/team-member-profiles/${encodeURIComponent(teamId)}/me`, session, body });
      await Promise.all([ownProfile(ctx).refresh([session, teamId]), members(ctx).refresh([session, teamId])]);
    },
  };
}
