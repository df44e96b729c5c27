import type { EmulatorCore } from "../core";
import { findTemplate, listCatalog, NOTIFICATION_CATEGORIES, projectLogos } from "../domain/email-catalog";
import { renderEmail } from "../domain/email-render";
import { draftThemeId, findEmailDraft } from "../domain/email-drafts";
import { enqueueOutboxEmails, htmlTemplateSource, processOutbox } from "../domain/email-outbox-worker";
import { emailSender, fromHeader } from "../domain/email-sender";
import { themeSourceFor } from "../domain/email-send";
import { assertTrustedUrl } from "../domain/redirects";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { ProjectRecord } from "../store/types";

const schemaFail = (message: string) => known("SCHEMA_ERROR", { message });

/** The platform's `isUuid` (its `theme_id` check): lower-case, version 4. */
const V4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** yup's `uuid()`: versions 1 to 5 with the RFC variant, or the nil UUID, any case. */
const YUP_UUID = /^([\da-f]{8}-[\da-f]{4}-[1-5][\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}|0{8}(-0{4}){3}-0{12})$/i;

/**
 * The platform's send-email body is a union of three forms, `{html}`, `{template_id, variables?}` and `{draft_id}`
 * (each with the common fields), checked by its request validator before the handler runs. When no form matches,
 * the problem lists each form's failures: its own key missing (or `template_id` not a UUID), `theme_id` invalid,
 * and the other forms' keys as unknown properties — that line twice, as the platform's concatenated form schemas
 * each run their unknown-keys test. Null when a form matches.
 *
 * @example
 * sendEmailUnionProblem({ user_ids: [] }); // "body is not matched by any of the provided schemas:\n  Schema 0:\n    body.html must be defined…"
 */
export function sendEmailUnionProblem(body: Record<string, unknown>): string | null {
  const forms: Array<[string, string[]]> = [["html", []], ["template_id", ["variables"]], ["draft_id", []]];
  const formKeys = forms.flatMap(([own, also]) => [own, ...also]);
  const given = Object.keys(body).filter((key) => formKeys.includes(key) && body[key] !== undefined);
  const theme = body.theme_id;
  const themeInvalid = !(theme === undefined || theme === null || theme === false || (typeof theme === "string" && V4_UUID.test(theme)));
  const failures = forms.map(([own, also]) => {
    const out: string[] = [];
    if (body[own] === undefined) out.push(`body.${own} must be defined`);
    else if (own === "template_id" && !(typeof body[own] === "string" && YUP_UUID.test(body[own] as string))) out.push(`body.${own} must be a valid UUID`);
    if (themeInvalid) out.push("body.theme_id is invalid");
    const unknown = given.filter((key) => key !== own && !also.includes(key));
    if (unknown.length) out.push(`body contains unknown properties: ${unknown.join(", ")}`, `body contains unknown properties: ${unknown.join(", ")}`);
    return out;
  });
  if (failures.some((f) => f.length === 0)) return null;
  return ["body is not matched by any of the provided schemas:", ...failures.flatMap((f, i) => [`  Schema ${i}:`, ...f.map((line) => `    ${line}`)])].join("\n");
}

/**
 * Throws `REQUIRES_CUSTOM_EMAIL_SERVER` while the project uses the shared e-mail server.
 *
 * @example
 * assertCustomEmailServer(project);
 */
export function assertCustomEmailServer(project: ProjectRecord): void {
  if ((project.config.emailConfig as { type?: string }).type !== "standard") throw known("REQUIRES_CUSTOM_EMAIL_SERVER");
}

/** Where the content of a `send-email` call comes from: a template, raw HTML or a draft (its theme too). */
function emailContent(ctx: RequestContext, project: ProjectRecord) {
  const b = ctx.body;
  let themeId: string | null | undefined = b.theme_id === false ? null : (b.theme_id ?? undefined);
  if (b.template_id !== undefined) {
    const template = findTemplate(ctx.core.store, project.id, b.template_id);
    if (!template) throw new StatusError(400, "No template found with given template_id");
    return { tsxSource: template.tsxSource, html: null, createdWith: "programmatic-call" as const, templateId: template.id, draft: undefined, themeId };
  }
  if (b.html !== undefined) return { tsxSource: htmlTemplateSource(b.html), html: b.html as string, createdWith: "programmatic-call" as const, templateId: null, draft: undefined, themeId };
  const draft = findEmailDraft(ctx.core.store, project.id, b.draft_id);
  if (!draft) throw new StatusError(400, "No draft found with given draft_id");
  if (b.theme_id === undefined) {
    const fromDraft = draftThemeId(draft);
    themeId = fromDraft === false ? null : fromDraft;
  }
  return { tsxSource: draft.tsxSource, html: null, createdWith: "draft" as const, templateId: null, draft, themeId };
}

function sendEmail(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const b = ctx.body;
  // The request validator's part (the body's forms) comes before anything the handler checks.
  const problem = sendEmailUnionProblem(b);
  if (problem !== null) throw schemaError(ctx.method, ctx.pathname, [problem]);
  assertCustomEmailServer(project);
  if ((b.user_ids !== undefined) === (b.all_users !== undefined)) throw schemaFail("Exactly one of user_ids or all_users must be provided");
  const category = b.notification_category_name === undefined ? undefined : NOTIFICATION_CATEGORIES.find((c) => c.name === b.notification_category_name);
  if (b.notification_category_name !== undefined && !category) throw new StatusError(400, "Notification category not found with given name");
  const content = emailContent(ctx, project);
  if (typeof content.themeId === "string") themeSourceFor(ctx.core, project, content.themeId);
  const userIds: string[] = b.all_users ? ctx.core.store.usersOf(project.id).map((u) => u.id) : b.user_ids;
  for (const id of userIds) {
    const u = ctx.core.store.users.get(id);
    if (!u || u.projectId !== project.id) throw known("USER_ID_DOES_NOT_EXIST", { user_id: id });
  }
  const now = Date.now();
  enqueueOutboxEmails(
    ctx.core,
    project,
    userIds.map((userId) => ({
      tsxSource: content.tsxSource,
      html: content.html,
      themeId: content.themeId === undefined ? project.config.emailTheme : content.themeId,
      to: { type: "user-primary-email" as const, userId },
      variables: b.variables && typeof b.variables === "object" && !Array.isArray(b.variables) ? { ...b.variables } : {},
      scheduledAtMillis: typeof b.scheduled_at_millis === "number" ? b.scheduled_at_millis : now,
      createdWith: content.createdWith,
      emailDraftId: content.draft?.id ?? null,
      templateId: content.templateId,
      isHighPriority: b.is_high_priority ?? false,
      overrideSubject: b.subject ? (b.subject as string) : null,
      overrideCategoryId: category?.id ?? null,
    })),
    ctx.effect,
  );
  if (content.draft) {
    content.draft.sentAtMillis = now;
    ctx.core.store.touch();
  }
  return json({ results: userIds.map((user_id) => ({ user_id })) });
}

function renderPreview(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const b = ctx.body;
  const themeSource = b.theme_tsx_source !== undefined ? b.theme_tsx_source : themeSourceFor(ctx.core, project, b.theme_id);
  let templateSource: string;
  if (b.template_tsx_source !== undefined) templateSource = b.template_tsx_source;
  else if (b.template_id !== undefined) {
    const template = findTemplate(ctx.core.store, project.id, b.template_id);
    if (!template) throw new StatusError(400, "No template found with given id");
    templateSource = template.tsxSource;
  } else throw schemaFail("Either template_id or template_tsx_source must be provided");
  const r = renderEmail({
    templateSource,
    themeSource,
    scope: { project: { displayName: project.displayName }, user: { displayName: "John Doe" }, variables: {}, projectLogos: projectLogos(project) },
    preview: true,
  });
  const out: Record<string, unknown> = { html: r.html };
  if (r.subject !== undefined) out.subject = r.subject;
  if (r.notificationCategory !== undefined) out.notification_category = r.notificationCategory;
  return json(out);
}

/** The emulator cannot reach mail servers: hosts under the reserved `.invalid` domain fail, every other host succeeds. */
function sendTestEmail(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const { recipient_email: to, email_config: config } = ctx.body;
  // no server to reach (an empty host or recipient passes the platform's schema, then fails to send)
  if (config.host === "" || to === "" || /(^|\.)invalid$/i.test(config.host)) {
    return json({ success: false, error_message: "Unknown error while sending test email. Make sure the email server is running and accepting connections." });
  }
  ctx.core.outbox.send({
    projectId: project.id,
    kind: "test_email",
    from: fromHeader(config.sender_name, config.sender_email),
    to: [to],
    subject: "Test Email from Stack Auth",
    text: `Test e-mail sent through ${config.host}:${config.port} as ${config.sender_name} <${config.sender_email}>. Your e-mail server settings work.`,
    html: `<p>Test e-mail sent through ${config.host}:${config.port}. Your e-mail server settings work.</p>`,
    code: null,
    otp: null,
    userId: null,
  });
  ctx.effect("emails_sent");
  return json({ success: true });
}

function signInInvitation(ctx: RequestContext) {
  const { project } = authOf(ctx);
  assertTrustedUrl(project, ctx.body.callback_url);
  const template = listCatalog(ctx.core.store, project.id, "template").find((x) => x.displayName === "Sign In Invitation");
  const r = renderEmail({
    templateSource: template?.tsxSource,
    html: template ? undefined : `<p><a href="${ctx.body.callback_url}">Sign in</a></p>`,
    themeSource: themeSourceFor(ctx.core, project, undefined),
    scope: {
      project: { displayName: project.displayName },
      user: { displayName: null },
      variables: { signInInvitationLink: ctx.body.callback_url, teamDisplayName: project.displayName },
      projectLogos: projectLogos(project),
    },
  });
  ctx.core.outbox.send({ projectId: project.id, kind: "sign_in_invitation", from: emailSender(project), to: [ctx.body.email], subject: r.subject ?? `You have been invited to sign in to ${project.displayName}`, text: r.text, html: r.html, code: null, otp: null, userId: null });
  ctx.effect("emails_sent");
  return json({ success: true });
}

/**
 * E-mail sending (wire §8.20): `POST /emails/send-email` (server; the body's three forms are checked first, as the
 * platform's request validator does — see {@link sendEmailUnionProblem}; custom e-mail server required; one outbox e-mail
 * per user — see `email-outbox.ts` — sent at once or at `scheduled_at_millis`, skipped for users without a primary
 * e-mail or who turned the category off; `draft_id` sends a draft and marks it sent), `POST /emails/render-email` (admin preview), `GET /internal/emails` (sent
 * e-mails), `POST /internal/send-test-email` and `POST /internal/send-sign-in-invitation`.
 *
 * @example
 * core.router.addAll(emailRoutes(core));
 */
export function emailRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/emails/send-email",
      access: SERVER_OR_HIGHER,
      body: t
        .object({
          user_ids: t.array(t.string().defined()),
          all_users: t.boolean({ oneOf: [true] }),
          subject: t.string(),
          notification_category_name: t.string(),
          theme_id: t.json(),
          is_high_priority: t.boolean(),
          scheduled_at_millis: t.number(),
          html: t.string(),
          template_id: t.string(), // a UUID: checked with the body's forms (sendEmailUnionProblem)
          variables: t.json(),
          draft_id: t.string(),
        })
        .defined(),
      handler: sendEmail,
    },
    {
      method: "POST",
      path: "/emails/render-email",
      access: ADMIN_ONLY,
      body: t
        .object({
          theme_id: t.json(),
          theme_tsx_source: t.string(),
          template_id: t.string({ format: "uuid" }),
          template_tsx_source: t.string(),
          editable_markers: t.json(),
          editable_source: t.json(),
        })
        .defined(),
      handler: renderPreview,
    },
    {
      method: "GET",
      path: "/internal/emails",
      access: ADMIN_ONLY,
      handler: (ctx) => {
        processOutbox(ctx.core, authOf(ctx).project.id, ctx.effect);
        const items = ctx.core.outbox
          .list({ projectId: authOf(ctx).project.id })
          .slice()
          .reverse()
          .map((e) => ({ id: e.id, subject: e.subject, sent_at_millis: e.sentAtMillis, to: e.to, error: null }));
        return json({ items, is_paginated: false });
      },
    },
    {
      method: "POST",
      path: "/internal/send-test-email",
      access: ADMIN_ONLY,
      body: t
        .object({
          recipient_email: t.string({ format: "email" }).defined(),
          email_config: t
            .object({
              host: t.string().defined(),
              port: t.number({ min: 0, max: 65535 }).defined(),
              username: t.string().defined(),
              password: t.string().defined(),
              sender_name: t.string().defined(),
              sender_email: t.string({ format: "email" }).defined(),
            })
            .defined(),
        })
        .defined(),
      handler: sendTestEmail,
    },
    {
      method: "POST",
      path: "/internal/send-sign-in-invitation",
      access: SERVER_OR_HIGHER,
      body: t.object({ email: t.string({ format: "email" }).defined(), callback_url: t.string({ format: "url" }).defined() }).defined(),
      handler: signInInvitation,
    },
  ];
}
