import type { AdminEmailTemplate, AdminEmailTheme, AdminEmailThemeSummary, AdminSentEmail, AdminSmtpConfig, EmailPreviewOptions, RenderedEmail } from "../resources/emails/admin";
import type { AdminEmailDraft, EmailDraftCreateOptions, EmailDraftUpdateOptions } from "../resources/emails/admin-drafts";
import type { AdminEmailOutbox, EmailOutboxListOptions, EmailOutboxListResult, EmailOutboxUpdateOptions } from "../resources/emails/admin-outbox-types";
import type { Result } from "../util/result";
import { contextOf } from "../core/context";
import { serverGroup, serverResources } from "./server-delegations";

/**
 * The e-mail part of {@link AdminApp}: themes, templates, drafts, previews, the outbox and sent e-mails. Each method
 * loads the server resource code on first use.
 *
 * @example
 * const admin = new AdminApp({ projectId, superSecretAdminKey, tokenStore: null });
 * const { items } = await admin.listOutboxEmails({ status: "scheduled" });
 */
export interface AdminEmail {
  /**
   * The project's e-mail themes (the three defaults and your own).
   * @example
   * const light = (await admin.listEmailThemes()).find((t) => t.displayName === "Default Light");
   */
  listEmailThemes(): Promise<AdminEmailThemeSummary[]>;

  /**
   * One e-mail theme with its TSX source. Unknown ids give a 404 `HttpError`.
   * @example
   * const { tsxSource } = await admin.getEmailTheme(themeId);
   */
  getEmailTheme(id: string): Promise<AdminEmailTheme>;

  /**
   * Creates an e-mail theme from the platform's starter source.
   * @example
   * const { id } = await admin.createEmailTheme("Brand");
   */
  createEmailTheme(displayName: string): Promise<{ id: string }>;

  /**
   * Replaces a theme's TSX source (it must export `EmailTheme`).
   * @example
   * await admin.updateEmailTheme(id, source);
   */
  updateEmailTheme(id: string, tsxSource: string): Promise<void>;

  /**
   * Deletes an e-mail theme (the selected one too: e-mails then render without a theme). Unknown ids give a 404
   * `HttpError`.
   * @example
   * await admin.deleteEmailTheme(themeId);
   */
  deleteEmailTheme(id: string): Promise<void>;

  /**
   * The project's e-mail templates.
   * @example
   * const names = (await admin.listEmailTemplates()).map((t) => t.displayName);
   */
  listEmailTemplates(): Promise<AdminEmailTemplate[]>;

  /**
   * Creates an e-mail template (needs a custom e-mail server: else `REQUIRES_CUSTOM_EMAIL_SERVER`).
   * @example
   * const { id } = await admin.createEmailTemplate("Welcome");
   */
  createEmailTemplate(displayName: string): Promise<{ id: string }>;

  /**
   * Replaces a template's TSX source (and theme: an id, `false` for none, `null` for the project's) and returns
   * the rendered HTML. Source that does not render gives `EMAIL_RENDERING_ERROR`.
   * @example
   * const { renderedHtml } = await admin.updateEmailTemplate(id, source, false);
   */
  updateEmailTemplate(id: string, tsxSource: string, themeId?: string | false | null): Promise<{ renderedHtml: string }>;

  /**
   * Deletes an e-mail template.
   * @example
   * await admin.deleteEmailTemplate(id);
   */
  deleteEmailTemplate(id: string): Promise<void>;

  /**
   * The project's e-mail drafts, most recently changed first (cached; the draft methods refresh it).
   * @example
   * const unsent = (await admin.listEmailDrafts()).filter((d) => d.sentAt === null);
   */
  listEmailDrafts(): Promise<AdminEmailDraft[]>;

  /**
   * Creates a draft (default source: a short starter e-mail); send it with `sendEmail({ draftId })`.
   * @example
   * const { id } = await admin.createEmailDraft({ displayName: "May news", themeId: false });
   */
  createEmailDraft(options: EmailDraftCreateOptions): Promise<{ id: string }>;

  /**
   * Changes a draft. Leaving `themeId` out sets it back to the project's theme, as on the platform.
   * @example
   * await admin.updateEmailDraft(id, { tsxSource, themeId: false });
   */
  updateEmailDraft(id: string, data: EmailDraftUpdateOptions): Promise<void>;

  /**
   * Deletes a draft (unknown ids give a 404 `HttpError`).
   * @example
   * await admin.deleteEmailDraft(id);
   */
  deleteEmailDraft(id: string): Promise<void>;

  /**
   * Drops the cached draft list, so the next `listEmailDrafts` (and any subscriber, at once) reads it afresh, e.g.
   * after a draft was sent.
   * @example
   * await server.sendEmail({ allUsers: true, draftId });
   * await admin.refreshEmailDrafts();
   */
  refreshEmailDrafts(): Promise<void>;

  /**
   * Turns a template's TSX into standalone draft TSX (the platform asks an AI model; the latchkey emulator
   * replaces each `variables.x` with a `"{{x}}"` placeholder instead). `TEMPLATE_SOURCE_REWRITE_ERROR` when it
   * cannot.
   * @example
   * const { tsxSource } = await admin.rewriteTemplateSourceWithAI(template.tsxSource);
   * await admin.createEmailDraft({ displayName: "From template", tsxSource });
   */
  rewriteTemplateSourceWithAI(templateTsxSource: string): Promise<{ tsxSource: string }>;

  /**
   * One page of the outbox, newest first, optionally filtered by status; `nextCursor` leads to the next page.
   * @example
   * const { items, nextCursor } = await admin.listOutboxEmails({ simpleStatus: "error", limit: 20 });
   */
  listOutboxEmails(options?: EmailOutboxListOptions): Promise<EmailOutboxListResult>;

  /**
   * One outbox e-mail (unknown ids give a 404 `HttpError`).
   * @example
   * const email = await admin.getOutboxEmail(id);
   * if (email.status === "skipped") console.log(email.skippedReason);
   */
  getOutboxEmail(id: string): Promise<AdminEmailOutbox>;

  /**
   * Changes an e-mail that is not sent yet (`EMAIL_NOT_EDITABLE` otherwise) and returns it as it now is.
   * @example
   * await admin.updateOutboxEmail(id, { scheduledAtMillis: Date.now() + 3_600_000 });
   */
  updateOutboxEmail(id: string, options: EmailOutboxUpdateOptions): Promise<AdminEmailOutbox>;

  /**
   * Holds an e-mail back until `unpauseOutboxEmail`.
   * @example
   * const paused = await admin.pauseOutboxEmail(id); // paused.status === "paused"
   */
  pauseOutboxEmail(id: string): Promise<AdminEmailOutbox>;

  /**
   * Lets a paused e-mail go on (it is sent when its time comes).
   * @example
   * await admin.unpauseOutboxEmail(id);
   */
  unpauseOutboxEmail(id: string): Promise<AdminEmailOutbox>;

  /**
   * Cancels an e-mail that is not sent yet: it becomes `skipped` with reason `MANUALLY_CANCELLED`.
   * @example
   * const cancelled = await admin.cancelOutboxEmail(id);
   */
  cancelOutboxEmail(id: string): Promise<AdminEmailOutbox>;

  /**
   * E-mails the project sent, newest first.
   * @example
   * const [latest] = await admin.listSentEmails();
   */
  listSentEmails(): Promise<AdminSentEmail[]>;

  /**
   * Tries an SMTP configuration by sending a test e-mail. A delivery failure is an error result with the
   * server's `errorMessage`, not a throw.
   * @example
   * const result = await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig: smtp });
   * if (result.status === "error") console.log(result.error.errorMessage);
   */
  sendTestEmail(options: { recipientEmail: string; emailConfig: AdminSmtpConfig }): Promise<Result<undefined, { errorMessage: string }>>;

  /**
   * E-mails `email` an invitation to sign in at `callbackUrl` (which must be a trusted domain).
   * @example
   * await admin.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");
   */
  sendSignInInvitationEmail(email: string, callbackUrl: string): Promise<void>;

  /**
   * Renders a template (by id or source) in a theme (by id or source; default the project's).
   * @example
   * const { html, subject } = await admin.renderEmail({ templateTsxSource: source, themeId: false });
   */
  renderEmail(options: EmailPreviewOptions): Promise<RenderedEmail>;

  /**
   * The HTML of `renderEmail` (the official SDK's name).
   * @example
   * iframe.srcdoc = await admin.getEmailPreview({ templateId, themeId });
   */
  getEmailPreview(options: EmailPreviewOptions): Promise<string>;
}

// Changes an outbox e-mail as `change` says (pausing, unpausing, cancelling).
const changeOutboxEmail = (app: object, id: string, change: EmailOutboxUpdateOptions) => serverResources().then((r) => r.updateOutboxEmail(contextOf(app), id, change));

/** @internal The e-mail part's code: each method calls the server resource function its row names, or its body says what. */
export const AdminEmail = /* @__PURE__ */ serverGroup<AdminEmail>({
  listEmailThemes: "listEmailThemes",
  getEmailTheme: "getEmailTheme",
  createEmailTheme: "createEmailTheme",
  updateEmailTheme: "updateEmailTheme",
  deleteEmailTheme: "deleteEmailTheme",
  listEmailTemplates: "listEmailTemplates",
  createEmailTemplate: "createEmailTemplate",
  updateEmailTemplate: "updateEmailTemplate",
  deleteEmailTemplate: "deleteEmailTemplate",
  listEmailDrafts: "listEmailDrafts",
  createEmailDraft: "createEmailDraft",
  updateEmailDraft: "updateEmailDraft",
  deleteEmailDraft: "deleteEmailDraft",
  refreshEmailDrafts: "refreshEmailDrafts",
  rewriteTemplateSourceWithAI: "rewriteTemplateSourceWithAI",
  listOutboxEmails: "listOutboxEmails",
  getOutboxEmail: "getOutboxEmail",
  updateOutboxEmail: "updateOutboxEmail",
  listSentEmails: "listSentEmails",
  sendTestEmail: "sendTestEmail",
  sendSignInInvitationEmail: "sendSignInInvitationEmail",
  renderEmail: "renderEmail",
  pauseOutboxEmail(id) {
    return changeOutboxEmail(this, id, { isPaused: true });
  },
  unpauseOutboxEmail(id) {
    return changeOutboxEmail(this, id, { isPaused: false });
  },
  cancelOutboxEmail(id) {
    return changeOutboxEmail(this, id, { cancel: true });
  },
  async getEmailPreview(options) {
    return (await (await serverResources()).renderEmail(contextOf(this), options)).html;
  },
});
