/**
 * The name of every read cache a resource module keeps in an app's context (`resourceCache`), as the module that
 * owns it spells it. A type only: a name no resource owns does not compile, in the resources or in what watches
 * their changes (latchkey/react's reads).
 * @internal
 * @example
 * const watch: CacheName = "contact-channels";
 */
export type CacheName =
  // resources/client/users.ts (USER_CACHE)
  | "user"
  // resources/client/team-refs.ts (CACHE)
  | "teams"
  | "team-invitations-received"
  | "server-user-team-invitations"
  | "team-invitations-sent"
  | "team-members"
  | "team-profile"
  | "team-permissions"
  | "project-permissions"
  // resources/server/server-cache-keys.ts (SERVER_TEAM_CACHE, SERVER_USER_CACHE)
  | "server-teams"
  | "server-team"
  | "server-team-members"
  | "server-team-member-permissions"
  | "server-user"
  | "server-user-list"
  | "server-user-contact-channels"
  | "server-user-sessions"
  | "server-user-team-permissions"
  | "server-user-project-permissions"
  | "server-user-connected-accounts"
  | "server-user-notification-categories"
  | "server-user-team-profiles"
  // resources/client: sessions.ts, oauth-providers.ts, connected-accounts.ts, notification-categories.ts,
  // contact-channels.ts, api-keys.ts
  | "sessions"
  | "oauth-providers"
  | "oauth-access-tokens"
  | "connected-accounts"
  | "notification-categories"
  | "contact-channels"
  | "api-keys"
  // resources/server: server-oauth-providers.ts, server-connected-accounts.ts, server-email-delivery.ts,
  // server-data-vault.ts
  | "server-oauth-providers"
  | "server-oauth-access-tokens"
  | "server-email-delivery-info"
  | "server-data-vault-values"
  // resources/admin: admin-project.ts, admin-permission-definitions.ts, admin-internal-keys.ts, admin-emails.ts,
  // admin-email-drafts.ts
  | "admin-project"
  | "admin-permission-definitions"
  | "admin-internal-api-keys"
  | "admin-email-themes"
  | "admin-email-theme"
  | "admin-email-templates"
  | "admin-email-drafts";
