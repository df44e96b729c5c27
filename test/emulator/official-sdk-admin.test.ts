import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, startTestEmulator } from "./helpers";

// The official SDK against the API-key, project, e-mail and admin families of the emulator.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const base = () => ({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" as const });
const serverApp = () => new StackServerApp({ ...base(), secretServerKey: em.keys.secretServerKey });
const adminApp = () => new StackAdminApp({ ...base(), secretServerKey: em.keys.secretServerKey, superSecretAdminKey: em.keys.superSecretAdminKey });

async function signedInClient() {
  const app = new StackClientApp(base());
  const email = freshEmail("sdkkeys");
  await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
  return { app, user: await app.getUser({ or: "throw" }), email };
}

test("user API keys: create, list, resolve the user on the server, revoke", async () => {
  const { user } = await signedInClient();
  const key = await user.createApiKey({ description: "sdk key", expiresAt: null });
  expect(typeof key.value).toBe("string");
  expect((await user.listApiKeys()).map((k) => k.id)).toContain(key.id);
  const owner = await serverApp().getUser({ apiKey: key.value as string });
  expect(owner?.id).toBe(user.id);
  await (await user.listApiKeys()).find((k) => k.id === key.id)!.revoke();
  expect(await serverApp().getUser({ apiKey: key.value as string })).toBeNull();
});

test("team API keys through the client SDK", async () => {
  const { user } = await signedInClient();
  const team = user.selectedTeam!;
  const key = await team.createApiKey({ description: "team key", expiresAt: null });
  expect((await team.listApiKeys()).map((k) => k.id)).toEqual([key.id]);
  expect((await serverApp().getTeam({ apiKey: key.value as string }))?.id).toBe(team.id);
});

test("notification categories, send-email and sent e-mails", async () => {
  const { user, email } = await signedInClient();
  const categories = await user.listNotificationCategories();
  expect(categories.map((c) => c.name)).toEqual(["Transactional", "Marketing"]);
  const admin = adminApp();
  const project = await admin.getProject();
  await project.update({ config: { emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Demo", senderEmail: "demo@example.com" } } });
  await serverApp().sendEmail({ userIds: [user.id], html: "<p>From the SDK</p>", subject: "SDK mail" });
  expect(em.outbox.list({ to: email }).at(-1)?.subject).toBe("SDK mail");
  const sent = await admin.listSentEmails();
  expect(sent[0]).toMatchObject({ subject: "SDK mail", recipient: email });
});

test("admin app: internal API keys and e-mail themes", async () => {
  const admin = adminApp();
  const created = await admin.createInternalApiKey({ description: "sdk", expiresAt: new Date(Date.now() + 3_600_000), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
  expect(created.secretServerKey).toMatch(/^ssk_/);
  const listed = await admin.listInternalApiKeys();
  expect(listed.find((k) => k.id === created.id)?.secretServerKey?.lastFour).toBe(created.secretServerKey!.slice(-4));
  expect((await admin.listEmailThemes()).map((t) => t.displayName)).toEqual(["Default Light", "Default Dark", "Default Colorful"]);
});

describe("config overrides and owned projects through the official SDK", () => {
  /** The official client app of the internal project with the seeded dashboard user signed in. */
  async function dashboardUser() {
    const app = new StackClientApp({ projectId: "internal", publishableClientKey: em.internal.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
    const r = await app.signInWithCredential({ email: em.internal.adminUser.email, password: em.internal.adminUser.password, noRedirect: true });
    expect(r.status).toBe("ok");
    return app.getUser({ or: "throw" });
  }

  test("createProject, listOwnedProjects and transferProject", async () => {
    const user = await dashboardUser();
    const teamId = user.selectedTeam!.id;
    const project = await user.createProject({ displayName: "Official", teamId, isDevelopmentEnvironment: false, config: { signUpEnabled: false, magicLinkEnabled: true } });
    expect(project).toMatchObject({ displayName: "Official", ownerTeamId: teamId, isDevelopmentEnvironment: false, onboardingStatus: "completed", logoUrl: null });
    expect(project.config).toMatchObject({ signUpEnabled: false, magicLinkEnabled: true });
    expect((await project.app.getProject()).config.signUpEnabled).toBe(false);
    expect((await user.listOwnedProjects()).map((p) => p.id)).toContain(project.id);
    const target = await user.createTeam({ displayName: "Official target" });
    await user.transferProject(project.id, target.id);
    expect(em.core.store.projects.get(project.id)!.ownerTeamId).toBe(target.id);
  });

  test("pushConfig, source, overrides per level, reset-keys and replace", async () => {
    const user = await dashboardUser();
    const { app } = await user.createProject({ displayName: "Official config", teamId: user.selectedTeam!.id });
    const project = await app.getProject();
    const source = { type: "pushed-from-github" as const, owner: "acme", repo: "app", branch: "main", commitHash: "abc123", configFilePath: "stack.config.ts" };
    await project.pushConfig({ "auth.allowSignUp": false, "teams.allowClientTeamCreation": true }, { source });
    expect(await project.getPushedConfigSource()).toEqual(source);
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.allowSignUp": false, "teams.allowClientTeamCreation": true });
    expect((await app.getProject()).config.signUpEnabled).toBe(false);
    await project.updateConfig({ "auth.allowSignUp": true });
    expect((await project.getConfig()).auth.allowSignUp).toBe(true);
    await project.resetConfigOverrideKeys("environment", ["auth.allowSignUp"]);
    expect((await project.getConfig()).auth.allowSignUp).toBe(false);
    await project.updatePushedConfig({ "auth.otp.allowSignIn": true });
    await project.replaceConfigOverride("branch", { "auth.passkey.allowSignIn": true });
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.passkey.allowSignIn": true });
    expect(await project.getPushedConfigSource()).toEqual(source);
    await project.unlinkPushedConfigSource();
    expect(await project.getPushedConfigSource()).toEqual({ type: "unlinked" });
    const fresh = await app.getProject();
    expect(fresh.config).toMatchObject({ passkeyEnabled: true, signUpEnabled: true, clientTeamCreationEnabled: false });
    expect(await fresh.getProductionModeErrors()).toEqual([{ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl: `/projects/${fresh.id}/domains` }]);
  });

  test("update with the newer options, including requirePublishableClientKey", async () => {
    const user = await dashboardUser();
    const { app, id } = await user.createProject({ displayName: "Official update", teamId: user.selectedTeam!.id });
    const logo = "https://cdn.example.com/official.png";
    await (await app.getProject()).update({ onboardingStatus: "welcome", logoUrl: logo, requirePublishableClientKey: true });
    expect(await app.getProject()).toMatchObject({ onboardingStatus: "welcome", logoUrl: logo });
    expect(JSON.parse((await call(em, "/internal/config/override/project", { projectId: id, access: "admin", headers: { "x-stack-admin-access-token": (await user.getAuthJson()).accessToken! } })).json.config_string)).toEqual({ "project.requirePublishableClientKey": true });
    const r = await call(em, "/projects/current", { projectId: id, headers: { "x-stack-publishable-client-key": "__stack_public_client__" } });
    expect(r.json.code).toBe("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
  });
});
