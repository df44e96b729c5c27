import type { EmulatorCore } from "../core";
import { adminProjectRead } from "../domain/project-read";
import { schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { trustedDomainField } from "../http/platform-fields";
import { t, type Field } from "../http/schema";
import type { ProjectConfig, ProjectRecord } from "../store/types";
import { findTheme } from "../domain/email-catalog";
import { deleteProjectData } from "../domain/project-lifecycle";
import { commitLegacyConfig } from "../domain/config-layers";

/** Like the platform's `yupDefinedAndNonEmptyWhen(…, { type: "standard" })`: a standard provider needs a client id and secret. */
function standardCredentials(provider: Field): Field {
  let out = provider;
  for (const key of ["client_id", "client_secret"] as const) {
    const of = (v: unknown) => (v as Record<string, unknown>)[key];
    const standard = (v: unknown) => (v as Record<string, unknown>).type === "standard";
    out = out
      .refine((v) => !standard(v) || of(v) !== undefined, (path) => `${path}.${key} must be defined`)
      .refine((v) => !standard(v) || of(v) !== "", (path) => `${path}.${key} must not be empty`);
  }
  return out;
}

const idList = t.array(t.object({ id: t.string().defined() }));

const configFields = t.object({
  allow_localhost: t.boolean(),
  sign_up_enabled: t.boolean(),
  credential_enabled: t.boolean(),
  magic_link_enabled: t.boolean(),
  passkey_enabled: t.boolean(),
  client_team_creation_enabled: t.boolean(),
  client_user_deletion_enabled: t.boolean(),
  allow_user_api_keys: t.boolean(),
  allow_team_api_keys: t.boolean(),
  require_email_verification: t.boolean(),
  /** Emulator extension: the platform sets these through its config override. */
  require_publishable_client_key: t.boolean(),
  anonymous_enabled: t.boolean(),
  oauth_providers: t.array(
    standardCredentials(
      t.object({
        id: t.string().defined(),
        type: t.string({ oneOf: ["shared", "standard"] }).defined(),
        client_id: t.string(),
        client_secret: t.string(),
        facebook_config_id: t.string(),
        microsoft_tenant_id: t.string(),
        apple_bundle_ids: t.json(),
      }),
    ),
  ),
  domains: t.array(trustedDomainField()),
  email_config: t.object({
    type: t.string({ oneOf: ["shared", "standard"] }).defined(),
    host: t.string(),
    port: t.number({ integer: true, min: 1, max: 65535 }),
    username: t.string(),
    password: t.string(),
    sender_name: t.string(),
    sender_email: t.string({ format: "email" }),
  }),
  email_theme: t.string(),
  create_team_on_sign_up: t.boolean(),
  team_creator_default_permissions: idList,
  team_member_default_permissions: idList,
  user_default_permissions: idList,
  oauth_account_merge_strategy: t.string({ oneOf: ["link_method", "raise_error", "allow_duplicates"] }),
});

const logoUrl = () => t.string({ format: "url", max: 1_000_000 }).nullable();

/**
 * The dashboard onboarding stages a project can be in (`onboarding_status`).
 *
 * @example
 * PROJECT_ONBOARDING_STATUSES.includes("completed"); // true
 */
export const PROJECT_ONBOARDING_STATUSES = ["config_choice", "apps_selection", "auth_setup", "domain_setup", "email_theme_setup", "payments_setup", "welcome", "completed"] as const;

/**
 * The admin project update body (the create body adds `display_name`, `owner_team_id`).
 *
 * @example
 * const fields = projectPatchBody.spec.fields;
 */
export const projectPatchBody = t.object({
  onboarding_status: t.string({ oneOf: PROJECT_ONBOARDING_STATUSES }),
  onboarding_state: t.json(),
  display_name: t.string({ min: 1 }),
  description: t.string().nullable(),
  is_production_mode: t.boolean(),
  logo_url: logoUrl(),
  logo_full_url: logoUrl(),
  logo_dark_mode_url: logoUrl(),
  logo_full_dark_mode_url: logoUrl(),
  require_email_verification: t.boolean(),
  config: configFields,
});

const FLAGS: [string, keyof ProjectConfig][] = [
  ["allow_localhost", "allowLocalhost"],
  ["sign_up_enabled", "signUpEnabled"],
  ["credential_enabled", "credentialEnabled"],
  ["magic_link_enabled", "magicLinkEnabled"],
  ["passkey_enabled", "passkeyEnabled"],
  ["client_team_creation_enabled", "clientTeamCreationEnabled"],
  ["client_user_deletion_enabled", "clientUserDeletionEnabled"],
  ["allow_user_api_keys", "allowUserApiKeys"],
  ["allow_team_api_keys", "allowTeamApiKeys"],
  ["require_email_verification", "requireEmailVerification"],
  ["require_publishable_client_key", "requirePublishableClientKey"],
  ["anonymous_enabled", "anonymousEnabled"],
  ["create_team_on_sign_up", "createTeamOnSignUp"],
];

/**
 * Applies the wire `config` object of a project create/update to a configuration (only the given fields change).
 *
 * @example
 * applyConfig(project.config, { sign_up_enabled: false, domains: [{ domain: "https://a.com", handler_path: "/handler" }] });
 */
export function applyConfig(config: ProjectConfig, c: Record<string, unknown>): void {
  const writable = config as unknown as Record<string, unknown>;
  for (const [wire, key] of FLAGS) if (typeof c[wire] === "boolean") writable[key] = c[wire];
  if (Array.isArray(c.oauth_providers)) {
    config.oauthProviders = (c.oauth_providers as Record<string, string>[]).map((p) => ({
      id: p.id,
      type: p.type as "shared" | "standard",
      clientId: p.client_id,
      clientSecret: p.client_secret,
      facebookConfigId: p.facebook_config_id,
      microsoftTenantId: p.microsoft_tenant_id,
    }));
  }
  if (Array.isArray(c.domains)) config.domains = (c.domains as { domain: string; handler_path: string }[]).map((d) => ({ domain: d.domain, handlerPath: d.handler_path }));
  const email = c.email_config as Record<string, unknown> | undefined;
  if (email) config.emailConfig = email.type === "standard" ? { ...email } : { type: "shared" };
  if (typeof c.email_theme === "string") config.emailTheme = c.email_theme;
  const ids = (v: unknown) => (v as { id: string }[]).map((x) => x.id);
  if (Array.isArray(c.team_creator_default_permissions)) config.teamCreatorDefaultPermissions = ids(c.team_creator_default_permissions);
  if (Array.isArray(c.team_member_default_permissions)) config.teamMemberDefaultPermissions = ids(c.team_member_default_permissions);
  if (Array.isArray(c.user_default_permissions)) config.userDefaultPermissions = ids(c.user_default_permissions);
  if (typeof c.oauth_account_merge_strategy === "string") config.oauthAccountMergeStrategy = c.oauth_account_merge_strategy as ProjectConfig["oauthAccountMergeStrategy"];
}

const EMAIL_SERVER_FIELDS = ["host", "port", "username", "password", "sender_name", "sender_email"] as const;

/**
 * The platform's validation of a standard `email_config` (each server field defined, the text ones non-empty), as
 * SCHEMA_ERROR lines under `path`.
 *
 * @example
 * emailConfigProblems({ type: "standard", host: "" }, "body.config.email_config"); // ["body.config.email_config.host must not be empty", "… .port must be defined", …]
 */
export function emailConfigProblems(email: Record<string, unknown> | undefined, path: string): string[] {
  if (email?.type !== "standard") return [];
  return EMAIL_SERVER_FIELDS.flatMap((k) => {
    if (email[k] === undefined) return [`${path}.${k} must be defined`];
    return k !== "port" && email[k] === "" ? [`${path}.${k} must not be empty`] : [];
  });
}

/**
 * Applies an admin create/update body to a project (trusted domains were checked by the body schema): validates the
 * e-mail theme (the project is left unchanged when it fails). `is_production_mode` is stored as given: the platform
 * enforces none of its production-mode checks here (apps/backend/src/lib/projects.tsx). The `config`
 * settings are written to the environment config override (project-wide ones to the project level), like the
 * platform's legacy project endpoints.
 *
 * @example
 * applyProjectBody(ctx.core, project, { is_production_mode: true }, ctx);
 */
export function applyProjectBody(core: EmulatorCore, target: ProjectRecord, b: Record<string, unknown>, request: { method: string; pathname: string }): void {
  const email = (b.config as Record<string, unknown> | undefined)?.email_config as Record<string, unknown> | undefined;
  const problems = emailConfigProblems(email, "body.config.email_config");
  if (problems.length > 0) throw schemaError(request.method, request.pathname, problems);
  const theme = (b.config as Record<string, unknown> | undefined)?.email_theme;
  if (typeof theme === "string" && !findTheme(core.store, target.id, theme)) throw new StatusError(400, "Invalid email theme");
  const project = structuredClone(target);
  if (typeof b.display_name === "string") project.displayName = b.display_name;
  if ("description" in b) project.description = (b.description as string | null) ?? "";
  if (typeof b.is_production_mode === "boolean") project.isProductionMode = b.is_production_mode;
  if (typeof b.is_development_environment === "boolean") project.isDevelopmentEnvironment = b.is_development_environment;
  if (typeof b.onboarding_status === "string") project.onboardingStatus = b.onboarding_status;
  for (const [wire, field] of LOGO_FIELDS) if (b[wire] !== undefined) project[field] = b[wire] as string | null;
  const wireKeys = Object.keys((b.config ?? {}) as object);
  if (typeof b.require_email_verification === "boolean") {
    project.config.requireEmailVerification = b.require_email_verification;
    wireKeys.push("require_email_verification");
  }
  if (b.config) applyConfig(project.config, b.config as Record<string, unknown>);
  const { config, apiKeySets: _keptAsIs, ...scalars } = project;
  Object.assign(target, scalars);
  commitLegacyConfig(core.store, target, config, wireKeys);
}

const LOGO_FIELDS = [
  ["logo_url", "logoUrl"],
  ["logo_full_url", "logoFullUrl"],
  ["logo_dark_mode_url", "logoDarkModeUrl"],
  ["logo_full_dark_mode_url", "logoFullDarkModeUrl"],
] as const;

function patch(ctx: RequestContext) {
  const { project } = authOf(ctx);
  applyProjectBody(ctx.core, project, (ctx.body ?? {}) as Record<string, unknown>, ctx);
  ctx.effect("projects_updated");
  return json(adminProjectRead(project));
}

/**
 * `GET|PATCH|DELETE /internal/projects/current` (admin, wire §8.18): read, change and delete the project.
 *
 * @example
 * core.router.addAll(internalProjectRoutes(core));
 */
export function internalProjectRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    { method: "GET", path: "/internal/projects/current", access: ADMIN_ONLY, handler: (ctx) => json(adminProjectRead(authOf(ctx).project)) },
    { method: "PATCH", path: "/internal/projects/current", access: ADMIN_ONLY, body: projectPatchBody, handler: patch },
    {
      method: "DELETE",
      path: "/internal/projects/current",
      access: ADMIN_ONLY,
      handler: (ctx) => {
        const { project } = authOf(ctx);
        if (project.id === "internal") throw new StatusError(400, "The internal project cannot be deleted.");
        deleteProjectData(ctx.core.store, project.id);
        ctx.effect("projects_deleted");
        return success();
      },
    },
  ];
}
