import type { OutboxItem } from "../emulator/outbox/outbox";
import { describeFilter, describeOutbox } from "../emulator/test-controls";
import { emulatorRequest } from "./http";

/**
 * An e-mail the emulator captured, with what a test acts on parsed out: the action link (verification, magic link,
 * password reset, team invitation), the code it carries and the one-time code a person would type.
 *
 * @example
 * const mail: ReceivedEmail = await waitForEmail({ to: user.email }); await page.goto(mail.link!);
 */
export interface ReceivedEmail {
  id: string;
  /** `email_verification`, `magic_link`, `password_reset`, `team_invitation`, `sign_in_invitation` or `custom`. */
  kind: string;
  /** The `From` header, e.g. `"Latchkey Demo" <noreply@…>` (null in data saved before it was recorded). */
  from: string | null;
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
  /** Every http(s) link of the text and HTML. */
  links: string[];
  /** The link to act on: the first one carrying a `code` parameter (null when there is none). */
  link: string | null;
  /** The `code` parameter of `link` (what the app's handler page sends to the API), or null. */
  code: string | null;
  /** The one-time code to type (the 6 characters of a magic-link / OTP sign-in e-mail), or null. */
  otp: string | null;
  userId: string | null;
  projectId: string;
}

/**
 * Which e-mail `waitForEmail` waits for: to `to`, optionally with a subject (a case-insensitive substring or a
 * pattern), of a kind, sent since a time; `timeoutMs` (default 10 s) bounds the wait.
 *
 * @example
 * const options: WaitForEmailOptions = { to: "ada@example.com", subject: /verify/i, timeoutMs: 5000 };
 */
export interface WaitForEmailOptions {
  to: string;
  subject?: string | RegExp;
  kind?: string;
  since?: Date | number;
  timeoutMs?: number;
}

const codeOf = (link: string): string | null => {
  try {
    return new URL(link).searchParams.get("code");
  } catch {
    return null;
  }
};

/**
 * Reads an outbox item into a {@link ReceivedEmail}, parsing the link and codes from its links and text.
 *
 * @example
 * const mail = receivedEmail(item); mail.link; // "http://localhost:3000/handler/email-verification?code=…"
 */
export function receivedEmail(item: OutboxItem): ReceivedEmail {
  const link = item.links.find((l) => codeOf(l) !== null) ?? null;
  const otp = item.otp ?? /\bcode is ([A-Z0-9]{6})\b/i.exec(item.subject)?.[1] ?? null;
  return {
    id: item.id,
    kind: item.kind,
    from: item.from,
    to: item.to,
    subject: item.subject,
    text: item.text,
    html: item.html,
    sentAt: new Date(item.sent_at_millis),
    links: item.links,
    link,
    code: (link && codeOf(link)) ?? item.code,
    otp,
    userId: item.user_id,
    projectId: item.project_id,
  };
}

/** The longest one long-poll request is asked to wait (a longer wait asks again). */
const LONG_POLL_MS = 30_000;

/**
 * Waits for the newest e-mail matching `o` that is not in `seen` (the e-mails this waiter returned before): the
 * emulator answers as soon as it captures one (a long poll, no polling loop). Rejects after `timeoutMs` with an
 * error listing the outbox. Adds the e-mail returned to `seen`.
 *
 * @example
 * const mail = await waitForEmailAt(url, projectId, { to: "ada@example.com" }, new Set());
 */
export async function waitForEmailAt(url: string, projectId: string, o: WaitForEmailOptions, seen: Set<string>): Promise<ReceivedEmail> {
  const timeoutMs = o.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const since = o.since === undefined ? undefined : typeof o.since === "number" ? o.since : o.since.getTime();
  const filter = { to: o.to, subject: o.subject, kind: o.kind, projectId, sinceMillis: since, excludeIds: [...seen] };
  const query = new URLSearchParams({ to: o.to, project_id: projectId });
  if (typeof o.subject === "string") query.set("subject", o.subject);
  else if (o.subject) {
    query.set("subject_pattern", o.subject.source);
    query.set("subject_flags", o.subject.flags);
  }
  if (o.kind) query.set("kind", o.kind);
  if (since !== undefined) query.set("since", String(since));
  if (seen.size) query.set("exclude", [...seen].join(","));
  for (;;) {
    query.set("timeout_ms", String(Math.max(0, Math.min(LONG_POLL_MS, deadline - Date.now()))));
    const answer = await emulatorRequest<{ item: OutboxItem | null; items?: OutboxItem[] }>(`${url}/emulator/outbox/wait?${query}`);
    if (answer.item) {
      seen.add(answer.item.id);
      return receivedEmail(answer.item);
    }
    if (Date.now() >= deadline) {
      throw new Error(`No e-mail (${describeFilter(filter)}) arrived within ${timeoutMs} ms. ${describeOutbox(answer.items ?? [])}`);
    }
  }
}
