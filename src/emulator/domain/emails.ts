import type { EmulatorCore } from "../core";
import type { EmailRecord, ProjectRecord } from "../store/types";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function layout(title: string, paragraphs: string[], link: { href: string; label: string } | null, otp: string | null): string {
  return [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    `<h1>${esc(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${esc(p)}</p>`),
    otp ? `<p style="font-size:24px;letter-spacing:4px"><strong>${esc(otp)}</strong></p>` : "",
    link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : "",
    `</body></html>`,
  ].join("");
}

/**
 * The fields of one kind of e-mail, before it is captured.
 *
 * @example
 * sendTemplated(core, project, { kind: "email_verification", to, subject, lines, link, code, otp: null, userId });
 */
export interface TemplatedEmail {
  kind: string;
  to: string;
  subject: string;
  lines: string[];
  link: { href: string; label: string } | null;
  code: string | null;
  otp: string | null;
  userId: string | null;
}

/**
 * Renders a plain e-mail (text and HTML) and captures it in the outbox; counts `emails_sent`.
 *
 * @example
 * sendTemplated(core, project, { kind: "password_reset", to: email, subject: "Reset", lines: ["…"], link, code, otp: null, userId });
 */
export function sendTemplated(core: EmulatorCore, project: ProjectRecord, e: TemplatedEmail, effect?: (name: string) => void): EmailRecord {
  const text = [...e.lines, ...(e.otp ? [`Your code: ${e.otp}`] : []), ...(e.link ? [`${e.link.label}: ${e.link.href}`] : [])].join("\n\n");
  const record = core.outbox.send({
    projectId: project.id,
    kind: e.kind,
    to: [e.to],
    subject: e.subject,
    text,
    html: layout(e.subject, e.lines, e.link, e.otp),
    code: e.code,
    otp: e.otp,
    userId: e.userId,
  });
  effect?.("emails_sent");
  return record;
}

/**
 * The e-mail verification message (sign-up with `verification_callback_url`, send-verification-code).
 *
 * @example
 * sendVerificationEmail(core, project, { to, link, code, userId }, ctx.effect);
 */
export function sendVerificationEmail(
  core: EmulatorCore,
  project: ProjectRecord,
  o: { to: string; link: string; code: string; userId: string },
  effect?: (name: string) => void,
): EmailRecord {
  return sendTemplated(core, project, {
    kind: "email_verification",
    to: o.to,
    subject: `Verify your e-mail at ${project.displayName}`,
    lines: [`Please confirm that ${o.to} is your e-mail address for ${project.displayName}.`],
    link: { href: o.link, label: "Verify my e-mail" },
    code: o.code,
    otp: null,
    userId: o.userId,
  }, effect);
}

/**
 * The magic-link / one-time-code sign-in message: the link and the 6-character code.
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
    subject: `Sign in to ${project.displayName}: your code is ${o.otp}`,
    lines: [`Use the code below or the link to sign in to ${project.displayName}.`],
    link: { href: o.link, label: "Sign in" },
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
export function sendPasswordResetEmail(
  core: EmulatorCore,
  project: ProjectRecord,
  o: { to: string; link: string; code: string; userId: string },
  effect?: (name: string) => void,
): EmailRecord {
  return sendTemplated(core, project, {
    kind: "password_reset",
    to: o.to,
    subject: `Reset your password at ${project.displayName}`,
    lines: [`Someone asked to reset the password of ${o.to} at ${project.displayName}. If it was not you, ignore this e-mail.`],
    link: { href: o.link, label: "Reset my password" },
    code: o.code,
    otp: null,
    userId: o.userId,
  }, effect);
}
