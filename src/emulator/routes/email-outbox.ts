import type { EmulatorCore } from "../core";
import { EDITABLE_STATUSES, outboxEntries, outboxRead, outboxStatus, simpleStatus, type OutboxEntryRecord, type OutboxRecipient } from "../domain/email-outbox";
import { armOutboxTimer, processOutbox, recordCapturedEmail, unprocessedOutboxFields } from "../domain/email-outbox-worker";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

const MAX_LIMIT = 100;

const RECIPIENT_SCHEMAS = [
  t.object({ type: t.string({ oneOf: ["user-primary-email"] }).defined(), user_id: t.string().defined() }).defined(),
  t.object({ type: t.string({ oneOf: ["user-custom-emails"] }).defined(), user_id: t.string().defined(), emails: t.array(t.string().defined()).defined() }).defined(),
  t.object({ type: t.string({ oneOf: ["custom-emails"] }).defined(), emails: t.array(t.string().defined()).defined() }).defined(),
];

/** `to` is one of three shapes (yup's union, with its "not matched by any of the provided schemas" message). */
function recipientOf(ctx: RequestContext, value: unknown): OutboxRecipient {
  const failures: string[][] = [];
  for (const schema of RECIPIENT_SCHEMAS) {
    const errors: string[] = [];
    const v = schema.validate(value, "", errors, { currentUserId: null, onMeWithoutUser: () => { throw new StatusError(400, "Invalid recipient"); } }) as Record<string, never>;
    if (errors.length === 0) {
      if (v.type === "user-primary-email") return { type: v.type, userId: v.user_id };
      if (v.type === "user-custom-emails") return { type: v.type, userId: v.user_id, emails: [...(v.emails as string[])] };
      return { type: "custom-emails", emails: [...(v.emails as string[])] };
    }
    failures.push(errors);
  }
  const detail = failures.map((errors, i) => `  Schema ${i}:\n${errors.map((e) => `    ${e}`).join("\n")}`).join("\n");
  throw schemaError(ctx.method, ctx.pathname, [`body.to is not matched by any of the provided schemas:\n${detail}`]);
}

function entry(ctx: RequestContext): OutboxEntryRecord {
  const found = outboxEntries(ctx.core.store, authOf(ctx).project.id).find((e) => e.id === ctx.params.id);
  if (!found) throw new StatusError(404, "Email not found");
  return found;
}

function list(ctx: RequestContext) {
  const projectId = authOf(ctx).project.id;
  const q = ctx.query;
  const limit = q.limit === undefined || q.limit === "" ? MAX_LIMIT : Number.parseInt(q.limit, 10);
  if (Number.isNaN(limit) || limit < 1) throw new StatusError(400, "Invalid limit parameter");
  if (limit > MAX_LIMIT) throw new StatusError(400, `Limit cannot exceed ${MAX_LIMIT}`);
  processOutbox(ctx.core, projectId, ctx.effect);
  const wanted = (v: unknown) => (typeof v === "string" && v !== "" ? v.toUpperCase().replace(/-/g, "_") : undefined);
  const status = wanted(q.status);
  const simple = wanted(q.simple_status);
  const sorted = outboxEntries(ctx.core.store, projectId)
    .filter((e) => (!status || outboxStatus(e) === status) && (!simple || simpleStatus(outboxStatus(e)).toUpperCase().replace(/-/g, "_") === simple))
    .reverse() // newest first; the stable sort keeps mails queued in one millisecond newest first too
    .sort((a, b) => b.createdAtMillis - a.createdAtMillis);
  let start = 0;
  if (q.cursor) {
    start = sorted.findIndex((e) => e.id === q.cursor);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + limit + 1);
  const hasMore = page.length > limit;
  return json({ items: page.slice(0, limit).map(outboxRead), is_paginated: true, pagination: { next_cursor: hasMore ? page[limit].id : null } });
}

/** Resets what rendering and sending produced, so the e-mail is rendered again with its new content. */
function resetForRerender(e: OutboxEntryRecord): void {
  Object.assign(e, unprocessedOutboxFields());
}

function update(ctx: RequestContext) {
  const e = entry(ctx);
  const status = outboxStatus(e);
  if (!EDITABLE_STATUSES.has(status)) throw known("EMAIL_NOT_EDITABLE", { email_id: e.id, status });
  const b = ctx.body;
  const to = b.to === undefined || b.to === null ? undefined : recipientOf(ctx, b.to);
  if (b.cancel) {
    Object.assign(e, { isPaused: false, isQueued: false, skippedReason: "MANUALLY_CANCELLED", skippedDetails: {} });
  } else {
    let rerender = false;
    if (b.tsx_source !== undefined) (e.tsxSource = b.tsx_source), (e.html = null), (rerender = true);
    if (b.theme_id !== undefined) (e.themeId = b.theme_id), (rerender = true);
    if (to) (e.to = to), (rerender = true);
    if (b.variables !== undefined) (e.variables = { ...b.variables }), (rerender = true);
    if (b.skip_deliverability_check !== undefined) e.skipDeliverabilityCheck = b.skip_deliverability_check;
    if (b.scheduled_at_millis !== undefined) (e.scheduledAtMillis = b.scheduled_at_millis), (e.isQueued = false);
    if (b.is_paused !== undefined) e.isPaused = b.is_paused;
    if (rerender) resetForRerender(e);
  }
  e.updatedAtMillis = Date.now();
  ctx.core.store.touch();
  armOutboxTimer(ctx.core);
  return json(outboxRead(e));
}

/**
 * The e-mail outbox (server or admin), as the platform's `emails/outbox` CRUD: `GET /emails/outbox` (newest first;
 * `status`, `simple_status`, `limit` ≤ 100 (default 100), `cursor` = id of the page's first e-mail; paginated),
 * `GET /emails/outbox/{id}` (404 "Email not found") and `PATCH /emails/outbox/{id}` (`is_paused`,
 * `scheduled_at_millis`, `cancel: true`, `tsx_source`, `theme_id`, `to`, `variables`, `skip_deliverability_check`;
 * only in editable statuses, else `EMAIL_NOT_EDITABLE`). Content changes reset rendering; the e-mail is then
 * processed again right after the answer, like the platform's worker. Also records the e-mails the emulator sends
 * on its own as sent outbox entries. An unknown status filter matches nothing (the platform fails with a 500).
 *
 * @example
 * core.router.addAll(emailOutboxRoutes(core));
 */
export function emailOutboxRoutes(core: EmulatorCore): RouteDef[] {
  core.outbox.onCapture((r) => {
    if (r.kind !== "custom" && r.kind !== "test_email") recordCapturedEmail(core, r);
  });
  armOutboxTimer(core);
  const server = { access: SERVER_OR_HIGHER } as const;
  const params = t.object({ id: t.string({ format: "uuid" }).defined() });
  return [
    {
      ...server,
      method: "GET",
      path: "/emails/outbox",
      query: t.object({ status: t.string(), simple_status: t.string(), limit: t.string(), cursor: t.string({ format: "uuid" }) }),
      handler: list,
    },
    {
      ...server,
      method: "GET",
      path: "/emails/outbox/:id",
      params,
      handler: (ctx) => {
        processOutbox(ctx.core, authOf(ctx).project.id, ctx.effect);
        return json(outboxRead(entry(ctx)));
      },
    },
    {
      ...server,
      method: "PATCH",
      path: "/emails/outbox/:id",
      params,
      body: t
        .object({
          tsx_source: t.string(),
          theme_id: t.string().nullable(),
          to: t.json(),
          variables: t.object({}, { allowUnknown: true }),
          skip_deliverability_check: t.boolean(),
          scheduled_at_millis: t.number(),
          is_paused: t.boolean(),
          cancel: t.boolean({ oneOf: [true] }),
        })
        .defined(),
      handler: update,
    },
  ];
}
