import type { RunningEmulator } from "../../src/emulator";
import { DEFAULT_THEME_IDS } from "../../src/emulator/domain/email-catalog";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
  const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
  expect((await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { email_config: smtp } } })).status).toBe(200);
});
afterAll(() => em.stop());

const admin = (path: string, body?: unknown, method?: string) => call(em, path, { access: "admin", body, method });
const DRAFT = `import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ user, project }) {
  return (
    <>
      <Subject value={"Draft for " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <div>Hello {user.displayName}</div>
    </>
  );
}
`;

describe("e-mail drafts", () => {
  test("create, list (newest change first), read, update, delete; theme_id absent, false or a theme", async () => {
    const tick = () => new Promise((r) => setTimeout(r, 5)); // distinct update times for the ordering
    const a = (await admin("/internal/email-drafts", { display_name: "Plain" })).json.id as string;
    await tick();
    const b = (await admin("/internal/email-drafts", { display_name: "No theme", theme_id: false, tsx_source: DRAFT, template_variables: { x: "1" } })).json.id as string;
    const read = (await admin(`/internal/email-drafts/${a}`)).json;
    expect(read).toEqual({ id: a, display_name: "Plain", tsx_source: expect.stringContaining("export function EmailTemplate"), sent_at_millis: null });
    expect((await admin(`/internal/email-drafts/${b}`)).json).toEqual({ id: b, display_name: "No theme", tsx_source: DRAFT, theme_id: false, sent_at_millis: null });

    const listed = (await admin("/internal/email-drafts")).json.drafts as { id: string; template_variables: unknown }[];
    expect(listed.slice(0, 2).map((d) => d.id)).toEqual([b, a]);
    expect(listed[0].template_variables).toEqual({ x: "1" });

    await tick();
    expect((await admin(`/internal/email-drafts/${a}`, { theme_id: DEFAULT_THEME_IDS.dark, display_name: "Dark" }, "PATCH")).json).toEqual({ ok: "ok" });
    expect((await admin(`/internal/email-drafts/${a}`)).json).toMatchObject({ display_name: "Dark", theme_id: DEFAULT_THEME_IDS.dark });
    expect((await admin("/internal/email-drafts")).json.drafts[0].id).toBe(a);
    // Like the platform, a PATCH without theme_id sets the draft back to the project's theme.
    await admin(`/internal/email-drafts/${a}`, { display_name: "Renamed" }, "PATCH");
    expect((await admin(`/internal/email-drafts/${a}`)).json.theme_id).toBeUndefined();

    expect((await admin(`/internal/email-drafts/${a}`, undefined, "DELETE")).json).toEqual({ ok: "ok" });
    expect(await admin(`/internal/email-drafts/${a}`)).toMatchObject({ status: 404, text: "No draft found with given id" });
    expect(await admin(`/internal/email-drafts/${a}`, undefined, "DELETE")).toMatchObject({ status: 404, text: "No draft found with given id" });
    expect(await admin(`/internal/email-drafts/${a}`, { display_name: "x" }, "PATCH")).toMatchObject({ status: 404, text: "No draft found with given id" });
  });

  test("validation and access", async () => {
    expect(expectKnown(await admin("/internal/email-drafts", {}), 400, "SCHEMA_ERROR").error).toContain("body.display_name must be defined");
    expect(expectKnown(await admin("/internal/email-drafts", { display_name: "x", theme_id: "dark" }), 400, "SCHEMA_ERROR").error).toContain("body.theme_id is invalid");
    expect(expectKnown(await admin("/internal/email-drafts/nope"), 400, "SCHEMA_ERROR").error).toContain("params.id must be a valid UUID");
    expectKnown(await call(em, "/internal/email-drafts", { access: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });

  test("send-email with draft_id sends the draft in its theme and marks it sent; a broken draft is a render error", async () => {
    const email = freshEmail("draft");
    const user = (await call(em, "/users", { access: "server", body: { primary_email: email, primary_email_verified: true, display_name: "Grace" } })).json.id;
    const id = (await admin("/internal/email-drafts", { display_name: "Good", tsx_source: DRAFT, theme_id: false })).json.id;
    expect((await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user], draft_id: id } })).status).toBe(200);
    const mail = em.outbox.list({ to: email }).at(-1)!;
    expect(mail.subject).toBe("Draft for Latchkey Demo");
    expect(mail.html).toContain("Hello Grace");
    expect(mail.html).not.toContain("to unsubscribe from these emails");
    expect((await admin(`/internal/email-drafts/${id}`)).json.sent_at_millis).toEqual(expect.any(Number));
    const entry = (await call(em, "/emails/outbox", { access: "server" })).json.items.find((e: { email_draft_id: string }) => e.email_draft_id === id);
    expect(entry).toMatchObject({ created_with: "draft", theme_id: null, status: "sent" });

    const broken = (await admin("/internal/email-drafts", { display_name: "Broken", tsx_source: "export function EmailTemplate() { return <div><p>x</div>; }" })).json.id;
    expect((await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user], draft_id: broken } })).status).toBe(200);
    const failed = (await call(em, "/emails/outbox?status=render-error", { access: "server" })).json.items.find((e: { email_draft_id: string }) => e.email_draft_id === broken);
    expect(failed).toMatchObject({ status: "render-error", simple_status: "error", render_error: 'Build failed with 1 error:\nvirtual:/template.tsx:1:52: ERROR: Expected closing "div" tag to match opening "p" tag' });
    const fixed = await call(em, `/emails/outbox/${failed.id}`, { access: "server", method: "PATCH", body: { tsx_source: DRAFT } });
    expect(fixed.json.status).toBe("preparing");
    expect((await call(em, `/emails/outbox/${failed.id}`, { access: "server" })).json.status).toBe("sent");

    const unknown = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user], draft_id: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown).toMatchObject({ status: 400, text: "No draft found with given draft_id" });
  });
});

describe("template rewrite and theme deletion", () => {
  test("rewrite-template-source turns variables into placeholders; bad TSX is TEMPLATE_SOURCE_REWRITE_ERROR", async () => {
    const source = `export function EmailTemplate({ user, variables }) {\n  return <div>Code: {variables.code} for {user.displayName}</div>;\n}\n`;
    const r = await admin("/internal/rewrite-template-source", { template_tsx_source: source });
    expect(r.json).toEqual({ tsx_source: source.replace("variables.code", '"{{code}}"') });
    const preview = await admin("/emails/render-email", { template_tsx_source: r.json.tsx_source, theme_id: false });
    expect(preview.json.html).toContain("Code: {{code}} for John Doe");
    const bad = expectKnown(await admin("/internal/rewrite-template-source", { template_tsx_source: "no component here" }), 400, "TEMPLATE_SOURCE_REWRITE_ERROR");
    expect(bad.error).toBe(`Failed to rewrite template source: ${bad.details?.error}`);
    expect(bad.details?.error).toContain("EmailTemplate");
    expectKnown(await call(em, "/internal/rewrite-template-source", { access: "server", body: { template_tsx_source: source } }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });

  test("DELETE /internal/email-themes/{id}: {} then 404; ids are UUIDs; the selected theme can go too", async () => {
    const id = (await admin("/internal/email-themes", { display_name: "Short-lived" })).json.id;
    expect((await admin(`/internal/email-themes/${id}`, undefined, "DELETE")).json).toEqual({});
    expect(await admin(`/internal/email-themes/${id}`)).toMatchObject({ status: 404, text: "No theme found with given id" });
    expect(await admin(`/internal/email-themes/${id}`, undefined, "DELETE")).toMatchObject({ status: 404, text: "No theme found with given id" });
    expectKnown(await admin("/internal/email-themes/not-a-uuid", undefined, "DELETE"), 400, "SCHEMA_ERROR");

    const selected = (await admin("/internal/projects/current")).json.config.email_theme;
    expect((await admin(`/internal/email-themes/${selected}`, undefined, "DELETE")).status).toBe(200);
    const user = await signUp(em, freshEmail("notheme"));
    await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user.user_id], html: "<p>bare</p>", subject: "Bare" } });
    expect(em.outbox.list({ to: user.email }).at(-1)).toMatchObject({ subject: "Bare", html: expect.not.stringContaining("to unsubscribe from these emails") });
  });
});
