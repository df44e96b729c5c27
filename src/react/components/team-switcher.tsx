import { Suspense, useEffect, useState } from "react";
import { BaseStyles } from "../theme/base-styles";
import type { Team } from "../../resources/teams/client";
import { useApp, useUser } from "../provider";
import { useTranslation } from "../i18n";
import { describeError } from "../ui/errors";

/**
 * Props of {@link TeamSwitcher}.
 * @example
 * const props: TeamSwitcherProps = { teamId: "team_1", onChange: (team) => router.push(`/teams/${team?.id}`) };
 */
export interface TeamSwitcherProps<AllowNull extends boolean = false> {
  /** The team shown as chosen. */
  team?: Team;
  /** The id of the team shown as chosen (when `team` is not given). */
  teamId?: string;
  /** The teams to choose from (default: the signed-in user's teams). */
  teams?: Team[];
  /** Offers "No team" (or `nullLabel`) too. */
  allowNull?: AllowNull;
  /** The text of the "no team" choice. */
  nullLabel?: string;
  /** A class name for the select element. */
  triggerClassName?: string;
  /** Called with the chosen team (or null); while its promise runs the choice shows, and a rejection is shown. */
  onChange?: (team: AllowNull extends true ? Team | null : Team) => void | Promise<void>;
}

const NONE = "lk:none";
const CREATE = "lk:create";

/**
 * A select of teams (named "Team") that tells you which one was chosen; it changes nothing by itself (see
 * {@link SelectedTeamSwitcher} for the one that selects the user's team). When the project lets users create
 * teams, it also offers "Create a team" (account settings); a chosen team gets a "Team settings" button.
 *
 * @example
 * <TeamSwitcher teamId={params.teamId} onChange={(team) => navigate(`/teams/${team.id}`)} />
 */
export function TeamSwitcher<AllowNull extends boolean = false>(props: TeamSwitcherProps<AllowNull>) {
  return (
    <Suspense fallback={<span className="lk-input lk-team-select" aria-hidden="true" />}>
      <TeamSelect {...(props as Props)} />
    </Suspense>
  );
}

type Props = TeamSwitcherProps<boolean>;

function TeamSelect(props: Props) {
  const user = useUser();
  // The user's teams are read by a component of their own, so signing in or out never changes this one's hooks.
  return props.teams || !user ? <Choices {...props} teams={props.teams ?? []} /> : <UserTeams key={user.id} user={user} props={props} />;
}

function UserTeams({ user, props }: { user: NonNullable<ReturnType<typeof useUser>>; props: Props }) {
  return <Choices {...props} teams={user.useTeams()} />;
}

function Choices({ team, teamId, teams, allowNull, nullLabel, triggerClassName, onChange }: Props & { teams: Team[] }) {
  const t = useTranslation();
  const app = useApp();
  const navigate = app.useNavigate();
  const project = app.useProject();
  const chosen = team ?? teams.find((x) => x.id === teamId) ?? null;
  const list = chosen && !teams.some((x) => x.id === chosen.id) ? [chosen, ...teams] : teams;
  // The choice in flight: shown until onChange settles and the chosen team follows (or it fails).
  const [pending, setPending] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setPending(undefined), [chosen?.id]);
  const value = pending ?? chosen?.id ?? (allowNull ? NONE : "");
  const shown = list.find((x) => x.id === value);
  const settings = `${app.urls.accountSettings}#team-`;

  const pick = async (id: string) => {
    setError(null);
    if (id === CREATE) return navigate(settings + "creation");
    setPending(id);
    try {
      await onChange?.((id === NONE ? null : list.find((x) => x.id === id)) as Team);
    } catch (e) {
      setPending(undefined);
      const { text, values } = describeError(e);
      setError(t(text, values));
    }
  };

  return (
    <span className="lk lk-team-switch">
      <BaseStyles />
      <span className="lk-row">
        {shown && <TeamIcon team={shown} />}
        <select
          className={["lk-input lk-team-select", triggerClassName].filter(Boolean).join(" ")}
          aria-label={t("Team")}
          value={value}
          onChange={(event) => void pick(event.target.value)}
        >
          {value === "" && (
            <option value="" disabled>
              {list.length ? t("Select team") : t("No teams yet")}
            </option>
          )}
          {allowNull && <option value={NONE}>{nullLabel || t("No team")}</option>}
          {list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.displayName}
            </option>
          ))}
          {project.config.clientTeamCreationEnabled && <option value={CREATE}>{t("Create a team")}</option>}
        </select>
        {shown && (
          <button
            type="button"
            className="lk-icon-btn"
            aria-label={t("Settings of team {team}", { team: shown.displayName })}
            title={t("Team settings")}
            onClick={() => void navigate(settings + shown.id)}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
              <circle cx="15" cy="6" r="2" />
              <circle cx="9" cy="12" r="2" />
              <circle cx="17" cy="18" r="2" />
            </svg>
          </button>
        )}
      </span>
      {error && (
        <span role="alert" className="lk-error">
          {error}
        </span>
      )}
    </span>
  );
}

/** The team's image, else its first letter. */
function TeamIcon({ team }: { team: Team }) {
  return (
    <span className="lk-avatar lk-team-icon" aria-hidden="true">
      {team.profileImageUrl ? <img src={team.profileImageUrl} alt="" /> : team.displayName.trim().slice(0, 1).toUpperCase()}
    </span>
  );
}
