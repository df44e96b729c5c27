import type { ClientApp } from "../../apps/client-app";
import type { CurrentUser } from "../../apps/current-user";
import type { ActiveSession } from "../../resources/client/sessions";
import type { ApiKey } from "../../resources/client/api-keys";
import type { ContactChannel } from "../../resources/client/contact-channels";
import type { NotificationCategory } from "../../resources/client/notification-categories";
import type { TeamPermission } from "../../resources/client/permissions";
import type { ReceivedTeamInvitation } from "../../resources/client/team-invitations";
import type { Team } from "../../resources/client/teams";
import { guardUserDestructuring } from "../../resources/client/user-guard";
import { ANY } from "../store";
import type { Watch } from "../store";
import { augment, augmentEach } from "./augment";
import { argKey, useRead } from "./use-read";
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

/**
 * `user` (a client or server user) with the {@link UserHooks}, read through `app`'s store. Its selected team
 * gets the team hooks too.
 * @internal
 * @example
 * const user = withUserHooks(app, await app.getUser());
 */
export function withUserHooks<U extends object | null>(app: ClientApp, user: U): U extends null ? null : U & UserHooks {
  if (!user) return null as any;
  const u = user as unknown as CurrentUser & { selectedTeam: Team | null };
  const id = u.id;
  // A signed-in user's reads stop once their session ends (sign-out): the page showing them is about to leave.
  const session = (u as { _internalSession?: { isKnownToBeInvalid(): boolean } })._internalSession;
  const hold = session && (() => session.isKnownToBeInvalid());
  const read = <T>(name: string, watch: Watch[], load: () => Promise<T>) => useRead(app, `user:${id}:${name}`, watch, load, hold);
  const teams = (): Watch[] => [["teams", ANY], ["server-teams", ANY, id]];
  const permissionWatch = (team: string | undefined): Watch[] =>
    team === undefined
      ? [["project-permissions", ANY], ["server-user-project-permissions", id]]
      : [["team-permissions", ANY, team], ["server-user-team-permissions", id, team]];
  const hooks: UserHooks = {
    useTeams: () => read("teams", teams(), async () => augmentEach(await u.listTeams(), (t) => withTeamHooks(app, t, hold))),
    useTeam: (team: string) =>
      read(`team:${argKey(team)}`, teams(), async () => augmentEach(await u.getTeam(team), (t) => withTeamHooks(app, t, hold))),
    useContactChannels: () =>
      read("channels", [["contact-channels", ANY], ["server-user-contact-channels", id]], () => u.listContactChannels()),
    usePermissions: (a?: any, b?: any) => {
      const team = a === undefined || (typeof a === "object" && !("id" in a)) ? undefined : teamId(a);
      const options = team === undefined ? a : b;
      return read(`permissions:${argKey([team, options])}`, permissionWatch(team), () =>
        team === undefined ? u.listPermissions(options) : u.listPermissions(a, options),
      );
    },
    usePermission: (a: any, b?: any) => {
      const team = b === undefined ? undefined : teamId(a);
      return read(`permission:${argKey([team, b ?? a])}`, permissionWatch(team), () => (b === undefined ? u.getPermission(a) : u.getPermission(a, b)));
    },
    useApiKeys: () => read("api-keys", [["api-keys", ANY, "user"]], () => u.listApiKeys()), // keyed by "me" or the id
    useActiveSessions: () => read("sessions", [["sessions", ANY], ["server-user-sessions", id]], () => u.getActiveSessions()),
    useNotificationCategories: () =>
      read("notification-categories", [["notification-categories", ANY], ["server-user-notification-categories", id]], () =>
        u.listNotificationCategories(),
      ),
    useTeamInvitations: () =>
      read("team-invitations", [["team-invitations-received", ANY], ["server-user-team-invitations", id]], () => u.listTeamInvitations()),
    useTeamProfile: (team: TeamRef) =>
      read(`team-profile:${teamId(team)}`, [["team-profile", ANY, teamId(team)], ["server-user-team-profiles", id, teamId(team)], ["request"]], () =>
        u.getTeamProfile(team as any),
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
  } as UserHooks;
  const withHooks = augment(u, hooks as unknown as Record<string, (...args: any[]) => unknown>);
  if (u.selectedTeam) (withHooks as { selectedTeam: unknown }).selectedTeam = withTeamHooks(app, u.selectedTeam as any, hold);
  // The copy keeps the user's guard: `const { user } = useUser()` throws an error explaining the mistake.
  return guardUserDestructuring(withHooks) as any;
}
