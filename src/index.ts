/**
 * `latchkey`: the package's entry. Every public name of the core is exported here, the official SDK's names
 * (`StackClientApp`, `KnownErrors`, the type names) included, and nothing else; `latchkey/react`,
 * `latchkey/next` and `latchkey/emulator` are entries of their own. This file only re-exports: each line names
 * the module that holds a name. ARCHITECTURE.md (at the package's root in the repository) draws the floors the
 * modules stand on and walks a hook's read and a sign-in file by file.
 *
 * @example
 * import { ClientApp, KnownErrors } from "latchkey";
 * const app = new ClientApp({ projectId: "…", publishableClientKey: "pck_…", tokenStore: "cookie" });
 *
 * @packageDocumentation
 */

export { ClientApp } from "./apps/client-app";
export { ServerApp } from "./apps/server-app";
export type { ServerAppOptions } from "./apps/server-app";
export type { ServerUser, ServerUserData, ServerUserMethods, ServerUserPage } from "./resources/users/server-types";
export type { ListUsersOptions, ServerUserCreate, ServerUserRiskScores, ServerUserUpdate } from "./resources/users/server-bodies";
export type { CreateSessionOptions, ServerCreatedSession } from "./resources/users/server-methods";
export type { ServerContactChannel, ServerContactChannelCreate, ServerContactChannelUpdate } from "./resources/contact-channels/server";
export type { ApiKeyUserOr, CurrentServerUser } from "./apps/server-user-lookup";
export type { ServerUserListTeamsOptions, ServerUserTeamMethods } from "./resources/users/server-types";
export type { ServerUserAccountMethods, UserClientJson } from "./resources/users/server-account";
export type { ServerConnectedAccountOptions } from "./resources/connected-accounts/server";
export type { ServerPermissionOptions } from "./resources/permissions/server-user";
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
} from "./resources/projects/admin";
export type {
  InternalApiKey,
  InternalApiKeyBase,
  InternalApiKeyCreate,
  InternalApiKeyFirstView,
  InternalApiKeyInvalidReason,
} from "./resources/api-keys/admin-internal";
export type {
  AdminPermissionDefinition,
  AdminPermissionDefinitionCreate,
  AdminPermissionDefinitionUpdate,
  AdminProjectPermissionDefinition,
  AdminTeamPermissionDefinition,
  PermissionScope,
} from "./resources/permissions/admin-definitions";
export type {
  AdminEmailTemplate,
  AdminEmailTheme,
  AdminEmailThemeSummary,
  AdminSentEmail,
  AdminSmtpConfig,
  EmailPreviewOptions,
  RenderedEmail,
} from "./resources/emails/admin";
export type { AdminMetrics, ChatContextType, ChatMessage } from "./resources/admin-misc";
export type { AdminEmailDraft, EmailDraftCreateOptions, EmailDraftUpdateOptions } from "./resources/emails/admin-drafts";
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
} from "./resources/emails/admin-outbox-types";
export type { PermissionDefinitionPage } from "./resources/permissions/admin-definitions";
export type { DataVaultStore } from "./resources/data-vault/server";
export type { EmailDeliveryCapacity, EmailDeliveryInfo, EmailDeliveryStats, EmailDeliveryWindowStats } from "./resources/emails/server-delivery";
export type { AdminOwnedProject, AdminProjectCreate } from "./resources/projects/admin-owned";
export type { ProjectOnboardingStatus } from "./resources/projects/admin";
export type { AdminProjectConfigMethods, ConfigOverride, ConfigOverrideLevel, PushConfigOptions, PushedConfigSource } from "./resources/projects/admin-config";
export type { CurrentInternalUser, InternalUserMethods } from "./apps/internal-user";
export { AccessTokenVerificationError } from "./verify/access-token-errors";
export type { VerifiedAccessToken, VerifyAccessTokenOptions } from "./verify/verify-access-token";
export type { AppOptions } from "./core/options";
export type { ClientAppOptions } from "./apps/client-app";
export type { CurrentUser } from "./apps/current-user";
export type { CurrentUserData, RestrictedReason, TeamData } from "./resources/users/current";
export type { Project } from "./resources/projects/client";
export type { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "./resources/contact-channels/client";
export type { AccountMethods } from "./apps/user-methods/account";
export type { UserUpdate } from "./resources/users/profile";
export type { ActiveSession, GeoInfo } from "./resources/sessions/client";
export type { ApiKey, ApiKeyBase, ApiKeyCreate, ApiKeyInvalidReason, ApiKeyOwner, ApiKeyUpdate } from "./resources/api-keys/client";
export type { NotificationCategory } from "./resources/notification-categories/client";
export type { OAuthProvider } from "./resources/oauth-providers/client";
export type { ConnectedAccountQuery, OAuthAccessTokenError, OAuthConnection } from "./resources/connected-accounts/client";
export type { UserTeamMethods } from "./apps/user-methods/teams";
export type { Team, TeamCreateOptions, TeamUpdateOptions } from "./resources/teams/client";
export type { TeamRef } from "./resources/teams/refs";
export type { ReceivedTeamInvitation, SentTeamInvitation, TeamInviteOptions } from "./resources/teams/invitations";
export type { EditableTeamMemberProfile, TeamMemberProfile, TeamMemberProfileUpdate, TeamUser } from "./resources/teams/profiles";
export type { ListPermissionsOptions, TeamPermission } from "./resources/permissions/client";
export type { ServerListTeamsOptions, ServerTeamCreateOptions, ServerTeamUpdateOptions } from "./resources/teams/server";
export type { ServerTeam, ServerTeamPage, ServerTeamUser } from "./resources/users/server-types";
export type { ListTeamMemberPermissionsOptions, TeamMemberPermission } from "./resources/teams/server-memberships";
export type { SendEmailContent, SendEmailOptions, SendEmailRecipients } from "./resources/emails/server";
export type {
  ConnectedAccountTokenRequest,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate,
} from "./resources/oauth-providers/server";
export type { SignInOptions } from "./auth/password";
export type { SignUpOptions } from "./auth/sign-up";
export type { ResetPasswordOptions } from "./auth/password-reset";
export type { GetUserOptions } from "./resources/users/current";
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
export type { DeprecatedConnectedAccountOptions, DeprecatedOAuthConnection } from "./resources/connected-accounts/client";
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
