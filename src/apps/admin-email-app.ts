import type { AdminEmailTemplate, AdminEmailTheme, AdminEmailThemeSummary, AdminSentEmail, AdminSmtpConfig, EmailPreviewOptions, RenderedEmail } from "../resources/emails/admin";
import type { AdminEmailDraft, EmailDraftCreateOptions, EmailDraftUpdateOptions } from "../resources/emails/admin-drafts";
import type { AdminEmailOutbox, EmailOutboxListOptions, EmailOutboxListResult, EmailOutboxUpdateOptions } from "../resources/emails/admin-outbox-types";
import type { Result } from "../util/result";
import { ServerApp, serverResources } from "./server-app";

/** The resource code behind the methods, loaded on first use (see ./server-resources). */
const resources = serverResources;

/**
 * @internal The e-mail part of {@link AdminApp} (themes, templates, drafts, previews, the outbox and sent e-mails),
 * kept in its own file so each facade stays small. Not constructed directly: use `AdminApp`.
 *
 * @example
 * const admin = new AdminApp({ projectId, superSecretAdminKey, tokenStore: null });
 * const { items } = await admin.listOutboxEmails({ status: "scheduled" });
 */
export abstract class AdminEmailApp extends ServerApp {
  /**
   * The project's e-mail themes (the three defaults and your own).
   * @example
   * const light = (await admin.listEmailThemes()).find((t) => t.displayName === "Default Light");
   */
  listEmailThemes(): Promise<AdminEmailThemeSummary[]> {
    return resources().then((r) => r.listEmailThemes(this.ctx));
  }

  /**
   * One e-mail theme with its TSX source. Unknown ids give a 404 `HttpError`.
   * @example
   * const { tsxSource } = await admin.getEmailTheme(themeId);
   */
  getEmailTheme(id: string): Promise<AdminEmailTheme> {
    return resources().then((r) => r.getEmailTheme(this.ctx, id));
  }

  /**
   * Creates an e-mail theme from the platform's starter source.
   * @example
   * const { id } = await admin.createEmailTheme("Brand");
   */
  createEmailTheme(displayName: string): Promise<{ id: string }> {
    return resources().then((r) => r.createEmailTheme(this.ctx, displayName));
  }

  /**
   * Replaces a theme's TSX source (it must export `EmailTheme`).
   * @example
   * await admin.updateEmailTheme(id, source);
   */
  updateEmailTheme(id: string, tsxSource: string): Promise<void> {
    return resources().then((r) => r.updateEmailTheme(this.ctx, id, tsxSource));
  }

  /**
   * Deletes an e-mail theme (the selected one too: e-mails then render without a theme). Unknown ids give a 404
   * `HttpError`.
   * @example
   * await admin.deleteEmailTheme(themeId);
   */
  deleteEmailTheme(id: string): Promise<void> {
    return resources().then((r) => r.deleteEmailTheme(this.ctx, id));
  }

  /**
   * The project's e-mail templates.
   * @example
   * const names = (await admin.listEmailTemplates()).map((t) => t.displayName);
   */
  listEmailTemplates(): Promise<AdminEmailTemplate[]> {
    return resources().then((r) => r.listEmailTemplates(this.ctx));
  }

  /**
   * Creates an e-mail template (needs a custom e-mail server: else `REQUIRES_CUSTOM_EMAIL_SERVER`).
   * @example
   * const { id } = await admin.createEmailTemplate("Welcome");
   */
  createEmailTemplate(displayName: string): Promise<{ id: string }> {
    return resources().then((r) => r.createEmailTemplate(this.ctx, displayName));
  }

  /**
   * Replaces a template's TSX source (and theme: an id, `false` for none, `null` for the project's) and returns
   * the rendered HTML. Source that does not render gives `EMAIL_RENDERING_ERROR`.
   * @example
   * const { renderedHtml } = await admin.updateEmailTemplate(id, source, false);
   */
  updateEmailTemplate(id: string, tsxSource: string, themeId?: string | false | null): Promise<{ renderedHtml: string }> {
    return resources().then((r) => r.updateEmailTemplate(this.ctx, id, tsxSource, themeId));
  }

  /**
   * Deletes an e-mail template.
   * @example
   * await admin.deleteEmailTemplate(id);
   */
  deleteEmailTemplate(id: string): Promise<void> {
    return resources().then((r) => r.deleteEmailTemplate(this.ctx, id));
  }

  /**
   * The project's e-mail drafts, most recently changed first (cached; the draft methods refresh it).
   * @example
   * const unsent = (await admin.listEmailDrafts()).filter((d) => d.sentAt === null);
   */
  listEmailDrafts(): Promise<AdminEmailDraft[]> {
    return resources().then((r) => r.listEmailDrafts(this.ctx));
  }

  /**
   * Creates a draft (default source: a short starter e-mail); send it with `sendEmail({ draftId })`.
   * @example
   * const { id } = await admin.createEmailDraft({ displayName: "May news", themeId: false });
   */
  createEmailDraft(options: EmailDraftCreateOptions): Promise<{ id: string }> {
    return resources().then((r) => r.createEmailDraft(this.ctx, options));
  }

  /**
   * Changes a draft. Leaving `themeId` out sets it back to the project's theme, as on the platform.
   * @example
   * await admin.updateEmailDraft(id, { tsxSource, themeId: false });
   */
  updateEmailDraft(id: string, data: EmailDraftUpdateOptions): Promise<void> {
    return resources().then((r) => r.updateEmailDraft(this.ctx, id, data));
  }

  /**
   * Deletes a draft (unknown ids give a 404 `HttpError`).
   * @example
   * await admin.deleteEmailDraft(id);
   */
  deleteEmailDraft(id: string): Promise<void> {
    return resources().then((r) => r.deleteEmailDraft(this.ctx, id));
  }

  /**
   * Drops the cached draft list, so the next `listEmailDrafts` (and any subscriber, at once) reads it afresh, e.g.
   * after a draft was sent.
   * @example
   * await server.sendEmail({ allUsers: true, draftId });
   * await admin.refreshEmailDrafts();
   */
  refreshEmailDrafts(): Promise<void> {
    return resources().then((r) => r.refreshEmailDrafts(this.ctx));
  }

  /**
   * Turns a template's TSX into standalone draft TSX (the platform asks an AI model; the latchkey emulator
   * replaces each `variables.x` with a `"{{x}}"` placeholder instead). `TEMPLATE_SOURCE_REWRITE_ERROR` when it
   * cannot.
   * @example
   * const { tsxSource } = await admin.rewriteTemplateSourceWithAI(template.tsxSource);
   * await admin.createEmailDraft({ displayName: "From template", tsxSource });
   */
  rewriteTemplateSourceWithAI(templateTsxSource: string): Promise<{ tsxSource: string }> {
    return resources().then((r) => r.rewriteTemplateSourceWithAI(this.ctx, templateTsxSource));
  }

  /**
   * One page of the outbox, newest first, optionally filtered by status; `nextCursor` leads to the next page.
   * @example
   * const { items, nextCursor } = await admin.listOutboxEmails({ simpleStatus: "error", limit: 20 });
   */
  listOutboxEmails(options?: EmailOutboxListOptions): Promise<EmailOutboxListResult> {
    return resources().then((r) => r.listOutboxEmails(this.ctx, options));
  }

  /**
   * One outbox e-mail (unknown ids give a 404 `HttpError`).
   * @example
   * const email = await admin.getOutboxEmail(id);
   * if (email.status === "skipped") console.log(email.skippedReason);
   */
  getOutboxEmail(id: string): Promise<AdminEmailOutbox> {
    return resources().then((r) => r.getOutboxEmail(this.ctx, id));
  }

  /**
   * Changes an e-mail that is not sent yet (`EMAIL_NOT_EDITABLE` otherwise) and returns it as it now is.
   * @example
   * await admin.updateOutboxEmail(id, { scheduledAtMillis: Date.now() + 3_600_000 });
   */
  updateOutboxEmail(id: string, options: EmailOutboxUpdateOptions): Promise<AdminEmailOutbox> {
    return resources().then((r) => r.updateOutboxEmail(this.ctx, id, options));
  }

  /**
   * Holds an e-mail back until `unpauseOutboxEmail`.
   * @example
   * const paused = await admin.pauseOutboxEmail(id); // paused.status === "paused"
   */
  pauseOutboxEmail(id: string): Promise<AdminEmailOutbox> {
    return resources().then((r) => r.updateOutboxEmail(this.ctx, id, { isPaused: true }));
  }

  /**
   * Lets a paused e-mail go on (it is sent when its time comes).
   * @example
   * await admin.unpauseOutboxEmail(id);
   */
  unpauseOutboxEmail(id: string): Promise<AdminEmailOutbox> {
    return resources().then((r) => r.updateOutboxEmail(this.ctx, id, { isPaused: false }));
  }

  /**
   * Cancels an e-mail that is not sent yet: it becomes `skipped` with reason `MANUALLY_CANCELLED`.
   * @example
   * const cancelled = await admin.cancelOutboxEmail(id);
   */
  cancelOutboxEmail(id: string): Promise<AdminEmailOutbox> {
    return resources().then((r) => r.updateOutboxEmail(this.ctx, id, { cancel: true }));
  }

  /**
   * E-mails the project sent, newest first.
   * @example
   * const [latest] = await admin.listSentEmails();
   */
  listSentEmails(): Promise<AdminSentEmail[]> {
    return resources().then((r) => r.listSentEmails(this.ctx));
  }

  /**
   * Tries an SMTP configuration by sending a test e-mail. A delivery failure is an error result with the
   * server's `errorMessage`, not a throw.
   * @example
   * const result = await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig: smtp });
   * if (result.status === "error") console.log(result.error.errorMessage);
   */
  sendTestEmail(options: { recipientEmail: string; emailConfig: AdminSmtpConfig }): Promise<Result<undefined, { errorMessage: string }>> {
    return resources().then((r) => r.sendTestEmail(this.ctx, options));
  }

  /**
   * E-mails `email` an invitation to sign in at `callbackUrl` (which must be a trusted domain).
   * @example
   * await admin.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");
   */
  sendSignInInvitationEmail(email: string, callbackUrl: string): Promise<void> {
    return resources().then((r) => r.sendSignInInvitationEmail(this.ctx, email, callbackUrl));
  }

  /**
   * Renders a template (by id or source) in a theme (by id or source; default the project's).
   * @example
   * const { html, subject } = await admin.renderEmail({ templateTsxSource: source, themeId: false });
   */
  renderEmail(options: EmailPreviewOptions): Promise<RenderedEmail> {
    return resources().then((r) => r.renderEmail(this.ctx, options));
  }

  /**
   * The HTML of `renderEmail` (the official SDK's name).
   * @example
   * iframe.srcdoc = await admin.getEmailPreview({ templateId, themeId });
   */
  async getEmailPreview(options: EmailPreviewOptions): Promise<string> {
    return (await (await resources()).renderEmail(this.ctx, options)).html;
  }
}
