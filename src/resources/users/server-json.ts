// Wire shapes (JSON as the platform sends it) read with server access, shared by the server resource modules.
import type { TeamMemberProfileJson } from "../teams/profiles";
import type { CurrentUserJson, TeamJson } from "./current";

/**
 * @internal Wire shape of a team as servers read it: the client fields plus creation time and server metadata.
 * @example
 * const json: ServerTeamJson = { id, display_name: "Ops", profile_image_url: null, client_metadata: null, client_read_only_metadata: null, created_at_millis: 0, server_metadata: null };
 */
export interface ServerTeamJson extends TeamJson {
  created_at_millis: number;
  server_metadata: unknown;
}

/**
 * @internal The server read shape of a user (`/users*` with the secret server key).
 * @example
 * const json: ServerUserJson = await core.request({ path: `/users/${id}` });
 */
export interface ServerUserJson extends Omit<CurrentUserJson, "selected_team"> {
  primary_email_auth_enabled: boolean;
  server_metadata: unknown;
  last_active_at_millis: number;
  restricted_by_admin: boolean;
  restricted_by_admin_reason: string | null;
  restricted_by_admin_private_details: string | null;
  country_code: string | null;
  /** Sign-up risk scores (0–100); older servers may omit it. */
  risk_scores?: { sign_up: { bot: number; free_trial_abuse: number } };
  selected_team: ServerTeamJson | null;
}

/**
 * @internal Wire shape of a member profile read with server access: the client fields plus the server user.
 * @example
 * const json: ServerTeamMemberProfileJson = { team_id, user_id, display_name: null, profile_image_url: null, user };
 */
export interface ServerTeamMemberProfileJson extends TeamMemberProfileJson {
  user: ServerUserJson;
}
