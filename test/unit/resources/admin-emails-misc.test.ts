import nock from "nock";
import { AdminApp, ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

const THEME = "5e7a0c11-0000-4000-8000-0000000000a1";
const TEMPLATE = "5e7a0c11-0000-4000-8000-0000000000b1";
const TEAM = "5e7a0c11-0000-4000-8000-0000000000c9";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const admin = (projectId = PROJECT, tokenStore: null | "memory" = null) =>
  new AdminApp({ projectId, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore, retry: { sleep: async () => undefined, random: () => 0.5 } });
const smtp = { host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Acme", senderEmail: "no@example.com" };

test("permission definitions map both ways", async () => {
  let created: unknown;
  let updated: unknown;
  nock(BASE)
    .post("/api/v1/team-permission-definitions", (b) => ((created = b), true))
    .reply(201, JSON.stringify({ id: "moderator", description: "Mods", contained_permission_ids: ["$read_members"] }), { "content-type": "application/json" })
    .get("/api/v1/team-permission-definitions")
    .reply(...json({ items: [{ id: "moderator", description: "Mods", contained_permission_ids: ["$read_members"] }, { id: "$update_team", contained_permission_ids: [] }], is_paginated: false }))
    .patch("/api/v1/project-permission-definitions/reader", (b) => ((updated = b), true))
    .reply(...json({ id: "viewer", contained_permission_ids: [] }))
    .get("/api/v1/project-permission-definitions")
    .reply(...json({ items: [], is_paginated: false }));
  const app = admin();
  const def = await app.createTeamPermissionDefinition({ id: "moderator", description: "Mods", containedPermissionIds: ["$read_members"] });
  expect(created).toEqual({ id: "moderator", description: "Mods", contained_permission_ids: ["$read_members"] });
  expect(def).toMatchObject({ id: "moderator", description: "Mods", containedPermissionIds: ["$read_members"] });
  const list = await app.listTeamPermissionDefinitions();
  expect(list.map(({ id, description, containedPermissionIds }) => ({ id, description, containedPermissionIds }))).toEqual([
    { id: "moderator", description: "Mods", containedPermissionIds: ["$read_members"] },
    { id: "$update_team", description: undefined, containedPermissionIds: [] },
  ]);
  await app.updateProjectPermissionDefinition("reader", { id: "viewer", containedPermissionIds: [] });
  expect(updated).toEqual({ id: "viewer", contained_permission_ids: [] });
});

test("sendTestEmail: snake_case body; success → ok, failure → error result with errorMessage", async () => {
  const bodies: unknown[] = [];
  nock(BASE)
    .post("/api/v1/internal/send-test-email", (b) => (bodies.push(b), true)).reply(...json({ success: true }))
    .post("/api/v1/internal/send-test-email").reply(...json({ success: false, error_message: "Connection refused" }));
  const app = admin();
  expect(await app.sendTestEmail({ recipientEmail: "me@example.com", emailConfig: smtp })).toEqual({ status: "ok", data: undefined });
  expect(bodies[0]).toEqual({
    recipient_email: "me@example.com",
    email_config: { host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Acme", sender_email: "no@example.com" },
  });
  expect(await app.sendTestEmail({ recipientEmail: "me@example.com", emailConfig: smtp })).toEqual({ status: "error", error: { errorMessage: "Connection refused" } });
});

test("themes, templates, sent e-mails and rendering map both ways", async () => {
  const bodies: Record<string, unknown> = {};
  const keep = (name: string) => (b: unknown) => ((bodies[name] = b), true);
  nock(BASE)
    .get("/api/v1/internal/email-themes").reply(...json({ themes: [{ id: THEME, display_name: "Default Light" }] }))
    .get(`/api/v1/internal/email-themes/${THEME}`).reply(...json({ id: THEME, display_name: "Default Light", tsx_source: "src" }))
    .patch(`/api/v1/internal/email-themes/${THEME}`, keep("theme")).reply(...json({ display_name: "Default Light" }))
    .get("/api/v1/internal/email-templates").reply(...json({ templates: [{ id: TEMPLATE, display_name: "Welcome", tsx_source: "tpl", theme_id: THEME }] }))
    .patch(`/api/v1/internal/email-templates/${TEMPLATE}`, keep("template")).reply(...json({ rendered_html: "<p>hi</p>" }))
    .get("/api/v1/internal/email-templates").reply(...json({ templates: [] }))
    .get("/api/v1/internal/emails").reply(...json({ items: [{ id: "m1", to: ["a@example.com"], subject: "Hi", sent_at_millis: 5000, error: null }], is_paginated: false }))
    .post("/api/v1/emails/render-email", keep("render")).reply(...json({ html: "<p>x</p>", subject: "S", notification_category: "Transactional" }))
    .post("/api/v1/internal/send-sign-in-invitation", keep("invite")).reply(...json({ success: true }));
  const app = admin();
  expect(await app.listEmailThemes()).toEqual([{ id: THEME, displayName: "Default Light" }]);
  expect(await app.getEmailTheme(THEME)).toEqual({ id: THEME, displayName: "Default Light", tsxSource: "src" });
  await app.updateEmailTheme(THEME, "new src");
  expect(bodies.theme).toEqual({ tsx_source: "new src" });
  expect(await app.listEmailTemplates()).toEqual([{ id: TEMPLATE, displayName: "Welcome", tsxSource: "tpl", themeId: THEME }]);
  expect(await app.updateEmailTemplate(TEMPLATE, "tpl2", false)).toEqual({ renderedHtml: "<p>hi</p>" });
  expect(bodies.template).toEqual({ tsx_source: "tpl2", theme_id: false });
  expect(await app.listSentEmails()).toEqual([{ id: "m1", to: ["a@example.com"], subject: "Hi", recipient: "a@example.com", sentAt: new Date(5000), error: null }]);
  expect(await app.renderEmail({ templateTsxSource: "tpl", themeId: null })).toEqual({ html: "<p>x</p>", subject: "S", notificationCategory: "Transactional" });
  expect(bodies.render).toEqual({ template_tsx_source: "tpl", theme_id: null });
  await app.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");
  expect(bodies.invite).toEqual({ email: "ada@example.com", callback_url: "https://app.example.com/handler/sign-in" });
});

test("metrics, svix token and AI chat", async () => {
  let chat: unknown;
  let saved: unknown;
  nock(BASE)
    .get("/api/v1/internal/metrics").query({ include_anonymous: "true" }).reply(...json({ total_users: 3 }))
    .post("/api/v1/webhooks/svix-token").reply(...json({ token: "svix_1" }))
    .post("/api/v1/internal/ai-chat/th1", (b) => ((chat = b), true)).reply(...json({ content: [{ type: "text", text: "ok" }] }))
    .patch("/api/v1/internal/ai-chat/th1", (b) => ((saved = b), true)).reply(...json({}))
    .get("/api/v1/internal/ai-chat/th1").reply(...json({ messages: [{ role: "user", content: "hi" }] }));
  const app = admin();
  expect(await app.getMetrics({ includeAnonymous: true })).toEqual({ total_users: 3 });
  expect(await app.getSvixToken()).toBe("svix_1");
  expect(await app.sendChatMessage("th1", "email-template", [{ role: "user", content: "hi" }])).toEqual({ content: [{ type: "text", text: "ok" }] });
  expect(chat).toEqual({ context_type: "email-template", messages: [{ role: "user", content: "hi" }] });
  await app.saveChatMessage("th1", { role: "user", content: "hi" });
  expect(saved).toEqual({ message: { role: "user", content: "hi" } });
  expect(await app.listChatMessages("th1")).toEqual({ messages: [{ role: "user", content: "hi" }] });
});

test("every method checks its arguments before any request", async () => {
  const app = admin();
  const refusals: Promise<unknown>[] = [
    app.createTeamPermissionDefinition({ id: "Bad", containedPermissionIds: [] }),
    app.createProjectPermissionDefinition({ id: "ok", containedPermissionIds: ["Not Valid"] }),
    app.updateTeamPermissionDefinition("", {}),
    app.deleteProjectPermissionDefinition(42 as never),
    app.getEmailTheme(""),
    app.createEmailTheme(""),
    app.updateEmailTheme("t1", ""),
    app.createEmailTemplate(undefined as never),
    app.updateEmailTemplate("x1", "src", 7 as never),
    app.deleteEmailTemplate(""),
    app.sendTestEmail({ recipientEmail: "", emailConfig: smtp }),
    app.sendTestEmail({ recipientEmail: "a@example.com", emailConfig: { ...smtp, senderEmail: "" } }),
    app.sendSignInInvitationEmail("a@example.com", "/relative"),
    app.renderEmail({}),
    app.renderEmail({ templateId: "x", templateTsxSource: "y" }),
    app.getEmailPreview({ templateId: "x", themeId: "t", themeTsxSource: "s" }),
    app.getMetrics({ includeAnonymous: "yes" as never }),
    app.sendChatMessage("", "email-theme", [{ role: "user", content: "x" }]),
    app.sendChatMessage("th", "email-theme", [{ role: "robot" as never, content: "x" }]),
    app.saveChatMessage("th", undefined),
    app.listChatMessages(""),
  ];
  for (const p of refusals) await expect(p).rejects.toThrow(ArgumentError);
});

test("createProject / listOwnedProjects outside the internal project: EXPECTED_INTERNAL_PROJECT, no request", async () => {
  const app = admin(PROJECT, "memory");
  const e1 = await app.createProject({ displayName: "X" }).catch((e) => e);
  expect(KnownErrors.ExpectedInternalProject.isInstance(e1)).toBe(true);
  expect(e1).toMatchObject({ code: "EXPECTED_INTERNAL_PROJECT", status: 401, message: "The project ID is expected to be internal." });
  expect(KnownErrors.ExpectedInternalProject.isInstance(await app.listOwnedProjects().catch((e) => e))).toBe(true);
});

test("createProject on the internal project: argument checks, then the owner's session and body", async () => {
  const dash = admin("internal", null);
  await expect(dash.createProject({ displayName: "" })).rejects.toThrow(ArgumentError);
  await expect(dash.createProject({ displayName: "X", teamId: 5 as never })).rejects.toThrow(ArgumentError);
  await expect(dash.createProject({ displayName: "X", teamId: "t" })).rejects.toThrow("teamId must be a UUID.");
  await expect(dash.createProject({ displayName: "X", teamId: TEAM })).rejects.toThrow(/no token store/);
  let body: unknown;
  const wire = {
    id: "p-new", display_name: "X", description: "", created_at_millis: 1, is_production_mode: false, owner_team_id: TEAM,
    config: { allow_localhost: true, sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false, client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false, oauth_providers: [], domains: [], email_config: { type: "shared" }, email_theme: "t", create_team_on_sign_up: false, team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [], oauth_account_merge_strategy: "link_method" },
  };
  const accessToken = fakeAccessToken(600);
  nock(BASE, { reqheaders: { "x-stack-access-token": accessToken } })
    .post("/api/v1/internal/projects", (b) => ((body = b), true))
    .reply(201, JSON.stringify(wire), { "content-type": "application/json" });
  const created = await dash.createProject({ displayName: "X", teamId: TEAM }, { tokenStore: { accessToken, refreshToken: fakeRefreshToken() } });
  expect(body).toEqual({ display_name: "X", owner_team_id: TEAM });
  expect(created).toMatchObject({ id: "p-new", displayName: "X", ownerTeamId: TEAM });
  expect(created.app).toBeInstanceOf(AdminApp);
  expect(created.app.projectId).toBe("p-new");
});
