import type { CurrentUser } from "../../../apps/current-user";
import type { TeamUser } from "../../../resources/teams/profiles";
import type { Team } from "../../../resources/teams/client";
import type { TeamHooks } from "../../hooks/team-hooks";
import type { UserHooks } from "../../hooks/user-hooks";

/** @internal The user object the settings pages act on (from `useUser`, with its hooks). */
export type SettingsUser = CurrentUser & UserHooks;
/** @internal A team object from `user.useTeams()`, with its hooks. */
export type SettingsTeam = Team & TeamHooks<TeamUser>;

/** @internal Ends the page (sign-out, account deletion): shows `status` instead of the settings while `action` runs.
 * @example
 * const end: EndPage = async (status, action) => { setStatus(status); await action(); };
 */
export type EndPage = (status: string, action: () => Promise<unknown>) => Promise<void>;
