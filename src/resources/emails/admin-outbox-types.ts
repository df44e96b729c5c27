/**
 * The outbox e-mail types of the official SDK (same names and fields): one object per status, discriminated by
 * `status`, with the dates as `Date`s.
 */

/**
 * Who an outbox e-mail goes to.
 *
 * @example
 * if (email.to.type === "user-primary-email") console.log(email.to.userId);
 */
export type AdminEmailOutboxRecipient =
  | { type: "user-primary-email"; userId: string }
  | { type: "user-custom-emails"; userId: string; emails: string[] }
  | { type: "custom-emails"; emails: string[] };

/**
 * Every status an outbox e-mail can be in.
 *
 * @example
 * const waiting: AdminEmailOutboxStatus[] = ["paused", "scheduled", "queued"];
 */
export type AdminEmailOutboxStatus =
  | "paused"
  | "preparing"
  | "rendering"
  | "render-error"
  | "scheduled"
  | "queued"
  | "sending"
  | "server-error"
  | "skipped"
  | "bounced"
  | "delivery-delayed"
  | "sent"
  | "opened"
  | "clicked"
  | "marked-as-spam";

/**
 * The status in three words: still being worked on, done, or failed.
 *
 * @example
 * const failed = (await admin.listOutboxEmails({ simpleStatus: "error" })).items;
 */
export type AdminEmailOutboxSimpleStatus = "in-progress" | "ok" | "error";

/**
 * How the e-mail was created: from a draft, or by a `sendEmail` call (or the platform itself).
 *
 * @example
 * const fromDrafts = items.filter((e) => e.createdWith === "draft");
 */
export type AdminEmailOutboxCreatedWith = "draft" | "programmatic-call";

/**
 * One failed sending attempt.
 *
 * @example
 * for (const a of email.sendAttemptErrors ?? []) console.log(a.attemptNumber, a.externalMessage);
 */
export interface AdminSendAttemptError {
  attemptNumber: number;
  timestamp: string;
  externalMessage: string;
  externalDetails: Record<string, unknown>;
  internalMessage: string;
  internalDetails: Record<string, unknown>;
}

/**
 * The fields every outbox e-mail has.
 *
 * @example
 * const { id, createdAt, scheduledAt, to }: AdminEmailOutboxBase = email;
 */
export interface AdminEmailOutboxBase {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  tsxSource: string;
  themeId: string | null;
  to: AdminEmailOutboxRecipient;
  scheduledAt: Date;
  createdWith: AdminEmailOutboxCreatedWith;
  emailDraftId: string | null;
  emailProgrammaticCallTemplateId: string | null;
  variables: Record<string, unknown>;
  isPaused: false;
  hasRendered: false;
  hasDelivered: false;
  sendRetries: number;
  nextSendRetryAt: Date | null;
  sendAttemptErrors: AdminSendAttemptError[] | null;
}

/**
 * The fields an e-mail has once it rendered.
 *
 * @example
 * if (email.hasRendered) console.log(email.subject);
 */
export type AdminEmailOutboxRendered = Omit<AdminEmailOutboxBase, "hasRendered"> & {
  hasRendered: true;
  startedRenderingAt: Date;
  renderedAt: Date;
  subject: string;
  html: string | null;
  text: string | null;
  isTransactional: boolean;
  isHighPriority: boolean;
  notificationCategoryId: string | null;
};

type StartedSending = AdminEmailOutboxRendered & { startedSendingAt: Date };
type Delivered = Omit<StartedSending, "hasDelivered"> & { hasDelivered: true; deliveredAt: Date };

/** @example if (e.status === "paused") await admin.unpauseOutboxEmail(e.id); */
export type AdminEmailOutboxPaused = Omit<AdminEmailOutboxBase, "isPaused"> & { status: "paused"; simpleStatus: "in-progress"; isPaused: true };
/** @example if (e.status === "preparing") console.log("not rendered yet"); */
export type AdminEmailOutboxPreparing = AdminEmailOutboxBase & { status: "preparing"; simpleStatus: "in-progress" };
/** @example if (e.status === "rendering") console.log(e.startedRenderingAt); */
export type AdminEmailOutboxRendering = AdminEmailOutboxBase & { status: "rendering"; simpleStatus: "in-progress"; startedRenderingAt: Date };
/** @example if (e.status === "render-error") console.log(e.renderError); */
export type AdminEmailOutboxRenderError = AdminEmailOutboxBase & {
  status: "render-error";
  simpleStatus: "error";
  startedRenderingAt: Date;
  renderedAt: Date;
  renderError: string;
};
/** @example if (e.status === "scheduled") console.log(e.scheduledAt, e.subject); */
export type AdminEmailOutboxScheduled = AdminEmailOutboxRendered & { status: "scheduled"; simpleStatus: "in-progress" };
/** @example if (e.status === "queued") console.log("sending soon"); */
export type AdminEmailOutboxQueued = AdminEmailOutboxRendered & { status: "queued"; simpleStatus: "in-progress" };
/** @example if (e.status === "sending") console.log(e.startedSendingAt); */
export type AdminEmailOutboxSending = StartedSending & { status: "sending"; simpleStatus: "in-progress" };
/** @example if (e.status === "server-error") console.log(e.serverError, e.errorAt); */
export type AdminEmailOutboxServerError = StartedSending & { status: "server-error"; simpleStatus: "error"; errorAt: Date; serverError: string };
/** @example if (e.status === "skipped") console.log(e.skippedReason); // e.g. "USER_HAS_NO_PRIMARY_EMAIL" */
export type AdminEmailOutboxSkipped = Omit<AdminEmailOutboxBase, "hasRendered"> & {
  status: "skipped";
  simpleStatus: "ok";
  hasRendered: boolean;
  skippedAt: Date;
  skippedReason: string;
  skippedDetails: Record<string, unknown>;
  startedRenderingAt?: Date;
  renderedAt?: Date;
  subject?: string;
  html?: string | null;
  text?: string | null;
  isTransactional?: boolean;
  isHighPriority?: boolean;
  notificationCategoryId?: string | null;
  startedSendingAt?: Date;
};
/** @example if (e.status === "bounced") console.log(e.bouncedAt); */
export type AdminEmailOutboxBounced = StartedSending & { status: "bounced"; simpleStatus: "error"; bouncedAt: Date };
/** @example if (e.status === "delivery-delayed") console.log(e.deliveryDelayedAt); */
export type AdminEmailOutboxDeliveryDelayed = StartedSending & { status: "delivery-delayed"; simpleStatus: "ok"; deliveryDelayedAt: Date };
/** @example if (e.status === "sent") console.log(e.deliveredAt, e.canHaveDeliveryInfo); */
export type AdminEmailOutboxSent = Delivered & { status: "sent"; simpleStatus: "ok"; canHaveDeliveryInfo: boolean };
/** @example if (e.status === "opened") console.log(e.openedAt); */
export type AdminEmailOutboxOpened = Delivered & { status: "opened"; simpleStatus: "ok"; openedAt: Date; canHaveDeliveryInfo: true };
/** @example if (e.status === "clicked") console.log(e.clickedAt); */
export type AdminEmailOutboxClicked = Delivered & { status: "clicked"; simpleStatus: "ok"; clickedAt: Date; canHaveDeliveryInfo: true };
/** @example if (e.status === "marked-as-spam") console.log(e.markedAsSpamAt); */
export type AdminEmailOutboxMarkedAsSpam = Delivered & { status: "marked-as-spam"; simpleStatus: "ok"; markedAsSpamAt: Date; canHaveDeliveryInfo: true };

/**
 * An e-mail of the project's outbox, in whichever status it is; narrow on `status` to read that status's fields.
 *
 * @example
 * const email: AdminEmailOutbox = await admin.getOutboxEmail(id);
 * if (email.status === "scheduled") await admin.pauseOutboxEmail(email.id);
 */
export type AdminEmailOutbox =
  | AdminEmailOutboxPaused
  | AdminEmailOutboxPreparing
  | AdminEmailOutboxRendering
  | AdminEmailOutboxRenderError
  | AdminEmailOutboxScheduled
  | AdminEmailOutboxQueued
  | AdminEmailOutboxSending
  | AdminEmailOutboxServerError
  | AdminEmailOutboxSkipped
  | AdminEmailOutboxBounced
  | AdminEmailOutboxDeliveryDelayed
  | AdminEmailOutboxSent
  | AdminEmailOutboxOpened
  | AdminEmailOutboxClicked
  | AdminEmailOutboxMarkedAsSpam;

/**
 * Filters and paging of `listOutboxEmails` (newest first; at most 100 per page, the platform's default and cap).
 *
 * @example
 * const page = await admin.listOutboxEmails({ simpleStatus: "error", limit: 20 });
 */
export interface EmailOutboxListOptions {
  status?: AdminEmailOutboxStatus | (string & {});
  simpleStatus?: AdminEmailOutboxSimpleStatus | (string & {});
  limit?: number;
  cursor?: string;
}

/**
 * One page of the outbox and the cursor of the next (null on the last page).
 *
 * @example
 * const { items, nextCursor }: EmailOutboxListResult = await admin.listOutboxEmails();
 */
export interface EmailOutboxListResult {
  items: AdminEmailOutbox[];
  nextCursor: string | null;
}

/**
 * What `updateOutboxEmail` can change: pause or resume, reschedule (epoch milliseconds), cancel, or replace the
 * source or theme (which renders the e-mail again). Only e-mails not yet sent or skipped can change
 * (`EMAIL_NOT_EDITABLE` otherwise).
 *
 * @example
 * await admin.updateOutboxEmail(id, { scheduledAtMillis: Date.now() + 3_600_000 });
 */
export interface EmailOutboxUpdateOptions {
  isPaused?: boolean;
  scheduledAtMillis?: number;
  cancel?: boolean;
  tsxSource?: string;
  themeId?: string | null;
}
