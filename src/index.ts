export { ClientApp } from "./apps/client-app";
export { ServerApp } from "./apps/server-app";
export type { ServerAppOptions } from "./apps/server-app";
export type { ServerUser, ServerUserData, ServerUserMethods, ServerUserPage } from "./resources/server/server-types";
export type { ListUsersOptions, ServerUserCreate, ServerUserRiskScores, ServerUserUpdate } from "./resources/server/server-user-bodies";
export type { CreateSessionOptions, ServerCreatedSession } from "./resources/server/server-user-methods";
export type { ServerContactChannel, ServerContactChannelCreate, ServerContactChannelUpdate } from "./resources/server/server-user-channels";
export type { ApiKeyUserOr, CurrentServerUser } from "./apps/server-user-lookup";
export type { ServerUserListTeamsOptions, ServerUserTeamMethods } from "./resources/server/server-types";
export type { ServerUserAccountMethods, UserClientJson } from "./resources/server/server-user-account";
export type { ServerConnectedAccountOptions } from "./resources/server/server-connected-accounts";
export type { ServerPermissionOptions } from "./resources/server/server-user-permissions";
export { AdminApp } from "./apps/admin-app";
export type { AdminAppOptions } from "./apps/admin-app";
export type {
  AdminDomainConfig,
  AdminEmailConfig,
  AdminOAuthProviderConfig,
  AdminProject,
  AdminProjectConfig,
  AdminProjectUpdate,
  ProductionModeError,
} from "./resources/admin/admin-project";
export type {
  InternalApiKey,
  InternalApiKeyBase,
  InternalApiKeyCreate,
  InternalApiKeyFirstView,
  InternalApiKeyInvalidReason,
} from "./resources/admin/admin-internal-keys";
export type {
  AdminPermissionDefinition,
  AdminPermissionDefinitionCreate,
  AdminPermissionDefinitionUpdate,
  AdminProjectPermissionDefinition,
  AdminTeamPermissionDefinition,
  PermissionScope,
} from "./resources/admin/admin-permission-definitions";
export type {
  AdminEmailTemplate,
  AdminEmailTheme,
  AdminEmailThemeSummary,
  AdminSentEmail,
  AdminSmtpConfig,
  EmailPreviewOptions,
  RenderedEmail,
} from "./resources/admin/admin-emails";
export type { AdminMetrics, ChatContextType, ChatMessage } from "./resources/admin/admin-misc";
export type { AdminEmailDraft, EmailDraftCreateOptions, EmailDraftUpdateOptions } from "./resources/admin/admin-email-drafts";
export type {
  AdminEmailOutbox,
  AdminEmailOutboxBase,
  AdminEmailOutboxBounced,
  AdminEmailOutboxClicked,
  AdminEmailOutboxCreatedWith,
  AdminEmailOutboxDeliveryDelayed,
  AdminEmailOutboxMarkedAsSpam,
  AdminEmailOutboxOpened,
  AdminEmailOutboxPaused,
  AdminEmailOutboxPreparing,
  AdminEmailOutboxQueued,
  AdminEmailOutboxRecipient,
  AdminEmailOutboxRenderError,
  AdminEmailOutboxRendered,
  AdminEmailOutboxRendering,
  AdminEmailOutboxScheduled,
  AdminEmailOutboxSending,
  AdminEmailOutboxSent,
  AdminEmailOutboxServerError,
  AdminEmailOutboxSimpleStatus,
  AdminEmailOutboxSkipped,
  AdminEmailOutboxStatus,
  AdminSendAttemptError,
  EmailOutboxListOptions,
  EmailOutboxListResult,
  EmailOutboxUpdateOptions,
} from "./resources/admin/admin-email-outbox-types";
export type { PermissionDefinitionPage } from "./resources/admin/admin-permission-definitions";
export type { DataVaultStore } from "./resources/server/server-data-vault";
export type { EmailDeliveryCapacity, EmailDeliveryInfo, EmailDeliveryStats, EmailDeliveryWindowStats } from "./resources/server/server-email-delivery";
export type { AdminOwnedProject, AdminProjectCreate } from "./resources/admin/admin-owned-projects";
export type { ProjectOnboardingStatus } from "./resources/admin/admin-project";
export type { AdminProjectConfigMethods, ConfigOverride, ConfigOverrideLevel, PushConfigOptions, PushedConfigSource } from "./resources/admin/admin-project-config";
export type { CurrentInternalUser, InternalUserMethods } from "./apps/internal-user";
export { AccessTokenVerificationError } from "./verify/access-token-errors";
export type { VerifiedAccessToken, VerifyAccessTokenOptions } from "./verify/verify-access-token";
export type { AppOptions } from "./core/options";
export type { ClientAppOptions } from "./apps/client-app";
export type { CurrentUser } from "./apps/current-user";
export type { CurrentUserData, RestrictedReason, TeamData } from "./resources/client/users";
export type { Project } from "./resources/client/projects";
export type { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "./resources/client/contact-channels";
export type { AccountMethods } from "./apps/user-methods/account";
export type { UserUpdate } from "./resources/client/user-profile";
export type { ActiveSession, GeoInfo } from "./resources/client/sessions";
export type { ApiKey, ApiKeyBase, ApiKeyCreate, ApiKeyInvalidReason, ApiKeyOwner, ApiKeyUpdate } from "./resources/client/api-keys";
export type { NotificationCategory } from "./resources/client/notification-categories";
export type { OAuthProvider } from "./resources/client/oauth-providers";
export type { ConnectedAccountQuery, OAuthAccessTokenError, OAuthConnection } from "./resources/client/connected-accounts";
export type { UserTeamMethods } from "./apps/user-methods/teams";
export type { Team, TeamCreateOptions, TeamUpdateOptions } from "./resources/client/teams";
export type { TeamRef } from "./resources/client/team-refs";
export type { ReceivedTeamInvitation, SentTeamInvitation, TeamInviteOptions } from "./resources/client/team-invitations";
export type { EditableTeamMemberProfile, TeamMemberProfile, TeamMemberProfileUpdate, TeamUser } from "./resources/client/team-profiles";
export type { ListPermissionsOptions, TeamPermission } from "./resources/client/permissions";
export type { ServerListTeamsOptions, ServerTeamCreateOptions, ServerTeamUpdateOptions } from "./resources/server/server-teams";
export type { ServerTeam, ServerTeamPage, ServerTeamUser } from "./resources/server/server-types";
export type { ListTeamMemberPermissionsOptions, TeamMemberPermission } from "./resources/server/server-team-memberships";
export type { SendEmailContent, SendEmailOptions, SendEmailRecipients } from "./resources/server/server-email";
export type {
  ConnectedAccountTokenRequest,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate,
} from "./resources/server/server-oauth-providers";
export type { SignInOptions } from "./auth/password";
export type { SignUpOptions } from "./auth/sign-up";
export type { ResetPasswordOptions } from "./auth/password-reset";
export type { GetUserOptions } from "./auth/session-flows";
export type { PasskeySignInOptions, RegisterPasskeyOptions } from "./auth/passkey";
export type { PasskeyWebAuthnErrorCode } from "./auth/passkey-checks";
export { generateTotpSecret, totpSecretToBase32, totpUri } from "./auth/totp";
export type { TotpUriOptions } from "./auth/totp";
export type { Result } from "./util/result";
export type { AccessType, RetryOptions } from "./http/types";
export type { HandlerUrls, HandlerUrlOptions, HandlerUrlTarget, ResolvedHandlerUrls } from "./urls/handler-urls";
export type { RedirectToOptions } from "./apps/client-redirects";
export type { PartialUserOptions, TokenPartialUser } from "./auth/partial-user";
export { getConvexProvidersConfig } from "./auth/convex-providers";
export type { ConvexAuthProvider, ConvexProvidersConfigOptions } from "./auth/convex-providers";
export type { ConvexAuthOptions, ConvexCtx, ConvexFetchTokenArgs, ConvexUserIdentity } from "./auth/convex-types";
export type { ConvexUserLookup } from "./auth/convex-server";
export type { AnalyticsOptions, AnalyticsReplayOptions } from "./core/analytics-options";
export type { CliLoginError, PromptCliLoginOptions } from "./auth/cli-login";
export type { CliLoginState } from "./auth/cli-confirm";
export type { DeprecatedConnectedAccountOptions, DeprecatedOAuthConnection } from "./resources/client/connected-accounts";
export type { InternalSessionLike, ProjectOwnerSession } from "./apps/owner-session";
export type { InternalSession } from "./session/internal-session";
export type { SessionAccessToken } from "./session/access-token";
export type { RedirectMethod } from "./urls/redirect";
export type { RequestLike, TokenPair, TokenStore, TokenStoreInit } from "./token-stores/types";
export { ArgumentError, ConnectivityError, HttpError, LatchkeyError, UnexpectedResponseError } from "./errors/base";
export { KnownError } from "./errors/known-error";
export { OAuthCallbackError } from "./errors/oauth-callback";
export type { OAuthSignInOptions } from "./auth/oauth";
export { KnownErrors } from "./errors/known-errors";
export type { KnownErrorCode } from "./errors/table";
export { CLIENT_VERSION, VERSION } from "./version";
// The official SDK's names (so an app written for it switches by changing its import).
export { HexclaveAdminApp, HexclaveClientApp, HexclaveServerApp, StackAdminApp, StackClientApp, StackServerApp } from "./compat/app-names";
export type {
  HexclaveAdminAppConstructor,
  HexclaveAdminAppConstructorOptions,
  HexclaveClientAppConstructor,
  HexclaveClientAppConstructorOptions,
  HexclaveServerAppConstructor,
  HexclaveServerAppConstructorOptions,
  StackAdminAppConstructor,
  StackAdminAppConstructorOptions,
  StackClientAppConstructor,
  StackClientAppConstructorOptions,
  StackServerAppConstructor,
  StackServerAppConstructorOptions,
} from "./compat/app-names";
export { defineHexclaveConfig, defineStackConfig } from "./compat/config";
export { stackAppInternalsSymbol } from "./compat/internals";
export { getPagePrompt } from "./compat/page-prompts";
export type { AppInternals, HexclaveClientAppJson, StackClientAppJson } from "./apps/internals-types";
export type { HexclaveConfig, StackConfig } from "./compat/config";
export type {
  AdminProjectConfigUpdateOptions,
  AdminProjectCreateOptions,
  AdminProjectUpdateOptions,
  AdminProjectPermission,
  AdminProjectPermissionDefinitionCreateOptions,
  AdminProjectPermissionDefinitionUpdateOptions,
  AdminTeamPermission,
  AdminTeamPermissionDefinitionCreateOptions,
  AdminTeamPermissionDefinitionUpdateOptions,
  Auth,
  Connection,
  CurrentInternalServerUser,
  GetCurrentUserOptions,
  InternalApiKeyBaseCrudRead,
  InternalApiKeyCreateOptions,
  OAuthProviderConfig,
  OAuthScopesOnSignIn,
  ProjectConfig,
  ServerListUsersOptions,
  ServerTeamMemberProfile,
  TeamInvitation,
  User,
} from "./compat/type-names";
