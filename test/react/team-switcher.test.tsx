/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { SelectedTeamSwitcher, TeamSwitcher } from "../../src/react/index";
import type { Team } from "../../src/index";
import { keyed } from "../integration/team-helpers";
import { expectNoAxeViolations } from "./axe";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";
import { expectAllTextTranslated, markedTranslations } from "./translation";

const emulator = useEmulator();

/** A signed-in user with their personal team and "Rocket" (created last, so selected). */
async function withTwoTeams() {
  const { app, navigations } = appFor(emulator.current);
  await signedUp(app);
  const user = await app.getUser({ or: "throw" });
  const rocket = await user.createTeam({ displayName: "Rocket" });
  const personal = (await user.listTeams()).find((t) => t.id !== rocket.id)!;
  return { app, navigations, rocket, personal };
}

const select = () => screen.getByRole("combobox", { name: "Team" }) as HTMLSelectElement;
const optionNames = () => [...select().options].map((o) => o.textContent);
const selectedTeamId = async (app: ReturnType<typeof appFor>["app"]) => (await app.getUser({ or: "throw" })).selectedTeam?.id ?? null;
async function shown(...args: Parameters<typeof renderWithApp>) {
  const result = renderWithApp(...args);
  await screen.findByRole("combobox", { name: /Team/ });
  await settled();
  return result;
}

test("SelectedTeamSwitcher: a select named Team showing the selected team; choosing one selects it", async () => {
  const { app, rocket, personal } = await withTwoTeams();
  const chosen: (Team | null)[] = [];
  const { container } = await shown(app, <SelectedTeamSwitcher onChange={(team) => chosen.push(team)} />);
  expect(select().value).toBe(rocket.id);
  expect(optionNames()).toEqual([personal.displayName, "Rocket", "Create a team"]);
  expect(screen.getByRole("button", { name: "Settings of team Rocket" })).toBeTruthy();
  await expectNoAxeViolations(container);
  await act(async () => fireEvent.change(select(), { target: { value: personal.id } }));
  expect(select().value).toBe(personal.id); // shown at once, while it is saved
  await waitFor(async () => expect(await selectedTeamId(app)).toBe(personal.id));
  expect(chosen.map((t) => t?.id)).toEqual([personal.id]);
  await waitFor(() => expect(screen.getByRole("button", { name: `Settings of team ${personal.displayName}` })).toBeTruthy());
  expect(select().value).toBe(personal.id);
});

test("urlMap goes to the chosen team's page; noUpdateSelectedTeam leaves the selection alone", async () => {
  const { app, navigations, rocket, personal } = await withTwoTeams();
  await shown(app, <SelectedTeamSwitcher noUpdateSelectedTeam urlMap={(team) => `/teams/${team.id}`} />);
  await act(async () => fireEvent.change(select(), { target: { value: personal.id } }));
  await waitFor(() => expect(navigations).toEqual([`/teams/${personal.id}`]));
  expect(await selectedTeamId(app)).toBe(rocket.id);
});

test("allowNull offers nullLabel, which clears the selection", async () => {
  const { app } = await withTwoTeams();
  await shown(app, <SelectedTeamSwitcher allowNull nullLabel="Personal space" />);
  expect(optionNames()[0]).toBe("Personal space");
  await act(async () => fireEvent.change(select(), { target: { value: select().options[0].value } }));
  await waitFor(async () => expect(await selectedTeamId(app)).toBeNull());
  await waitFor(() => expect(screen.queryByRole("button", { name: /^Settings of team/ })).toBeNull());
  expect(select().value).toBe(select().options[0].value);
});

test("a selectedTeam prop becomes the user's selected team", async () => {
  const { app, personal } = await withTwoTeams();
  await shown(app, <SelectedTeamSwitcher selectedTeam={personal} />);
  expect(select().value).toBe(personal.id);
  await waitFor(async () => expect(await selectedTeamId(app)).toBe(personal.id));
});

test("Create a team and the settings button go to account settings", async () => {
  const { app, navigations, rocket } = await withTwoTeams();
  await shown(app, <SelectedTeamSwitcher />);
  fireEvent.click(screen.getByRole("button", { name: "Settings of team Rocket" }));
  await act(async () => fireEvent.change(select(), { target: { value: [...select().options].find((o) => o.textContent === "Create a team")!.value } }));
  await waitFor(() => expect(navigations).toEqual([`${app.urls.accountSettings}#team-${rocket.id}`, `${app.urls.accountSettings}#team-creation`]));
  expect(select().value).toBe(rocket.id); // the action is not a choice
  expect(await selectedTeamId(app)).toBe(rocket.id);
});

test("TeamSwitcher only reports the choice; a failing onChange shows why and puts the choice back", async () => {
  const { app, rocket, personal } = await withTwoTeams();
  const onChange = jest.fn(async (team: Team) => {
    if (team.id === personal.id) throw new Error("You may not switch now.");
  });
  const { container } = await shown(app, <TeamSwitcher teamId={rocket.id} onChange={onChange} />);
  expect(select().value).toBe(rocket.id);
  await act(async () => fireEvent.change(select(), { target: { value: personal.id } }));
  expect((await screen.findByRole("alert")).textContent).toBe("You may not switch now.");
  expect(select().value).toBe(rocket.id);
  expect(onChange.mock.calls[0][0].id).toBe(personal.id);
  expect(await selectedTeamId(app)).toBe(rocket.id);
  await expectNoAxeViolations(container);
});

test("TeamSwitcher with given teams and nothing chosen asks to select one", async () => {
  const { app, rocket } = await withTwoTeams();
  await shown(app, <TeamSwitcher teams={[rocket]} />);
  expect(select().value).toBe("");
  expect(optionNames()).toEqual(["Select team", "Rocket", "Create a team"]);
});

test("signed out: no teams yet; without client team creation, no Create a team", async () => {
  const { app } = appFor(emulator.current);
  await keyed(emulator.current, "admin", "PATCH", "/internal/projects/current", { config: { client_team_creation_enabled: false } });
  try {
    const { container } = await shown(app, <SelectedTeamSwitcher />);
    expect(optionNames()).toEqual(["No teams yet"]);
    await expectNoAxeViolations(container);
  } finally {
    await keyed(emulator.current, "admin", "PATCH", "/internal/projects/current", { config: { client_team_creation_enabled: true } });
  }
});

test("every word goes through the translation table", async () => {
  const { app, personal } = await withTwoTeams();
  const { container } = await shown(app, <SelectedTeamSwitcher allowNull />, markedTranslations());
  expect(screen.getByRole("combobox", { name: "⟪Team⟫" })).toBeTruthy();
  expectAllTextTranslated(container, { allow: ["Rocket", personal.displayName, "R"] });
});

test("in a provider with lang, the switcher is marked as that language for screen readers", async () => {
  const { app } = await withTwoTeams();
  await shown(app, <SelectedTeamSwitcher />, undefined, "de-DE");
  expect(screen.getByRole("combobox", { name: "Team" }).closest("[lang]")?.getAttribute("lang")).toBe("de-DE");
});
