import { Suspense, useEffect, useState } from "react";
import { BaseStyles } from "../theme/base-styles";
import type { Team } from "../../resources/teams/client";
import { useApp, useUser } from "../provider";
import { useLang, useTranslation } from "../i18n";
import { describeError } from "../ui/errors";
import { initialsOf } from "../ui/initials";

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
  /**
   * A preview (as the official docs show one): with it, the switcher lists `mockTeams` (unless `teams` is given)
   * instead of the user's teams, offers "Create a team" only when `mockProject` allows it, and its links go
   * nowhere; `onChange` is still called. `mockUser.team` is shown as chosen when neither `team` nor `teamId` is
   * given (the official switcher leaves it unused).
   */
  mockUser?: { team?: MockTeam };
  /** The teams a preview lists (see `mockUser`). */
  mockTeams?: MockTeam[];
  /** What a preview follows of the project's configuration (see `mockUser`; default: no team creation). */
  mockProject?: { config: { clientTeamCreationEnabled: boolean } };
}

/**
 * A team of a team switcher's preview (`mockTeams`; the official type): what the switcher shows of a team.
 * @internal
 * @example
 * const design: MockTeam = { id: "team-3", displayName: "Design Team", profileImageUrl: null };
 */
export interface MockTeam {
  id: string;
  displayName: string;
  profileImageUrl?: string | null;
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
  // A preview reads neither the user nor the project (keyed apart, so that its hooks are its own).
  if (props.mockUser) return <Choices key="mock" {...props} teams={props.teams ?? ((props.mockTeams ?? []) as Team[])} />;
  // The user's teams are read by a component of their own, so signing in or out never changes this one's hooks.
  return props.teams || !user ? <Choices {...props} teams={props.teams ?? []} /> : <UserTeams key={user.id} user={user} props={props} />;
}

function UserTeams({ user, props }: { user: NonNullable<ReturnType<typeof useUser>>; props: Props }) {
  return <Choices {...props} teams={user.useTeams()} />;
}

function Choices({ team, teamId, teams, allowNull, nullLabel, triggerClassName, onChange, mockUser: mock, mockProject }: Props & { teams: Team[] }) {
  const t = useTranslation();
  const lang = useLang();
  const app = useApp();
  const navigate = app.useNavigate();
  const creation = mock ? mockProject?.config.clientTeamCreationEnabled : app.useProject().config.clientTeamCreationEnabled;
  const go = (url: string) => void (mock || navigate(url));
  const chosen = team ?? teams.find((x) => x.id === teamId) ?? (mock?.team as Team | undefined) ?? null;
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
    if (id === CREATE) return go(settings + "creation");
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
    <span className="lk lk-team-switch" lang={lang}>
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
          {creation && <option value={CREATE}>{t("Create a team")}</option>}
        </select>
        {shown && (
          <button
            type="button"
            className="lk-icon-btn"
            aria-label={t("Settings of team {team}", { team: shown.displayName })}
            title={t("Team settings")}
            onClick={() => go(settings + shown.id)}
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

/** The team's image, else the first letter of its name (the official team icon's rule, {@link initialsOf}). */
function TeamIcon({ team }: { team: Team }) {
  return (
    <span className="lk-avatar lk-team-icon" aria-hidden="true">
      {team.profileImageUrl ? <img src={team.profileImageUrl} alt="" /> : initialsOf(team, 1)}
    </span>
  );
}
