import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { err, ok } from "../../util/result";
import type { Result } from "../../util/result";
import { smtpToJson } from "../projects/admin";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/** @internal Wire shapes of wire §8.20. */
interface ThemeJson {
  id: string;
  display_name: string;
  tsx_source?: string;
}
interface TemplateJson {
  id: string;
  display_name: string;
  tsx_source: string;
  theme_id?: string | false | null;
}
interface SentEmailJson {
  id: string;
  to: string[];
  subject: string;
  sent_at_millis: number;
  error: unknown;
}

/**
 * An e-mail theme as listed.
 *
 * @example
 * const themes: AdminEmailThemeSummary[] = await admin.listEmailThemes();
 */
export interface AdminEmailThemeSummary {
  id: string;
  displayName: string;
}

/**
 * An e-mail theme with its TSX source (a React e-mail layout).
 *
 * @example
 * const theme: AdminEmailTheme = await admin.getEmailTheme(id);
 * console.log(theme.tsxSource);
 */
export interface AdminEmailTheme extends AdminEmailThemeSummary {
  tsxSource: string;
}

/**
 * An e-mail template: its TSX source and the theme it renders in (`false`: no theme; absent: the project's).
 *
 * @example
 * const [template] = await admin.listEmailTemplates();
 * console.log(template.displayName, template.themeId);
 */
export interface AdminEmailTemplate {
  id: string;
  displayName: string;
  tsxSource: string;
  themeId?: string | false | null;
}

/**
 * An e-mail the project sent.
 *
 * @example
 * const [latest] = await admin.listSentEmails();
 * console.log(latest.to, latest.subject, latest.sentAt);
 */
export interface AdminSentEmail {
  id: string;
  to: string[];
  subject: string;
  /** The first recipient (`""` when there is none), as the official SDK gives it. */
  recipient: string;
  sentAt: Date;
  /** The delivery error, or null when it was sent. */
  error: unknown;
}

/**
 * The SMTP settings `sendTestEmail` tries.
 *
 * @example
 * const config: AdminSmtpConfig = { host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@example.com" };
 */
export interface AdminSmtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

/**
 * What to render with `renderEmail` / `getEmailPreview`: a theme (by id or source; default the project's) and a
 * template (by id or source, one of them required).
 *
 * @example
 * const html = await admin.getEmailPreview({ templateTsxSource: source, themeId: false });
 */
export interface EmailPreviewOptions {
  themeId?: string | false | null;
  themeTsxSource?: string;
  templateId?: string;
  templateTsxSource?: string;
}

/**
 * A rendered e-mail: its HTML, and the subject and notification category the template declares.
 *
 * @example
 * const { html, subject } = await admin.renderEmail({ templateId });
 */
export interface RenderedEmail {
  html: string;
  subject?: string;
  notificationCategory?: string;
}

const themes = (ctx: AppContext) =>
  resourceCache(ctx, "admin-email-themes", async () =>
    (await ctx.core.request<{ themes: ThemeJson[] }>({ expect: "themes[]", path: "/internal/email-themes" })).themes,
  );
const theme = (ctx: AppContext) =>
  resourceCache(ctx, "admin-email-theme", (id: string) =>
    ctx.core.request<ThemeJson>({ expect: "id", path: `/internal/email-themes/${encodeURIComponent(id)}` }),
  );
const templates = (ctx: AppContext) =>
  resourceCache(ctx, "admin-email-templates", async () =>
    (await ctx.core.request<{ templates: TemplateJson[] }>({ expect: "templates[]", path: "/internal/email-templates" })).templates,
  );

/** @internal The project's e-mail themes (cached). */
export async function listEmailThemes(ctx: AppContext): Promise<AdminEmailThemeSummary[]> {
  return (await themes(ctx).get([])).map((t) => ({ id: t.id, displayName: t.display_name }));
}

/** @internal One theme with its source (cached). */
export async function getEmailTheme(ctx: AppContext, id: string): Promise<AdminEmailTheme> {
  const t = await theme(ctx).get([requireUuid(id, "id")]);
  return { id: t.id, displayName: t.display_name, tsxSource: t.tsx_source ?? "" };
}

/** `POST path` with a display name, then the list it joins read again: a new theme or template. */
async function createNamed(ctx: AppContext, path: string, displayName: string, list: { refresh(deps: []): Promise<void> }): Promise<{ id: string }> {
  const body = { display_name: requireString(displayName, "displayName") };
  const { id } = await ctx.core.request<{ id: string }>({ expect: "id", method: "POST", path, body });
  await list.refresh([]);
  return { id };
}

/** @internal `POST /internal/email-themes`. */
export async function createEmailTheme(ctx: AppContext, displayName: string): Promise<{ id: string }> {
  return createNamed(ctx, "/internal/email-themes", displayName, themes(ctx));
}

/** @internal `PATCH /internal/email-themes/{id}` with new TSX source. */
export async function updateEmailTheme(ctx: AppContext, id: string, tsxSource: string): Promise<void> {
  requireUuid(id, "id");
  requireString(tsxSource, "tsxSource");
  await ctx.core.request({ method: "PATCH", path: `/internal/email-themes/${encodeURIComponent(id)}`, body: { tsx_source: tsxSource } });
  theme(ctx).invalidate([id]);
}

/** @internal `DELETE /internal/email-themes/{id}`; an unknown id is a 404 `HttpError`. */
export async function deleteEmailTheme(ctx: AppContext, id: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: `/internal/email-themes/${encodeURIComponent(requireUuid(id, "id"))}` });
  theme(ctx).invalidate([id]);
  await themes(ctx).refresh([]);
}

const templateFromJson = (t: TemplateJson): AdminEmailTemplate => ({
  id: t.id,
  displayName: t.display_name,
  tsxSource: t.tsx_source,
  ...(t.theme_id !== undefined ? { themeId: t.theme_id } : {}),
});

/** @internal The project's e-mail templates (cached). */
export async function listEmailTemplates(ctx: AppContext): Promise<AdminEmailTemplate[]> {
  return (await templates(ctx).get([])).map(templateFromJson);
}

/** @internal `POST /internal/email-templates` (needs a custom e-mail server). */
export async function createEmailTemplate(ctx: AppContext, displayName: string): Promise<{ id: string }> {
  return createNamed(ctx, "/internal/email-templates", displayName, templates(ctx));
}

function checkThemeId(themeId: unknown, name = "themeId"): void {
  if (themeId !== undefined && themeId !== null && themeId !== false) requireUuid(themeId, name);
}

/** @internal `PATCH /internal/email-templates/{id}`: new source (and theme); answers the rendered HTML. */
export async function updateEmailTemplate(
  ctx: AppContext,
  id: string,
  tsxSource: string,
  themeId?: string | false | null,
): Promise<{ renderedHtml: string }> {
  requireUuid(id, "id");
  requireString(tsxSource, "tsxSource");
  checkThemeId(themeId);
  const { rendered_html } = await ctx.core.request<{ rendered_html: string }>({
        expect: "rendered_html",
    method: "PATCH",
    path: `/internal/email-templates/${encodeURIComponent(id)}`,
    body: { tsx_source: tsxSource, ...(themeId !== undefined ? { theme_id: themeId } : {}) },
  });
  await templates(ctx).refresh([]);
  return { renderedHtml: rendered_html };
}

/** @internal `DELETE /internal/email-templates/{id}`. */
export async function deleteEmailTemplate(ctx: AppContext, id: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: `/internal/email-templates/${encodeURIComponent(requireUuid(id, "id"))}` });
  await templates(ctx).refresh([]);
}

/** @internal `GET /internal/emails`, newest first (not cached: it changes with every send). */
export async function listSentEmails(ctx: AppContext): Promise<AdminSentEmail[]> {
  const list = await ctx.core.request<ListJson<SentEmailJson>>({ expect: "items[]", path: "/internal/emails" });
  return list.items.map((e) => ({ id: e.id, to: [...e.to], subject: e.subject, recipient: e.to[0] ?? "", sentAt: new Date(e.sent_at_millis), error: e.error ?? null }));
}

/** @internal `POST /internal/send-test-email`; a delivery failure comes back as an error result. */
export async function sendTestEmail(
  ctx: AppContext,
  options: { recipientEmail: string; emailConfig: AdminSmtpConfig },
): Promise<Result<undefined, { errorMessage: string }>> {
  const o = optionalObject(options, "sendTestEmail options") as { recipientEmail: string; emailConfig: AdminSmtpConfig };
  const recipient_email = requireString(o.recipientEmail, "recipientEmail");
  const email_config = smtpToJson(o.emailConfig, "emailConfig");
  const answer = await ctx.core.request<{ success: boolean; error_message?: string }>({
    expect: "success!",
    method: "POST",
    path: "/internal/send-test-email",
    body: { recipient_email, email_config },
  });
  return answer.success ? ok(undefined) : err({ errorMessage: answer.error_message ?? "The test e-mail could not be sent." });
}

/** @internal `POST /internal/send-sign-in-invitation`. */
export async function sendSignInInvitationEmail(ctx: AppContext, email: string, callbackUrl: string): Promise<void> {
  const body = { email: requireString(email, "email"), callback_url: requireString(callbackUrl, "callbackUrl") };
  try {
    new URL(body.callback_url);
  } catch {
    throw new ArgumentError(`callbackUrl must be an absolute URL, got ${JSON.stringify(callbackUrl)}.`);
  }
  await ctx.core.request({ method: "POST", path: "/internal/send-sign-in-invitation", body });
}

/** @internal `POST /emails/render-email`. */
export async function renderEmail(ctx: AppContext, options: EmailPreviewOptions): Promise<RenderedEmail> {
  const o = optionalObject(options, "render options") as EmailPreviewOptions;
  checkThemeId(o.themeId);
  if (o.themeTsxSource !== undefined) requireString(o.themeTsxSource, "themeTsxSource");
  if (o.templateId !== undefined) requireUuid(o.templateId, "templateId");
  if (o.templateTsxSource !== undefined) requireString(o.templateTsxSource, "templateTsxSource");
  if ((o.templateId === undefined) === (o.templateTsxSource === undefined)) throw new ArgumentError("Pass exactly one of templateId or templateTsxSource.");
  if (o.themeId !== undefined && o.themeTsxSource !== undefined) throw new ArgumentError("Pass at most one of themeId or themeTsxSource.");
  const r = await ctx.core.request<{ html: string; subject?: string; notification_category?: string }>({
        expect: "html",
    method: "POST",
    path: "/emails/render-email",
    body: { theme_id: o.themeId, theme_tsx_source: o.themeTsxSource, template_id: o.templateId, template_tsx_source: o.templateTsxSource },
  });
  return {
    html: r.html,
    ...(r.subject !== undefined ? { subject: r.subject } : {}),
    ...(r.notification_category !== undefined ? { notificationCategory: r.notification_category } : {}),
  };
}
