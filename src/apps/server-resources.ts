/**
 * @internal The resource code behind `ServerApp`, `AdminEmailApp` and `AdminApp`: the apps load this module on first
 * use (`import("./server-resources")` in their methods), so `import("latchkey")` reads the facades only and a
 * process that never calls a server or admin method never loads the resource code (in Node, one file of the built
 * tree, scripts/browser-tree.mjs's server-lazy.js, instead of a dozen at import).
 *
 * @example
 * const { getServerUser } = await import("./server-resources");
 * const user = await getServerUser(ctx, userId);
 */
export { createEmailDraft, deleteEmailDraft, listEmailDrafts, refreshEmailDrafts, rewriteTemplateSourceWithAI, updateEmailDraft } from "../resources/admin/admin-email-drafts";
export { getOutboxEmail, listOutboxEmails, updateOutboxEmail } from "../resources/admin/admin-email-outbox";
export { createEmailTemplate, createEmailTheme, deleteEmailTemplate, deleteEmailTheme, getEmailTheme, listEmailTemplates, listEmailThemes, listSentEmails, renderEmail, sendSignInInvitationEmail, sendTestEmail, updateEmailTemplate, updateEmailTheme } from "../resources/admin/admin-emails";
export { createInternalApiKey, listInternalApiKeys } from "../resources/admin/admin-internal-keys";
export { getMetrics, getSvixToken, listChatMessages, saveChatMessage, sendChatMessage, sendTestWebhook } from "../resources/admin/admin-misc";
export { createProject, listOwnedProjects } from "../resources/admin/admin-owned-projects";
export { createPermissionDefinition, deletePermissionDefinition, listPermissionDefinitions, listPermissionDefinitionsPaginated, updatePermissionDefinition } from "../resources/admin/admin-permission-definitions";
export { getAdminProject } from "../resources/admin/admin-project";
export { dataVaultStore } from "../resources/server/server-data-vault";
export { sendEmail } from "../resources/server/server-email";
export { activateEmailCapacityBoost, getEmailDeliveryStats } from "../resources/server/server-email-delivery";
export { createOAuthProvider, getConnectedAccountAccessToken, getServerOAuthProvider, listServerOAuthProviders } from "../resources/server/server-oauth-providers";
export { createServerTeam, getServerTeam, getServerTeamByApiKey, listServerTeams } from "../resources/server/server-objects";
export { listTeamMemberPermissions } from "../resources/server/server-team-memberships";
export { checkApiKey, createCurrentServerUser, getUserByApiKey } from "./server-user-lookup";
export { createUser, getServerUser, listServerUsers } from "../resources/server/server-users";
