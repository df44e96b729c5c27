import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { AdminEmailOutbox, AdminEmailOutboxRecipient, EmailOutboxListOptions, EmailOutboxListResult, EmailOutboxUpdateOptions } from "./admin-outbox-types";
import type { ListJson } from "../cached";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OutboxJson = Record<string, any>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const date = (ms: unknown) => new Date(ms as number);
const optionalDate = (ms: unknown) => (typeof ms === "number" ? new Date(ms) : undefined);

function recipientFromJson(to: OutboxJson): AdminEmailOutboxRecipient {
  if (to.type === "user-primary-email") return { type: "user-primary-email", userId: to.user_id };
  if (to.type === "user-custom-emails") return { type: "user-custom-emails", userId: to.user_id, emails: [...(to.emails ?? [])] };
  return { type: "custom-emails", emails: [...(to.emails ?? [])] };
}

/**
 * @internal The wire read of an outbox e-mail → the official SDK's discriminated `AdminEmailOutbox` (camelCase,
 * `Date`s). An unknown status (a newer platform) is thrown, as the official SDK does.
 */
export function outboxEmailFromJson(c: OutboxJson): AdminEmailOutbox {
  const base = {
    id: c.id,
    createdAt: date(c.created_at_millis),
    updatedAt: date(c.updated_at_millis),
    tsxSource: c.tsx_source,
    themeId: c.theme_id ?? null,
    to: recipientFromJson(c.to ?? {}),
    scheduledAt: date(c.scheduled_at_millis),
    createdWith: c.created_with,
    emailDraftId: c.email_draft_id ?? null,
    emailProgrammaticCallTemplateId: c.email_programmatic_call_template_id ?? null,
    variables: { ...(c.variables ?? {}) },
    isPaused: false as const,
    hasRendered: false as const,
    hasDelivered: false as const,
    sendRetries: c.send_retries,
    nextSendRetryAt: c.next_send_retry_at_millis ? date(c.next_send_retry_at_millis) : null,
    sendAttemptErrors: Array.isArray(c.send_attempt_errors)
      ? c.send_attempt_errors.map((e: OutboxJson) => ({
          attemptNumber: e.attempt_number,
          timestamp: e.timestamp,
          externalMessage: e.external_message,
          externalDetails: e.external_details,
          internalMessage: e.internal_message,
          internalDetails: e.internal_details,
        }))
      : null,
  };
  const renderedFields = {
    startedRenderingAt: date(c.started_rendering_at_millis),
    renderedAt: date(c.rendered_at_millis),
    subject: c.subject,
    html: c.html,
    text: c.text,
    isTransactional: c.is_transactional,
    isHighPriority: c.is_high_priority,
    notificationCategoryId: c.notification_category_id,
  };
  const rendered = { ...base, ...renderedFields, hasRendered: true as const };
  const sending = { ...rendered, startedSendingAt: date(c.started_sending_at_millis) };
  const delivered = { ...sending, deliveredAt: date(c.delivered_at_millis), hasDelivered: true as const };
  switch (c.status) {
    case "paused":
      return { ...base, status: "paused", simpleStatus: "in-progress", isPaused: true };
    case "preparing":
      return { ...base, status: "preparing", simpleStatus: "in-progress" };
    case "rendering":
      return { ...base, status: "rendering", simpleStatus: "in-progress", startedRenderingAt: date(c.started_rendering_at_millis) };
    case "render-error":
      return { ...base, status: "render-error", simpleStatus: "error", startedRenderingAt: date(c.started_rendering_at_millis), renderedAt: date(c.rendered_at_millis), renderError: c.render_error };
    case "scheduled":
      return { ...rendered, status: "scheduled", simpleStatus: "in-progress" };
    case "queued":
      return { ...rendered, status: "queued", simpleStatus: "in-progress" };
    case "sending":
      return { ...sending, status: "sending", simpleStatus: "in-progress" };
    case "server-error":
      return { ...sending, status: "server-error", simpleStatus: "error", errorAt: date(c.error_at_millis), serverError: c.server_error };
    case "skipped":
      return {
        ...base,
        ...(c.has_rendered ? renderedFields : {}),
        status: "skipped",
        simpleStatus: "ok",
        hasRendered: c.has_rendered === true,
        skippedAt: date(c.skipped_at_millis),
        skippedReason: c.skipped_reason,
        skippedDetails: { ...(c.skipped_details ?? {}) },
        startedRenderingAt: optionalDate(c.started_rendering_at_millis),
        startedSendingAt: optionalDate(c.started_sending_at_millis),
      };
    case "bounced":
      return { ...sending, status: "bounced", simpleStatus: "error", bouncedAt: date(c.bounced_at_millis) };
    case "delivery-delayed":
      return { ...sending, status: "delivery-delayed", simpleStatus: "ok", deliveryDelayedAt: date(c.delivery_delayed_at_millis) };
    case "sent":
      return { ...delivered, status: "sent", simpleStatus: "ok", canHaveDeliveryInfo: c.can_have_delivery_info === true };
    case "opened":
      return { ...delivered, status: "opened", simpleStatus: "ok", openedAt: date(c.opened_at_millis), canHaveDeliveryInfo: true };
    case "clicked":
      return { ...delivered, status: "clicked", simpleStatus: "ok", clickedAt: date(c.clicked_at_millis), canHaveDeliveryInfo: true };
    case "marked-as-spam":
      return { ...delivered, status: "marked-as-spam", simpleStatus: "ok", markedAsSpamAt: date(c.marked_as_spam_at_millis), canHaveDeliveryInfo: true };
    default:
      throw new Error(`Unknown email outbox status: ${String(c.status)}`);
  }
}

function emailPath(id: string): string {
  requireString(id, "id");
  if (!UUID_RE.test(id)) throw new ArgumentError(`id must be an outbox e-mail id (a UUID), got ${JSON.stringify(id)}.`);
  return `/emails/outbox/${id}`;
}

/** @internal `GET /emails/outbox` (not cached: statuses change on their own as e-mails are sent). */
export async function listOutboxEmails(ctx: AppContext, options?: EmailOutboxListOptions): Promise<EmailOutboxListResult> {
  const o = optionalObject(options, "listOutboxEmails options") as EmailOutboxListOptions;
  if (o.status !== undefined) requireString(o.status, "status");
  if (o.simpleStatus !== undefined) requireString(o.simpleStatus, "simpleStatus");
  if (o.limit !== undefined && (!Number.isInteger(o.limit) || o.limit < 1 || o.limit > 100)) throw new ArgumentError("limit must be an integer from 1 to 100.");
  if (o.cursor !== undefined && (typeof o.cursor !== "string" || !UUID_RE.test(o.cursor))) throw new ArgumentError("cursor must be the nextCursor of a previous page.");
  const r = await ctx.core.request<ListJson<OutboxJson>>({
        expect: "items[]",
    path: "/emails/outbox",
    query: { status: o.status, simple_status: o.simpleStatus, limit: o.limit, cursor: o.cursor },
  });
  return { items: r.items.map(outboxEmailFromJson), nextCursor: r.pagination?.next_cursor ?? null };
}

/** @internal `GET /emails/outbox/{id}`; an unknown id is a 404 `HttpError` ("Email not found"). */
export async function getOutboxEmail(ctx: AppContext, id: string): Promise<AdminEmailOutbox> {
  return outboxEmailFromJson(await ctx.core.request<OutboxJson>({ expect: "id", path: emailPath(id) }));
}

/** @internal `PATCH /emails/outbox/{id}`; `EMAIL_NOT_EDITABLE` once sent or skipped. */
export async function updateOutboxEmail(ctx: AppContext, id: string, options: EmailOutboxUpdateOptions): Promise<AdminEmailOutbox> {
  const path = emailPath(id);
  if (options === undefined) throw new ArgumentError("updateOutboxEmail needs the changes to make.");
  const o = optionalObject(options, "updateOutboxEmail options") as EmailOutboxUpdateOptions;
  if (o.isPaused !== undefined && typeof o.isPaused !== "boolean") throw new ArgumentError("isPaused must be a boolean.");
  if (o.scheduledAtMillis !== undefined && (typeof o.scheduledAtMillis !== "number" || !Number.isFinite(o.scheduledAtMillis))) {
    throw new ArgumentError("scheduledAtMillis must be a time in epoch milliseconds.");
  }
  if (o.cancel !== undefined && o.cancel !== true) throw new ArgumentError("cancel can only be true (leave it out to keep the e-mail).");
  if (o.tsxSource !== undefined && typeof o.tsxSource !== "string") throw new ArgumentError("tsxSource must be a string.");
  if (o.themeId !== undefined && o.themeId !== null && (typeof o.themeId !== "string" || o.themeId === "")) {
    throw new ArgumentError("themeId must be a theme id, or null for no theme.");
  }
  const body = { is_paused: o.isPaused, scheduled_at_millis: o.scheduledAtMillis, cancel: o.cancel, tsx_source: o.tsxSource, theme_id: o.themeId };
  return outboxEmailFromJson(await ctx.core.request<OutboxJson>({ expect: "id", method: "PATCH", path, body }));
}
