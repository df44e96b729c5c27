/** Records the emulator keeps. All of them are plain JSON so the whole state can be written to a file. */

/**
 * A trusted domain of a project (`http://localhost:*` and `*.example.com` style wildcards are allowed).
 *
 * @example
 * const d: DomainRecord = { domain: "http://localhost:*", handlerPath: "/handler" };
 */
export interface DomainRecord {
  domain: string;
  handlerPath: string;
}

/**
 * An OAuth provider configured on a project (`shared` = the platform's own keys, here: the mock provider).
 *
 * @example
 * const p: OAuthProviderConfig = { id: "github", type: "shared" };
 */
export interface OAuthProviderConfig {
  id: string;
  type: "shared" | "standard";
  clientId?: string;
  clientSecret?: string;
  facebookConfigId?: string;
  microsoftTenantId?: string;
}

/**
 * A project's configuration (the admin view of wire §8.18 plus a few emulator switches).
 *
 * @example
 * project.config.signUpEnabled = false;
 */
export interface ProjectConfig {
  allowLocalhost: boolean;
  signUpEnabled: boolean;
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  anonymousEnabled: boolean;
  clientTeamCreationEnabled: boolean;
  clientUserDeletionEnabled: boolean;
  allowUserApiKeys: boolean;
  allowTeamApiKeys: boolean;
  requirePublishableClientKey: boolean;
  requireEmailVerification: boolean;
  oauthProviders: OAuthProviderConfig[];
  oauthAccountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates";
  domains: DomainRecord[];
  emailConfig: Record<string, unknown>;
  emailTheme: string;
  createTeamOnSignUp: boolean;
  teamCreatorDefaultPermissions: string[];
  teamMemberDefaultPermissions: string[];
  userDefaultPermissions: string[];
}

/**
 * One set of project keys (the platform's "internal API key").
 *
 * @example
 * const valid = set.manuallyRevokedAtMillis === null;
 */
export interface ApiKeySetRecord {
  id: string;
  description: string;
  createdAtMillis: number;
  expiresAtMillis: number;
  manuallyRevokedAtMillis: number | null;
  publishableClientKey: string | null;
  secretServerKey: string | null;
  superSecretAdminKey: string | null;
}

/**
 * A project.
 *
 * @example
 * const p = store.projects.get("internal");
 */
export interface ProjectRecord {
  id: string;
  displayName: string;
  description: string;
  createdAtMillis: number;
  isProductionMode: boolean;
  ownerTeamId: string | null;
  logoUrl: string | null;
  /** The fields below came later; records persisted before them read as their defaults. */
  logoFullUrl?: string | null;
  logoDarkModeUrl?: string | null;
  logoFullDarkModeUrl?: string | null;
  /** A development environment: its environment config level is read-only and always allows localhost. */
  isDevelopmentEnvironment?: boolean;
  /** The dashboard's onboarding stage (`"completed"` by default). */
  onboardingStatus?: string;
  config: ProjectConfig;
  apiKeySets: ApiKeySetRecord[];
}

/**
 * A user of a project.
 *
 * @example
 * const u = store.users.get(userId);
 */
export interface UserRecord {
  id: string;
  projectId: string;
  displayName: string | null;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  signedUpAtMillis: number;
  lastActiveAtMillis: number;
  passwordHash: string | null;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  isAnonymous: boolean;
  selectedTeamId: string | null;
  totpSecretBase64: string | null;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
  restrictedByAdminPrivateDetails: string | null;
}

/**
 * A contact channel (e-mail address) of a user.
 *
 * @example
 * const primary = store.channelsOf(user.id).find((c) => c.isPrimary);
 */
export interface ContactChannelRecord {
  id: string;
  projectId: string;
  userId: string;
  type: "email";
  value: string;
  isPrimary: boolean;
  isVerified: boolean;
  usedForAuth: boolean;
  createdAtMillis: number;
}

/**
 * A session: one refresh token (never rotated).
 *
 * @example
 * const s = store.sessionByRefreshToken(projectId, token);
 */
export interface SessionRecord {
  id: string;
  projectId: string;
  userId: string;
  refreshToken: string;
  createdAtMillis: number;
  lastUsedAtMillis: number;
  expiresAtMillis: number;
  isImpersonation: boolean;
}

/**
 * The kinds of one-time codes the platform mails or hands out.
 *
 * @example
 * const type: VerificationCodeType = "password_reset";
 */
export type VerificationCodeType =
  | "contact_channel_verification"
  | "otp_sign_in"
  | "password_reset"
  | "team_invitation"
  | "mfa_attempt"
  | "passkey_registration"
  | "passkey_authentication"
  | "cli_login";

/**
 * A one-time code: 45 lowercase base32 characters, 7-day default expiry, 20 attempts.
 *
 * @example
 * const link = `${code.callbackUrl}?code=${code.code}`;
 */
export interface VerificationCodeRecord {
  id: string;
  projectId: string;
  type: VerificationCodeType;
  code: string;
  createdAtMillis: number;
  expiresAtMillis: number;
  usedAtMillis: number | null;
  attemptCount: number;
  callbackUrl: string | null;
  method: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * A team (the full team routes come later; sign-up already creates a personal team).
 *
 * @example
 * const team = store.teams.get(user.selectedTeamId!);
 */
export interface TeamRecord {
  id: string;
  projectId: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  createdAtMillis: number;
}

/**
 * A user's membership in a team, with the team-scoped permission ids granted directly.
 *
 * @example
 * const isAdmin = m.permissionIds.includes("team_admin");
 */
export interface MembershipRecord {
  projectId: string;
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
  permissionIds: string[];
  createdAtMillis: number;
}

/**
 * An e-mail the platform would have sent, captured in the outbox.
 *
 * @example
 * const last = emulator.outbox.list({ to: "a@b.co" }).at(-1);
 */
export interface EmailRecord {
  id: string;
  projectId: string;
  kind: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
  otp: string | null;
  userId: string | null;
  sentAtMillis: number;
  /** The `From` header (`"<name>" <<address>>`); absent in data saved by versions before it was recorded. */
  from?: string;
}
