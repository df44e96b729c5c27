import { Suspense, useEffect, useRef } from "react";
import type { Team } from "../../resources/teams/client";
import { useApp, useUser } from "../provider";
import { TeamSwitcher } from "./team-switcher";
import type { MockTeam } from "./team-switcher";

/**
 * Props of {@link SelectedTeamSwitcher}.
 * @example
 * const props: SelectedTeamSwitcherProps = { urlMap: (team) => `/teams/${team.id}` };
 */
export interface SelectedTeamSwitcherProps<AllowNull extends boolean = false> {
  /** Where to go after a choice (e.g. the team's page); without it the page stays. */
  urlMap?: (team: AllowNull extends true ? Team | null : Team) => string;
  /** The team to show as chosen (default: the user's selected team); it becomes the selected team unless `noUpdateSelectedTeam`. */
  selectedTeam?: Team;
  /** Leaves the user's selected team alone: only `onChange` and `urlMap` act on a choice. */
  noUpdateSelectedTeam?: boolean;
  /** Offers "No team" (or `nullLabel`), which clears the selection. */
  allowNull?: AllowNull;
  /** The text of the "no team" choice. */
  nullLabel?: string;
  /** Called with the chosen team (or null) first. */
  onChange?: (team: AllowNull extends true ? Team | null : Team) => void;
  /** A class name for the select element. */
  triggerClassName?: string;
  /**
   * A preview (as the official docs show one): with it, the switcher lists `mockTeams` with `selectedTeam` (else
   * `mockUser.selectedTeam`) chosen, offers "Create a team" only when `mockProject` allows it, and a choice only
   * calls `onChange`: the user's selected team is left alone and `urlMap` is not followed.
   */
  mockUser?: { selectedTeam?: MockTeam };
  /** The teams a preview lists (see `mockUser`). */
  mockTeams?: MockTeam[];
  /** What a preview follows of the project's configuration (see `mockUser`; default: no team creation). */
  mockProject?: { config: { clientTeamCreationEnabled: boolean } };
}

/**
 * A select of the signed-in user's teams (named "Team") showing their selected team: choosing one calls
 * `onChange`, makes it the user's selected team (`user.setSelectedTeam`, unless `noUpdateSelectedTeam`), then goes to
 * `urlMap(team)` when given. A `selectedTeam` prop is made the selected team when it differs.
 *
 * @example
 * <SelectedTeamSwitcher urlMap={(team) => `/teams/${team.id}`} />
 */
export function SelectedTeamSwitcher<AllowNull extends boolean = false>(props: SelectedTeamSwitcherProps<AllowNull>) {
  return (
    <Suspense fallback={<span className="lk-input lk-team-select" aria-hidden="true" />}>
      <Selected {...(props as SelectedTeamSwitcherProps<boolean>)} />
    </Suspense>
  );
}

function Selected(props: SelectedTeamSwitcherProps<boolean>) {
  const app = useApp();
  const user = useUser();
  const navigate = app.useNavigate();
  const { selectedTeam, noUpdateSelectedTeam, urlMap, onChange, mockUser: mock } = props;
  const current = user?.selectedTeam?.id;
  // A selectedTeam prop becomes the user's selected team (asked once per team).
  const asked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (mock || !user || !selectedTeam || noUpdateSelectedTeam || selectedTeam.id === current || asked.current === selectedTeam.id) return;
    asked.current = selectedTeam.id;
    user.setSelectedTeam(selectedTeam).catch((error: unknown) => {
      asked.current = undefined;
      console.error("latchkey: could not select the team given to <SelectedTeamSwitcher>:", error);
    });
  }, [user, selectedTeam, noUpdateSelectedTeam, current, mock]);
  return (
    <TeamSwitcher<boolean>
      team={selectedTeam ?? ((mock ? mock.selectedTeam : user?.selectedTeam) as Team | undefined) ?? undefined}
      allowNull={props.allowNull}
      nullLabel={props.nullLabel}
      triggerClassName={props.triggerClassName}
      mockUser={mock && {}}
      mockTeams={props.mockTeams}
      mockProject={props.mockProject}
      onChange={async (team) => {
        onChange?.(team);
        if (mock) return;
        if (!noUpdateSelectedTeam) await user?.setSelectedTeam(team);
        if (urlMap) await navigate(urlMap(team));
      }}
    />
  );
}
