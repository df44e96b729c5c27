import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
  const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
  expect((await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { email_config: smtp } } })).status).toBe(200);
});
afterAll(() => em.stop());

const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";
const TEMPLATE = `import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ user, project }) {
  return (
    <>
      <Subject value="Edited subject" />
      <NotificationCategory value="Transactional" />
      <div>Edited for {user.displayName}</div>
    </>
  );
}
`;
const server = (path: string, body?: unknown, method?: string) => call(em, path, { access: "server", body, method });
const outbox = async (query = "") => (await server(`/emails/outbox${query}`)).json;
const ofUser = async (userId: string) => (await outbox()).items.filter((e: { to: { user_id?: string } }) => e.to.user_id === userId);
const captured = (to: string) => em.outbox.list({ to });

async function userWithEmail(email = freshEmail("outbox")) {
  const r = await server("/users", { primary_email: email, primary_email_verified: true, display_name: "Ada" });
  expect(r.status).toBe(201);
  return { id: r.json.id as string, email };
}

async function send(body: Record<string, unknown>) {
  const r = await server("/emails/send-email", body);
  expect(r.status).toBe(200);
  return r.json;
}

describe("send-email and the outbox", () => {
  test("one outbox e-mail per user: sent, or skipped without a primary e-mail or after unsubscribing", async () => {
    const a = await userWithEmail();
    const noEmail = (await server("/users", {})).json.id as string;
    const unsubscribed = await signUp(em, freshEmail("unsub"));
    expect((await server(`/emails/notification-preference/${unsubscribed.user_id}/${MARKETING}`, { enabled: false }, "PATCH")).status).toBe(200);
    await send({ user_ids: [a.id, noEmail, unsubscribed.user_id], html: "<p>Outbox news</p>", subject: "Outbox A", notification_category_name: "Marketing" });

    const theme = (await call(em, "/internal/projects/current", { access: "admin" })).json.config.email_theme;
    const [sent] = await ofUser(a.id);
    expect(sent).toMatchObject({
      status: "sent",
      simple_status: "ok",
      is_paused: false,
      has_rendered: true,
      has_delivered: true,
      can_have_delivery_info: false,
      subject: "Outbox A",
      is_transactional: false,
      is_high_priority: false,
      notification_category_id: MARKETING,
      theme_id: theme,
      to: { type: "user-primary-email", user_id: a.id },
      created_with: "programmatic-call",
      email_draft_id: null,
      email_programmatic_call_template_id: null,
      variables: {},
      skip_deliverability_check: false,
      send_retries: 0,
      next_send_retry_at_millis: null,
      send_attempt_errors: null,
    });
    expect(sent.tsx_source).toContain("Outbox news");
    expect(sent.html).toContain("Outbox news");
    expect(sent.delivered_at_millis).toBeGreaterThanOrEqual(sent.started_sending_at_millis);
    expect(captured(a.email).at(-1)?.subject).toBe("Outbox A");

    const [skipped] = await ofUser(noEmail);
    expect(skipped).toMatchObject({ status: "skipped", simple_status: "ok", skipped_reason: "USER_HAS_NO_PRIMARY_EMAIL", skipped_details: {}, has_rendered: true, has_delivered: false });
    const [unsub] = await ofUser(unsubscribed.user_id);
    expect(unsub).toMatchObject({ status: "skipped", skipped_reason: "USER_UNSUBSCRIBED" });
    expect(captured(unsubscribed.email).some((m) => m.subject === "Outbox A")).toBe(false);

    expect((await server(`/emails/outbox/${sent.id}`)).json).toEqual(sent);
  });

  test("filters by status and simple status; an unknown status matches nothing", async () => {
    const a = await userWithEmail();
    await send({ user_ids: [a.id], html: "<p>filter</p>", subject: "Filter" });
    const skippedOnly = await outbox("?status=skipped");
    expect(skippedOnly.items.length).toBeGreaterThan(0);
    expect(skippedOnly.items.every((e: { status: string }) => e.status === "skipped")).toBe(true);
    const ok = await outbox("?simple_status=ok");
    expect(ok.items.map((e: { simple_status: string }) => e.simple_status)).not.toContain("in-progress");
    expect(ok.items.some((e: { status: string }) => e.status === "sent")).toBe(true);
    expect((await outbox("?status=no-such-status")).items).toEqual([]);
  });

  test("newest first, pages of `limit` with the next page's first id as cursor", async () => {
    const a = await userWithEmail();
    for (const subject of ["P1", "P2", "P3"]) await send({ user_ids: [a.id], html: "<p>x</p>", subject });
    const all = (await outbox()).items as { id: string; created_at_millis: number }[];
    expect(all.map((e) => e.created_at_millis)).toEqual([...all.map((e) => e.created_at_millis)].sort((x, y) => y - x));
    const first = await outbox("?limit=2");
    expect(first).toMatchObject({ is_paginated: true, pagination: { next_cursor: all[2].id } });
    expect(first.items.map((e: { id: string }) => e.id)).toEqual([all[0].id, all[1].id]);
    const second = await outbox(`?limit=2&cursor=${first.pagination.next_cursor}`);
    expect(second.items[0].id).toBe(all[2].id);
    expect((await outbox("?cursor=00000000-0000-4000-8000-000000000000")).items).toEqual([]);
  });

  test("the e-mails the emulator sends itself are sent outbox e-mails too", async () => {
    const email = freshEmail("selfsent");
    await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    const mine = (await outbox()).items.find((e: { to: { emails?: string[] } }) => e.to.emails?.includes(email));
    expect(mine).toMatchObject({ status: "sent", is_high_priority: true, is_transactional: true, notification_category_id: TRANSACTIONAL, to: { type: "custom-emails", emails: [email] } });
    expect(mine.subject).toBe(captured(email).at(-1)?.subject);
  });
});

describe("editing outbox e-mails", () => {
  test("a scheduled e-mail waits; paused, edited and rescheduled, it is sent once resumed", async () => {
    const a = await userWithEmail();
    const later = Date.now() + 3_600_000;
    await send({ user_ids: [a.id], html: "<p>later</p>", subject: "Later", scheduled_at_millis: later });
    const [scheduled] = await ofUser(a.id);
    expect(scheduled).toMatchObject({ status: "scheduled", simple_status: "in-progress", has_rendered: true, scheduled_at_millis: later, subject: "Later" });
    expect(captured(a.email)).toEqual([]);

    const paused = await server(`/emails/outbox/${scheduled.id}`, { is_paused: true }, "PATCH");
    expect(paused.json).toMatchObject({ status: "paused", is_paused: true, simple_status: "in-progress", has_rendered: false });
    expect(paused.json.subject).toBeUndefined();
    const edited = await server(`/emails/outbox/${scheduled.id}`, { tsx_source: TEMPLATE, theme_id: null, scheduled_at_millis: Date.now() - 1000 }, "PATCH");
    expect(edited.json).toMatchObject({ status: "paused", tsx_source: TEMPLATE, theme_id: null });
    expect((await server(`/emails/outbox/${scheduled.id}`)).json.status).toBe("paused");

    const resumed = await server(`/emails/outbox/${scheduled.id}`, { is_paused: false }, "PATCH");
    expect(resumed.json).toMatchObject({ status: "preparing", is_paused: false, has_rendered: false });
    // The send-email call's subject keeps overriding the template's.
    const final = (await server(`/emails/outbox/${scheduled.id}`)).json;
    expect(final).toMatchObject({ status: "sent", subject: "Later", is_transactional: true, notification_category_id: TRANSACTIONAL });
    expect(captured(a.email).map((m) => m.subject)).toEqual(["Later"]);
    expect(captured(a.email)[0].html).toContain("Edited for Ada");
  });

  test("a due e-mail is sent by the emulator's timer, without any further request", async () => {
    const a = await userWithEmail();
    await send({ user_ids: [a.id], html: "<p>soon</p>", subject: "Soon", scheduled_at_millis: Date.now() + 300 });
    expect(captured(a.email)).toEqual([]);
    for (let i = 0; i < 100 && captured(a.email).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(captured(a.email).map((m) => m.subject)).toEqual(["Soon"]);
  });

  test("cancelling skips with MANUALLY_CANCELLED; sent and skipped e-mails are not editable", async () => {
    const a = await userWithEmail();
    await send({ user_ids: [a.id], html: "<p>x</p>", subject: "Cancel me", scheduled_at_millis: Date.now() + 3_600_000 });
    const [scheduled] = await ofUser(a.id);
    const cancelled = await server(`/emails/outbox/${scheduled.id}`, { cancel: true }, "PATCH");
    expect(cancelled.json).toMatchObject({ status: "skipped", simple_status: "ok", skipped_reason: "MANUALLY_CANCELLED", skipped_details: {}, is_paused: false });
    const again = expectKnown(await server(`/emails/outbox/${scheduled.id}`, { cancel: true }, "PATCH"), 400, "EMAIL_NOT_EDITABLE");
    expect(again.details).toEqual({ email_id: scheduled.id, status: "SKIPPED" });

    await send({ user_ids: [a.id], html: "<p>x</p>", subject: "Sent already" });
    const sent = (await ofUser(a.id)).find((e: { subject: string }) => e.subject === "Sent already");
    const refused = expectKnown(await server(`/emails/outbox/${sent.id}`, { is_paused: true }, "PATCH"), 400, "EMAIL_NOT_EDITABLE");
    expect(refused.error).toBe(
      `Email with ID "${sent.id}" cannot be edited because it is in status "SENT". Only emails in PAUSED, PREPARING, RENDERING, RENDER_ERROR, SCHEDULED, QUEUED, or SERVER_ERROR status can be edited.`,
    );
    expect(captured(a.email).map((m) => m.subject)).toEqual(["Sent already"]);
  });

  test("recipients can be changed, with yup's union message for a bad one", async () => {
    const a = await userWithEmail();
    const b = await userWithEmail();
    await send({ user_ids: [a.id], html: "<p>moved</p>", subject: "Moved", scheduled_at_millis: Date.now() + 3_600_000 });
    const [scheduled] = await ofUser(a.id);
    const bad = expectKnown(await server(`/emails/outbox/${scheduled.id}`, { to: { type: "bogus" } }, "PATCH"), 400, "SCHEMA_ERROR");
    expect(bad.error).toContain("body.to is not matched by any of the provided schemas:");
    const moved = await server(`/emails/outbox/${scheduled.id}`, { to: { type: "user-primary-email", user_id: b.id }, scheduled_at_millis: Date.now() }, "PATCH");
    expect(moved.json).toMatchObject({ status: "preparing", to: { type: "user-primary-email", user_id: b.id } });
    expect((await server(`/emails/outbox/${scheduled.id}`)).json.status).toBe("sent");
    expect(captured(b.email).map((m) => m.subject)).toEqual(["Moved"]);
    expect(captured(a.email)).toEqual([]);
  });

  test("validation, unknown ids and access levels", async () => {
    expect(await server("/emails/outbox/00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404, text: "Email not found" });
    expect(await server("/emails/outbox/00000000-0000-4000-8000-000000000000", { is_paused: true }, "PATCH")).toMatchObject({ status: 404, text: "Email not found" });
    expect(expectKnown(await server("/emails/outbox/not-a-uuid"), 400, "SCHEMA_ERROR").error).toContain("params.id must be a valid UUID");
    expect(expectKnown(await server("/emails/outbox/00000000-0000-4000-8000-000000000000", { cancel: false }, "PATCH"), 400, "SCHEMA_ERROR").error).toContain(
      "body.cancel must be one of the following values: true",
    );
    expect(await server("/emails/outbox?limit=0")).toMatchObject({ status: 400, text: "Invalid limit parameter" });
    expect(await server("/emails/outbox?limit=abc")).toMatchObject({ status: 400, text: "Invalid limit parameter" });
    expect(await server("/emails/outbox?limit=101")).toMatchObject({ status: 400, text: "Limit cannot exceed 100" });
    expectKnown(await server("/emails/outbox?cursor=nope"), 400, "SCHEMA_ERROR");
    const user = await signUp(em);
    expectKnown(await call(em, "/emails/outbox", { accessToken: user.access_token }), 401, "INSUFFICIENT_ACCESS_TYPE");
    expect((await call(em, "/emails/outbox", { access: "admin" })).status).toBe(200);
  });
});
