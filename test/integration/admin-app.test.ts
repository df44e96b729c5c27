import { AdminApp, ArgumentError, ClientApp, HttpError, KnownErrors, ServerApp } from "../../src/index";
import type { AdminAppOptions } from "../../src/index";
import { caught } from "../helpers/http";
import { routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const retry = { sleep: async () => undefined, random: () => 0.5 };
const adminFor = (options: Partial<AdminAppOptions> = {}) =>
  new AdminApp({
    projectId: emulator.projectId,
    baseUrl: emulator.url,
    superSecretAdminKey: emulator.keys.superSecretAdminKey,
    tokenStore: null,
    retry,
    ...options,
  });

/** The seeded dashboard user's tokens on the `internal` project. */
async function ownerSession() {
  const client = new ClientApp({ projectId: "internal", baseUrl: emulator.url, publishableClientKey: emulator.internal.keys.publishableClientKey, tokenStore: "memory", retry });
  const signedIn = await client.signInWithCredential({ email: emulator.internal.adminUser.email, password: emulator.internal.adminUser.password, noRedirect: true });
  expect(signedIn.status).toBe("ok");
  return client.getAuthJson();
}

/** An AdminApp of the `internal` project with the dashboard user signed in (the app's token store). */
async function dashboard() {
  const tokens = await ownerSession();
  return new AdminApp({
    projectId: "internal",
    baseUrl: emulator.url,
    superSecretAdminKey: emulator.internal.keys.superSecretAdminKey,
    tokenStore: { accessToken: tokens.accessToken!, refreshToken: tokens.refreshToken! },
    retry,
  });
}

const smtp = { host: "smtp.example.com", port: 587, username: "mailer", password: "secret", senderName: "Latchkey", senderEmail: "noreply@example.com" };

describe("project", () => {
  test("getProject returns the admin view in camelCase", async () => {
    const project = await adminFor().getProject();
    expect(project).toMatchObject({ id: emulator.projectId, displayName: "Latchkey Demo", isProductionMode: false, ownerTeamId: expect.any(String) });
    expect(project.createdAt).toBeInstanceOf(Date);
    expect(typeof project.description).toBe("string");
    expect(project.config).toMatchObject({
      signUpEnabled: expect.any(Boolean),
      allowLocalhost: expect.any(Boolean),
      oauthAccountMergeStrategy: expect.stringMatching(/link_method|raise_error|allow_duplicates/),
      emailConfig: { type: "shared" },
      emailTheme: expect.any(String),
      domains: [{ domain: "http://localhost:*", handlerPath: "/handler" }],
      teamCreatorDefaultPermissions: expect.arrayContaining([{ id: "team_admin" }]),
    });
    expect(project.config.oauthProviders.length).toBeGreaterThan(0);
    expect(project.config.oauthProviders[0]).toMatchObject({ id: expect.any(String), type: expect.stringMatching(/shared|standard/) });
  });

  test("update sends snake_case and the new values read back (owned project)", async () => {
    const dash = await dashboard();
    const { app } = await dash.createProject({ displayName: "Mapping test" });
    const project = await app.getProject();
    await project.update({
      displayName: "Renamed",
      description: "About it",
      config: {
        signUpEnabled: false,
        clientUserDeletionEnabled: true,
        oauthAccountMergeStrategy: "raise_error",
        domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
        oauthProviders: [{ id: "github", type: "standard", clientId: "cid", clientSecret: "csecret" }, { id: "google", type: "shared" }],
        emailConfig: { type: "standard", ...smtp },
        createTeamOnSignUp: true,
        userDefaultPermissions: [],
      },
    });
    const after = await app.getProject();
    expect(after).toMatchObject({ displayName: "Renamed", description: "About it" });
    expect(after.config).toMatchObject({
      signUpEnabled: false,
      clientUserDeletionEnabled: true,
      oauthAccountMergeStrategy: "raise_error",
      domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
      oauthProviders: [{ id: "github", type: "standard", clientId: "cid", clientSecret: "csecret" }, { id: "google", type: "shared" }],
      emailConfig: { type: "standard", ...smtp },
      createTeamOnSignUp: true,
    });
    expect((await app.getProject()).config.signUpEnabled).toBe(false);
    // the client view of the same project agrees
    const client = new ClientApp({ projectId: after.id, baseUrl: emulator.url, tokenStore: null });
    expect((await client.getProject()).config.signUpEnabled).toBe(false);
  });

  test("an invalid e-mail theme is the server's 400", async () => {
    const project = await adminFor().getProject();
    const e = await caught(project.update({ config: { emailTheme: "no-such-theme" } }));
    expect(HttpError.isInstance(e) && e.status).toBe(400);
  });

  test("getConfig / updateConfig (the project view is refreshed)", async () => {
    const dash = await dashboard();
    const { app } = await dash.createProject({ displayName: "Config test" });
    const project = await app.getProject();
    expect((await project.getConfig()).auth).toMatchObject({ allowSignUp: true });
    await project.updateConfig({ "auth.allowSignUp": false });
    const config = await app.getProject().then((p) => p.getConfig());
    expect(config.auth).toMatchObject({ allowSignUp: false });
    expect((await app.getProject()).config.signUpEnabled).toBe(false);
    await expect(project.updateConfig("x" as never)).rejects.toThrow(ArgumentError);
    // keys the platform's config schema does not know are the server's 400, with its message
    const unknown = await caught(project.updateConfig({ "custom.flag": "on" }));
    expect(HttpError.isInstance(unknown) && [unknown.status, unknown.text]).toEqual([400, 'The key "custom.flag" is not valid (nested object not found in schema: "custom").']);
  });

  test("production mode: local errors, local refusal with no request, then allowed once clean", async () => {
    const dash = await dashboard();
    const { app } = await dash.createProject({ displayName: "Prod test" });
    const project = await app.getProject();
    await project.update({
      config: { allowLocalhost: true, domains: [{ domain: "http://example.com", handlerPath: "/handler" }, { domain: "https://localhost:3000", handlerPath: "/handler" }] },
    });
    const dirty = await app.getProject();
    const fix = `/projects/${dirty.id}/domains`;
    expect(await dirty.getProductionModeErrors()).toEqual([
      { message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl: fix },
      { message: "Trusted domains should be HTTPS: http://example.com", relativeFixUrl: fix },
      { message: "Localhost domains are not allowed to be trusted in production mode: https://localhost:3000", relativeFixUrl: fix },
    ]);
    const before = (await routeStats(emulator, "PATCH /internal/projects/current")).requests;
    const refused = await caught(dirty.update({ isProductionMode: true }));
    expect(ArgumentError.isInstance(refused)).toBe(true);
    expect(refused.message).toContain("Trusted domains should be HTTPS: http://example.com");
    expect((await routeStats(emulator, "PATCH /internal/projects/current")).requests).toBe(before);
    // the same update that also fixes the problems is allowed
    await dirty.update({ isProductionMode: true, config: { allowLocalhost: false, domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }] } });
    const clean = await app.getProject();
    expect(clean.isProductionMode).toBe(true);
    expect(await clean.getProductionModeErrors()).toEqual([]);
  });

  test("delete removes an owned project", async () => {
    const dash = await dashboard();
    const created = await dash.createProject({ displayName: "Short-lived", description: "bye" });
    expect(created).toMatchObject({ displayName: "Short-lived", description: "bye" });
    expect((await dash.listOwnedProjects()).map((p) => p.id)).toContain(created.id);
    await created.delete();
    expect((await dash.listOwnedProjects()).map((p) => p.id)).not.toContain(created.id);
  });
});

describe("internal API keys", () => {
  test("full values once, last four in lists; revoked keys stop authenticating", async () => {
    const admin = adminFor();
    const created = await admin.createInternalApiKey({
      description: "ci",
      expiresAt: new Date(Date.now() + 3_600_000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: true,
    });
    expect(created.secretServerKey).toMatch(/^ssk_/);
    expect(created.superSecretAdminKey).toMatch(/^sak_/);
    expect(created.publishableClientKey).toBeUndefined();
    expect(created.isValid()).toBe(true);
    expect(created.whyInvalid()).toBeNull();
    const listed = (await admin.listInternalApiKeys()).find((k) => k.id === created.id)!;
    expect(listed.secretServerKey).toEqual({ lastFour: created.secretServerKey!.slice(-4) });
    expect(listed.superSecretAdminKey).toEqual({ lastFour: created.superSecretAdminKey!.slice(-4) });
    expect(listed).toMatchObject({ description: "ci", manuallyRevokedAt: null });

    const withNewKey = adminFor({ superSecretAdminKey: created.superSecretAdminKey });
    expect((await withNewKey.getProject()).id).toBe(emulator.projectId);
    await listed.revoke();
    const revoked = (await admin.listInternalApiKeys()).find((k) => k.id === created.id)!;
    expect(revoked.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(revoked.whyInvalid()).toBe("manually-revoked");
    const e = await caught(adminFor({ superSecretAdminKey: created.superSecretAdminKey }).getProject());
    expect(KnownErrors.InvalidSuperSecretAdminKey.isInstance(e)).toBe(true);
  });

  test("an expired and revoked key reports expired first", async () => {
    const admin = adminFor();
    const created = await admin.createInternalApiKey({ description: "old", expiresAt: new Date(Date.now() - 1000), hasPublishableClientKey: true, hasSecretServerKey: false, hasSuperSecretAdminKey: false });
    await created.revoke();
    const listed = (await admin.listInternalApiKeys()).find((k) => k.id === created.id)!;
    expect(listed.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(listed.whyInvalid()).toBe("expired");
    expect(listed.isValid()).toBe(false);
  });

  test("arguments are checked before any request", async () => {
    const admin = adminFor();
    await expect(admin.createInternalApiKey({ description: "x", expiresAt: "tomorrow" as never, hasPublishableClientKey: true, hasSecretServerKey: false, hasSuperSecretAdminKey: false })).rejects.toThrow(ArgumentError);
    await expect(admin.createInternalApiKey({ description: "x", expiresAt: new Date(), hasPublishableClientKey: false, hasSecretServerKey: false, hasSuperSecretAdminKey: false })).rejects.toThrow(ArgumentError);
  });
});

describe("permission definitions", () => {
  test.each(["team", "project"] as const)("%s scope: create, list, update (rename), delete, duplicate", async (scope) => {
    const admin = adminFor();
    const api =
      scope === "team"
        ? { list: () => admin.listTeamPermissionDefinitions(), create: admin.createTeamPermissionDefinition.bind(admin), update: admin.updateTeamPermissionDefinition.bind(admin), remove: admin.deleteTeamPermissionDefinition.bind(admin) }
        : { list: () => admin.listProjectPermissionDefinitions(), create: admin.createProjectPermissionDefinition.bind(admin), update: admin.updateProjectPermissionDefinition.bind(admin), remove: admin.deleteProjectPermissionDefinition.bind(admin) };
    const base = `${scope}_reader`;
    const created = await api.create({ id: base, description: "Reads", containedPermissionIds: scope === "team" ? ["$read_members"] : [] });
    expect(created).toMatchObject({ id: base, description: "Reads", containedPermissionIds: scope === "team" ? ["$read_members"] : [] });
    expect((await api.list()).map((d) => d.id)).toContain(base);
    const dup = await caught(api.create({ id: base, containedPermissionIds: [] }));
    expect(KnownErrors.PermissionIdAlreadyExists.isInstance(dup)).toBe(true);
    await api.update(base, { id: `${base}_2`, description: "Reads more" });
    const renamed = (await api.list()).find((d) => d.id === `${base}_2`);
    expect(renamed).toMatchObject({ description: "Reads more" });
    await renamed!.update({ containedPermissionIds: [] });
    expect((await api.list()).find((d) => d.id === `${base}_2`)?.containedPermissionIds).toEqual([]);
    await renamed!.delete();
    expect((await api.list()).map((d) => d.id)).not.toContain(`${base}_2`);
    const missing = await caught(api.remove(`${base}_2`));
    expect(KnownErrors.PermissionNotFound.isInstance(missing)).toBe(true);
  });

  test("system team permissions are listed; bad ids are ArgumentErrors", async () => {
    const admin = adminFor();
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).toContain("$read_members");
    await expect(admin.createTeamPermissionDefinition({ id: "Bad Id", containedPermissionIds: [] })).rejects.toThrow(ArgumentError);
    await expect(admin.createTeamPermissionDefinition({ id: "$mine", containedPermissionIds: [] })).rejects.toThrow(ArgumentError);
    await expect(admin.createProjectPermissionDefinition({ id: "ok", containedPermissionIds: "x" as never })).rejects.toThrow(ArgumentError);
  });
});

describe("e-mail", () => {
  test("themes: list, get, create, update; unknown id and bad source are refused", async () => {
    const admin = adminFor();
    const themes = await admin.listEmailThemes();
    expect(themes.map((t) => t.displayName)).toEqual(expect.arrayContaining(["Default Light", "Default Dark", "Default Colorful"]));
    const light = await admin.getEmailTheme(themes.find((t) => t.displayName === "Default Light")!.id);
    expect(light.tsxSource).toContain("EmailTheme");
    const { id } = await admin.createEmailTheme("Brand");
    expect((await admin.listEmailThemes()).find((t) => t.id === id)).toEqual({ id, displayName: "Brand" });
    const changed = light.tsxSource.replace("</", "<span>brand</span></");
    await admin.updateEmailTheme(id, changed);
    expect((await admin.getEmailTheme(id)).tsxSource).toBe(changed);
    const missing = await caught(admin.getEmailTheme("00000000-0000-4000-8000-000000000000"));
    expect(HttpError.isInstance(missing) && missing.status).toBe(404);
    const broken = await caught(admin.updateEmailTheme(id, "export function EmailTheme() { return <div>; }"));
    expect(KnownErrors.EmailRenderingError.isInstance(broken)).toBe(true);
  });

  test("templates need a custom e-mail server; then create, update (rendered), delete; render", async () => {
    const dash = await dashboard();
    const { app } = await dash.createProject({ displayName: "Mail test" });
    const shared = await caught(app.createEmailTemplate("Welcome"));
    expect(KnownErrors.RequiresCustomEmailServer.isInstance(shared)).toBe(true);
    await (await app.getProject()).update({ config: { emailConfig: { type: "standard", ...smtp } } });
    const { id } = await app.createEmailTemplate("Welcome");
    const template = (await app.listEmailTemplates()).find((t) => t.id === id)!;
    expect(template).toMatchObject({ id, displayName: "Welcome", tsxSource: expect.stringContaining("EmailTemplate") });
    const { renderedHtml } = await app.updateEmailTemplate(id, template.tsxSource, false);
    expect(renderedHtml).toContain("<");
    expect((await app.listEmailTemplates()).find((t) => t.id === id)?.themeId).toBe(false);
    const bad = await caught(app.updateEmailTemplate(id, "export function EmailTemplate() { return <p>; }"));
    expect(KnownErrors.EmailRenderingError.isInstance(bad)).toBe(true);
    const rendered = await app.renderEmail({ templateId: id });
    expect(rendered.html).toContain("<");
    expect(rendered.subject).toEqual(expect.any(String));
    expect(await app.getEmailPreview({ templateTsxSource: template.tsxSource, themeId: false })).toContain("<");
    await app.deleteEmailTemplate(id);
    expect((await app.listEmailTemplates()).map((t) => t.id)).not.toContain(id);
  });

  test("sendTestEmail ok and error result; sign-in invitation shows in sent e-mails", async () => {
    const admin = adminFor();
    const to = uniqueEmail("test-mail");
    expect(await admin.sendTestEmail({ recipientEmail: to, emailConfig: smtp })).toEqual({ status: "ok", data: undefined });
    const failed = await admin.sendTestEmail({ recipientEmail: to, emailConfig: { ...smtp, host: "mail.invalid" } });
    expect(failed.status).toBe("error");
    if (failed.status === "error") expect(failed.error.errorMessage).toEqual(expect.any(String));
    const invited = uniqueEmail("invite");
    await admin.sendSignInInvitationEmail(invited, "http://localhost:3000/handler/sign-in");
    const sent = await admin.listSentEmails();
    const mail = sent.find((m) => m.to.includes(invited))!;
    expect(mail).toMatchObject({ id: expect.any(String), subject: expect.any(String), recipient: invited, error: null });
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(sent.some((m) => m.to.includes(to))).toBe(true);
    await expect(admin.sendSignInInvitationEmail(invited, "not a url")).rejects.toThrow(ArgumentError);
    await expect(admin.sendTestEmail({ recipientEmail: to, emailConfig: { ...smtp, port: 0 } })).rejects.toThrow(ArgumentError);
  });
});

describe("metrics, svix, AI chat", () => {
  test("getMetrics and getSvixToken", async () => {
    const admin = adminFor();
    expect(await admin.getMetrics()).toMatchObject({ total_users: expect.any(Number) });
    expect(await admin.getMetrics({ includeAnonymous: true })).toMatchObject({ total_users: expect.any(Number) });
    expect(await admin.getSvixToken()).toEqual(expect.any(String));
  });

  test("send, save and list chat messages", async () => {
    const admin = adminFor();
    const thread = "thread-1";
    const { content } = await admin.sendChatMessage(thread, "email-theme", [{ role: "user", content: "Make it blue" }]);
    expect(JSON.stringify(content)).toContain("Make it blue");
    await admin.saveChatMessage(thread, { role: "user", content: "Make it blue" });
    await admin.saveChatMessage(thread, { role: "assistant", content: content });
    const { messages } = await admin.listChatMessages(thread);
    expect(messages).toHaveLength(2);
    await expect(admin.sendChatMessage(thread, "email-theme", [])).rejects.toThrow(ArgumentError);
    await expect(admin.sendChatMessage(thread, "nope" as never, [{ role: "user", content: "x" }])).rejects.toThrow(ArgumentError);
  });
});

describe("access", () => {
  test("a project owner's session works instead of the admin key", async () => {
    const tokens = await ownerSession();
    const admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, projectOwnerSession: tokens, tokenStore: null, retry });
    expect((await admin.getProject()).id).toBe(emulator.projectId);
    expect(Array.isArray(await admin.listInternalApiKeys())).toBe(true);
    expect((await admin.listTeamPermissionDefinitions()).length).toBeGreaterThan(0);
  });

  test("a ServerApp cannot reach admin routes", async () => {
    const server = new ServerApp({ projectId: emulator.projectId, baseUrl: emulator.url, secretServerKey: emulator.keys.secretServerKey, tokenStore: null, retry });
    const core = (server as unknown as { core: { request(spec: { path: string }): Promise<unknown> } }).core;
    const e = await caught(core.request({ path: "/internal/api-keys" }));
    expect(KnownErrors.InsufficientAccessType.isInstance(e)).toBe(true);
  });

  test("a wrong admin key", async () => {
    const e = await caught(adminFor({ superSecretAdminKey: "sak_wrong" }).listInternalApiKeys());
    expect(KnownErrors.InvalidSuperSecretAdminKey.isInstance(e)).toBe(true);
  });

  test("createProject and listOwnedProjects outside the internal project are refused locally", async () => {
    const before = (await routeStats(emulator, "POST /internal/projects")).requests;
    const e = await caught(adminFor({ tokenStore: "memory" }).createProject({ displayName: "Nope" }));
    expect(KnownErrors.ExpectedInternalProject.isInstance(e)).toBe(true);
    expect(e.message).toBe("The project ID is expected to be internal.");
    expect((await routeStats(emulator, "POST /internal/projects")).requests).toBe(before);
    expect(KnownErrors.ExpectedInternalProject.isInstance(await caught(adminFor().listOwnedProjects()))).toBe(true);
  });

  test("owned projects come with their own AdminApp (owner session, no token store)", async () => {
    const dash = await dashboard();
    const owned = await dash.listOwnedProjects();
    const demo = owned.find((p) => p.id === emulator.projectId)!;
    expect(demo).toMatchObject({ displayName: expect.any(String), config: expect.any(Object) });
    expect(demo.app).toBeInstanceOf(AdminApp);
    expect(demo.app.projectId).toBe(emulator.projectId);
    expect((await demo.app.getProject()).id).toBe(emulator.projectId);
    await expect(demo.app.getUser()).rejects.toThrow(ArgumentError); // no token store
    const noUser = await caught(new AdminApp({ projectId: "internal", baseUrl: emulator.url, superSecretAdminKey: emulator.internal.keys.superSecretAdminKey, tokenStore: "memory", retry }).listOwnedProjects());
    expect(KnownErrors.UserAuthenticationRequired.isInstance(noUser)).toBe(true);
  });
});
