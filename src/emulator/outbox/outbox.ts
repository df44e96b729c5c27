import { displayedSender } from "../domain/email-sender";
import type { Store } from "../store/store";
import type { EmailRecord } from "../store/types";
import { newId } from "../util/random";

/**
 * An e-mail to capture. `links` default to every http(s) URL found in the text and HTML.
 *
 * @example
 * outbox.send({ projectId, kind: "password_reset", from: emailSender(project), to: [email], subject, text, html, code, otp: null, userId });
 */
export type OutgoingEmail = Omit<EmailRecord, "id" | "sentAtMillis" | "links" | "from"> & { links?: string[]; from: string };

/**
 * How an e-mail appears in `GET /emulator/outbox`.
 *
 * @example
 * const { items } = (await (await fetch(`${url}/emulator/outbox`)).json()) as { items: OutboxItem[] };
 */
export interface OutboxItem {
  id: string;
  project_id: string;
  kind: string;
  /** The `From` header the platform would send (`"<name>" <<address>>`); null for e-mails saved before it was recorded. */
  from: string | null;
  /**
   * The sender as test mail servers and mail clients show it (`<name> <<address>>`, what Inbucket's `from` holds,
   * e.g. `Stack Dashboard <noreply@example.com>`); null when `from` is.
   */
  from_display: string | null;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
  otp: string | null;
  user_id: string | null;
  sent_at_millis: number;
}

const URL_RE = /https?:\/\/[^\s"'<>]+/g;

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

/**
 * Every e-mail the platform would have sent, kept in the store (so `--data` keeps it too).
 *
 * @example
 * const latest = emulator.outbox.list({ to: "ada@example.com" }).at(-1);
 */
export class Outbox {
  private readonly captureListeners = new Set<(record: EmailRecord) => void>();

  constructor(private readonly store: Store) {}

  /** Calls `listener` with every e-mail captured from now on; returns a function that removes it. */
  onCapture(listener: (record: EmailRecord) => void): () => void {
    this.captureListeners.add(listener);
    return () => this.captureListeners.delete(listener);
  }

  /** Captures an e-mail and returns its record. */
  send(email: OutgoingEmail): EmailRecord {
    const found = [...email.text.matchAll(URL_RE), ...email.html.matchAll(URL_RE)].map((m) => decodeEntities(m[0]));
    const record: EmailRecord = {
      ...email,
      id: newId(),
      links: email.links ?? [...new Set(found)],
      sentAtMillis: Date.now(),
    };
    this.store.emails.push(record);
    this.store.touch();
    for (const listener of this.captureListeners) listener(record);
    return record;
  }

  /** Captured e-mails, oldest first, optionally filtered by recipient (case-insensitive), project or kind. */
  list(filter: { to?: string; projectId?: string; kind?: string } = {}): EmailRecord[] {
    const to = filter.to?.toLowerCase();
    return this.store.emails.filter(
      (e) =>
        (!to || e.to.some((t) => t.toLowerCase() === to)) &&
        (!filter.projectId || e.projectId === filter.projectId) &&
        (!filter.kind || e.kind === filter.kind),
    );
  }

  /** Empties the outbox. */
  clear(): void {
    this.store.emails = [];
    this.store.touch();
  }
}

/**
 * The wire form of a captured e-mail.
 *
 * @example
 * const items = outbox.list().map(toOutboxItem);
 */
export function toOutboxItem(e: EmailRecord): OutboxItem {
  return {
    id: e.id,
    project_id: e.projectId,
    kind: e.kind,
    from: e.from ?? null,
    from_display: e.from ? displayedSender(e.from) : null,
    to: e.to,
    subject: e.subject,
    text: e.text,
    html: e.html,
    links: e.links,
    code: e.code,
    otp: e.otp,
    user_id: e.userId,
    sent_at_millis: e.sentAtMillis,
  };
}
