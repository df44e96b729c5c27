/**
 * An app's React code written against `@stackframe/react`: every component the official package exports, used as
 * its docs and examples use it (the platform repository's docs/content/docs/components/*.mdx, docs/src/components/
 * stack-auth/*.tsx, examples/react-example, examples/lovable-react-18-example, examples/demo, apps/dashboard), plus,
 * for the components no snippet shows (EmailVerification, CliAuthConfirmation, TeamSwitcher), every prop of the
 * official typings.
 *
 * `official-components.test.ts` compiles it as is (valid official code) and with `@stackframe/react` resolved to
 * latchkey/react. Nothing here runs. Where a snippet does not compile against the official typings either, the
 * change is noted.
 */
import type { ReactNode } from "react";
import {
  AccountSettings,
  AuthPage,
  CliAuthConfirmation,
  CredentialSignIn,
  CredentialSignUp,
  EmailVerification,
  ForgotPassword,
  MagicLinkSignIn,
  MessageCard,
  OAuthButton,
  OAuthButtonGroup,
  PasswordReset,
  SelectedTeamSwitcher,
  SignIn,
  SignUp,
  StackClientApp,
  StackHandler,
  StackProvider,
  StackTheme,
  TeamSwitcher,
  UserAvatar,
  UserButton,
  useUser,
  type Team,
} from "@stackframe/react";

declare const env: Record<string, string>;
declare function useLocation(): { pathname: string };
declare function useNavigate(): (to: string) => void;
declare function SettingsIcon(): ReactNode;
declare function CustomContent(): ReactNode;
declare function CustomIcon(): ReactNode;

// examples/react-example/src/stack.ts
export const stackClientApp = new StackClientApp({
  projectId: env.VITE_STACK_PROJECT_ID,
  publishableClientKey: env.VITE_STACK_PUBLISHABLE_CLIENT_KEY,
  baseUrl: env.VITE_STACK_API_URL,
  tokenStore: "cookie",
  redirectMethod: { useNavigate },
});

// examples/react-example/src/App.tsx, examples/lovable-react-18-example/src/App.tsx (the issue's example)
export function HandlerRoutes() {
  const location = useLocation();
  return <StackHandler app={stackClientApp} location={location.pathname} fullPage />;
}

export function App({ children }: { children: ReactNode }) {
  return (
    <StackProvider app={stackClientApp}>
      <StackTheme>{children}</StackTheme>
    </StackProvider>
  );
}

// docs: customization/internationalization.mdx, components/stack-provider.mdx
export const german = (
  <StackProvider app={stackClientApp} lang={"de-DE"} translationOverrides={{ "Sign in": "Einloggen", "Sign In": "Einloggen" }}>
    <p>…</p>
  </StackProvider>
);

// docs: components/stack-theme.mdx, customization/custom-styles.mdx
const theme = {
  light: {
    primary: "red",
  },
  dark: {
    primary: "#00FF00",
  },
  radius: "8px",
};
export const themed = (
  <StackTheme theme={theme} nonce="abc">
    <p>children</p>
  </StackTheme>
);

// docs: components/sign-in.mdx, sign-up.mdx, customization/custom-pages; docs/src/components/stack-auth/sign-in.tsx
const mockProject = {
  config: {
    signUpEnabled: true,
    credentialEnabled: true,
    passkeyEnabled: true,
    magicLinkEnabled: true,
    oauthProviders: [{ id: "google" }, { id: "github" }],
  },
};
export const signIns = [
  <SignIn />,
  <SignIn fullPage />,
  <SignIn fullPage={true} automaticRedirect={true} firstTab="password" extraInfo={<>When signing in, you agree to our <a href="/terms">Terms</a></>} />,
  <SignIn mockProject={mockProject} />,
  <SignIn firstTab="password" mockProject={mockProject} />,
  <SignUp />,
  <SignUp fullPage />,
  <SignUp fullPage={true} automaticRedirect={true} firstTab="password" noPasswordRepeat extraInfo={<>By signing up, you agree to our <a href="/terms">Terms</a></>} />,
  // apps/dashboard: the onboarding wizard's and the auth-methods page's preview
  <AuthPage type="sign-in" mockProject={mockProject} />,
  <AuthPage type="sign-up" fullPage noPasswordRepeat firstTab="magic-link" automaticRedirect={false} extraInfo="terms" />,
];

// docs: components/credential-sign-in.mdx, credential-sign-up.mdx, magic-link-sign-in.mdx, oauth-button(-group).mdx
export const blocks = [
  <CredentialSignIn />,
  <CredentialSignUp />,
  <CredentialSignUp noPasswordRepeat />,
  <MagicLinkSignIn />,
  <OAuthButton provider="google" type="sign-in" />,
  <OAuthButton provider="github" type="sign-up" />,
  <OAuthButton provider="github" type="sign-in" isMock onAuthenticate={async () => {}} />,
  <OAuthButtonGroup type="sign-in" />,
  <OAuthButtonGroup type="sign-up" mockProject={{ config: { oauthProviders: [{ id: "google" }] } }} />,
];

// docs: components/user-button.mdx, examples/docs-examples, docs/src/components/stack-auth/stack-user-button*.tsx
const mockUser = {
  displayName: "John Doe",
  primaryEmail: "john.doe@example.com",
  profileImageUrl: undefined,
};
export function Header({ showUserInfo }: { showUserInfo: boolean }) {
  const user = useUser();
  return (
    <>
      <UserButton />
      <UserButton colorModeToggle={() => { console.log("color mode toggle clicked"); }} />
      <UserButton
        showUserInfo={true}
        colorModeToggle={() => { console.log("color mode toggle clicked"); }}
        extraItems={[{
          text: "Custom Action",
          icon: <CustomIcon />,
          onClick: () => console.log("Custom action clicked"),
        }]}
      />
      <UserButton mockUser={mockUser} />
      <UserButton showUserInfo={showUserInfo} mockUser={user ? undefined : mockUser} />
    </>
  );
}

// docs: components/account-settings.mdx (its extraItems snippet has no `id`, which the official type requires, and a
// `subpath` the official type does not have: `id` added, `subpath` left out), code-examples/api-keys.ts,
// docs/src/components/stack-auth/stack-account-settings.tsx
export const settings = [
  <AccountSettings />,
  <AccountSettings fullPage={true} />,
  <AccountSettings
    fullPage={true}
    extraItems={[{
      title: "Custom Section",
      icon: <SettingsIcon />,
      content: <CustomContent />,
      id: "custom",
    }, {
      title: "Billing",
      iconName: "CreditCard",
      content: <CustomContent />,
      id: "billing",
    }]}
  />,
  <AccountSettings
    mockProject={{
      config: {
        allowUserApiKeys: true,
        clientTeamCreationEnabled: true,
      },
    }}
    mockUser={{
      displayName: "John Doe",
      profileImageUrl: undefined,
    }}
    mockApiKeys={[
      {
        id: "key-1",
        description: "Development Key",
        createdAt: "2024-01-15T10:30:00.000Z",
        expiresAt: undefined,
        manuallyRevokedAt: undefined,
      },
    ]}
    mockSessions={[{ id: "s1", isCurrentSession: true, createdAt: "2024-01-15T10:30:00.000Z", geoInfo: { ip: "10.0.0.1", cityName: "Berlin" } }]}
  />,
];

// docs: components/selected-team-switcher.mdx, examples/docs-examples/src/app/team/[teamId]/page.tsx,
// docs/src/components/stack-auth/stack-team-switcher.tsx
const mockTeams = [
  { id: "team-1", displayName: "Development Team", profileImageUrl: null },
  { id: "team-2", displayName: "Marketing Team", profileImageUrl: "https://images.example/team.png" },
];
export function TeamPage({ team, currentTeam, urlMap }: { team: Team; currentTeam: Team; urlMap: boolean }) {
  return (
    <>
      <SelectedTeamSwitcher />
      <SelectedTeamSwitcher urlMap={(team) => `/team/${team.id}`} selectedTeam={currentTeam} noUpdateSelectedTeam={false} />
      <SelectedTeamSwitcher urlMap={(team) => `/team/${team.id}`} selectedTeam={team} />
      <SelectedTeamSwitcher
        noUpdateSelectedTeam={false}
        urlMap={urlMap ? (team: { id: string }) => `/teams/${team.id}/dashboard` : undefined}
        mockUser={{ selectedTeam: mockTeams[0] }}
        mockTeams={mockTeams}
        mockProject={{ config: { clientTeamCreationEnabled: true } }}
      />
      <SelectedTeamSwitcher<true> allowNull nullLabel="Personal" onChange={(t) => console.log(t?.id)} triggerClassName="w-64" mockUser={{ selectedTeam: undefined }} mockTeams={[]} />
      <TeamSwitcher team={team} teamId={team.id} teams={[team]} triggerClassName="w-64" onChange={async (t) => console.log(t.id)} />
      <TeamSwitcher<true> allowNull nullLabel="No team" onChange={async (t) => console.log(t?.id)} mockUser={{ team: mockTeams[0] }} mockTeams={mockTeams} mockProject={{ config: { clientTeamCreationEnabled: false } }} />
    </>
  );
}

// docs: components/password-reset.mdx, forgot-password.mdx (the page-examples' bare <PasswordReset /> lacks the
// required searchParams of the official type: left out); examples/demo: not-found.tsx, page-client.tsx
export function Pages(props: { searchParams: Record<string, string> }) {
  const user = useUser({ or: "redirect" });
  return (
    <>
      <PasswordReset searchParams={props.searchParams} fullPage={true} />
      <ForgotPassword fullPage={true} />
      <EmailVerification searchParams={props.searchParams} fullPage />
      <EmailVerification />
      <CliAuthConfirmation fullPage />
      <MessageCard title="404 Page Not Found" fullPage>
        <p>The page you are looking for does not exist.</p>
      </MessageCard>
      <MessageCard title="Done" primaryButtonText="Go home" primaryAction={() => {}} secondaryButtonText="Back" secondaryAction={async () => {}} />
      <UserAvatar user={user} size={100} />
      <UserAvatar user={{ displayName: null, primaryEmail: "a@example.com", profileImageUrl: null }} border />
      <UserAvatar user={null} />
    </>
  );
}
