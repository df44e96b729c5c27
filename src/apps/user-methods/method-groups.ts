/**
 * @internal The user object's methods that act through a resource module (its `AccountMethods`, `UserTeamMethods` and
 * contact-channel methods), grouped by the module that holds their code, in the order of apps/client-calls.ts's
 * `USER_MODULES`: user-profile, passkey, sessions, api-keys, notification-categories, oauth-providers,
 * connected-accounts, oauth-link, teams, team-profiles, team-invitations, permissions, contact-channels. The user
 * object (apps/current-user.ts) names them only; client-calls.ts finds each one's module here, so the names are
 * written once.
 * @example
 * const names = USER_METHOD_GROUPS.join(" ").split(" "); // ["update", "setDisplayName", …]
 */
export const USER_METHOD_GROUPS = [
  "update setDisplayName setClientMetadata delete updatePassword setPassword sendVerificationEmail",
  "registerPasskey",
  "getActiveSessions revokeSession",
  "createApiKey listApiKeys",
  "listNotificationCategories",
  "listOAuthProviders getOAuthProvider",
  "listConnectedAccounts getConnectedAccount",
  "linkConnectedAccount getOrLinkConnectedAccount",
  "listTeams getTeam createTeam setSelectedTeam leaveTeam",
  "getTeamProfile",
  "listTeamInvitations",
  "hasPermission getPermission listPermissions",
  "listContactChannels createContactChannel",
];
