import type { CurrentServerUser } from "../../apps/server-user-lookup";
import type { ServerUser } from "../../resources/users/server-types";
import type { CurrentUser } from "../../apps/current-user";
import type { ActiveSession } from "../../resources/sessions/client";
import type { ApiKey } from "../../resources/api-keys/client";
import type { ContactChannel } from "../../resources/contact-channels/client";
import type { NotificationCategory } from "../../resources/notification-categories/client";
import type { TeamPermission } from "../../resources/permissions/client";
import type { ReceivedTeamInvitation } from "../../resources/teams/invitations";
import type { Team } from "../../resources/teams/client";
import { guardUserDestructuring } from "../../resources/users/guard";
import { ANY } from "../../cache/observer";
import { augment } from "./augment";
import { argKey } from "./reader";
import type { Reader, ReadWatch } from "./reader";
import { withTeamHooks } from "./team-hooks";
import type { TeamHooks } from "./team-hooks";

type TeamRef = { id: string } | string;
const teamId = (team: TeamRef) => (typeof team === "string" ? team : team.id);

/**
 * The hooks a user object handed out by `useUser()` has, beside its `list…`/`get…` methods (official names):
 * each suspends while loading and re-renders when what it read changes. Teams come with {@link TeamHooks}.
 *
 * @example
 * function MyTeams() {
 *   const user = useUser({ or: "redirect" });
 *   const teams = user.useTeams();
 *   return <ul>{teams.map((t) => <li key={t.id}>{t.displayName}</li>)}</ul>;
 * }
 */
export interface UserHooks {
  /** The selected team, with the {@link TeamHooks}. */
  readonly selectedTeam: (Team & TeamHooks) | null;
  useTeams(): (Team & TeamHooks)[];
  useTeam(teamId: string): (Team & TeamHooks) | null;
  useContactChannels(): ContactChannel[];
  usePermissions(team?: TeamRef, options?: { recursive?: boolean }): TeamPermission[];
  usePermissions(options?: { recursive?: boolean }): TeamPermission[];
  usePermission(team: TeamRef, permissionId: string): TeamPermission | null;
  usePermission(permissionId: string): TeamPermission | null;
  useApiKeys(): ApiKey<"user">[];
  useActiveSessions(): ActiveSession[];
  useNotificationCategories(): NotificationCategory[];
  useTeamInvitations(): ReceivedTeamInvitation[];
  useTeamProfile(team: TeamRef): Awaited<ReturnType<CurrentUser["getTeamProfile"]>>;
  useOAuthProviders(): Awaited<ReturnType<CurrentUser["listOAuthProviders"]>>;
  useOAuthProvider(id: string): Awaited<ReturnType<CurrentUser["getOAuthProvider"]>>;
  useConnectedAccounts(): Awaited<ReturnType<CurrentUser["listConnectedAccounts"]>>;
  useConnectedAccount(account: { provider: string; providerAccountId: string }): Awaited<ReturnType<CurrentUser["listConnectedAccounts"]>>[number] | null;
}

/** @internal What `useUser()` hands out: the current user (client or server form) or a user a server app read. */
export type AnyUser = CurrentUser | CurrentServerUser | ServerUser;

/**
 * `user` (a client or server user) with the {@link UserHooks}, each reading through `read` (its app's observer).
 * Its selected team gets the team hooks too.
 * @internal
 * @example
 * const user = withUserHooks(read, await app.getUser());
 */
export function withUserHooks<U extends AnyUser>(read: Reader, user: U): U & UserHooks;
export function withUserHooks<U extends AnyUser>(read: Reader, user: U | null): (U & UserHooks) | null;
export function withUserHooks<U extends AnyUser>(reader: Reader, user: U | null): (U & UserHooks) | null {
  if (!user) return null;
  const u: AnyUser = user;
  const id = u.id;
  // A signed-in user's reads stop once their session ends (sign-out): the page showing them is about to leave.
  const session = "_internalSession" in u ? u._internalSession : undefined;
  const hold = session && (() => session.isKnownToBeInvalid());
  const read = <T>(name: string, watch: ReadWatch[], load: () => Promise<T>) => reader(`user:${id}:${name}`, watch, load, undefined, hold);
  const teams = (): ReadWatch[] => [["teams", ANY], ["server-teams", ANY, id]];
  const permissionWatch = (team: string | undefined): ReadWatch[] =>
    team === undefined
      ? [["project-permissions", ANY], ["server-user-project-permissions", id]]
      : [["team-permissions", ANY, team], ["server-user-team-permissions", id, team]];
  const team = (t: Team) => withTeamHooks(reader, t, hold);
  const hooks: Omit<UserHooks, "selectedTeam"> = {
    useTeams: () => read("teams", teams(), async () => (await u.listTeams()).map(team)),
    useTeam: (teamId: string) =>
      read(`team:${argKey(teamId)}`, teams(), async () => {
        const found = await u.getTeam(teamId);
        return found && team(found);
      }),
    useContactChannels: () =>
      read("channels", [["contact-channels", ANY], ["server-user-contact-channels", id]], () => u.listContactChannels()),
    usePermissions: (a?: TeamRef | { recursive?: boolean }, b?: { recursive?: boolean }) => {
      const inTeam = a !== undefined && (typeof a === "string" || "id" in a);
      const teamOf = inTeam ? teamId(a) : undefined;
      const options = inTeam ? b : a;
      return read(`permissions:${argKey([teamOf, options])}`, permissionWatch(teamOf), () =>
        inTeam ? u.listPermissions(a, b) : u.listPermissions(options),
      );
    },
    usePermission: (a: TeamRef, b?: string) => {
      const teamOf = b === undefined ? undefined : teamId(a);
      return read(`permission:${argKey([teamOf, b ?? a])}`, permissionWatch(teamOf), () =>
        b === undefined ? u.getPermission(teamId(a)) : u.getPermission(a, b),
      );
    },
    useApiKeys: () => read("api-keys", [["api-keys", ANY, "user"]], () => u.listApiKeys()), // keyed by "me" or the id
    useActiveSessions: () => read("sessions", [["sessions", ANY], ["server-user-sessions", id]], () => u.getActiveSessions()),
    useNotificationCategories: () =>
      read("notification-categories", [["notification-categories", ANY], ["server-user-notification-categories", id]], () =>
        u.listNotificationCategories(),
      ),
    useTeamInvitations: () =>
      read("team-invitations", [["team-invitations-received", ANY], ["server-user-team-invitations", id]], () => u.listTeamInvitations()),
    useTeamProfile: (teamRef: TeamRef) =>
      read(`team-profile:${teamId(teamRef)}`, [["team-profile", ANY, teamId(teamRef)], ["server-user-team-profiles", id, teamId(teamRef)], ["request"]], () =>
        u.getTeamProfile(teamRef),
      ),
    useOAuthProviders: () => read("oauth-providers", [["oauth-providers", ANY], ["server-oauth-providers", ANY, id]], () => u.listOAuthProviders()),
    useOAuthProvider: (providerId: string) =>
      read(`oauth-provider:${argKey(providerId)}`, [["oauth-providers", ANY], ["server-oauth-providers", ANY, id]], () => u.getOAuthProvider(providerId)),
    useConnectedAccounts: () =>
      read("connected-accounts", [["connected-accounts", ANY], ["server-user-connected-accounts", id]], () => u.listConnectedAccounts()),
    useConnectedAccount: (account) =>
      read(`connected-account:${argKey(account)}`, [["connected-accounts", ANY], ["server-user-connected-accounts", id]], () =>
        u.getConnectedAccount(account),
      ),
  };
  const copy = augment(user, hooks);
  // The selected team stays an enumerable field (its data counts when the observer compares two reads).
  const withTeam = Object.assign(copy, { selectedTeam: u.selectedTeam && team(u.selectedTeam) });
  // The copy keeps the user's guard: `const { user } = useUser()` throws an error explaining the mistake.
  return guardUserDestructuring(withTeam) as U & UserHooks;
}
