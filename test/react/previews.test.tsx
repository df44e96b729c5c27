/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The official components' preview props (`mockProject`, `mockUser`, `mockTeams`, `mockApiKeys`, `mockSessions`), as
// the official docs and dashboard use them: what the component shows, and that a preview changes nothing.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AccountSettings, OAuthButtonGroup, SelectedTeamSwitcher, SignIn, SignUp, TeamSwitcher, UserButton } from "../../src/react/index";
import type { Team } from "../../src/index";
import { appFor, renderWithApp, settled, signedUp, useEmulator } from "./helpers";

const emulator = useEmulator();

// docs/src/components/stack-auth/sign-in.tsx's preview project
const mockProject = {
  config: { signUpEnabled: true, credentialEnabled: true, passkeyEnabled: true, magicLinkEnabled: true, oauthProviders: [{ id: "google" }, { id: "github" }] },
};
const mockTeams = [
  { id: "team-1", displayName: "Development Team", profileImageUrl: null },
  { id: "team-2", displayName: "Marketing Team", profileImageUrl: null },
  { id: "team-3", displayName: "design team" },
];

describe("SignIn, SignUp and OAuthButtonGroup: mockProject", () => {
  test("the sign-in page shows the mock project's methods, even to a signed-in user", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app); // without mockProject: "You are already signed in"
    renderWithApp(app, <SignIn mockProject={mockProject} firstTab="password" />);
    await settled();
    expect(screen.getByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
    expect(screen.queryByText("You are already signed in")).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in with Google" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with GitHub" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /passkey/i })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Email & Password", "Email"]);
    expect(screen.getByRole("link", { name: "Sign up" })).toBeTruthy();
  });

  test("a mock project's settings replace the project's: sign-up turned off, no passkey, OAuth only", async () => {
    const { app } = appFor(emulator.current);
    const off = { config: { ...mockProject.config, signUpEnabled: false } };
    const { unmount } = renderWithApp(app, <SignUp mockProject={off} />);
    await settled();
    expect(screen.getByText("Sign up for new users is not enabled at the moment.")).toBeTruthy();
    unmount();
    const oauthOnly = { config: { signUpEnabled: false, credentialEnabled: false, passkeyEnabled: false, magicLinkEnabled: false, oauthProviders: [{ id: "microsoft" }] } };
    renderWithApp(app, <SignIn mockProject={oauthOnly} />);
    await settled();
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Sign in with Microsoft"]);
    expect(screen.queryByRole("link", { name: "Sign up" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Email" })).toBeNull();
  });

  test("OAuthButtonGroup lists the mock project's providers instead of the project's", async () => {
    const { app } = appFor(emulator.current);
    renderWithApp(app, <OAuthButtonGroup type="sign-up" mockProject={{ config: { oauthProviders: [{ id: "discord" }, { id: "gitlab" }] } }} />);
    await settled();
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Sign up with Discord", "Sign up with GitLab"]);
  });
});

describe("UserButton: mockUser", () => {
  test("shows the mock user to a signed-out visitor; Account settings and Sign out do nothing", async () => {
    const { app, navigations } = appFor(emulator.current);
    renderWithApp(app, <UserButton showUserInfo mockUser={{ displayName: "John Doe", primaryEmail: "john.doe@example.com" }} />);
    const button = await screen.findByRole("button", { name: "Account menu for John Doe" });
    expect(button.textContent).toContain("John Doejohn.doe@example.com"); // showUserInfo
    fireEvent.click(button);
    expect(screen.getByRole("img", { name: "John Doe" }).textContent).toBe("JO"); // the menu's avatar
    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Account settings", "Sign out"]);
    await act(async () => fireEvent.click(within(menu).getByRole("menuitem", { name: "Account settings" })));
    fireEvent.click(screen.getByRole("button", { name: "Account menu for John Doe" }));
    await act(async () => fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Sign out" })));
    await settled();
    expect(navigations).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Account menu for John Doe" })).toBeTruthy();
  });

  test("a mock user without name or e-mail is the official preview's Mock User; a signed-in user stays signed in", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app);
    renderWithApp(app, <UserButton mockUser={{}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Account menu for Mock User" }));
    expect(screen.getByText("mock@example.com")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Mock User" }).textContent).toBe("MO");
    await act(async () => fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Sign out" })));
    await settled();
    expect(await app.getUser()).not.toBeNull();
  });
});

describe("TeamSwitcher and SelectedTeamSwitcher: mockUser, mockTeams, mockProject", () => {
  const select = () => screen.getByRole("combobox", { name: "Team" }) as HTMLSelectElement;
  const options = () => [...select().options].map((o) => o.textContent);

  test("TeamSwitcher lists the mock teams with the mock user's team chosen; only onChange acts", async () => {
    const { app, navigations } = appFor(emulator.current);
    const chosen: (string | undefined)[] = [];
    renderWithApp(
      app,
      <TeamSwitcher mockUser={{ team: mockTeams[0] }} mockTeams={mockTeams} mockProject={{ config: { clientTeamCreationEnabled: true } }} onChange={async (team) => void chosen.push(team.id)} />,
    );
    await screen.findByRole("combobox", { name: "Team" });
    expect(options()).toEqual(["Development Team", "Marketing Team", "design team", "Create a team"]);
    expect(select().value).toBe("team-1");
    await act(async () => fireEvent.change(select(), { target: { value: "team-3" } }));
    expect(chosen).toEqual(["team-3"]);
    expect(select().value).toBe("team-3");
    fireEvent.click(screen.getByRole("button", { name: "Settings of team design team" }));
    await act(async () => fireEvent.change(select(), { target: { value: "lk:create" } }));
    expect(navigations).toEqual([]);
  });

  test("without mockProject a preview offers no team creation, as the official one", async () => {
    const { app } = appFor(emulator.current);
    renderWithApp(app, <TeamSwitcher mockUser={{}} mockTeams={mockTeams.slice(0, 1)} />);
    await screen.findByRole("combobox", { name: "Team" });
    expect(options()).toEqual(["Select team", "Development Team"]);
  });

  test("SelectedTeamSwitcher previews the mock teams over a signed-in user's, and leaves the user's selection and the URL alone", async () => {
    const { app, navigations } = appFor(emulator.current);
    await signedUp(app);
    const user = await app.getUser({ or: "throw" });
    const own = await user.createTeam({ displayName: "Own team" });
    const chosen: (Team | null)[] = [];
    renderWithApp(
      app,
      <SelectedTeamSwitcher
        urlMap={(team) => `/teams/${team.id}`}
        onChange={(team) => chosen.push(team)}
        mockUser={{ selectedTeam: mockTeams[1] }}
        mockTeams={mockTeams}
        mockProject={{ config: { clientTeamCreationEnabled: false } }}
      />,
    );
    await screen.findByRole("combobox", { name: "Team" });
    await settled();
    expect(options()).toEqual(["Development Team", "Marketing Team", "design team"]);
    expect(select().value).toBe("team-2");
    await act(async () => fireEvent.change(select(), { target: { value: "team-1" } }));
    await settled();
    expect(chosen.map((t) => t?.id)).toEqual(["team-1"]);
    expect(navigations).toEqual([]);
    expect((await app.getUser({ or: "throw" })).selectedTeam?.id).toBe(own.id);
  });
});

describe("AccountSettings: mockUser, mockApiKeys, mockProject, mockSessions", () => {
  const nav = () => within(screen.getByRole("navigation", { name: "Account settings" }));
  const open = async (page: string) => {
    await act(async () => fireEvent.click(nav().getByRole("button", { name: page })));
    await settled();
    return screen.getByRole("region", { name: page });
  };
  const preview = (
    <AccountSettings
      mockProject={{ config: { allowUserApiKeys: true, clientTeamCreationEnabled: false } }}
      mockUser={{ displayName: "John Doe", profileImageUrl: undefined }}
      mockApiKeys={[
        { id: "key-1", description: "Development Key", createdAt: "2024-01-15T10:30:00.000Z", expiresAt: undefined, manuallyRevokedAt: undefined },
        { id: "key-2", description: "Production Key", createdAt: "2024-01-08T14:22:00.000Z", expiresAt: "2024-02-17T14:22:00.000Z", manuallyRevokedAt: undefined },
      ]}
    />
  );

  test("a preview needs no sign-in: the mock user's profile, the mock project's pages, no teams", async () => {
    const { app, navigations } = appFor(emulator.current);
    renderWithApp(app, preview);
    await settled();
    expect(navigations).toEqual([]); // not sent to sign-in
    expect(screen.getByRole("heading", { level: 1, name: "Account Settings" })).toBeTruthy();
    expect(nav().getAllByRole("button").map((b) => b.textContent)).toEqual(["My Profile", "Emails & Auth", "Notifications", "Active Sessions", "API Keys", "Settings"]);
    const profile = screen.getByRole("region", { name: "My Profile" });
    expect(within(profile).getByText("John Doe")).toBeTruthy();
    expect(within(profile).getByRole("img", { name: "John Doe" }).textContent).toBe("JO");
  });

  test("the mock API keys and the official preview's sample sessions are listed", async () => {
    const { app } = appFor(emulator.current);
    renderWithApp(app, preview);
    await settled();
    const keys = within(await open("API Keys")).getByRole("list", { name: "API keys" });
    const items = within(keys).getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toMatch(/^Development Key.*Ends in ey-1/);
    expect(items[1]).toMatch(/^Production KeyExpired/);
    const sessions = within(await open("Active Sessions")).getByRole("list", { name: "Sessions" });
    expect(within(sessions).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^This sessionCurrentIP 192\.168\.1\.1 · San Francisco/),
      expect.stringMatching(/IP 10\.0\.0\.1 · New York.*Revoke$/),
    ]);
  });

  test("every change a preview would make is refused, and says so", async () => {
    const { app } = appFor(emulator.current);
    renderWithApp(app, preview);
    await settled();
    fireEvent.click(screen.getByRole("button", { name: "Edit user name" }));
    fireEvent.change(screen.getByRole("textbox", { name: "User name" }), { target: { value: "Jane" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Not available in this preview.");
    const sessions = await open("Active Sessions");
    await act(async () => fireEvent.click(within(sessions).getByRole("button", { name: "Revoke" })));
    expect((await within(sessions).findByRole("alert")).textContent).toBe("Not available in this preview.");
    expect(within(sessions).getAllByRole("listitem")).toHaveLength(2);
  });

  test("mockSessions and mockProject alone: a signed-in user's settings with those sessions and pages", async () => {
    const { app } = appFor(emulator.current);
    const { email } = await signedUp(app);
    renderWithApp(
      app,
      <AccountSettings
        mockProject={{ config: { allowUserApiKeys: false, clientTeamCreationEnabled: false } }}
        mockSessions={[{ id: "s-1", isCurrentSession: false, isImpersonation: true, createdAt: "2024-03-01T08:00:00.000Z", geoInfo: { ip: "203.0.113.9" } }]}
      />,
    );
    await settled();
    expect(nav().queryByRole("button", { name: "API Keys" })).toBeNull();
    expect(nav().queryByRole("button", { name: "Create a team" })).toBeNull();
    expect(within(screen.getByRole("region", { name: "My Profile" })).getByRole("img", { name: email })).toBeTruthy();
    const sessions = await open("Active Sessions");
    expect(within(sessions).getAllByRole("listitem").map((li) => li.textContent)).toEqual([expect.stringMatching(/^Impersonation session.*IP 203\.0\.113\.9/)]);
  });

  test("switching a page between preview and signed-in keeps working (its hooks are its own)", async () => {
    const { app } = appFor(emulator.current);
    await signedUp(app);
    const { rerender } = renderWithApp(app, preview);
    await settled();
    expect(screen.getByText("John Doe")).toBeTruthy();
    await act(async () => rerender(<AccountSettings />));
    await settled();
    await waitFor(() => expect(screen.queryByText("John Doe")).toBeNull());
    expect(nav().getByRole("button", { name: "Create a team" })).toBeTruthy();
  });
});
