import { useTranslation } from "../../i18n";
import { Avatar } from "./avatar";
import type { SettingsTeam } from "./types";

/**
 * The members of a team (needs `$read_members`): picture or initials, and their name in the team.
 * @internal
 * @example
 * {canRead && <TeamMembers team={team} userId={user.id} />}
 */
export function TeamMembers({ team, userId }: { team: SettingsTeam; userId: string }) {
  const t = useTranslation();
  const members = team.useUsers();
  return (
    <ul className="lk-list" aria-label={t("Members")}>
      {members.map((m) => (
        <li key={m.id}>
          <Avatar who={m.teamProfile} />
          <span className={m.teamProfile.displayName ? "lk-value lk-grow" : "lk-value lk-grow lk-muted"}>{m.teamProfile.displayName || t("No name set")}</span>
          {m.id === userId && <span className="lk-badge">{t("You")}</span>}
        </li>
      ))}
    </ul>
  );
}
