import type { EmulatorCore } from "../core";
import type { EmailRecord, ProjectRecord } from "../store/types";
import { emailSender } from "./email-sender";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The closing line of every default template of the platform. */
const FOOTER = "If you were not expecting this email, you can safely ignore it.";

/**
 * A link in an e-mail: a button (`label` alone), or a link inside a sentence (`before` + `label` + `after`).
 *
 * @example
 * const link: EmailLink = { href, before: "Or you can click on ", label: "this link", after: " to sign in" };
 */
export interface EmailLink {
  href: string;
  label: string;
  before?: string;
  after?: string;
}

function layout(e: TemplatedEmail, greeting: string): string {
  const { link, otp } = e;
  const linkHtml = `<a href="${esc(link.href)}" target="_blank">${esc(link.label)}</a>`;
  return [
    `<!doctype html><html><body style="font-family:sans-serif;text-align:center">`,
    `<h3>${esc(e.heading)}</h3>`,
    `<p>${esc(greeting)} ${esc(e.line)}</p>`,
    // the one-time code in its own paragraph, as the platform's Magic Link/OTP template renders it
    otp ? `<p style="font-family:monospace;font-size:24px;font-weight:bold">${esc(otp)}</p>` : "",
    `<p>${esc(link.before ?? "")}${linkHtml}${esc(link.after ?? "")}</p>`,
    `<hr/><p style="font-size:12px">${FOOTER}</p>`,
    `</body></html>`,
  ].join("");
}

/**
 * The fields of one kind of e-mail, before it is captured: the platform's default template wording (subject,
 * heading, the line after the "Hi …!" greeting, the link) and the code it carries.
 *
 * @example
 * sendTemplated(core, project, { kind: "password_reset", to, subject, heading, line, link, code, otp: null, userId });
 */
export interface TemplatedEmail {
  kind: string;
  to: string;
  subject: string;
  heading: string;
  /** The sentence after the greeting ("Hi!" or "Hi, <display name>!"). */
  line: string;
  link: EmailLink;
  code: string | null;
  otp: string | null;
  /** The recipient's user (their display name goes into the greeting), if the recipient is one. */
  userId: string | null;
}

/**
 * Renders a default-template e-mail (text and HTML), captures it in the outbox with the project's sender; counts
 * `emails_sent`.
 *
 * @example
 * sendTemplated(core, project, { kind: "password_reset", to: email, subject, heading, line, link, code, otp: null, userId });
 */
export function sendTemplated(core: EmulatorCore, project: ProjectRecord, e: TemplatedEmail, effect?: (name: string) => void): EmailRecord {
  const name = e.userId ? core.store.users.get(e.userId)?.displayName : null;
  const greeting = `Hi${name ? `, ${name}` : ""}!`;
  const { link } = e;
  const text = [
    e.heading,
    `${greeting} ${e.line}`,
    ...(e.otp ? [e.otp] : []),
    `${link.before ?? ""}${link.label}${link.after ?? ""}: ${link.href}`,
    FOOTER,
  ].join("\n\n");
  const record = core.outbox.send({
    projectId: project.id,
    kind: e.kind,
    from: emailSender(project),
    to: [e.to],
    subject: e.subject,
    text,
    html: layout(e, greeting),
    code: e.code,
    otp: e.otp,
    userId: e.userId,
  });
  effect?.("emails_sent");
  return record;
}

/**
 * What an e-mail verification or password-reset message goes to and carries: the recipient, the link with the code
 * and the user.
 *
 * @example
 * const o: CodeEmail = { to: "ada@example.com", link: "https://app.example.com/verify?code=…", code, userId };
 */
export interface CodeEmail {
  to: string;
  link: string;
  code: string;
  userId: string;
}

/** A default e-mail whose subject is its heading and whose link is a button (e-mail verification, password reset). */
function sendButtonEmail(
  core: EmulatorCore,
  project: ProjectRecord,
  o: CodeEmail,
  wording: { kind: string; heading: string; line: string; label: string },
  effect?: (name: string) => void,
): EmailRecord {
  const { kind, heading, line, label } = wording;
  return sendTemplated(core, project, { kind, to: o.to, subject: heading, heading, line, link: { href: o.link, label }, code: o.code, otp: null, userId: o.userId }, effect);
}

/**
 * The e-mail verification message (sign-up with `verification_callback_url`, send-verification-code).
 *
 * @example
 * sendVerificationEmail(core, project, { to, link, code, userId }, ctx.effect);
 */
export function sendVerificationEmail(core: EmulatorCore, project: ProjectRecord, o: CodeEmail, effect?: (name: string) => void): EmailRecord {
  const heading = `Verify your email at ${project.displayName}`;
  return sendButtonEmail(core, project, o, { kind: "email_verification", heading, line: "Please click on the following button to verify your email.", label: "Verify my email" }, effect);
}

/**
 * The magic-link / one-time-code sign-in message: the 6-character code in its own paragraph, then the link.
 *
 * @example
 * sendMagicLinkEmail(core, project, { to, link, code, otp, userId: null }, ctx.effect);
 */
export function sendMagicLinkEmail(
  core: EmulatorCore,
  project: ProjectRecord,
  o: { to: string; link: string; code: string; otp: string; userId: string | null },
  effect?: (name: string) => void,
): EmailRecord {
  return sendTemplated(core, project, {
    kind: "magic_link",
    to: o.to,
    subject: `Sign in to ${project.displayName}: Your code is ${o.otp}`,
    heading: `Sign in to ${project.displayName}`,
    line: "This is your one-time-password for signing in:",
    link: { href: o.link, before: "Or you can click on ", label: "this link", after: " to sign in" },
    code: o.code,
    otp: o.otp,
    userId: o.userId,
  }, effect);
}

/**
 * The password-reset message.
 *
 * @example
 * sendPasswordResetEmail(core, project, { to, link, code, userId }, ctx.effect);
 */
export function sendPasswordResetEmail(core: EmulatorCore, project: ProjectRecord, o: CodeEmail, effect?: (name: string) => void): EmailRecord {
  const heading = `Reset your password at ${project.displayName}`;
  return sendButtonEmail(core, project, o, { kind: "password_reset", heading, line: "Please click on the following button to start the password reset process.", label: "Reset my password" }, effect);
}
