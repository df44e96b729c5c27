import { ArgumentError } from "../errors/base";
import {
  createEmailTemplate,
  createEmailTheme,
  deleteEmailTemplate,
  getEmailTheme,
  listEmailTemplates,
  listEmailThemes,
  listSentEmails,
  renderEmail,
  sendSignInInvitationEmail,
  sendTestEmail,
  updateEmailTemplate,
  updateEmailTheme,
} from "../resources/admin-emails";
import type {
  AdminEmailTemplate,
  AdminEmailTheme,
  AdminEmailThemeSummary,
  AdminSentEmail,
  AdminSmtpConfig,
  EmailPreviewOptions,
  RenderedEmail,
} from "../resources/admin-emails";
import { createInternalApiKey, listInternalApiKeys } from "../resources/admin-internal-keys";
import type { InternalApiKey, InternalApiKeyCreate, InternalApiKeyFirstView } from "../resources/admin-internal-keys";
import { getMetrics, getSvixToken, listChatMessages, saveChatMessage, sendChatMessage } from "../resources/admin-misc";
import type { AdminMetrics, ChatContextType, ChatMessage } from "../resources/admin-misc";
import { createProject, listOwnedProjects } from "../resources/admin-owned-projects";
import type { AdminOwnedProject, AdminProjectCreate } from "../resources/admin-owned-projects";
import {
  createPermissionDefinition,
  deletePermissionDefinition,
  listPermissionDefinitions,
  updatePermissionDefinition,
} from "../resources/admin-permission-definitions";
import type {
  AdminPermissionDefinitionCreate,
  AdminPermissionDefinitionUpdate,
  AdminProjectPermissionDefinition,
  AdminTeamPermissionDefinition,
} from "../resources/admin-permission-definitions";
import { getAdminProject } from "../resources/admin-project";
import type { AdminProject } from "../resources/admin-project";
import type { Session } from "../session/session";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { withInherited } from "./client-app";
import { optionalObject, readEnv } from "./options";
import { useProjectOwnerSession } from "./owner-session";
import type { ProjectOwnerSession } from "./owner-session";
import { ServerApp } from "./server-app";
import type { ServerAppOptions } from "./server-app";

/**
 * Options of {@link AdminApp}: the server options plus the super secret admin key, or instead a project
 * owner's session.
 *
 * @example
 * const options: AdminAppOptions = { projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null };
 */
export interface AdminAppOptions extends ServerAppOptions {
  /** The super secret admin key (`sak_…`). Env: `STACK_SUPER_SECRET_ADMIN_KEY`. */
  superSecretAdminKey?: string;
  /**
   * Instead of the admin key: a project owner, i.e. a user of the platform's `internal` project who owns this
   * project. Their session (`user._internalSession`), a function returning their access token, or their tokens
   * (`{ accessToken, refreshToken }`) / a token store (see {@link ProjectOwnerSession}). Sent as
   * `x-stack-admin-access-token`.
   */
  projectOwnerSession?: ProjectOwnerSession;
}

/**
 * The app for project owners: everything `ServerApp` does, plus project settings, configuration, internal API
 * keys, permission definitions, e-mail themes and templates, metrics, webhooks and AI chat.
 *
 * @example
 * import { AdminApp } from "latchkey";
 * const admin = new AdminApp({ projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null });
 */
export class AdminApp extends ServerApp {
  /** @param options - see {@link AdminAppOptions} */
  constructor(options: AdminAppOptions = {}) {
    if (typeof options !== "object" || options === null) throw new ArgumentError("The app options must be an object.");
    options = withInherited(options);
    const superSecretAdminKey = options.superSecretAdminKey ?? readEnv("superSecretAdminKey");
    if (!superSecretAdminKey && !options.projectOwnerSession) {
      throw new ArgumentError(
        "AdminApp needs superSecretAdminKey (or STACK_SUPER_SECRET_ADMIN_KEY), or a projectOwnerSession.",
      );
    }
    super(options, {
      accessType: "admin",
      secretServerKey: options.secretServerKey ?? readEnv("secretServerKey"),
      superSecretAdminKey,
    });
    if (options.projectOwnerSession) useProjectOwnerSession(this.core, options.projectOwnerSession);
  }

  /**
   * The project with every setting an owner sees, and `update`, `delete`, `getConfig`, `updateConfig` and
   * `getProductionModeErrors`. Cached; changes made through it refresh it.
   * @example
   * const project = await admin.getProject();
   * if (project.getProductionModeErrors().length === 0) await project.update({ isProductionMode: true });
   */
  override getProject(): Promise<AdminProject> {
    return getAdminProject(this.ctx);
  }

  /**
   * Creates a set of project keys. The full key values are in the answer only; later lists show the last four.
   * @example
   * const key = await admin.createInternalApiKey({ description: "CI", expiresAt: new Date(Date.now() + 30 * 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   */
  createInternalApiKey(data: InternalApiKeyCreate): Promise<InternalApiKeyFirstView> {
    return createInternalApiKey(this.ctx, data);
  }

  /**
   * The project's key sets, newest first, each key shown by its last four characters.
   * @example
   * const stale = (await admin.listInternalApiKeys()).filter((k) => k.whyInvalid() === "expired");
   */
  listInternalApiKeys(): Promise<InternalApiKey[]> {
    return listInternalApiKeys(this.ctx);
  }

  /**
   * Team-scope permission definitions, system ones (`$update_team`, …) included.
   * @example
   * const ids = (await admin.listTeamPermissionDefinitions()).map((d) => d.id);
   */
  listTeamPermissionDefinitions(): Promise<AdminTeamPermissionDefinition[]> {
    return listPermissionDefinitions(this.ctx, "team");
  }

  /**
   * Defines a team permission. A taken id gives `PERMISSION_ID_ALREADY_EXISTS`.
   * @example
   * await admin.createTeamPermissionDefinition({ id: "moderator", containedPermissionIds: ["$read_members"] });
   */
  createTeamPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminTeamPermissionDefinition> {
    return createPermissionDefinition(this.ctx, "team", data);
  }

  /**
   * Changes a team permission definition (id, description, contained permissions).
   * @example
   * await admin.updateTeamPermissionDefinition("moderator", { description: "Keeps order" });
   */
  updateTeamPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void> {
    return updatePermissionDefinition(this.ctx, "team", permissionId, data);
  }

  /**
   * Deletes a team permission definition.
   * @example
   * await admin.deleteTeamPermissionDefinition("moderator");
   */
  deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    return deletePermissionDefinition(this.ctx, "team", permissionId);
  }

  /**
   * Project-scope permission definitions.
   * @example
   * const ids = (await admin.listProjectPermissionDefinitions()).map((d) => d.id);
   */
  listProjectPermissionDefinitions(): Promise<AdminProjectPermissionDefinition[]> {
    return listPermissionDefinitions(this.ctx, "project");
  }

  /**
   * Defines a project permission.
   * @example
   * await admin.createProjectPermissionDefinition({ id: "billing_admin", description: "Billing", containedPermissionIds: [] });
   */
  createProjectPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminProjectPermissionDefinition> {
    return createPermissionDefinition(this.ctx, "project", data);
  }

  /**
   * Changes a project permission definition.
   * @example
   * await admin.updateProjectPermissionDefinition("billing_admin", { containedPermissionIds: ["billing_read"] });
   */
  updateProjectPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void> {
    return updatePermissionDefinition(this.ctx, "project", permissionId, data);
  }

  /**
   * Deletes a project permission definition.
   * @example
   * await admin.deleteProjectPermissionDefinition("billing_admin");
   */
  deleteProjectPermissionDefinition(permissionId: string): Promise<void> {
    return deletePermissionDefinition(this.ctx, "project", permissionId);
  }

  /**
   * The project's e-mail themes (the three defaults and your own).
   * @example
   * const light = (await admin.listEmailThemes()).find((t) => t.displayName === "Default Light");
   */
  listEmailThemes(): Promise<AdminEmailThemeSummary[]> {
    return listEmailThemes(this.ctx);
  }

  /**
   * One e-mail theme with its TSX source. Unknown ids give a 404 `HttpError`.
   * @example
   * const { tsxSource } = await admin.getEmailTheme(themeId);
   */
  getEmailTheme(id: string): Promise<AdminEmailTheme> {
    return getEmailTheme(this.ctx, id);
  }

  /**
   * Creates an e-mail theme from the platform's starter source.
   * @example
   * const { id } = await admin.createEmailTheme("Brand");
   */
  createEmailTheme(displayName: string): Promise<{ id: string }> {
    return createEmailTheme(this.ctx, displayName);
  }

  /**
   * Replaces a theme's TSX source (it must export `EmailTheme`).
   * @example
   * await admin.updateEmailTheme(id, source);
   */
  updateEmailTheme(id: string, tsxSource: string): Promise<void> {
    return updateEmailTheme(this.ctx, id, tsxSource);
  }

  /**
   * The project's e-mail templates.
   * @example
   * const names = (await admin.listEmailTemplates()).map((t) => t.displayName);
   */
  listEmailTemplates(): Promise<AdminEmailTemplate[]> {
    return listEmailTemplates(this.ctx);
  }

  /**
   * Creates an e-mail template (needs a custom e-mail server: else `REQUIRES_CUSTOM_EMAIL_SERVER`).
   * @example
   * const { id } = await admin.createEmailTemplate("Welcome");
   */
  createEmailTemplate(displayName: string): Promise<{ id: string }> {
    return createEmailTemplate(this.ctx, displayName);
  }

  /**
   * Replaces a template's TSX source (and theme: an id, `false` for none, `null` for the project's) and returns
   * the rendered HTML. Source that does not render gives `EMAIL_RENDERING_ERROR`.
   * @example
   * const { renderedHtml } = await admin.updateEmailTemplate(id, source, false);
   */
  updateEmailTemplate(id: string, tsxSource: string, themeId?: string | false | null): Promise<{ renderedHtml: string }> {
    return updateEmailTemplate(this.ctx, id, tsxSource, themeId);
  }

  /**
   * Deletes an e-mail template.
   * @example
   * await admin.deleteEmailTemplate(id);
   */
  deleteEmailTemplate(id: string): Promise<void> {
    return deleteEmailTemplate(this.ctx, id);
  }

  /**
   * E-mails the project sent, newest first.
   * @example
   * const [latest] = await admin.listSentEmails();
   */
  listSentEmails(): Promise<AdminSentEmail[]> {
    return listSentEmails(this.ctx);
  }

  /**
   * Tries an SMTP configuration by sending a test e-mail. A delivery failure is an error result with the
   * server's `errorMessage`, not a throw.
   * @example
   * const result = await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig: smtp });
   * if (result.status === "error") console.log(result.error.errorMessage);
   */
  sendTestEmail(options: { recipientEmail: string; emailConfig: AdminSmtpConfig }): Promise<Result<undefined, { errorMessage: string }>> {
    return sendTestEmail(this.ctx, options);
  }

  /**
   * E-mails `email` an invitation to sign in at `callbackUrl` (which must be a trusted domain).
   * @example
   * await admin.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");
   */
  sendSignInInvitationEmail(email: string, callbackUrl: string): Promise<void> {
    return sendSignInInvitationEmail(this.ctx, email, callbackUrl);
  }

  /**
   * Renders a template (by id or source) in a theme (by id or source; default the project's).
   * @example
   * const { html, subject } = await admin.renderEmail({ templateTsxSource: source, themeId: false });
   */
  renderEmail(options: EmailPreviewOptions): Promise<RenderedEmail> {
    return renderEmail(this.ctx, options);
  }

  /**
   * The HTML of `renderEmail` (the official SDK's name).
   * @example
   * iframe.srcdoc = await admin.getEmailPreview({ templateId, themeId });
   */
  async getEmailPreview(options: EmailPreviewOptions): Promise<string> {
    return (await renderEmail(this.ctx, options)).html;
  }

  /**
   * The project's metrics as the platform sends them (`total_users`, `daily_users`, …).
   * @example
   * const { total_users } = await admin.getMetrics();
   */
  getMetrics(options?: { includeAnonymous?: boolean }): Promise<AdminMetrics> {
    return getMetrics(this.ctx, options);
  }

  /**
   * A token for the webhook management portal.
   * @example
   * const token = await admin.getSvixToken();
   */
  getSvixToken(): Promise<string> {
    return getSvixToken(this.ctx);
  }

  /**
   * Asks the AI assistant about a thread's conversation and returns its answer's content.
   * @example
   * const { content } = await admin.sendChatMessage(threadId, "email-theme", [{ role: "user", content: "Make it blue" }]);
   */
  sendChatMessage(threadId: string, contextType: ChatContextType, messages: ChatMessage[]): Promise<{ content: unknown }> {
    return sendChatMessage(this.ctx, threadId, contextType, messages);
  }

  /**
   * Stores one message in an AI-chat thread.
   * @example
   * await admin.saveChatMessage(threadId, { role: "user", content: "Make it blue" });
   */
  saveChatMessage(threadId: string, message: unknown): Promise<void> {
    return saveChatMessage(this.ctx, threadId, message);
  }

  /**
   * The stored messages of an AI-chat thread.
   * @example
   * const { messages } = await admin.listChatMessages(threadId);
   */
  listChatMessages(threadId: string): Promise<{ messages: unknown[] }> {
    return listChatMessages(this.ctx, threadId);
  }

  /**
   * Creates a project owned by `teamId` (default: the user's selected team). Only on the `internal` project with
   * a signed-in user (the app's token store, or `tokenStore` here); elsewhere refused locally, before any
   * request, with the platform's `EXPECTED_INTERNAL_PROJECT` error.
   * @example
   * const dashboard = new AdminApp({ projectId: "internal", superSecretAdminKey, tokenStore: { accessToken, refreshToken } });
   * const project = await dashboard.createProject({ displayName: "Acme" });
   * await project.app.createTeamPermissionDefinition({ id: "editor", containedPermissionIds: [] });
   */
  createProject(data: AdminProjectCreate, options?: { tokenStore?: TokenStoreInit }): Promise<AdminOwnedProject<AdminApp>> {
    return createProject(this.ctx, () => this.core.session(optionalObject(options, "options").tokenStore), data, this.ownedApp);
  }

  /**
   * The projects the signed-in user's teams own, each with an `AdminApp` (owner session, no token store). Same
   * conditions as `createProject`.
   * @example
   * for (const p of await dashboard.listOwnedProjects()) console.log(p.displayName, p.id);
   */
  listOwnedProjects(options?: { tokenStore?: TokenStoreInit }): Promise<AdminOwnedProject<AdminApp>[]> {
    return listOwnedProjects(this.ctx, () => this.core.session(optionalObject(options, "options").tokenStore), this.ownedApp);
  }

  /** The admin app of an owned project: same API origin and transport, the owner's session, no token store. */
  private readonly ownedApp = (projectId: string, owner: Session) => {
    const { baseUrl, extraRequestHeaders, fetch, sleep, random, maxAttempts } = this.core.http;
    const app = new AdminApp({
      projectId,
      baseUrl,
      extraRequestHeaders,
      fetch,
      retry: { sleep, random, maxAttempts },
      urls: this.core.options.urls,
      redirectMethod: this.core.redirectMethod,
      projectOwnerSession: owner.store,
      tokenStore: null,
    });
    return { app, ctx: app.ctx };
  };
}
