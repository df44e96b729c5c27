/**
 * @internal The resource code behind `ServerApp` and `AdminApp` and their groups: the apps load this module on first
 * use (`serverResources()` in server-delegations.ts), so `import("latchkey")` reads the facades only and a
 * process that never calls a server or admin method never loads the resource code (in Node, one file of the built
 * tree, scripts/browser-tree.mjs's server-lazy.js, instead of a dozen at import).
 *
 * @example
 * const { getServerUser } = await import("./server-resources");
 * const user = await getServerUser(ctx, userId);
 */
export { createEmailDraft, deleteEmailDraft, listEmailDrafts, refreshEmailDrafts, rewriteTemplateSourceWithAI, updateEmailDraft } from "../resources/emails/admin-drafts";
export { getOutboxEmail, listOutboxEmails, updateOutboxEmail } from "../resources/emails/admin-outbox";
export { createEmailTemplate, createEmailTheme, deleteEmailTemplate, deleteEmailTheme, getEmailTheme, listEmailTemplates, listEmailThemes, listSentEmails, renderEmail, sendSignInInvitationEmail, sendTestEmail, updateEmailTemplate, updateEmailTheme } from "../resources/emails/admin";
export { createInternalApiKey, listInternalApiKeys } from "../resources/api-keys/admin-internal";
export { getMetrics, getSvixToken, listChatMessages, saveChatMessage, sendChatMessage, sendTestWebhook } from "../resources/admin-misc";
export { createProject, listOwnedProjects } from "../resources/projects/admin-owned";
export { createPermissionDefinition, deletePermissionDefinition, listPermissionDefinitions, listPermissionDefinitionsPaginated, updatePermissionDefinition } from "../resources/permissions/admin-definitions";
export { getAdminProject } from "../resources/projects/admin";
export { dataVaultStore } from "../resources/data-vault/server";
export { sendEmail } from "../resources/emails/server";
export { activateEmailCapacityBoost, getEmailDeliveryStats } from "../resources/emails/server-delivery";
export { createOAuthProvider, getConnectedAccountAccessToken, getServerOAuthProvider, listServerOAuthProviders } from "../resources/oauth-providers/server";
export { createServerTeam, getServerTeam, getServerTeamByApiKey, listServerTeams } from "../resources/users/server-objects";
export { listTeamMemberPermissions } from "../resources/teams/server-memberships";
export { checkApiKey, createCurrentServerUser, getUserByApiKey } from "./server-user-lookup";
export { createUser, getServerUser, listServerUsers } from "../resources/users/server";
