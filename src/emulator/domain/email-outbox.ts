import type { Store } from "../store/store";

/**
 * Key of the outbox entries in `store.extra`.
 *
 * @example
 * store.extra[EMAIL_OUTBOX_FAMILY];
 */
export const EMAIL_OUTBOX_FAMILY = "email-outbox";

/**
 * Who an outbox e-mail goes to (the platform's three recipient kinds).
 *
 * @example
 * const to: OutboxRecipient = { type: "user-primary-email", userId };
 */
export type OutboxRecipient =
  | { type: "user-primary-email"; userId: string }
  | { type: "user-custom-emails"; userId: string; emails: string[] }
  | { type: "custom-emails"; emails: string[] };

/**
 * What rendering produced.
 *
 * @example
 * const r: OutboxRendered = { subject: "Hi", html: "<p>Hi</p>", text: "Hi", isTransactional: true, notificationCategoryId };
 */
export interface OutboxRendered {
  subject: string;
  html: string | null;
  text: string | null;
  isTransactional: boolean;
  notificationCategoryId: string | null;
}

/**
 * One e-mail of the project's outbox, with the lifecycle fields the platform derives its status from (see
 * `outboxStatus`). The emulator renders and sends synchronously, so `RENDERING` and `SENDING` never last.
 *
 * @example
 * const paused = entries.filter((e) => e.isPaused);
 */
export interface OutboxEntryRecord {
  projectId: string;
  id: string;
  createdAtMillis: number;
  updatedAtMillis: number;
  tsxSource: string;
  /** The HTML of a `send-email {html}` call (its `tsxSource` is a wrapper); null once the source is edited. */
  html: string | null;
  themeId: string | null;
  to: OutboxRecipient;
  variables: Record<string, unknown>;
  skipDeliverabilityCheck: boolean;
  scheduledAtMillis: number;
  createdWith: "draft" | "programmatic-call";
  emailDraftId: string | null;
  templateId: string | null;
  isHighPriority: boolean;
  overrideSubject: string | null;
  overrideCategoryId: string | null;
  isPaused: boolean;
  isQueued: boolean;
  startedRenderingAtMillis: number | null;
  renderedAtMillis: number | null;
  renderError: string | null;
  rendered: OutboxRendered | null;
  startedSendingAtMillis: number | null;
  finishedSendingAtMillis: number | null;
  skippedReason: string | null;
  skippedDetails: Record<string, unknown> | null;
  sendRetries: number;
}

/**
 * The project's outbox entries (all projects when `projectId` is omitted), in creation order.
 *
 * @example
 * const mine = outboxEntries(store, project.id);
 */
export function outboxEntries(store: Store, projectId?: string): OutboxEntryRecord[] {
  const all = (store.extra[EMAIL_OUTBOX_FAMILY] ??= []) as OutboxEntryRecord[];
  return projectId === undefined ? all : all.filter((e) => e.projectId === projectId);
}

/**
 * The platform's stored status (`PAUSED`, `SKIPPED`, …, `SENT`), derived from the lifecycle fields in the same
 * order as its generated column. Delivery events (opened, bounced, …) never happen here: e-mails are sent over
 * SMTP, which gives no delivery information.
 *
 * @example
 * if (outboxStatus(entry) === "SCHEDULED") …
 */
export function outboxStatus(e: OutboxEntryRecord): string {
  if (e.isPaused) return "PAUSED";
  if (e.skippedReason !== null) return "SKIPPED";
  if (e.startedRenderingAtMillis === null) return "PREPARING";
  if (e.renderedAtMillis === null) return "RENDERING";
  if (e.renderError !== null) return "RENDER_ERROR";
  if (e.startedSendingAtMillis === null) return e.isQueued ? "QUEUED" : "SCHEDULED";
  if (e.finishedSendingAtMillis === null) return "SENDING";
  return "SENT";
}

/**
 * Statuses an e-mail can still be edited in (PATCH answers `EMAIL_NOT_EDITABLE` otherwise).
 *
 * @example
 * if (!EDITABLE_STATUSES.has(outboxStatus(entry))) throw known("EMAIL_NOT_EDITABLE", { email_id: entry.id, status });
 */
export const EDITABLE_STATUSES = new Set(["PAUSED", "PREPARING", "RENDERING", "RENDER_ERROR", "SCHEDULED", "QUEUED", "SERVER_ERROR"]);

const ERROR_STATUSES = new Set(["RENDER_ERROR", "SERVER_ERROR", "BOUNCED"]);
const OK_STATUSES = new Set(["SKIPPED", "SENT", "OPENED", "CLICKED", "MARKED_AS_SPAM", "DELIVERY_DELAYED"]);

/**
 * The wire form of a status: `RENDER_ERROR` → `render-error`.
 *
 * @example
 * wireStatus("MARKED_AS_SPAM"); // "marked-as-spam"
 */
export const wireStatus = (status: string): string => status.toLowerCase().replace(/_/g, "-");

/**
 * The simple status of a stored status: `error`, `ok` or `in-progress`.
 *
 * @example
 * simpleStatus("SKIPPED"); // "ok"
 */
export const simpleStatus = (status: string): "error" | "ok" | "in-progress" =>
  ERROR_STATUSES.has(status) ? "error" : OK_STATUSES.has(status) ? "ok" : "in-progress";

function recipientRead(to: OutboxRecipient): Record<string, unknown> {
  if (to.type === "custom-emails") return { type: to.type, emails: [...to.emails] };
  if (to.type === "user-custom-emails") return { type: to.type, user_id: to.userId, emails: [...to.emails] };
  return { type: to.type, user_id: to.userId };
}

function renderedRead(e: OutboxEntryRecord): Record<string, unknown> | null {
  const r = e.rendered;
  if (!r || e.renderedAtMillis === null || e.renderError !== null) return null;
  return {
    started_rendering_at_millis: e.startedRenderingAtMillis,
    rendered_at_millis: e.renderedAtMillis,
    subject: r.subject,
    html: r.html,
    text: r.text,
    is_transactional: r.isTransactional,
    is_high_priority: e.isHighPriority,
    notification_category_id: r.notificationCategoryId,
    has_rendered: true,
  };
}

/**
 * The wire read of an outbox e-mail (`GET /emails/outbox/{id}`): the base fields plus the fields of its status,
 * in the platform's discriminated shape.
 *
 * @example
 * return json(outboxRead(entry));
 */
export function outboxRead(e: OutboxEntryRecord): Record<string, unknown> {
  const status = outboxStatus(e);
  const base: Record<string, unknown> = {
    id: e.id,
    created_at_millis: e.createdAtMillis,
    updated_at_millis: e.updatedAtMillis,
    tsx_source: e.tsxSource,
    theme_id: e.themeId,
    to: recipientRead(e.to),
    variables: { ...e.variables },
    skip_deliverability_check: e.skipDeliverabilityCheck,
    scheduled_at_millis: e.scheduledAtMillis,
    created_with: e.createdWith,
    email_draft_id: e.emailDraftId,
    email_programmatic_call_template_id: e.templateId,
    send_retries: e.sendRetries,
    next_send_retry_at_millis: null,
    send_attempt_errors: null,
    is_paused: false,
    has_rendered: false,
    has_delivered: false,
    status: wireStatus(status),
    simple_status: simpleStatus(status),
  };
  const rendered = renderedRead(e);
  switch (status) {
    case "PAUSED":
      return { ...base, is_paused: true };
    case "RENDERING":
      return { ...base, started_rendering_at_millis: e.startedRenderingAtMillis };
    case "RENDER_ERROR":
      return { ...base, started_rendering_at_millis: e.startedRenderingAtMillis, rendered_at_millis: e.renderedAtMillis, render_error: e.renderError };
    case "SCHEDULED":
    case "QUEUED":
      return { ...base, ...rendered };
    case "SENDING":
      return { ...base, ...rendered, started_sending_at_millis: e.startedSendingAtMillis };
    case "SKIPPED":
      return {
        ...base,
        ...(rendered ?? {}),
        has_rendered: rendered !== null,
        skipped_at_millis: e.updatedAtMillis,
        skipped_reason: e.skippedReason,
        skipped_details: { ...(e.skippedDetails ?? {}) },
        ...(e.startedRenderingAtMillis !== null ? { started_rendering_at_millis: e.startedRenderingAtMillis } : {}),
        ...(e.startedSendingAtMillis !== null ? { started_sending_at_millis: e.startedSendingAtMillis } : {}),
      };
    case "SENT":
      return {
        ...base,
        ...rendered,
        started_sending_at_millis: e.startedSendingAtMillis,
        delivered_at_millis: e.finishedSendingAtMillis,
        has_delivered: true,
        can_have_delivery_info: false,
      };
    default:
      return base;
  }
}
