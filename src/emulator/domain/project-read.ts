import type { OAuthProviderConfig, ProjectRecord } from "../store/types";

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The platform lists OAuth providers by id and trusted domains by URL. */
const sortedProviders = (list: OAuthProviderConfig[]) => [...list].sort((a, b) => compare(a.id, b.id));

/**
 * The client read shape of a project (`GET /projects/current`, wire §8.18).
 *
 * @example
 * json(clientProjectRead(auth.project));
 */
export function clientProjectRead(p: ProjectRecord): Record<string, unknown> {
  const c = p.config;
  return {
    id: p.id,
    display_name: p.displayName,
    config: {
      sign_up_enabled: c.signUpEnabled,
      credential_enabled: c.credentialEnabled,
      magic_link_enabled: c.magicLinkEnabled,
      passkey_enabled: c.passkeyEnabled,
      client_team_creation_enabled: c.clientTeamCreationEnabled,
      client_user_deletion_enabled: c.clientUserDeletionEnabled,
      allow_localhost: c.allowLocalhost,
      allow_user_api_keys: c.allowUserApiKeys,
      allow_team_api_keys: c.allowTeamApiKeys,
      enabled_oauth_providers: sortedProviders(c.oauthProviders).map((o) => ({ id: o.id })),
      domains: [...c.domains].sort((a, b) => compare(a.domain, b.domain)).map((d) => ({ domain: d.domain, handler_path: d.handlerPath })),
    },
  };
}

/**
 * The admin read shape of a project (`/internal/projects/current`, wire §8.18).
 *
 * @example
 * json(adminProjectRead(auth.project));
 */
export function adminProjectRead(p: ProjectRecord): Record<string, unknown> {
  const c = p.config;
  const client = clientProjectRead(p).config as Record<string, unknown>;
  return {
    id: p.id,
    display_name: p.displayName,
    description: p.description,
    created_at_millis: p.createdAtMillis,
    is_production_mode: p.isProductionMode,
    is_development_environment: p.isDevelopmentEnvironment === true,
    owner_team_id: p.ownerTeamId,
    onboarding_status: p.onboardingStatus ?? "completed",
    logo_url: p.logoUrl ?? null,
    logo_full_url: p.logoFullUrl ?? null,
    logo_dark_mode_url: p.logoDarkModeUrl ?? null,
    logo_full_dark_mode_url: p.logoFullDarkModeUrl ?? null,
    config: {
      allow_localhost: c.allowLocalhost,
      ...client,
      oauth_providers: sortedProviders(c.oauthProviders).map((o) => ({
        provider_config_id: o.id,
        id: o.id,
        type: o.type,
        ...(o.type === "standard"
          ? {
              client_id: o.clientId ?? "",
              client_secret: o.clientSecret ?? "",
              ...(o.facebookConfigId ? { facebook_config_id: o.facebookConfigId } : {}),
              ...(o.microsoftTenantId ? { microsoft_tenant_id: o.microsoftTenantId } : {}),
            }
          : {}),
      })),
      email_config: c.emailConfig,
      email_theme: c.emailTheme,
      create_team_on_sign_up: c.createTeamOnSignUp,
      team_creator_default_permissions: c.teamCreatorDefaultPermissions.map((id) => ({ id })),
      team_member_default_permissions: c.teamMemberDefaultPermissions.map((id) => ({ id })),
      user_default_permissions: c.userDefaultPermissions.map((id) => ({ id })),
      oauth_account_merge_strategy: c.oauthAccountMergeStrategy,
    },
  };
}
