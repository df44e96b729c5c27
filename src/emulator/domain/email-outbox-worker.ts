import type { EmulatorCore } from "../core";
import { KnownError } from "../errors";
import type { EmailRecord, ProjectRecord } from "../store/types";
import { newId } from "../util/random";
import { findTheme, NOTIFICATION_CATEGORIES, projectLogos } from "./email-catalog";
import { outboxEntries, type OutboxEntryRecord, type OutboxRecipient } from "./email-outbox";
import { renderEmail } from "./email-render";
import { emailSender } from "./email-sender";
import { isNotificationEnabled } from "./notification-preferences";
import { primaryChannel } from "./users";

/**
 * What a new outbox e-mail needs (the rest of the record starts empty).
 *
 * @example
 * enqueueOutboxEmails(core, project, [{ ...content, to: { type: "user-primary-email", userId } }]);
 */
export type NewOutboxEmail = Pick<
  OutboxEntryRecord,
  "tsxSource" | "html" | "themeId" | "to" | "variables" | "scheduledAtMillis" | "createdWith" | "emailDraftId" | "templateId" | "isHighPriority" | "overrideSubject" | "overrideCategoryId"
>;

const TRANSACTIONAL = NOTIFICATION_CATEGORIES[0];

/**
 * The TSX the platform stores for an e-mail sent as raw HTML: a template that outputs that HTML.
 *
 * @example
 * htmlTemplateSource("<p>Hi</p>");
 */
export function htmlTemplateSource(html: string): string {
  return `export function EmailTemplate() {\n  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />;\n}\n`;
}

const userIdOf = (to: OutboxRecipient) => (to.type === "custom-emails" ? null : to.userId);

function render(core: EmulatorCore, project: ProjectRecord, e: OutboxEntryRecord): void {
  const now = Date.now();
  e.startedRenderingAtMillis = now;
  e.renderedAtMillis = now;
  e.updatedAtMillis = now;
  try {
    // A theme deleted since the e-mail was queued renders as no theme, like the project's deleted default theme.
    const theme = e.themeId === null ? undefined : findTheme(core.store, project.id, e.themeId);
    const userId = userIdOf(e.to);
    const user = userId ? core.store.users.get(userId) : undefined;
    const r = renderEmail({
      html: e.html ?? undefined,
      templateSource: e.html === null ? e.tsxSource : undefined,
      themeSource: theme?.tsxSource ?? null,
      scope: {
        project: { displayName: project.displayName },
        user: { displayName: user?.displayName ?? null },
        variables: e.variables,
        unsubscribeLink: `${core.settings.baseUrl}/emulator/unsubscribe`,
        projectLogos: projectLogos(project),
      },
    });
    const category =
      NOTIFICATION_CATEGORIES.find((c) => c.id === e.overrideCategoryId) ?? NOTIFICATION_CATEGORIES.find((c) => c.name === r.notificationCategory) ?? TRANSACTIONAL;
    e.rendered = { subject: e.overrideSubject ?? r.subject ?? "", html: r.html, text: r.text, isTransactional: category.id === TRANSACTIONAL.id, notificationCategoryId: category.id };
    e.renderError = null;
  } catch (error) {
    e.rendered = null;
    e.renderError = error instanceof KnownError && typeof error.details?.error === "string" ? error.details.error : error instanceof Error ? error.message : String(error);
  }
}

function skip(e: OutboxEntryRecord, reason: string): void {
  e.skippedReason = reason;
  e.skippedDetails = {};
  e.isQueued = false;
  e.updatedAtMillis = Date.now();
}

/** Sends a queued, rendered e-mail (captured in the outbox), or skips it like the platform's sending step. */
function deliver(core: EmulatorCore, project: ProjectRecord, e: OutboxEntryRecord, effect?: (name: string) => void): void {
  const rendered = e.rendered!;
  let to: string[];
  const userId = userIdOf(e.to);
  if (userId !== null) {
    const user = core.store.users.get(userId);
    if (!user || user.projectId !== project.id) return skip(e, "USER_ACCOUNT_DELETED");
    if (e.to.type === "user-primary-email") {
      const primary = primaryChannel(core, user)?.value;
      if (!primary) return skip(e, "USER_HAS_NO_PRIMARY_EMAIL");
      to = [primary];
    } else to = [...(e.to as { emails: string[] }).emails];
    if (rendered.notificationCategoryId && !isNotificationEnabled(core.store, project.id, user.id, rendered.notificationCategoryId)) return skip(e, "USER_UNSUBSCRIBED");
  } else to = [...(e.to as { emails: string[] }).emails];
  const now = Date.now();
  e.startedSendingAtMillis = now;
  core.outbox.send({ projectId: project.id, kind: "custom", from: emailSender(project), to, subject: rendered.subject, text: rendered.text ?? "", html: rendered.html ?? "", code: null, otp: null, userId });
  e.finishedSendingAtMillis = now;
  e.updatedAtMillis = now;
  effect?.("emails_sent");
}

/**
 * Moves every outbox e-mail of the project (of all projects when omitted) as far as it can go now: unrendered
 * ones are rendered, rendered ones whose time has come are queued and sent (or skipped). Paused, skipped, failed
 * and future e-mails stay as they are. Re-arms the timer for the next scheduled e-mail.
 *
 * @example
 * processOutbox(core, project.id, ctx.effect);
 */
export function processOutbox(core: EmulatorCore, projectId?: string, effect?: (name: string) => void): void {
  let changed = false;
  for (const e of [...outboxEntries(core.store, projectId)]) {
    if (e.isPaused || e.skippedReason !== null || e.finishedSendingAtMillis !== null) continue;
    const project = core.store.projects.get(e.projectId);
    if (!project) continue;
    if (e.startedRenderingAtMillis === null) render(core, project, e), (changed = true);
    if (e.renderError !== null) continue;
    if (!e.isQueued && e.scheduledAtMillis <= Date.now()) (e.isQueued = true), (changed = true);
    if (e.isQueued && e.startedSendingAtMillis === null) deliver(core, project, e, effect), (changed = true);
  }
  if (changed) core.store.touch();
  armOutboxTimer(core);
}

/**
 * The fields of an outbox e-mail that rendering and sending fill in, as they are before either ran (a new e-mail,
 * or one whose content changed and must be rendered again).
 *
 * @example
 * Object.assign(entry, unprocessedOutboxFields());
 */
export function unprocessedOutboxFields(): Pick<
  OutboxEntryRecord,
  | "isQueued" | "sendRetries" | "startedRenderingAtMillis" | "renderedAtMillis" | "renderError" | "rendered"
  | "startedSendingAtMillis" | "finishedSendingAtMillis" | "skippedReason" | "skippedDetails"
> {
  return {
    isQueued: false,
    sendRetries: 0,
    startedRenderingAtMillis: null,
    renderedAtMillis: null,
    renderError: null,
    rendered: null,
    startedSendingAtMillis: null,
    finishedSendingAtMillis: null,
    skippedReason: null,
    skippedDetails: null,
  };
}

/**
 * Adds e-mails to the project's outbox and processes them at once, so an e-mail due now is sent (or skipped)
 * before the call returns; later ones wait for their time.
 *
 * @example
 * const [entry] = enqueueOutboxEmails(core, project, [email], ctx.effect);
 */
export function enqueueOutboxEmails(core: EmulatorCore, project: ProjectRecord, emails: NewOutboxEmail[], effect?: (name: string) => void): OutboxEntryRecord[] {
  const now = Date.now();
  const created = emails.map(
    (m): OutboxEntryRecord => ({
      ...m,
      projectId: project.id,
      id: newId(),
      createdAtMillis: now,
      updatedAtMillis: now,
      skipDeliverabilityCheck: false,
      isPaused: false,
      ...unprocessedOutboxFields(),
    }),
  );
  outboxEntries(core.store).push(...created);
  core.store.touch();
  processOutbox(core, project.id, effect);
  return created;
}

/**
 * Records an e-mail the emulator sent on its own (verification, sign-in code, password reset, invitation, …) as a
 * sent outbox entry, as the platform queues those through its outbox too.
 *
 * @example
 * core.outbox.onCapture((r) => recordCapturedEmail(core, r));
 */
export function recordCapturedEmail(core: EmulatorCore, r: EmailRecord): void {
  const at = r.sentAtMillis;
  outboxEntries(core.store).push({
    projectId: r.projectId,
    id: newId(),
    createdAtMillis: at,
    updatedAtMillis: at,
    tsxSource: htmlTemplateSource(r.html),
    html: r.html,
    themeId: null,
    to: r.userId ? { type: "user-custom-emails", userId: r.userId, emails: [...r.to] } : { type: "custom-emails", emails: [...r.to] },
    variables: {},
    skipDeliverabilityCheck: false,
    scheduledAtMillis: at,
    createdWith: "programmatic-call",
    emailDraftId: null,
    templateId: null,
    isHighPriority: true,
    overrideSubject: null,
    overrideCategoryId: null,
    isPaused: false,
    isQueued: true,
    startedRenderingAtMillis: at,
    renderedAtMillis: at,
    renderError: null,
    rendered: { subject: r.subject, html: r.html, text: r.text, isTransactional: true, notificationCategoryId: TRANSACTIONAL.id },
    startedSendingAtMillis: at,
    finishedSendingAtMillis: at,
    skippedReason: null,
    skippedDetails: null,
    sendRetries: 0,
  });
  core.store.touch();
}

const timers = new WeakMap<EmulatorCore, ReturnType<typeof setTimeout>>();
const MAX_DELAY = 2 ** 31 - 1;
/** How long the scheduled-e-mail timer waits before trying again after its change could not be saved. */
const RETRY_MS = 5_000;

/**
 * Schedules the next run of `processOutbox` for the earliest pending e-mail (now, for an e-mail that still needs
 * rendering). The timer never keeps the process alive.
 *
 * @example
 * armOutboxTimer(core);
 */
export function armOutboxTimer(core: EmulatorCore): void {
  const previous = timers.get(core);
  if (previous) clearTimeout(previous);
  timers.delete(core);
  const pending = outboxEntries(core.store).filter((e) => !e.isPaused && e.skippedReason === null && e.renderError === null && e.finishedSendingAtMillis === null);
  if (pending.length === 0) return;
  const next = Math.min(...pending.map((e) => (e.startedRenderingAtMillis === null ? 0 : e.scheduledAtMillis)));
  const timer = setTimeout(() => {
    timers.delete(core);
    // Like a request: alone when state is persisted, and a save that fails is rolled back and reported, never
    // thrown out of the timer (which would stop the process).
    void core.exclusive(async () => {
      try {
        processOutbox(core);
        core.store.flush();
      } catch (e) {
        core.alert(`[emulator] scheduled e-mails: the outbox change was NOT saved and was rolled back (retrying in ${RETRY_MS / 1000} s): ${(e as Error).message}`);
        setTimeout(() => armOutboxTimer(core), RETRY_MS).unref?.();
      }
    });
  }, Math.min(MAX_DELAY, Math.max(0, next - Date.now())));
  timer.unref?.();
  timers.set(core, timer);
}
