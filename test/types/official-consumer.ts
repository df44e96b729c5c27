/**
 * An app's code written against the official SDK's types, using what the spec covers: app construction, sign-in
 * results, the current user, teams, permissions, contact channels, API keys, sessions, server and admin work.
 *
 * It is compiled twice by `official-consumer.test.ts`: as is (against `@stackframe/js` and
 * `@stackframe/stack-shared`, proving it is valid official-SDK code), and with both imports resolved to latchkey.
 * Nothing here runs.
 */
import {
  StackAdminApp,
  StackClientApp,
  StackServerApp,
  type AdminProject,
  type ContactChannel,
  type CurrentServerUser,
  type CurrentUser,
  type EditableTeamMemberProfile,
  type GetCurrentUserOptions,
  type InternalApiKey,
  type OAuthProvider,
  type Project,
  type ReceivedTeamInvitation,
  type SentTeamInvitation,
  type ServerTeam,
  type ServerUser,
  type Team,
  type TeamUser,
  type User,
  getConvexProvidersConfig,
} from "@stackframe/js";
import { KnownErrors } from "@stackframe/stack-shared";

declare const env: Record<string, string>;
declare function show(message: string): void;

export const clientApp = new StackClientApp({
  projectId: env.PROJECT_ID,
  publishableClientKey: env.PUBLISHABLE_CLIENT_KEY,
  tokenStore: "cookie",
  urls: { signIn: "/login", afterSignIn: "/dashboard", afterSignOut: "/" },
});

export const serverApp = new StackServerApp({
  projectId: env.PROJECT_ID,
  publishableClientKey: env.PUBLISHABLE_CLIENT_KEY,
  secretServerKey: env.SECRET_SERVER_KEY,
  tokenStore: "memory",
});

export const adminApp = new StackAdminApp({
  projectId: env.PROJECT_ID,
  superSecretAdminKey: env.SUPER_SECRET_ADMIN_KEY,
  tokenStore: null,
});

export const typedClient: StackClientApp<true, string> = clientApp;
export const typedServer: StackServerApp<true, string> = serverApp;

export async function signIn(email: string, password: string): Promise<string | null> {
  const result = await clientApp.signInWithCredential({ email, password, noRedirect: true });
  if (result.status === "error") {
    if (KnownErrors.EmailPasswordMismatch.isInstance(result.error)) return "Wrong e-mail or password.";
    return result.error.message;
  }
  return null;
}

export async function signUp(email: string, password: string): Promise<void> {
  const result = await clientApp.signUpWithCredential({ email, password, verificationCallbackUrl: "https://app.example/verify" });
  if (result.status === "error") {
    const error: KnownErrors["UserWithEmailAlreadyExists"] | KnownErrors["PasswordRequirementsNotMet"] | KnownErrors["BotChallengeFailed"] = result.error;
    show(error.message);
  }
  await clientApp.signUpWithCredential({ email, password, noVerificationCallback: true, noRedirect: true });
}

export async function magicLink(email: string, code: string): Promise<void> {
  const sent = await clientApp.sendMagicLinkEmail(email, { callbackUrl: "https://app.example/magic" });
  if (sent.status === "ok") show(sent.data.nonce);
  const signedIn = await clientApp.signInWithMagicLink(code);
  if (signedIn.status === "error" && KnownErrors.VerificationCodeError.isInstance(signedIn.error)) show("expired");
}

export async function passwordReset(email: string, code: string, password: string): Promise<void> {
  await clientApp.sendForgotPasswordEmail(email, { callbackUrl: "https://app.example/reset" });
  const check = await clientApp.verifyPasswordResetCode(code);
  if (check.status === "ok") await clientApp.resetPassword({ code, password });
  const verified = await clientApp.verifyEmail(code);
  if (verified.status === "error") show(verified.error.message);
}

export async function profile(): Promise<void> {
  const options: GetCurrentUserOptions<true> = { or: "return-null" };
  const maybe: CurrentUser | null = await clientApp.getUser(options);
  const user: CurrentUser = await clientApp.getUser({ or: "throw" });
  const anonymous: CurrentUser = await clientApp.getUser({ or: "anonymous" });
  show(`${maybe?.displayName} ${anonymous.isAnonymous}`);
  const base: User = user;
  show(`${base.id} ${base.primaryEmail ?? ""} ${base.primaryEmailVerified} ${base.signedUpAt.toISOString()}`);
  show(`${user.hasPassword} ${user.otpAuthEnabled} ${user.passkeyAuthEnabled} ${user.isMultiFactorRequired}`);
  show(`${user.isRestricted} ${user.restrictedReason?.type ?? ""} ${user.profileImageUrl ?? ""}`);
  await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" }, profileImageUrl: null });
  await user.setDisplayName("Ada Lovelace");
  await user.setClientMetadata({ onboarded: true });
  const passwordError = await user.updatePassword({ oldPassword: "old password", newPassword: "new password" });
  if (passwordError) show(passwordError.message);
  const setError = await user.setPassword({ password: "a password" });
  if (KnownErrors.PasswordRequirementsNotMet.isInstance(setError)) show("too weak");
  const token: string | null = await user.getAccessToken();
  const refresh: string | null = await clientApp.getRefreshToken();
  const header: string | null = await clientApp.getAuthorizationHeader();
  const json: { accessToken: string | null; refreshToken: string | null } = await user.getAuthJson();
  const legacy: { "x-stack-auth": string } = await clientApp.getAuthHeaders();
  const tokens = await user.currentSession.getTokens();
  show(`${token}${refresh}${header}${json.accessToken}${legacy["x-stack-auth"]}${tokens.accessToken}`);
  const partial = await clientApp.getPartialUser({ from: "token" });
  show(partial?.primaryEmail ?? "");
  show(clientApp.urls.signIn + clientApp.version + clientApp.projectId);
  const channels: ContactChannel[] = await user.listContactChannels();
  const channel = await user.createContactChannel({ type: "email", value: "ada@example.com", usedForAuth: false });
  await channel.sendVerificationEmail({ callbackUrl: "https://app.example/verify" });
  await channel.update({ isPrimary: true });
  show(`${channels.length} ${channel.isVerified}`);
  const sessions = await user.getActiveSessions();
  for (const s of sessions) if (!s.isCurrentSession) await user.revokeSession(s.id);
  const categories = await user.listNotificationCategories();
  for (const c of categories) if (c.canDisable) await c.setEnabled(false);
  const providers: OAuthProvider[] = await user.listOAuthProviders();
  const provider = await user.getOAuthProvider(providers[0].id);
  const updated = await provider?.update({ allowSignIn: false });
  if (updated?.status === "error") show(updated.error.message);
  const accounts = await user.listConnectedAccounts();
  const github = await user.getConnectedAccount({ provider: "github", providerAccountId: accounts[0].providerAccountId });
  const githubToken = await github?.getAccessToken({ scopes: ["repo"] });
  if (githubToken?.status === "ok") show(githubToken.data.accessToken);
  if (!user.isAnonymous) await clientApp.redirectToAfterSignIn({ replace: true });
  await clientApp.redirectToSignIn({ noRedirectBack: true });
  await clientApp.redirectToOAuthCallback();
  const redirects: (() => Promise<void>)[] = [clientApp.redirectToMfa, clientApp.redirectToOnboarding, clientApp.redirectToCliAuthConfirm, clientApp.redirectToAfterSignOut, serverApp.redirectToHome];
  show(`${redirects.length}`);
  await user.signOut({ redirectUrl: "/bye" });
  await clientApp.signOut();
  await user.delete();
}

export async function teams(user: CurrentUser): Promise<void> {
  const team: Team = await user.createTeam({ displayName: "Ops" });
  await user.setSelectedTeam(team);
  await user.setSelectedTeam(team.id);
  const selected: Team | null = user.selectedTeam;
  const all: Team[] = await user.listTeams();
  const one: Team | null = await user.getTeam(all[0].id);
  await team.update({ displayName: "Ops team", clientMetadata: { plan: "pro" } });
  await team.inviteUser({ email: "grace@example.com", callbackUrl: "https://app.example/join" });
  const invitations: SentTeamInvitation[] = await team.listInvitations();
  for (const invitation of invitations) if (invitation.expiresAt < new Date()) await invitation.revoke();
  const members: TeamUser[] = await team.listUsers();
  show(`${selected?.id} ${one?.displayName} ${members[0].teamProfile.displayName}`);
  const memberProfile: EditableTeamMemberProfile = await user.getTeamProfile(team);
  await memberProfile.update({ displayName: "Ada (Ops)" });
  const received: ReceivedTeamInvitation[] = await user.listTeamInvitations();
  for (const invitation of received) await invitation.accept();
  if (await user.hasPermission(team, "$invite_members")) show("can invite");
  const permission = await user.getPermission(team, "team_admin");
  const permissions = await user.listPermissions(team, { recursive: false });
  const projectPermissions = await user.listPermissions();
  show(`${permission?.id} ${permissions.length} ${projectPermissions.length}`);
  const key = await team.createApiKey({ description: "deploy", expiresAt: null });
  show(key.value);
  for (const k of await team.listApiKeys()) if (!k.isValid()) show(k.whyInvalid() ?? "");
  await user.leaveTeam(team);
  await team.delete();
  const invite = await clientApp.getTeamInvitationDetails("code");
  if (invite.status === "ok") show(invite.data.teamDisplayName);
  await clientApp.acceptTeamInvitation("code");
}

export async function apiKeys(user: CurrentUser): Promise<void> {
  const created = await user.createApiKey({ description: "CLI", expiresAt: new Date(Date.now() + 86_400_000) });
  const secret: string = created.value;
  show(secret);
  const keys = await user.listApiKeys();
  for (const k of keys) {
    show(k.value.lastFour + (k.expiresAt?.toISOString() ?? "never"));
    if (k.whyInvalid() === null) await k.revoke();
    await k.update({ description: "old CLI" });
  }
}

export async function server(userId: string, apiKey: string, request: Request): Promise<void> {
  const user: ServerUser | null = await serverApp.getUser(userId);
  const byKey: ServerUser | null = await serverApp.getUser({ apiKey });
  const fromRequest: CurrentServerUser | null = await serverApp.getUser({ tokenStore: request });
  show(`${byKey?.id} ${fromRequest?.id}`);
  if (!user) return;
  show(`${user.lastActiveAt.toISOString()} ${JSON.stringify(user.serverMetadata)} ${user.countryCode}`);
  await user.update({ displayName: "Ada", serverMetadata: { plan: "pro" }, primaryEmailVerified: true });
  await user.setServerMetadata({ plan: "team" });
  await user.setClientReadOnlyMetadata({ credits: 3 });
  await user.setPrimaryEmail("ada@example.com", { verified: true });
  const page = await serverApp.listUsers({ limit: 50, orderBy: "signedUpAt", desc: true });
  const next: string | null = page.nextCursor;
  if (next) await serverApp.listUsers({ cursor: next, limit: 50 });
  const created = await serverApp.createUser({ primaryEmail: "grace@example.com", primaryEmailAuthEnabled: true, password: "secret password" });
  const team: ServerTeam = await serverApp.createTeam({ displayName: "Support", creatorUserId: created.id });
  await team.addUser(user.id);
  await team.removeUser(user.id);
  await team.update({ serverMetadata: { tier: "gold" } });
  const teams = await serverApp.listTeams();
  show(`${teams.length} ${team.createdAt.toISOString()}`);
  const userTeams = await user.listTeams();
  show(String(userTeams.length));
  await user.grantPermission(team, "team_admin");
  await user.revokePermission(team, "team_admin");
  const rights = await serverApp.listTeamMemberPermissions(team.id);
  show(rights.map((r) => `${r.userId}:${r.permissionId}`).join());
  const session = await user.createSession({ isImpersonation: true });
  const tokens = await session.getTokens();
  show(tokens.refreshToken ?? "");
  await serverApp.sendEmail({ userIds: [user.id], subject: "Hi", html: "<p>Hello</p>" });
  const oauth = await serverApp.createOAuthProvider({
    userId: user.id, accountId: "1", providerConfigId: "github", email: "ada@example.com", allowSignIn: true, allowConnectedAccounts: true,
  });
  if (oauth.status === "ok") await oauth.data.delete();
  await user.delete();
}

export async function admin(): Promise<void> {
  const project: AdminProject = await adminApp.getProject();
  const plain: Project = await clientApp.getProject();
  show(`${project.displayName} ${project.isProductionMode} ${plain.config.signUpEnabled}`);
  const errors = await project.getProductionModeErrors();
  if (errors.length === 0) await project.update({ isProductionMode: true });
  await project.update({ displayName: "Shop", config: { signUpEnabled: false, domains: [{ domain: "https://shop.example", handlerPath: "/handler" }] } });
  const keys: InternalApiKey[] = await adminApp.listInternalApiKeys();
  for (const key of keys) if (key.whyInvalid() === "expired") await key.revoke();
  const created = await adminApp.createInternalApiKey({
    description: "CI", expiresAt: new Date(Date.now() + 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false,
  });
  show(created.secretServerKey ?? "");
  await adminApp.createTeamPermissionDefinition({ id: "editor", description: "Edits", containedPermissionIds: ["$update_team"] });
  const definitions = await adminApp.listTeamPermissionDefinitions();
  show(definitions.map((d) => d.id).join());
  const themes = await adminApp.listEmailThemes();
  show(themes.map((t) => t.displayName).join());
  const sent = await adminApp.listSentEmails();
  show(String(sent.length));
}

export async function cliLogin(): Promise<string | null> {
  const result = await clientApp.promptCliLogin({
    appUrl: "https://app.example",
    expiresInMillis: 600_000,
    promptLink: (url, loginCode) => show(`${url} ${loginCode}`),
  });
  if (result.status === "ok") return result.data;
  const error: KnownErrors["CliAuthError"] | KnownErrors["CliAuthExpiredError"] | KnownErrors["CliAuthUsedError"] = result.error;
  if (KnownErrors.CliAuthExpiredError.isInstance(error) || KnownErrors.CliAuthUsedError.isInstance(error)) show("start again");
  show(error.message);
  return null;
}

export async function convexIntegration(): Promise<void> {
  const providers = getConvexProvidersConfig({ projectId: env.PROJECT_ID, baseUrl: "https://api.example" });
  show(`${providers[0].type}${providers[0].issuer.href}${providers[1].jwks.href}${providers[1].algorithm}`);
  const fetchToken: (args: { forceRefreshToken: boolean }) => Promise<string | null> = clientApp.getConvexClientAuth({});
  const httpToken: string = await serverApp.getConvexHttpClientAuth({ tokenStore: "memory" });
  const ctx = { auth: { getUserIdentity: async () => ({ tokenIdentifier: "iss|sub", subject: "sub", issuer: "iss", email: "ada@example.com" }) } };
  const partial = await clientApp.getPartialUser({ from: "convex", ctx });
  const anonymousToo = await serverApp.getPartialUser({ from: "convex", ctx, or: "anonymous-if-exists" });
  show(`${await fetchToken({ forceRefreshToken: true })}${httpToken}${partial?.primaryEmail}${anonymousToo?.isAnonymous}`);
  const withAnalytics = new StackClientApp({
    projectId: env.PROJECT_ID,
    tokenStore: "cookie",
    analytics: { enabled: true, replays: { enabled: true, maskAllInputs: false, blockClass: /^private-/, blockSelector: "[data-private]" } },
  });
  show(withAnalytics.projectId);
}
