import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";
const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const admin = (path: string, body?: unknown, method?: string) => call(em, path, { access: "admin", body, method });
const GOOD_TEMPLATE = `import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ user, project, variables }) {
  return (
    <>
      <Subject value={"Welcome to " + project.displayName} />
      <NotificationCategory value="Marketing" />
      <div className="hero">Hi {user.displayName}, your code is {variables.code}.</div>
    </>
  );
}
`;

describe("notification preferences", () => {
  test("list, disable Marketing, Transactional stays enabled, errors", async () => {
    const user = await signUp(em);
    const list = await call(em, "/emails/notification-preference/me", { accessToken: user.access_token });
    expect(list.json).toEqual({
      items: [
        { notification_category_id: TRANSACTIONAL, notification_category_name: "Transactional", enabled: true, can_disable: false },
        { notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: true, can_disable: true },
      ],
      is_paginated: false,
    });
    const off = await call(em, `/emails/notification-preference/me/${MARKETING}`, { method: "PATCH", accessToken: user.access_token, body: { enabled: false } });
    expect(off.json).toEqual({ notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: false, can_disable: true });
    const tx = await call(em, `/emails/notification-preference/me/${TRANSACTIONAL}`, { method: "PATCH", accessToken: user.access_token, body: { enabled: false } });
    expect(tx.json.enabled).toBe(true);
    const unknown = await call(em, "/emails/notification-preference/me/00000000-0000-4000-8000-000000000000", { method: "PATCH", accessToken: user.access_token, body: { enabled: false } });
    expect([unknown.status, unknown.text]).toEqual([404, "Notification category not found"]);
    expectKnown(await call(em, "/emails/notification-preference/me/marketing", { method: "PATCH", accessToken: user.access_token, body: { enabled: false } }), 400, "SCHEMA_ERROR");
    expect((await call(em, `/emails/notification-preference/${user.user_id}`, { access: "server" })).json.items[1].enabled).toBe(false);
  });

  test("clients cannot read or change another user's preferences", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    const read = await call(em, `/emails/notification-preference/${a.user_id}`, { accessToken: b.access_token });
    expect([read.status, read.text]).toEqual([403, "You can only view your own notification preferences"]);
    const write = await call(em, `/emails/notification-preference/${a.user_id}/${MARKETING}`, { method: "PATCH", accessToken: b.access_token, body: { enabled: false } });
    expect([write.status, write.text]).toEqual([403, "You can only manage your own notification preferences"]);
  });
});

describe("with the shared e-mail server", () => {
  test("send-email and template writes need a custom server; reads work", async () => {
    const user = await signUp(em);
    expectKnown(await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user.user_id], html: "<p>x</p>", subject: "x" } }), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
    expectKnown(await admin("/internal/email-templates", { display_name: "New" }), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
    const templates = (await admin("/internal/email-templates")).json.templates;
    expect(templates.map((t: { display_name: string }) => t.display_name)).toContain("Email Verification");
    expectKnown(await admin(`/internal/email-templates/${templates[0].id}`, { tsx_source: GOOD_TEMPLATE }, "PATCH"), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
  });
});

describe("with a custom e-mail server", () => {
  beforeAll(async () => {
    const r = await admin("/internal/projects/current", { config: { email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" } } }, "PATCH");
    expect(r.status).toBe(200);
  });

  test("send-email: html and template mails land in the outbox; preferences are honoured", async () => {
    const a = await signUp(em);
    const b = await signUp(em);
    const sent = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [a.user_id, b.user_id], html: "<p>Hello there</p>", subject: "Greetings" } });
    expect(sent.json).toEqual({ results: [{ user_id: a.user_id }, { user_id: b.user_id }] });
    const mail = em.outbox.list({ to: a.email }).at(-1)!;
    expect(mail).toMatchObject({ subject: "Greetings", userId: a.user_id, kind: "custom" });
    expect(mail.html).toContain("<p>Hello there</p>");

    const template = (await admin("/internal/email-templates", { display_name: "Welcome" })).json.id;
    expect((await admin(`/internal/email-templates/${template}`, { tsx_source: GOOD_TEMPLATE }, "PATCH")).status).toBe(200);
    await call(em, `/emails/notification-preference/me/${MARKETING}`, { method: "PATCH", accessToken: b.access_token, body: { enabled: false } });
    const before = em.outbox.list({ to: b.email }).length;
    const t = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [a.user_id, b.user_id], template_id: template, variables: { code: "XYZ" } } });
    expect(t.status).toBe(200);
    const got = em.outbox.list({ to: a.email }).at(-1)!;
    expect(got.subject).toBe("Welcome to Latchkey Demo");
    expect(got.text).toContain("your code is XYZ");
    expect(em.outbox.list({ to: b.email })).toHaveLength(before);
    const forced = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [b.user_id], html: "<p>t</p>", subject: "Receipt", notification_category_name: "Transactional" } });
    expect(forced.status).toBe(200);
    expect(em.outbox.list({ to: b.email }).at(-1)!.subject).toBe("Receipt");
  });

  test("send-email errors and access", async () => {
    const user = await signUp(em);
    const send = (body: Record<string, unknown>) => call(em, "/emails/send-email", { access: "server", body });
    expect(expectKnown(await send({ user_ids: [user.user_id], all_users: true, html: "x" }), 400, "SCHEMA_ERROR").error).toBe("Exactly one of user_ids or all_users must be provided");
    expectKnown(await send({ html: "x" }), 400, "SCHEMA_ERROR");
    expectKnown(await send({ user_ids: [user.user_id] }), 400, "SCHEMA_ERROR");
    expectKnown(await send({ user_ids: [user.user_id], html: "x", template_id: "00000000-0000-4000-8000-000000000000" }), 400, "SCHEMA_ERROR");
    const missing = expectKnown(await send({ user_ids: ["00000000-0000-4000-8000-000000000000"], html: "x" }), 400, "USER_ID_DOES_NOT_EXIST");
    expect(missing.details).toEqual({ user_id: "00000000-0000-4000-8000-000000000000" });
    const cat = await send({ user_ids: [user.user_id], html: "x", notification_category_name: "Spam" });
    expect([cat.status, cat.text]).toEqual([400, "Notification category not found with given name"]);
    const tpl = await send({ user_ids: [user.user_id], template_id: "00000000-0000-4000-8000-000000000000" });
    expect([tpl.status, tpl.text]).toEqual([400, "No template found with given template_id"]);
    expectKnown(await call(em, "/emails/send-email", { accessToken: user.access_token, body: { user_ids: [user.user_id], html: "x" } }), 401, "INSUFFICIENT_ACCESS_TYPE");
    const all = await send({ all_users: true, html: "<p>all</p>", subject: "Everyone" });
    expect(all.json.results.length).toBe(em.core.store.usersOf(em.projectId).length);
  });

  test("templates: create, patch (rendered_html), bad TSX, delete", async () => {
    const id = (await admin("/internal/email-templates", { display_name: "Promo" })).json.id;
    const listed = (await admin("/internal/email-templates")).json.templates.find((t: { id: string }) => t.id === id);
    expect(Object.keys(listed)).toEqual(["id", "display_name", "tsx_source"]);
    const ok = await admin(`/internal/email-templates/${id}`, { tsx_source: GOOD_TEMPLATE, theme_id: false }, "PATCH");
    expect(Object.keys(ok.json)).toEqual(["rendered_html"]);
    expect(ok.json.rendered_html).toContain('<div class="hero">Hi John Doe, your code is .</div>');
    const noExport = expectKnown(await admin(`/internal/email-templates/${id}`, { tsx_source: "function X() { return <div/>; }" }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    // the platform renders an undefined EmailTemplate: React's error, as the sandbox's error object
    expect(JSON.parse(String(noExport.details?.error)).message).toMatch(/^Element type is invalid: expected a string .* but got: undefined\./);
    const unbalanced = expectKnown(await admin(`/internal/email-templates/${id}`, { tsx_source: GOOD_TEMPLATE.replace("</div>", "") }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    expect(String(unbalanced.details?.error)).toBe('Build failed with 1 error:\nvirtual:/template.tsx:8:6: ERROR: Expected closing "" tag to match opening "div" tag');
    const noSubject = expectKnown(await admin(`/internal/email-templates/${id}`, { tsx_source: GOOD_TEMPLATE.replace(/<Subject[^>]*\/>/, "") }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    expect(noSubject.details).toEqual({ error: "Subject is required, import it from @stackframe/emails" });
    expect((await admin(`/internal/email-templates/${id}`, undefined, "DELETE")).json).toEqual({});
    const gone = await admin(`/internal/email-templates/${id}`, undefined, "DELETE");
    expect([gone.status, gone.text]).toEqual([404, "No template found with given id"]);
  });

  test("themes: defaults, create, read, patch, bad TSX, unknown id", async () => {
    const themes = (await admin("/internal/email-themes")).json.themes;
    expect(themes.map((t: { display_name: string }) => t.display_name)).toEqual(["Default Light", "Default Dark", "Default Colorful"]);
    const id = (await admin("/internal/email-themes", { display_name: "Brand" })).json.id;
    const read = await admin(`/internal/email-themes/${id}`);
    expect(Object.keys(read.json)).toEqual(["id", "display_name", "tsx_source"]);
    const source = read.json.tsx_source.replace("to unsubscribe from these emails", "to stop these e-mails");
    expect((await admin(`/internal/email-themes/${id}`, { tsx_source: source }, "PATCH")).json).toEqual({ display_name: "Brand" });
    expect((await admin(`/internal/email-themes/${id}`)).json.tsx_source).toContain("to stop these e-mails");
    expectKnown(await admin(`/internal/email-themes/${id}`, { tsx_source: "export function EmailTheme() { return (<div><p></div>); }" }, "PATCH"), 400, "EMAIL_RENDERING_ERROR");
    const unknown = await admin("/internal/email-themes/00000000-0000-4000-8000-000000000000");
    expect([unknown.status, unknown.text]).toEqual([404, "No theme found with given id"]);
    expectKnown(await call(em, "/internal/email-themes", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });

  test("render-email previews a template in a theme", async () => {
    const r = await admin("/emails/render-email", { template_tsx_source: GOOD_TEMPLATE, theme_id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac" });
    expect(r.json).toMatchObject({ subject: "Welcome to Latchkey Demo", notification_category: "Marketing" });
    // preview mode: the theme's preview unsubscribe link (its Tailwind class as the platform inlines it)
    expect(r.json.html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer" style="color:rgb(21,93,252)">Click here</a> to unsubscribe from these emails');
    expectKnown(await admin("/emails/render-email", { template_tsx_source: "export default function () { return (<p>); }" }), 400, "EMAIL_RENDERING_ERROR");
    expectKnown(await admin("/emails/render-email", { theme_id: false }), 400, "SCHEMA_ERROR");
  });

  test("internal/emails, send-test-email, send-sign-in-invitation", async () => {
    const ok = await admin("/internal/send-test-email", { recipient_email: "ops@example.com", email_config: { host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Ops", sender_email: "ops@example.com" } });
    expect(ok.json).toEqual({ success: true });
    expect(em.outbox.list({ to: "ops@example.com" }).at(-1)!.subject).toBe("Test Email from Stack Auth");
    const bad = await admin("/internal/send-test-email", { recipient_email: "ops@example.com", email_config: { host: "mail.nowhere.invalid", port: 587, username: "u", password: "p", sender_name: "Ops", sender_email: "ops@example.com" } });
    expect(bad.json).toEqual({ success: false, error_message: expect.any(String) });

    const untrusted = await call(em, "/internal/send-sign-in-invitation", { access: "server", body: { email: "invitee@example.com", callback_url: "https://evil.example.com/x" } });
    expectKnown(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED");
    const invited = await call(em, "/internal/send-sign-in-invitation", { access: "server", body: { email: "invitee@example.com", callback_url: "http://localhost:3000/handler/sign-in" } });
    expect(invited.json).toEqual({ success: true });
    const invitation = em.outbox.list({ to: "invitee@example.com" }).at(-1)!;
    expect(invitation.links).toContain("http://localhost:3000/handler/sign-in");

    const list = await admin("/internal/emails");
    expect(list.json.is_paginated).toBe(false);
    expect(Object.keys(list.json.items[0])).toEqual(["id", "subject", "sent_at_millis", "to", "error"]);
    expect(list.json.items[0]).toMatchObject({ to: ["invitee@example.com"], error: null });
    expectKnown(await call(em, "/internal/emails", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});
