/**
 * Garbage answers for AdminApp: its own methods (project keys, permission definitions, e-mail themes, templates,
 * drafts and outbox, metrics, webhooks, AI chat, owned projects), its `getProject()`, and the methods of the admin
 * project it returns, each given a 2xx whose body is an HTML page, truncated JSON, wrong field types, an empty
 * object, an empty body or `null`: an UnexpectedResponseError (status, method and URL, a short excerpt), never a raw
 * TypeError/SyntaxError and never success with missing data (see garbage-helpers.ts). The methods AdminApp shares
 * with ServerApp and ClientApp are in garbage-answers.test.ts.
 *
 * The tables are checked against the methods the objects really have, so a new AdminApp or project method without
 * a row fails the "every method has a row" test.
 */
import nock from "nock";
import { AdminApp, ServerApp } from "../../../src/index";
import type { AdminProject } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { GARBAGE_CASES as cases, check, methodsOf } from "./garbage-helpers";
import type { Row } from "./garbage-helpers";

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const ID = "4b1e0a52-0000-4000-8000-000000000004";
const SMTP = { host: "smtp.example", port: 587, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@example.com" };
const DEFINITION = { id: "editor", description: "Edits", containedPermissionIds: [] };
const KEY = { description: "CI", expiresAt: new Date(Date.now() + 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false };

/** AdminApp's own methods, and its `getProject` (it returns an AdminProject, not the client's project). */
const ADMIN_ROWS: Record<string, Row<AdminApp>> = {
  getProject: { call: (a) => a.getProject() },
  createInternalApiKey: { call: (a) => a.createInternalApiKey(KEY) },
  listInternalApiKeys: { call: (a) => a.listInternalApiKeys() },
  listTeamPermissionDefinitions: { call: (a) => a.listTeamPermissionDefinitions() },
  listTeamPermissionDefinitionsPaginated: { call: (a) => a.listTeamPermissionDefinitionsPaginated({ limit: 10 }) },
  createTeamPermissionDefinition: { call: (a) => a.createTeamPermissionDefinition(DEFINITION) },
  updateTeamPermissionDefinition: { call: (a) => a.updateTeamPermissionDefinition("editor", { description: "Writes" }), void: true },
  deleteTeamPermissionDefinition: { call: (a) => a.deleteTeamPermissionDefinition("editor"), void: true },
  listProjectPermissionDefinitions: { call: (a) => a.listProjectPermissionDefinitions() },
  createProjectPermissionDefinition: { call: (a) => a.createProjectPermissionDefinition(DEFINITION) },
  updateProjectPermissionDefinition: { call: (a) => a.updateProjectPermissionDefinition("editor", { description: "Writes" }), void: true },
  deleteProjectPermissionDefinition: { call: (a) => a.deleteProjectPermissionDefinition("editor"), void: true },
  getMetrics: { call: (a) => a.getMetrics() },
  getSvixToken: { call: (a) => a.getSvixToken() },
  sendTestWebhook: { call: (a) => a.sendTestWebhook({ endpointId: "ep_1" }) },
  sendChatMessage: { call: (a) => a.sendChatMessage(ID, "email-template", [{ role: "user", content: "Hi" }]) },
  saveChatMessage: { call: (a) => a.saveChatMessage(ID, { role: "user", content: "Hi" }), void: true },
  listChatMessages: { call: (a) => a.listChatMessages(ID) },
  listEmailThemes: { call: (a) => a.listEmailThemes() },
  getEmailTheme: { call: (a) => a.getEmailTheme(ID) },
  createEmailTheme: { call: (a) => a.createEmailTheme("Dark") },
  updateEmailTheme: { call: (a) => a.updateEmailTheme(ID, "export function EmailTheme() { return null; }"), void: true },
  deleteEmailTheme: { call: (a) => a.deleteEmailTheme(ID), void: true },
  listEmailTemplates: { call: (a) => a.listEmailTemplates() },
  createEmailTemplate: { call: (a) => a.createEmailTemplate("Welcome") },
  updateEmailTemplate: { call: (a) => a.updateEmailTemplate(ID, "export function EmailTemplate() { return null; }") },
  deleteEmailTemplate: { call: (a) => a.deleteEmailTemplate(ID), void: true },
  listEmailDrafts: { call: (a) => a.listEmailDrafts() },
  createEmailDraft: { call: (a) => a.createEmailDraft({ displayName: "Draft" }) },
  updateEmailDraft: { call: (a) => a.updateEmailDraft(ID, { displayName: "Draft 2" }), void: true },
  deleteEmailDraft: { call: (a) => a.deleteEmailDraft(ID), void: true },
  rewriteTemplateSourceWithAI: { call: (a) => a.rewriteTemplateSourceWithAI("export function EmailTemplate() { return null; }") },
  listOutboxEmails: { call: (a) => a.listOutboxEmails() },
  getOutboxEmail: { call: (a) => a.getOutboxEmail(ID) },
  updateOutboxEmail: { call: (a) => a.updateOutboxEmail(ID, { isPaused: true }) },
  pauseOutboxEmail: { call: (a) => a.pauseOutboxEmail(ID) },
  unpauseOutboxEmail: { call: (a) => a.unpauseOutboxEmail(ID) },
  cancelOutboxEmail: { call: (a) => a.cancelOutboxEmail(ID) },
  listSentEmails: { call: (a) => a.listSentEmails() },
  sendTestEmail: { call: (a) => a.sendTestEmail({ recipientEmail: "ada@example.com", emailConfig: SMTP }) },
  sendSignInInvitationEmail: { call: (a) => a.sendSignInInvitationEmail("ada@example.com", "https://app.example/handler/sign-in"), void: true },
  renderEmail: { call: (a) => a.renderEmail({ themeId: ID, templateId: ID }) },
  getEmailPreview: { call: (a) => a.getEmailPreview({ themeId: ID, templateId: ID }) },
};

/** Need the platform's `internal` project and a signed-in project owner (see `internalAdmin`). */
const OWNER_ROWS: Record<string, Row<AdminApp>> = {
  createProject: { call: (a) => a.createProject({ displayName: "Shop", teamId: ID }) },
  listOwnedProjects: { call: (a) => a.listOwnedProjects() },
};

/** The methods of the AdminProject `getProject()` returns (read once with a good answer). */
const PROJECT_ROWS: Record<string, Row<AdminProject>> = {
  update: { call: (p) => p.update({ displayName: "Acme 2" }), void: true },
  delete: { call: (p) => p.delete(), void: true },
  getConfig: { call: (p) => p.getConfig() },
  updateConfig: { call: (p) => p.updateConfig({ "teams.allowClientTeamCreation": true }), void: true },
  pushConfig: { call: (p) => p.pushConfig({ "teams.allowClientTeamCreation": true }, { source: { type: "unlinked" } }), void: true },
  updatePushedConfig: { call: (p) => p.updatePushedConfig({ "teams.allowClientTeamCreation": true }), void: true },
  getPushedConfigSource: { call: (p) => p.getPushedConfigSource() },
  unlinkPushedConfigSource: { call: (p) => p.unlinkPushedConfigSource(), void: true },
  resetConfigOverrideKeys: { call: (p) => p.resetConfigOverrideKeys("environment", ["teams.allowClientTeamCreation"]), void: true },
  getConfigOverride: { call: (p) => p.getConfigOverride("environment") },
  replaceConfigOverride: { call: (p) => p.replaceConfigOverride("environment", { "teams.allowClientTeamCreation": true }), void: true },
};

/**
 * Methods that decode nothing: `refreshEmailDrafts` only marks the cached drafts outdated (a subscribed React hook
 * refetches them through `listEmailDrafts`'s read, covered above), and `getProductionModeErrors` is computed from the
 * project snapshot.
 */
const LOCAL = new Set(["refreshEmailDrafts", "getProductionModeErrors"]);

const retry = { sleep: async () => undefined, random: () => 0.5 };
const admin = () => new AdminApp({ projectId: PROJECT, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: null, retry, noAutomaticPrefetch: true } as never);
const internalAdmin = () =>
  new AdminApp({ projectId: "internal", baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: { accessToken: fakeAccessToken(3600), refreshToken: fakeRefreshToken() }, retry, noAutomaticPrefetch: true } as never);

const PROJECT_WIRE = {
  id: PROJECT, display_name: "Acme", description: "", created_at_millis: 1735600000000, is_production_mode: false, owner_team_id: null,
  config: {
    allow_localhost: true, sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
    client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false,
    oauth_providers: [], enabled_oauth_providers: [], domains: [], email_config: { type: "shared" }, email_theme: "t", create_team_on_sign_up: false,
    team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [], oauth_account_merge_strategy: "link_method",
  },
};

async function adminProject(): Promise<AdminProject> {
  nock(BASE).get("/api/v1/internal/projects/current").reply(200, PROJECT_WIRE, { "content-type": "application/json" });
  const project = await admin().getProject();
  nock.cleanAll();
  return project;
}

describe("AdminApp methods", () => {
  test.each(cases(ADMIN_ROWS))("%s given %s", async (name, kind) => {
    await check(ADMIN_ROWS[name] as Row<never>, admin() as never, kind);
  });
  test.each(cases(OWNER_ROWS))("%s (internal project, signed in) given %s", async (name, kind) => {
    await check(OWNER_ROWS[name] as Row<never>, internalAdmin() as never, kind);
  });
});

describe("the admin project's methods", () => {
  test.each(cases(PROJECT_ROWS))("project.%s given %s", async (name, kind) => {
    await check(PROJECT_ROWS[name] as Row<never>, (await adminProject()) as never, kind);
  });
});

test("every AdminApp and admin project method has a row, so a new one is covered", async () => {
  const server = new Set(methodsOf(new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: null })));
  const own = methodsOf(admin()).filter((m) => !server.has(m) || m === "getProject");
  const uncovered = [
    ...own.filter((m) => !(m in ADMIN_ROWS) && !(m in OWNER_ROWS) && !LOCAL.has(m)),
    ...methodsOf(await adminProject()).filter((m) => !(m in PROJECT_ROWS) && !LOCAL.has(m)).map((m) => `project.${m}`),
  ];
  expect(uncovered).toEqual([]);
});
