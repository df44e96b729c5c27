import { AdminApp, ArgumentError, ClientApp, HttpError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

// AdminProject's config methods and newer fields over real HTTP against the emulator.
let emulator: Emulator;
let dashboard: AdminApp;
const retry = { sleep: async () => undefined, random: () => 0.5 };
beforeAll(async () => {
  emulator = await startTestEmulator();
  const client = new ClientApp({ projectId: "internal", baseUrl: emulator.url, publishableClientKey: emulator.internal.keys.publishableClientKey, tokenStore: "memory", retry });
  await client.signInWithCredential({ email: emulator.internal.adminUser.email, password: emulator.internal.adminUser.password, noRedirect: true });
  const { accessToken, refreshToken } = await client.getAuthJson();
  dashboard = new AdminApp({ projectId: "internal", baseUrl: emulator.url, superSecretAdminKey: emulator.internal.keys.superSecretAdminKey, tokenStore: { accessToken: accessToken!, refreshToken: refreshToken! }, retry });
});
afterAll(() => emulator.stop());

/** A fresh owned project and its admin app. */
async function owned(options: Parameters<AdminApp["createProject"]>[0] = { displayName: "Config" }) {
  const project = await dashboard.createProject(options);
  return { project, app: project.app };
}
const signUpOn = (projectId: string, options: { publishableClientKey?: string } = {}) =>
  new ClientApp({ projectId, baseUrl: emulator.url, tokenStore: "memory", retry, ...options }).signUpWithCredential({ email: uniqueEmail("cfg"), password: "password123", noRedirect: true });

describe("pushed and environment config", () => {
  test("pushConfig records the source; updateConfig wins; resetting it lets the push through", async () => {
    const { app } = await owned();
    const project = await app.getProject();
    const source = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commitHash: "3f2c1ab", configFilePath: "stack.config.ts" } as const;
    await project.pushConfig({ "auth.allowSignUp": false, "teams.allowClientTeamCreation": true }, { source });
    expect(await project.getPushedConfigSource()).toEqual(source);
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.allowSignUp": false, "teams.allowClientTeamCreation": true });
    expect((await project.getConfig()).auth).toMatchObject({ allowSignUp: false });
    // the cached project was refreshed by the push
    expect((await app.getProject()).config).toMatchObject({ signUpEnabled: false, clientTeamCreationEnabled: true });
    expect(KnownErrors.SignUpNotEnabled.isInstance(await caught(signUpOn(project.id)))).toBe(true);
    await project.updateConfig({ "auth.allowSignUp": true });
    expect((await project.getConfigOverride("environment"))["auth.allowSignUp"]).toBe(true);
    expect((await app.getProject()).config.signUpEnabled).toBe(true);
    expect((await signUpOn(project.id)).status).toBe("ok");
    await project.resetConfigOverrideKeys("environment", ["auth.allowSignUp"]);
    expect((await app.getProject()).config.signUpEnabled).toBe(false);
    expect((await project.getConfigOverride("environment"))["auth.allowSignUp"]).toBeUndefined();
  });

  test("updatePushedConfig merges; replaceConfigOverride keeps the branch source; unlink keeps the config", async () => {
    const { app } = await owned();
    const project = await app.getProject();
    await project.pushConfig({ teams: { allowClientTeamCreation: true, createPersonalTeamOnSignUp: true } }, { source: { type: "pushed-from-unknown" } });
    await project.updatePushedConfig({ "auth.otp.allowSignIn": true });
    expect(await project.getConfigOverride("branch")).toEqual({ teams: { allowClientTeamCreation: true, createPersonalTeamOnSignUp: true }, "auth.otp.allowSignIn": true });
    await project.resetConfigOverrideKeys("branch", ["teams.createPersonalTeamOnSignUp"]);
    expect((await project.getConfigOverride("branch")).teams).toEqual({ allowClientTeamCreation: true });
    await project.replaceConfigOverride("branch", { "auth.passkey.allowSignIn": true });
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.passkey.allowSignIn": true });
    expect(await project.getPushedConfigSource()).toEqual({ type: "pushed-from-unknown" });
    expect((await app.getProject()).config).toMatchObject({ passkeyEnabled: true, magicLinkEnabled: false, clientTeamCreationEnabled: false });
    await project.replaceConfigOverride("environment", { "apiKeys.enabled.team": true });
    expect(await project.getConfigOverride("environment")).toEqual({ "apiKeys.enabled.team": true });
    expect((await app.getProject()).config).toMatchObject({ allowTeamApiKeys: true, allowLocalhost: false, credentialEnabled: false });
    await project.unlinkPushedConfigSource();
    expect(await project.getPushedConfigSource()).toEqual({ type: "unlinked" });
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.passkey.allowSignIn": true });
  });

  test("the server's documented refusals, and local ones with no request", async () => {
    const { app } = await owned();
    const project = await app.getProject();
    const unknown = await caught(project.updateConfig({ "nope.flag": true }));
    expect(HttpError.isInstance(unknown) && [unknown.status, unknown.text]).toEqual([400, 'The key "nope.flag" is not valid (nested object not found in schema: "nope").']);
    const envOnly = await caught(project.pushConfig({ "domains.allowLocalhost": true }, { source: { type: "pushed-from-unknown" } }));
    expect(HttpError.isInstance(envOnly) && envOnly.text).toBe('The key "domains.allowLocalhost" is not valid (nested object not found in schema: "domains.allowLocalhost").');
    const wrongType = await caught(project.updatePushedConfig({ "auth.allowSignUp": "no" }));
    expect(HttpError.isInstance(wrongType) && wrongType.text).toBe('auth.allowSignUp must be a `boolean` type, but the final value was: `"no"`.');
    const before = (await routeStats(emulator, "PUT /internal/config/override/:level")).requests;
    expect(before).toBeGreaterThan(0); // the pushes of the tests above
    await expect(project.pushConfig({}, { source: { type: "pushed-from-github", owner: "acme" } } as never)).rejects.toThrow(ArgumentError);
    await expect(project.replaceConfigOverride("project" as never, {})).rejects.toThrow(ArgumentError);
    await expect(project.updateConfig({ at: new Date() })).rejects.toThrow(ArgumentError);
    expect((await routeStats(emulator, "PUT /internal/config/override/:level")).requests).toBe(before);
  });

  test("a development environment refuses environment writes; pushes still work", async () => {
    const { project, app } = await owned({ displayName: "Dev", isDevelopmentEnvironment: true });
    expect(project.isDevelopmentEnvironment).toBe(true);
    const refused = await caught(project.updateConfig({ "auth.allowSignUp": false }));
    expect(HttpError.isInstance(refused) && [refused.status, refused.text]).toEqual([
      400,
      "Environment configuration overrides cannot be changed in a development environment. Update this in your production deployment instead.",
    ]);
    expect(await project.getConfigOverride("environment")).toMatchObject({ "domains.allowLocalhost": true });
    await project.pushConfig({ "auth.allowSignUp": false }, { source: { type: "pushed-from-unknown" } });
    expect((await app.getProject()).config.signUpEnabled).toBe(false);
  });
});

describe("project fields", () => {
  test("onboarding status, logos and requirePublishableClientKey", async () => {
    const { app } = await owned();
    const project = await app.getProject();
    expect(project).toMatchObject({ isDevelopmentEnvironment: false, onboardingStatus: "completed", logoUrl: null, logoFullDarkModeUrl: null });
    const logo = "https://cdn.example.com/acme.png";
    await project.update({ onboardingStatus: "email_theme_setup", logoUrl: logo, logoDarkModeUrl: logo });
    expect(await app.getProject()).toMatchObject({ onboardingStatus: "email_theme_setup", logoUrl: logo, logoDarkModeUrl: logo, logoFullUrl: null });
    await (await app.getProject()).update({ logoUrl: null });
    expect((await app.getProject()).logoUrl).toBeNull();
    await expect(project.update({ onboardingStatus: "finished" as never })).rejects.toThrow(ArgumentError);
    expect((await signUpOn(project.id)).status).toBe("ok");
    await project.update({ requirePublishableClientKey: true });
    expect(KnownErrors.PublishableClientKeyRequiredForProject.isInstance(await caught(signUpOn(project.id)))).toBe(true);
    await project.update({ requirePublishableClientKey: false });
    expect((await signUpOn(project.id)).status).toBe("ok");
  });
});
