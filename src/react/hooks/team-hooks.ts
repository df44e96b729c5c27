import type { ApiKey } from "../../resources/api-keys/client";
import type { SentTeamInvitation } from "../../resources/teams/invitations";
import type { TeamUser } from "../../resources/teams/profiles";
import { ANY } from "../../cache/observer";
import { augment } from "./augment";
import type { Reader } from "./reader";

/**
 * The hooks a team object handed out by latchkey's React hooks has, beside its `list…` methods: each reads the
 * same data, suspends while loading and re-renders when it changes.
 *
 * @example
 * function Members({ team }: { team: Team & TeamHooks }) {
 *   const members = team.useUsers();
 *   return <ul>{members.map((m) => <li key={m.id}>{m.teamProfile.displayName}</li>)}</ul>;
 * }
 */
export interface TeamHooks<U = TeamUser> {
  /** `listUsers()` as a hook. */
  useUsers(): U[];
  /** `listInvitations()` as a hook. */
  useInvitations(): SentTeamInvitation[];
  /** `listApiKeys()` as a hook. */
  useApiKeys(): ApiKey<"team">[];
}

interface TeamLike {
  id: string;
  listUsers(): Promise<unknown[]>;
  listInvitations(): Promise<SentTeamInvitation[]>;
  listApiKeys(): Promise<ApiKey<"team">[]>;
}

/**
 * `team` with the {@link TeamHooks}, each reading through `read` (its app's observer); `hold` says when the session it was read through ended.
 * @internal
 * @example
 * const teams = (await user.listTeams()).map((t) => withTeamHooks(read, t));
 */
export function withTeamHooks<T extends TeamLike>(read: Reader, team: T, hold?: () => boolean): T & TeamHooks<Awaited<ReturnType<T["listUsers"]>>[number]> {
  const key = `team:${team.id}:`;
  return augment(team, {
    useUsers: () => read(key + "users", [["team-members", ANY, team.id], ["server-team-members", ANY, team.id]], () => team.listUsers(), undefined, hold),
    useInvitations: () => read(key + "invitations", [["team-invitations-sent", ANY, team.id], ["request"]], () => team.listInvitations(), undefined, hold),
    useApiKeys: () => read(key + "api-keys", [["api-keys", ANY, "team", team.id]], () => team.listApiKeys(), undefined, hold),
  });
}
