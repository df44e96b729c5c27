import { StackAdminApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { AdminApp, ServerApp } from "../../src/index";
import { call, freshEmail, startTestEmulator } from "./helpers";

// The official SDK against the data vault, delivery, draft, outbox, theme, permission-page and webhook routes, and
// latchkey reading what the official SDK wrote (and the other way round).
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
  const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
  await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { email_config: smtp } } });
  await call(em, "/internal/config/override", { access: "admin", method: "PATCH", body: { config_override_string: JSON.stringify({ "dataVault.stores.shared": { displayName: "Shared" } }) } });
});
afterAll(() => em.stop());

const base = () => ({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" as const });
const officialServer = () => new StackServerApp({ ...base(), secretServerKey: em.keys.secretServerKey });
const officialAdmin = () => new StackAdminApp({ ...base(), secretServerKey: em.keys.secretServerKey, superSecretAdminKey: em.keys.superSecretAdminKey });
const latchkeyServer = () => new ServerApp({ projectId: em.projectId, baseUrl: em.url, secretServerKey: em.keys.secretServerKey, tokenStore: null });
const latchkeyAdmin = () => new AdminApp({ projectId: em.projectId, baseUrl: em.url, superSecretAdminKey: em.keys.superSecretAdminKey, tokenStore: null });

test("data vault: each SDK reads what the other wrote; another secret reads null", async () => {
  const official = await officialServer().getDataVaultStore("shared");
  await official.setValue("from-official", "written by the official SDK", { secret: "shared secret" });
  const mine = await latchkeyServer().getDataVaultStore("shared");
  expect(await mine.getValue("from-official", { secret: "shared secret" })).toBe("written by the official SDK");
  await mine.setValue("from-latchkey", "written by latchkey ✓", { secret: "shared secret" });
  expect(await official.getValue("from-latchkey", { secret: "shared secret" })).toBe("written by latchkey ✓");
  expect(await official.getValue("from-latchkey", { secret: "wrong" })).toBeNull();
  expect(await official.getValue("never-set", { secret: "shared secret" })).toBeNull();
});

test("delivery stats and the capacity boost", async () => {
  const server = officialServer();
  const before = await server.getEmailDeliveryStats();
  expect(before).toEqual({
    stats: { hour: expect.any(Object), day: expect.any(Object), week: expect.any(Object), month: expect.any(Object) },
    capacity: { rate_per_second: expect.any(Number), boost_multiplier: 1, penalty_factor: 1, is_boost_active: false, boost_expires_at: null },
  });
  await server.activateEmailCapacityBoost();
  expect((await server.getEmailDeliveryStats()).capacity.is_boost_active).toBe(true);
  await expect(server.activateEmailCapacityBoost()).rejects.toMatchObject({ errorCode: "EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE" });
});

test("drafts, sending a draft, and the outbox through the official admin app", async () => {
  const admin = officialAdmin();
  const { id } = await admin.createEmailDraft({ displayName: "Official draft", themeId: false });
  expect((await admin.listEmailDrafts()).find((d) => d.id === id)).toMatchObject({ displayName: "Official draft", themeId: false, sentAt: null });
  await admin.updateEmailDraft(id, { displayName: "Official draft v2", themeId: false });
  expect((await latchkeyAdmin().listEmailDrafts()).find((d) => d.id === id)?.displayName).toBe("Official draft v2");

  const email = freshEmail("official-outbox");
  const user = await officialServer().createUser({ primaryEmail: email, primaryEmailVerified: true });
  await officialServer().sendEmail({ userIds: [user.id], draftId: id });
  await admin.refreshEmailDrafts();
  expect((await admin.listEmailDrafts()).find((d) => d.id === id)?.sentAt).toBeInstanceOf(Date);

  await officialServer().sendEmail({ userIds: [user.id], html: "<p>later</p>", subject: "Later", scheduledAt: new Date(Date.now() + 3_600_000) });
  const { items } = await admin.listOutboxEmails({ status: "scheduled" });
  const scheduled = items.find((e) => e.to.type === "user-primary-email" && e.to.userId === user.id)!;
  expect(scheduled.status).toBe("scheduled");
  expect(scheduled.scheduledAt).toBeInstanceOf(Date);
  expect((await admin.pauseOutboxEmail(scheduled.id)).status).toBe("paused");
  expect((await admin.getOutboxEmail(scheduled.id)).status).toBe("paused");
  expect((await admin.unpauseOutboxEmail(scheduled.id)).status).toBe("scheduled");
  const cancelled = await admin.cancelOutboxEmail(scheduled.id);
  expect(cancelled).toMatchObject({ status: "skipped", skippedReason: "MANUALLY_CANCELLED" });
  const sentByDraft = (await admin.listOutboxEmails()).items.find((e) => e.emailDraftId === id)!;
  expect(sentByDraft).toMatchObject({ status: "sent", createdWith: "draft" });
  await expect(admin.cancelOutboxEmail(sentByDraft.id)).rejects.toMatchObject({ errorCode: "EMAIL_NOT_EDITABLE" });

  await admin.deleteEmailDraft(id);
  expect((await admin.listEmailDrafts()).some((d) => d.id === id)).toBe(false);
});

test("theme deletion, permission pages, template rewrite and test webhooks", async () => {
  const admin = officialAdmin();
  const { id } = await admin.createEmailTheme("Official temporary");
  await admin.deleteEmailTheme(id);
  expect((await admin.listEmailThemes()).some((t) => t.id === id)).toBe(false);

  await admin.createTeamPermissionDefinition({ id: "official_pager", description: "Official paging", containedPermissionIds: [] });
  const page = await admin.listTeamPermissionDefinitionsPaginated({ limit: 1, query: "official paging" });
  expect(page).toEqual({ items: [expect.objectContaining({ id: "official_pager" })], nextCursor: null });
  const first = await admin.listTeamPermissionDefinitionsPaginated({ limit: 1 });
  const second = await admin.listTeamPermissionDefinitionsPaginated({ limit: 1, cursor: first.nextCursor! });
  expect(second.items[0].id > first.items[0].id).toBe(true);

  const rewritten = await admin.rewriteTemplateSourceWithAI("export function EmailTemplate({ variables }) { return <p>{variables.x}</p>; }");
  expect(rewritten.tsxSource).toContain('"{{x}}"');
  expect(await admin.sendTestWebhook({ endpointId: "ep_missing" })).toEqual({ status: "error", error: { errorMessage: "Endpoint not found. Make sure it still exists." } });
});
