import { ArgumentError, KnownErrors, ServerApp } from "../../src/index";
import { findTemplate } from "../../src/emulator/domain/email-catalog";
import { startTestEmulator, uniqueEmail } from "../helpers/emulator";
import { caught } from "../helpers/http";
import type { Emulator } from "../helpers/emulator";
import { keyed, signedInUser } from "./team-helpers";

let emulator: Emulator;
let server: ServerApp;
beforeAll(async () => {
  emulator = await startTestEmulator();
  server = new ServerApp({ projectId: emulator.projectId, baseUrl: emulator.url, secretServerKey: emulator.keys.secretServerKey, tokenStore: "memory" });
});
afterAll(() => emulator.stop());

async function outboxTo(to: string): Promise<{ subject: string; html: string; text: string }[]> {
  const res = await fetch(`${emulator.url}/emulator/outbox?to=${encodeURIComponent(to)}`);
  const body = await res.json();
  const items: { to: string[]; subject: string; html: string; text: string }[] = Array.isArray(body) ? body : (body.items ?? body.emails);
  return items.filter((m) => JSON.stringify(m.to).includes(to));
}

/** Switches the demo project to a custom ("standard") e-mail server through the admin API. */
async function useCustomEmailServer() {
  const r = await keyed(emulator, "admin", "PATCH", "/internal/projects/current", {
    config: {
      email_config: {
        type: "standard",
        host: "smtp.example.com",
        port: 587,
        username: "mailer",
        password: "secret",
        sender_name: "Latchkey Tests",
        sender_email: "noreply@example.com",
      },
    },
  });
  expect(r.status).toBe(200);
}

test("with the shared e-mail server, sendEmail throws REQUIRES_CUSTOM_EMAIL_SERVER; with a custom one the mail lands in the outbox", async () => {
  const { user, email } = await signedInUser(emulator, "mail");
  const shared = await server.sendEmail({ userIds: [user.id], html: "<p>Hello</p>", subject: "Hi" }).catch((e) => e);
  expect(KnownErrors.RequiresCustomEmailServer.isInstance(shared)).toBe(true);

  await useCustomEmailServer();
  await server.sendEmail({ userIds: [user.id], html: "<p>Hello from the server</p>", subject: "Server hello" });
  const mails = await outboxTo(email);
  const mine = mails.find((m) => m.subject === "Server hello");
  expect(mine?.html).toContain("Hello from the server");
});

test("a template with variables, and allUsers", async () => {
  await useCustomEmailServer();
  const { user, email } = await signedInUser(emulator, "tmpl");
  const templates = (await keyed(emulator, "admin", "GET", "/internal/email-templates")).json.templates as { id: string; display_name: string }[];
  expect(templates.length).toBeGreaterThan(0);
  const before = (await outboxTo(email)).length;
  await server.sendEmail({ userIds: [user.id], templateId: templates[0].id, variables: { teamDisplayName: "Ops" }, subject: "From a template" });
  expect((await outboxTo(email)).length).toBe(before + 1);

  await server.sendEmail({ allUsers: true, html: "<p>To everyone</p>", subject: "Broadcast", themeId: false });
  expect((await outboxTo(email)).some((m) => m.subject === "Broadcast")).toBe(true);
});

test("platform refusals are typed known errors; a template that does not render fails in the outbox", async () => {
  await useCustomEmailServer();
  const unknown = await server.sendEmail({ userIds: ["00000000-0000-4000-8000-000000000000"], html: "<p>x</p>" }).catch((e) => e);
  expect(KnownErrors.UserIdDoesNotExist.isInstance(unknown)).toBe(true);

  // The platform renders queued e-mails after send-email answered, so a broken template shows as a render error
  // in the outbox. The emulator checks sources when they are saved, so a broken stored template is planted
  // directly in its store to reach that path.
  const { user, email } = await signedInUser(emulator, "broken");
  const created = await keyed(emulator, "admin", "POST", "/internal/email-templates", { display_name: `Broken ${uniqueEmail("t")}` });
  const template = findTemplate(emulator.core.store, emulator.projectId, created.json.id)!;
  template.tsxSource = "export function EmailTemplate() { return <div><p>unclosed</div>; }";
  await server.sendEmail({ userIds: [user.id], templateId: created.json.id });
  const outbox = await keyed(emulator, "server", "GET", "/emails/outbox?status=render-error");
  const failed = outbox.json.items.find((e: { email_programmatic_call_template_id: string }) => e.email_programmatic_call_template_id === created.json.id);
  expect(failed).toMatchObject({ simple_status: "error", to: { type: "user-primary-email", user_id: user.id }, render_error: expect.stringMatching(/^Build failed with 1 error:\nvirtual:\/template.tsx:\d+:\d+: ERROR: Expected closing "div" tag to match opening "p" tag$/) });
  expect((await outboxTo(email)).length).toBe(0);
});

const sendEmailRequests = async (): Promise<number> =>
  (await (await fetch(`${emulator.url}/emulator/stats`)).json()).routes?.["POST /emails/send-email"]?.requests ?? 0;

test("a value of the wrong type (or an id the platform's database would refuse) throws an ArgumentError before any request", async () => {
  const before = await sendEmailRequests();
  const bad: unknown[] = [
    { allUsers: false, html: "<p>x</p>" },
    { userIds: "u", html: "<p>x</p>" },
    { userIds: ["u"], html: "<p>x</p>" },
    { allUsers: true, draftId: "d1" },
    { allUsers: true, html: 1 },
    { allUsers: true, templateId: 7 },
    { allUsers: true, templateId: "7a7a7a7a-0000-4000-8000-000000000001", variables: "nope" },
    { allUsers: true, html: "<p>x</p>", themeId: 3 },
    { allUsers: true, html: "<p>x</p>", subject: 3 },
    { allUsers: true, html: "<p>x</p>", scheduledAt: "tomorrow" },
  ];
  for (const options of bad) await expect(server.sendEmail(options as never)).rejects.toThrow(ArgumentError);
  expect(await sendEmailRequests()).toBe(before);
  await server.sendEmail({ allUsers: true, html: "<p>counted</p>" }); // the counter does count this route
  expect(await sendEmailRequests()).toBe(before + 1);
});

test("a recipient or content form the platform refuses: thrown before any request, the very SCHEMA_ERROR the platform answers", async () => {
  await useCustomEmailServer();
  const { user } = await signedInUser(emulator, "mail-forms");
  const TEMPLATE = "7a7a7a7a-0000-4000-8000-000000000001";
  const THEME_V1 = "7b7b7b7b-0000-1000-8000-000000000001";
  // [the options, the wire body the platform would be sent]
  const cases: Array<[unknown, Record<string, unknown>]> = [
    [undefined, {}],
    [{ userIds: [user.id] }, { user_ids: [user.id] }],
    [{ userIds: [user.id], html: "<p>x</p>", templateId: TEMPLATE }, { user_ids: [user.id], html: "<p>x</p>", template_id: TEMPLATE }],
    [{ allUsers: true, templateId: TEMPLATE, variables: { a: 1 }, draftId: TEMPLATE }, { all_users: true, template_id: TEMPLATE, variables: { a: 1 }, draft_id: TEMPLATE }],
    [{ userIds: [user.id], html: "<p>x</p>", variables: { a: 1 } }, { user_ids: [user.id], html: "<p>x</p>", variables: { a: 1 } }],
    [{ userIds: [user.id], templateId: "welcome" }, { user_ids: [user.id], template_id: "welcome" }],
    [{ userIds: [user.id], templateId: "" }, { user_ids: [user.id], template_id: "" }],
    [{ userIds: [user.id], html: "<p>x</p>", themeId: "dark" }, { user_ids: [user.id], html: "<p>x</p>", theme_id: "dark" }],
    [{ userIds: [user.id], html: "<p>x</p>", themeId: THEME_V1 }, { user_ids: [user.id], html: "<p>x</p>", theme_id: THEME_V1 }],
    [{ allUsers: true, themeId: "dark" }, { all_users: true, theme_id: "dark" }],
    [{ html: "<p>x</p>" }, { html: "<p>x</p>" }],
    [{ userIds: [user.id], allUsers: true, html: "<p>x</p>" }, { user_ids: [user.id], all_users: true, html: "<p>x</p>" }],
  ];
  for (const [options, wire] of cases) {
    const before = await sendEmailRequests();
    const local = await caught(server.sendEmail(options as never));
    expect(await sendEmailRequests()).toBe(before); // refused locally
    const platform = await keyed(emulator, "server", "POST", "/emails/send-email", wire);
    expect(platform.status).toBe(400);
    expect(KnownErrors.SchemaError.isInstance(local)).toBe(true);
    expect({ code: local.code, status: local.status, details: local.details, error: local.message }).toEqual({ ...platform.json, status: 400 });
  }
});

test("the platform's own wording, as its end-to-end tests record it", async () => {
  const { user } = await signedInUser(emulator, "mail-wording");
  const noContent = await caught(server.sendEmail({ userIds: [user.id], subject: "Test Subject", notificationCategoryName: "Marketing" } as never));
  expect(noContent.message).toBe(
    "Request validation failed on POST /api/v1/emails/send-email:\n" +
      "  - body is not matched by any of the provided schemas:\n" +
      "    Schema 0:\n      body.html must be defined\n" +
      "    Schema 1:\n      body.template_id must be defined\n" +
      "    Schema 2:\n      body.draft_id must be defined",
  );
  expect(noContent.details).toEqual({ message: noContent.message });
  const badTheme = await caught(server.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject: "Test Subject", themeId: "non-existent-theme" }));
  expect(badTheme.message).toBe(
    "Request validation failed on POST /api/v1/emails/send-email:\n" +
      "  - body is not matched by any of the provided schemas:\n" +
      "    Schema 0:\n      body.theme_id is invalid\n" +
      "    Schema 1:\n      body.template_id must be defined\n      body.theme_id is invalid\n" +
      "      body contains unknown properties: html\n      body contains unknown properties: html\n" +
      "    Schema 2:\n      body.draft_id must be defined\n      body.theme_id is invalid\n" +
      "      body contains unknown properties: html\n      body contains unknown properties: html",
  );
  const both = await caught(server.sendEmail({ userIds: [user.id], allUsers: true, html: "<p>x</p>" } as never));
  expect([both.code, both.message, both.details]).toEqual(["SCHEMA_ERROR", "Exactly one of user_ids or all_users must be provided", { message: "Exactly one of user_ids or all_users must be provided" }]);
});

test("what the platform accepts is sent: empty html, no user ids, themeId null or false", async () => {
  await useCustomEmailServer();
  const before = await sendEmailRequests();
  await server.sendEmail({ userIds: [], html: "" });
  await server.sendEmail({ userIds: [], html: "<p>x</p>", themeId: null });
  await server.sendEmail({ userIds: [], html: "<p>x</p>", themeId: false });
  expect(await sendEmailRequests()).toBe(before + 3);
});
