import type { EmailRecord } from "../store/types";
import type { Outbox } from "./outbox";

/**
 * Which captured e-mail a test waits for. Every field given must match: `to` (one of the recipients,
 * case-insensitive), `subject` (a case-insensitive substring, or a pattern), `kind` (`email_verification`,
 * `magic_link`, `password_reset`, `team_invitation`, …), `projectId`, sent at or after `sinceMillis`, and not one of
 * `excludeIds` (e-mails a test already read).
 *
 * @example
 * const filter: OutboxWaitFilter = { to: "ada@example.com", subject: /verify/i, excludeIds: [seen.id] };
 */
export interface OutboxWaitFilter {
  to?: string;
  subject?: string | RegExp;
  kind?: string;
  projectId?: string;
  sinceMillis?: number;
  excludeIds?: readonly string[];
}

/**
 * Whether a captured e-mail matches a wait filter.
 *
 * @example
 * outbox.list().filter((e) => emailMatches(e, { to: "ada@example.com" }));
 */
export function emailMatches(e: EmailRecord, f: OutboxWaitFilter): boolean {
  const to = f.to?.toLowerCase();
  const subject = f.subject;
  return (
    (!to || e.to.some((t) => t.toLowerCase() === to)) &&
    (subject === undefined || (typeof subject === "string" ? e.subject.toLowerCase().includes(subject.toLowerCase()) : new RegExp(subject.source, subject.flags.replace(/[gy]/g, "")).test(e.subject))) &&
    (!f.kind || e.kind === f.kind) &&
    (!f.projectId || e.projectId === f.projectId) &&
    (f.sinceMillis === undefined || e.sentAtMillis >= f.sinceMillis) &&
    !(f.excludeIds ?? []).includes(e.id)
  );
}

/**
 * The newest captured e-mail matching `filter`, or undefined.
 *
 * @example
 * const mail = newestEmail(core.outbox, { to: "ada@example.com", kind: "magic_link" });
 */
export function newestEmail(outbox: Outbox, filter: OutboxWaitFilter): EmailRecord | undefined {
  return outbox.list().filter((e) => emailMatches(e, filter)).at(-1);
}

/**
 * Resolves with the newest e-mail matching `filter` as soon as there is one: at once when the outbox already holds
 * it, else when the emulator captures it (an event, no polling). Resolves with null after `timeoutMs` or when
 * `signal` aborts.
 *
 * @example
 * const mail = await waitForOutboxEmail(core.outbox, { to: "ada@example.com" }, { timeoutMs: 5000 });
 */
export function waitForOutboxEmail(
  outbox: Outbox,
  filter: OutboxWaitFilter,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<EmailRecord | null> {
  const found = newestEmail(outbox, filter);
  if (found || signal?.aborted || timeoutMs <= 0) return Promise.resolve(found ?? null);
  return new Promise((resolve) => {
    const finish = (record: EmailRecord | null) => {
      clearTimeout(timer);
      stopListening();
      signal?.removeEventListener("abort", aborted);
      resolve(record);
    };
    const aborted = () => finish(null);
    const timer = setTimeout(aborted, timeoutMs);
    const stopListening = outbox.onCapture((record) => {
      if (emailMatches(record, filter)) finish(record);
    });
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
