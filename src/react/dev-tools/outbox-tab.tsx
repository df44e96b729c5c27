import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { outboxOf } from "./emulator";
import type { OutboxMail } from "./emulator";
import type { RequestLog } from "./request-log";

const KIND: Record<string, string> = {
  email_verification: "Verify e-mail",
  magic_link: "Sign in",
  password_reset: "Reset password",
  team_invitation: "Join team",
  sign_in_invitation: "Accept invitation",
};

/**
 * The Outbox tab (the app's API is latchkey's emulator): the e-mails it captured for the app's project, newest
 * first, each with a link to its action (the e-mail's verification, magic-link, reset or invitation link). Read
 * when the tab opens, after each of the app's requests and on "Refresh".
 * @internal
 * @example
 * <OutboxTab log={requestLogOf(app)} baseUrl={core.http.baseUrl} projectId={app.projectId} />
 */
export function OutboxTab({ log, baseUrl, projectId }: { log: RequestLog; baseUrl: string; projectId: string }) {
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const requests = useSyncExternalStore(log.subscribe, log.get, log.get);
  const read = useCallback(() => {
    outboxOf(log.fetch, baseUrl, projectId).then(
      (m) => (setMails(m), setFailed(false)),
      () => setFailed(true),
    );
  }, [log, baseUrl, projectId]);
  useEffect(read, [read, requests]);
  return (
    <div className="lk-dt-section">
      <div className="lk-dt-head">
        <p aria-live="polite">{failed ? "The outbox could not be read." : mails === null ? "Reading the outbox…" : `${mails.length} e-mail${mails.length === 1 ? "" : "s"}`}</p>
        <button type="button" className="lk-btn lk-outline" style={{ minHeight: 28, padding: "0 10px" }} onClick={read}>
          Refresh
        </button>
      </div>
      {mails && mails.length > 0 && (
        <ul className="lk-list" aria-label="Outbox">
          {mails.map((mail) => (
            <li key={mail.id}>
              <div className="lk-grow">
                <strong>{mail.subject}</strong>
                <div className="lk-muted">
                  to {mail.to.join(", ")} · {new Date(mail.sentAt).toLocaleTimeString()}
                </div>
              </div>
              {mail.link && (
                <a href={mail.link} aria-label={`${KIND[mail.kind] ?? "Open link"}: ${mail.subject}`}>
                  {KIND[mail.kind] ?? "Open link"}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
