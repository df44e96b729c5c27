import nock from "nock";
import { AdminApp } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";

// The emulator sends over SMTP, so it never reports delivery events; these statuses of the platform's outbox are
// checked here against recorded-shape answers.
afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const admin = () => new AdminApp({ projectId: PROJECT, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: null, retry: { sleep: async () => undefined, random: () => 0.5 } });

const T = 1_735_600_000_000;
const base = {
  id: "0b6f6c0e-0000-4000-8000-000000000001",
  created_at_millis: T,
  updated_at_millis: T + 1,
  tsx_source: "export function EmailTemplate() { return <p/>; }",
  theme_id: null,
  to: { type: "user-custom-emails", user_id: "u1", emails: ["a@example.com"] },
  variables: { a: "1" },
  skip_deliverability_check: false,
  scheduled_at_millis: T + 2,
  created_with: "programmatic-call",
  email_draft_id: null,
  email_programmatic_call_template_id: "tpl",
  send_retries: 1,
  next_send_retry_at_millis: T + 3,
  send_attempt_errors: [{ attempt_number: 1, timestamp: "2025-01-01T00:00:00.000Z", external_message: "x", external_details: {}, internal_message: "y", internal_details: { z: 1 } }],
  is_paused: false,
  has_rendered: false,
  has_delivered: false,
};
const rendered = { started_rendering_at_millis: T + 4, rendered_at_millis: T + 5, subject: "S", html: "<p/>", text: "", is_transactional: true, is_high_priority: false, notification_category_id: "c", has_rendered: true };
const sending = { ...rendered, started_sending_at_millis: T + 6 };
const delivered = { ...sending, delivered_at_millis: T + 7, has_delivered: true, can_have_delivery_info: true };

test("every platform status maps to the official discriminated shape with Dates", async () => {
  const items = [
    { ...base, ...sending, status: "sending", simple_status: "in-progress" },
    { ...base, ...sending, status: "server-error", simple_status: "error", error_at_millis: T + 8, server_error: "SMTP said no" },
    { ...base, ...sending, status: "bounced", simple_status: "error", bounced_at_millis: T + 8 },
    { ...base, ...sending, status: "delivery-delayed", simple_status: "ok", delivery_delayed_at_millis: T + 8 },
    { ...base, ...delivered, status: "opened", simple_status: "ok", opened_at_millis: T + 8 },
    { ...base, ...delivered, status: "clicked", simple_status: "ok", opened_at_millis: T + 8, clicked_at_millis: T + 9 },
    { ...base, ...delivered, status: "marked-as-spam", simple_status: "ok", marked_as_spam_at_millis: T + 9 },
    { ...base, ...rendered, status: "queued", simple_status: "in-progress" },
    { ...base, status: "rendering", simple_status: "in-progress", started_rendering_at_millis: T + 4 },
  ];
  let query: Record<string, string> | undefined;
  nock(BASE)
    .get("/api/v1/emails/outbox")
    .query((q) => ((query = q as Record<string, string>), true))
    .reply(...json({ items, is_paginated: true, pagination: { next_cursor: "0b6f6c0e-0000-4000-8000-000000000009" } }));
  const page = await admin().listOutboxEmails({ simpleStatus: "ok", limit: 9 });
  expect(query).toEqual({ simple_status: "ok", limit: "9" });
  expect(page.nextCursor).toBe("0b6f6c0e-0000-4000-8000-000000000009");
  const [sendingEmail, serverError, bounced, delayed, opened, clicked, spam, queued, rendering] = page.items;
  expect(sendingEmail).toMatchObject({
    status: "sending",
    simpleStatus: "in-progress",
    to: { type: "user-custom-emails", userId: "u1", emails: ["a@example.com"] },
    variables: { a: "1" },
    emailProgrammaticCallTemplateId: "tpl",
    sendRetries: 1,
    nextSendRetryAt: new Date(T + 3),
    sendAttemptErrors: [{ attemptNumber: 1, timestamp: "2025-01-01T00:00:00.000Z", externalMessage: "x", externalDetails: {}, internalMessage: "y", internalDetails: { z: 1 } }],
    hasRendered: true,
    startedSendingAt: new Date(T + 6),
    scheduledAt: new Date(T + 2),
  });
  expect(serverError).toMatchObject({ status: "server-error", simpleStatus: "error", errorAt: new Date(T + 8), serverError: "SMTP said no" });
  expect(bounced).toMatchObject({ status: "bounced", bouncedAt: new Date(T + 8), hasDelivered: false });
  expect(delayed).toMatchObject({ status: "delivery-delayed", deliveryDelayedAt: new Date(T + 8) });
  expect(opened).toMatchObject({ status: "opened", openedAt: new Date(T + 8), deliveredAt: new Date(T + 7), hasDelivered: true, canHaveDeliveryInfo: true });
  expect(clicked).toMatchObject({ status: "clicked", clickedAt: new Date(T + 9) });
  expect(spam).toMatchObject({ status: "marked-as-spam", markedAsSpamAt: new Date(T + 9) });
  expect(queued).toMatchObject({ status: "queued", subject: "S", renderedAt: new Date(T + 5), isHighPriority: false });
  expect(rendering).toMatchObject({ status: "rendering", startedRenderingAt: new Date(T + 4), hasRendered: false });
  expect("subject" in rendering).toBe(false);
});

test("updateOutboxEmail sends the official snake_case body; an unknown status is thrown", async () => {
  let body: unknown;
  const id = base.id;
  nock(BASE)
    .patch(`/api/v1/emails/outbox/${id}`, (b) => ((body = b), true))
    .reply(...json({ ...base, status: "paused", simple_status: "in-progress", is_paused: true }))
    .get(`/api/v1/emails/outbox/${id}`)
    .reply(...json({ ...base, status: "teleported", simple_status: "ok" }));
  const app = admin();
  const paused = await app.updateOutboxEmail(id, { isPaused: true, scheduledAtMillis: T, tsxSource: "src", themeId: null });
  expect(body).toEqual({ is_paused: true, scheduled_at_millis: T, tsx_source: "src", theme_id: null });
  expect(paused).toMatchObject({ status: "paused", isPaused: true });
  await expect(app.getOutboxEmail(id)).rejects.toThrow("Unknown email outbox status: teleported");
});
