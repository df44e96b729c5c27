import type { ProjectRecord } from "../store/types";

/**
 * The address the platform's shared e-mail server sends from (its `STACK_EMAIL_SENDER`, `noreply@example.com` in the
 * platform's development and test setup).
 *
 * @example
 * emailSender(project); // "\"My App\" <noreply@example.com>" for a project on the shared server
 */
export const SHARED_EMAIL_SENDER = "noreply@example.com";

/**
 * The `From` header of a message, as the platform writes it: `"<sender name>" <<sender e-mail>>`.
 *
 * @example
 * fromHeader("My App", "hello@myapp.example"); // "\"My App\" <hello@myapp.example>"
 */
export const fromHeader = (name: string, email: string): string => `"${name}" <${email}>`;

/**
 * A `From` header as mail tools show it: the name unquoted, then the address in angle brackets
 * (`Stack Dashboard <noreply@example.com>` for `"Stack Dashboard" <noreply@example.com>`), only `<address>` when the
 * name is empty. This is Inbucket's `StringAddress` (`pkg/stringutil/utils.go`), whose `from` the platform's own
 * end-to-end tests read. A header of another shape is returned unchanged.
 *
 * @example
 * displayedSender('"Stack Dashboard" <noreply@example.com>'); // "Stack Dashboard <noreply@example.com>"
 */
export function displayedSender(header: string): string {
  const m = /^"(.*)" <([^<>]*)>$/s.exec(header);
  if (!m) return header;
  return m[1] ? `${m[1]} <${m[2]}>` : `<${m[2]}>`;
}

/**
 * Who a project's e-mails come from: the project's own sender when it has its own (standard) e-mail server, otherwise
 * the shared sender under the project's display name.
 *
 * @example
 * core.outbox.send({ ...email, from: emailSender(project) });
 */
export function emailSender(project: ProjectRecord): string {
  const c = project.config.emailConfig as { type?: unknown; sender_name?: unknown; sender_email?: unknown };
  if (c.type === "standard" && typeof c.sender_email === "string" && c.sender_email) {
    return fromHeader(typeof c.sender_name === "string" ? c.sender_name : project.displayName, c.sender_email);
  }
  return fromHeader(project.displayName, SHARED_EMAIL_SENDER);
}
