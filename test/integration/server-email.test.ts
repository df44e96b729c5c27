import { ArgumentError, KnownErrors, ServerApp } from "../../src/index";
import { findTemplate } from "../../src/emulator/domain/email-catalog";
import { startTestEmulator, uniqueEmail } from "../helpers/emulator";
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

test("exactly one recipient form and one content form, checked before any request", async () => {
  const requests = async () => (await (await fetch(`${emulator.url}/emulator/stats`)).json()).routes?.["POST /emails/send-email"]?.requests ?? 0;
  const before = await requests();
  const bad: unknown[] = [
    undefined,
    { html: "<p>x</p>" },
    { userIds: ["u"], allUsers: true, html: "<p>x</p>" },
    { userIds: ["u"] },
    { userIds: ["u"], html: "<p>x</p>", templateId: "t" },
    { allUsers: false, html: "<p>x</p>" },
    { userIds: "u", html: "<p>x</p>" },
    { userIds: ["u"], html: "<p>x</p>", variables: { a: 1 } },
    { userIds: ["u"], templateId: "t", variables: "nope" },
    { userIds: ["u"], html: "<p>x</p>", themeId: 3 },
    { userIds: ["u"], html: "<p>x</p>", subject: 3 },
    { userIds: ["u"], html: "<p>x</p>", scheduledAt: "tomorrow" },
  ];
  for (const options of bad) await expect(server.sendEmail(options as never)).rejects.toThrow(ArgumentError);
  expect(await requests()).toBe(before);
  await server.sendEmail({ allUsers: true, html: "<p>counted</p>" }); // the counter does count this route
  expect(await requests()).toBe(before + 1);
});
