import type { AuthContext } from "../../auth/context";
import type { TeamMemberProfile } from "../client/team-profiles";
import { SERVER } from "./server-cache-keys";
import type { ServerTeamMemberProfileJson } from "./server-json";
import { members } from "./server-team-memberships";
import { serverUserFromJson } from "./server-users";
import type { ServerUser } from "./server-users";

/**
 * A member of a team as a server lists it: the full {@link ServerUser} (fields and actions) plus
 * `teamProfile`, the member's name and image in this team.
 *
 * @example
 * for (const member of await team.listUsers()) console.log(member.primaryEmail, member.teamProfile.displayName);
 */
export type ServerTeamUser = ServerUser & { teamProfile: TeamMemberProfile };

/** @internal A member profile as a server user with its team profile. */
export function serverTeamUserFromJson(ctx: AuthContext, p: ServerTeamMemberProfileJson): ServerTeamUser {
  return { ...serverUserFromJson(ctx, p.user), teamProfile: { displayName: p.display_name, profileImageUrl: p.profile_image_url } };
}

/** @internal The members of a team with their users (cached per team). */
export async function listServerTeamUsers(ctx: AuthContext, teamId: string): Promise<ServerTeamUser[]> {
  return (await members(ctx).get([SERVER, teamId])).map((p) => serverTeamUserFromJson(ctx, p));
}
