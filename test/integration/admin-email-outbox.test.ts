import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AdminApp, ArgumentError, HttpError, KnownErrors } from "../../src/index";
import type { AdminEmailOutbox } from "../../src/index";
import { caught } from "../helpers/http";
import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed } from "./team-helpers";

let emulator: Emulator;
let admin: AdminApp;
beforeAll(async () => {
  emulator = await startTestEmulator();
  admin = new AdminApp({
    projectId: emulator.projectId,
    baseUrl: emulator.url,
    superSecretAdminKey: emulator.keys.superSecretAdminKey,
    tokenStore: null,
    retry: { sleep: async () => undefined, random: () => 0.5 },
  });
  const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
  expect((await keyed(emulator, "admin", "PATCH", "/internal/projects/current", { config: { email_config: smtp } })).status).toBe(200);
});
afterAll(() => emulator.stop());

async function totalRequests(): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return Object.values(stats.routes ?? {}).reduce<number>((n, r) => n + (r as { requests: number }).requests, 0);
}

async function recipient(name = "outbox") {
  const email = uniqueEmail(name);
  const user = await serverFor(emulator).createUser({ primaryEmail: email, primaryEmailVerified: true, displayName: "Ada" });
  return { id: user.id, email };
}

const mineIn = (items: AdminEmailOutbox[], userId: string) => items.filter((e) => e.to.type === "user-primary-email" && e.to.userId === userId);

describe("e-mail drafts", () => {
  test("create, list, update, delete; a draft sent by another app shows as sent on the next read", async () => {
    const { id } = await admin.createEmailDraft({ displayName: "Launch", themeId: false });
    const [draft] = (await admin.listEmailDrafts()).filter((d) => d.id === id);
    expect(draft).toEqual({ id, displayName: "Launch", themeId: false, tsxSource: expect.stringContaining("EmailTemplate"), sentAt: null });

    await admin.updateEmailDraft(id, { displayName: "Launch v2", themeId: false });
    expect((await admin.listEmailDrafts()).find((d) => d.id === id)).toMatchObject({ displayName: "Launch v2", themeId: false });

    const user = await recipient("draft");
    await serverFor(emulator).sendEmail({ userIds: [user.id], draftId: id });
    // Sent through a ServerApp: the admin app's next read asks afresh and sees it.
    expect((await admin.listEmailDrafts()).find((d) => d.id === id)?.sentAt).toBeInstanceOf(Date);
    await expect(admin.refreshEmailDrafts()).resolves.toBeUndefined();

    await admin.deleteEmailDraft(id);
    expect((await admin.listEmailDrafts()).some((d) => d.id === id)).toBe(false);
    const gone = await caught(admin.deleteEmailDraft(id));
    expect(HttpError.isInstance(gone) && gone.status).toBe(404);
  });

  test("rewriteTemplateSourceWithAI: standalone TSX back, TEMPLATE_SOURCE_REWRITE_ERROR for broken source", async () => {
    const source = "export function EmailTemplate({ variables }) {\n  return <p>{variables.name}</p>;\n}\n";
    expect(await admin.rewriteTemplateSourceWithAI(source)).toEqual({ tsxSource: source.replace("variables.name", '"{{name}}"') });
    const broken = await caught(admin.rewriteTemplateSourceWithAI("export function EmailTemplate() { return <p>; }"));
    expect(KnownErrors.TemplateSourceRewriteError.isInstance(broken)).toBe(true);
  });

  test("arguments are checked before any request", async () => {
    const before = await totalRequests();
    const bad: Promise<unknown>[] = [
      admin.createEmailDraft(undefined as never),
      admin.createEmailDraft({ displayName: 3 } as never),
      admin.createEmailDraft({ displayName: "x", themeId: "dark" }),
      admin.createEmailDraft({ displayName: "x", tsxSource: 1 } as never),
      admin.updateEmailDraft("", { displayName: "x" }),
      admin.updateEmailDraft("id", undefined as never),
      admin.deleteEmailDraft(undefined as never),
      admin.rewriteTemplateSourceWithAI(""),
      admin.deleteEmailTheme(""),
    ];
    for (const p of bad) await expect(p).rejects.toThrow(ArgumentError);
    expect(await totalRequests()).toBe(before);
  });
});

describe("the outbox", () => {
  test("a scheduled e-mail: list, get, pause, reschedule, resume, then it is sent", async () => {
    const user = await recipient();
    const at = new Date(Date.now() + 3_600_000);
    await serverFor(emulator).sendEmail({ userIds: [user.id], html: "<p>Later</p>", subject: "Scheduled", scheduledAt: at });
    const { items } = await admin.listOutboxEmails({ status: "scheduled" });
    const [scheduled] = mineIn(items, user.id);
    if (scheduled.status !== "scheduled") throw new Error(`unexpected ${scheduled.status}`);
    expect(scheduled).toMatchObject({ simpleStatus: "in-progress", hasRendered: true, subject: "Scheduled", isPaused: false, createdWith: "programmatic-call", sendAttemptErrors: null, nextSendRetryAt: null });
    expect(scheduled.scheduledAt).toEqual(at);
    expect(scheduled.createdAt).toBeInstanceOf(Date);
    expect(scheduled.renderedAt).toBeInstanceOf(Date);

    const paused = await admin.pauseOutboxEmail(scheduled.id);
    expect(paused).toMatchObject({ status: "paused", isPaused: true, simpleStatus: "in-progress" });
    const moved = await admin.updateOutboxEmail(scheduled.id, { scheduledAtMillis: Date.now() - 1000 });
    expect(moved.status).toBe("paused");
    const resumed = await admin.unpauseOutboxEmail(scheduled.id);
    expect(resumed.isPaused).toBe(false);
    const sent = await admin.getOutboxEmail(scheduled.id);
    if (sent.status !== "sent") throw new Error(`unexpected ${sent.status}`);
    expect(sent).toMatchObject({ simpleStatus: "ok", hasDelivered: true, canHaveDeliveryInfo: false });
    expect(sent.deliveredAt).toBeInstanceOf(Date);
    expect(emulator.outbox.list({ to: user.email }).map((m) => m.subject)).toEqual(["Scheduled"]);

    const refused = await caught(admin.pauseOutboxEmail(scheduled.id));
    expect(KnownErrors.EmailNotEditable.isInstance(refused)).toBe(true);
    expect(refused.details).toEqual({ email_id: scheduled.id, status: "SENT" });
  });

  test("cancel, skipped e-mails, pages, filters and unknown ids", async () => {
    const user = await recipient();
    const server = serverFor(emulator);
    await server.sendEmail({ userIds: [user.id], html: "<p>a</p>", subject: "Cancel", scheduledAt: new Date(Date.now() + 3_600_000) });
    const [toCancel] = mineIn((await admin.listOutboxEmails()).items, user.id);
    const cancelled = await admin.cancelOutboxEmail(toCancel.id);
    if (cancelled.status !== "skipped") throw new Error(`unexpected ${cancelled.status}`);
    expect(cancelled).toMatchObject({ skippedReason: "MANUALLY_CANCELLED", skippedDetails: {}, simpleStatus: "ok" });
    expect(cancelled.skippedAt).toBeInstanceOf(Date);

    const noEmail = await server.createUser({});
    await server.sendEmail({ userIds: [noEmail.id], html: "<p>b</p>" });
    const [skipped] = mineIn((await admin.listOutboxEmails({ status: "skipped" })).items, noEmail.id);
    expect(skipped).toMatchObject({ status: "skipped", skippedReason: "USER_HAS_NO_PRIMARY_EMAIL" });

    const first = await admin.listOutboxEmails({ limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await admin.listOutboxEmails({ limit: 1, cursor: first.nextCursor! });
    expect(second.items[0].id).toBe(first.nextCursor);
    expect((await admin.listOutboxEmails({ simpleStatus: "error" })).items.every((e) => e.simpleStatus === "error")).toBe(true);

    const missing = await caught(admin.getOutboxEmail("00000000-0000-4000-8000-000000000000"));
    expect(HttpError.isInstance(missing) && [missing.status, missing.text]).toEqual([404, "Email not found"]);
  });

  test("arguments are checked before any request", async () => {
    const before = await totalRequests();
    const id = "00000000-0000-4000-8000-000000000000";
    const bad: Promise<unknown>[] = [
      admin.listOutboxEmails({ limit: 0 }),
      admin.listOutboxEmails({ limit: 101 }),
      admin.listOutboxEmails({ limit: 1.5 }),
      admin.listOutboxEmails({ cursor: "next" }),
      admin.listOutboxEmails({ status: "" }),
      admin.listOutboxEmails("all" as never),
      admin.getOutboxEmail("not-an-id"),
      admin.updateOutboxEmail(id, undefined as never),
      admin.updateOutboxEmail(id, { cancel: false }),
      admin.updateOutboxEmail(id, { isPaused: "yes" } as never),
      admin.updateOutboxEmail(id, { scheduledAtMillis: Number.NaN }),
      admin.updateOutboxEmail(id, { themeId: 5 } as never),
      admin.pauseOutboxEmail(""),
      admin.cancelOutboxEmail("x"),
    ];
    for (const p of bad) await expect(p).rejects.toThrow(ArgumentError);
    expect(await totalRequests()).toBe(before);
  });
});

describe("themes, permission definition pages and test webhooks", () => {
  test("deleteEmailTheme removes a theme from the cached list", async () => {
    const { id } = await admin.createEmailTheme("Temporary");
    expect((await admin.listEmailThemes()).some((t) => t.id === id)).toBe(true);
    await admin.deleteEmailTheme(id);
    expect((await admin.listEmailThemes()).some((t) => t.id === id)).toBe(false);
    const gone = await caught(admin.getEmailTheme(id));
    expect(HttpError.isInstance(gone) && gone.status).toBe(404);
  });

  test("listTeamPermissionDefinitionsPaginated walks every page once; query searches id and description", async () => {
    await admin.createTeamPermissionDefinition({ id: "pager_a", description: "Reads invoices", containedPermissionIds: [] });
    await admin.createTeamPermissionDefinition({ id: "pager_b", containedPermissionIds: [] });
    const all = (await admin.listTeamPermissionDefinitions()).map((d) => d.id).sort();
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.listTeamPermissionDefinitionsPaginated({ limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all);
    const found = await admin.listTeamPermissionDefinitionsPaginated({ limit: 10, query: "INVOICES" });
    expect(found.items.map((d) => d.id)).toEqual(["pager_a"]);
    expect(found.items[0]).toMatchObject({ description: "Reads invoices", containedPermissionIds: [] });
    expect(found.nextCursor).toBeNull();
    const before = await totalRequests();
    await expect(admin.listTeamPermissionDefinitionsPaginated(undefined as never)).rejects.toThrow(ArgumentError);
    await expect(admin.listTeamPermissionDefinitionsPaginated({ limit: 0 })).rejects.toThrow(ArgumentError);
    await expect(admin.listTeamPermissionDefinitionsPaginated({ limit: 201 })).rejects.toThrow(ArgumentError);
    await expect(admin.listTeamPermissionDefinitionsPaginated({ limit: 5, query: 3 } as never)).rejects.toThrow(ArgumentError);
    expect(await totalRequests()).toBe(before);
  });

  test("sendTestWebhook: an error result for a missing or failing endpoint, ok when it answers 2xx", async () => {
    let status = 200;
    const receiver: Server = createServer((req, res) => req.resume().on("end", () => res.writeHead(status).end()));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      expect(await admin.sendTestWebhook({ endpointId: "ep_nope" })).toEqual({ status: "error", error: { errorMessage: "Endpoint not found. Make sure it still exists." } });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
      const endpoint = await (await fetch(`${emulator.url}/emulator/webhook-endpoints`, { method: "POST", body: JSON.stringify({ project_id: emulator.projectId, url }) })).json();
      expect(await admin.sendTestWebhook({ endpointId: endpoint.id })).toEqual({ status: "ok", data: undefined });
      status = 410;
      expect(await admin.sendTestWebhook({ endpointId: endpoint.id })).toEqual({
        status: "error",
        error: { errorMessage: "Webhook not delivered. Make sure the endpoint is configured correctly." },
      });
      await expect(admin.sendTestWebhook({} as never)).rejects.toThrow(ArgumentError);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
