import type { AuthContext } from "../auth/context";
import { productionModeErrors } from "./admin-production-mode";
import type { ProductionModeError } from "./admin-production-mode";
export { productionModeErrors, type ProductionModeError } from "./admin-production-mode";
import { optionalObject, requireString } from "../apps/options";
import { ArgumentError } from "../errors/base";
import { resourceCache } from "./cached";
import type { ProjectJson } from "./projects";

/** @internal Wire shape of an OAuth provider in the admin project config. */
interface OAuthProviderConfigJson {
  id: string;
  type: "shared" | "standard";
  client_id?: string;
  client_secret?: string;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
}

/** @internal Wire shape of the e-mail server config. */
type EmailConfigJson =
  | { type: "shared" }
  | { type: "standard"; host: string; port: number; username: string; password: string; sender_name: string; sender_email: string };

/** @internal The admin shape of `GET /internal/projects/current` (wire §8.18). */
export interface AdminProjectJson extends Omit<ProjectJson, "config"> {
  description: string | null;
  created_at_millis: number;
  is_production_mode: boolean;
  owner_team_id: string | null;
  /** The client config's flags, plus the settings only admins see. */
  config: Omit<ProjectJson["config"], "enabled_oauth_providers"> & {
    allow_localhost: boolean;
    oauth_account_merge_strategy: "link_method" | "raise_error" | "allow_duplicates";
    oauth_providers: OAuthProviderConfigJson[];
    email_config: EmailConfigJson;
    email_theme: string;
    domains: { domain: string; handler_path: string }[];
    create_team_on_sign_up: boolean;
    team_creator_default_permissions: { id: string }[];
    team_member_default_permissions: { id: string }[];
    user_default_permissions: { id: string }[];
  };
}

/**
 * An OAuth provider as the project configures it: the platform's shared keys, or your own OAuth app.
 *
 * @example
 * const github: AdminOAuthProviderConfig = { id: "github", type: "standard", clientId: "Iv1…", clientSecret: "…" };
 */
export type AdminOAuthProviderConfig =
  | { id: string; type: "shared" }
  | { id: string; type: "standard"; clientId: string; clientSecret: string; facebookConfigId?: string; microsoftTenantId?: string };

/**
 * The e-mail server a project sends through: the platform's shared one, or your own SMTP server.
 *
 * @example
 * const smtp: AdminEmailConfig = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@example.com" };
 */
export type AdminEmailConfig =
  | { type: "shared" }
  | { type: "standard"; host: string; port: number; username: string; password: string; senderName: string; senderEmail: string };

/**
 * A trusted domain: redirects may go there, and its handler pages live under `handlerPath`.
 *
 * @example
 * const domain: AdminDomainConfig = { domain: "https://app.example.com", handlerPath: "/handler" };
 */
export interface AdminDomainConfig {
  domain: string;
  handlerPath: string;
}

/**
 * The project configuration an admin sees (a superset of the client `Project["config"]`).
 *
 * @example
 * const { config } = await admin.getProject();
 * if (config.allowLocalhost) console.warn("localhost is trusted");
 */
export interface AdminProjectConfig {
  signUpEnabled: boolean;
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  clientTeamCreationEnabled: boolean;
  clientUserDeletionEnabled: boolean;
  allowUserApiKeys: boolean;
  allowTeamApiKeys: boolean;
  allowLocalhost: boolean;
  oauthAccountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates";
  oauthProviders: AdminOAuthProviderConfig[];
  emailConfig: AdminEmailConfig;
  /** Id of the e-mail theme used by default. */
  emailTheme: string;
  domains: AdminDomainConfig[];
  createTeamOnSignUp: boolean;
  teamCreatorDefaultPermissions: { id: string }[];
  teamMemberDefaultPermissions: { id: string }[];
  userDefaultPermissions: { id: string }[];
}

/**
 * What `AdminProject.update` may change. Only the given fields are sent; `config` fields likewise.
 *
 * @example
 * await project.update({ displayName: "Acme", config: { signUpEnabled: false } });
 */
export interface AdminProjectUpdate {
  displayName?: string;
  description?: string | null;
  /** Refused locally (ArgumentError, no request) while `getProductionModeErrors()` would report anything. */
  isProductionMode?: boolean;
  config?: Partial<AdminProjectConfig>;
}

/**
 * The project as its owner sees it: every setting, plus the actions an admin can take on it. The fields are a
 * snapshot; call `admin.getProject()` again after a change to read the new values.
 *
 * @example
 * const project = await admin.getProject();
 * await project.update({ config: { allowLocalhost: false } });
 */
export interface AdminProject {
  id: string;
  displayName: string;
  description: string;
  createdAt: Date;
  isProductionMode: boolean;
  ownerTeamId: string | null;
  config: AdminProjectConfig;
  /** `PATCH /internal/projects/current` with the snake_case fields. */
  update(data: AdminProjectUpdate): Promise<void>;
  /** Deletes the project and everything in it. */
  delete(): Promise<void>;
  /** The project's complete rendered configuration (`GET /internal/config`). */
  getConfig(): Promise<Record<string, unknown>>;
  /** Applies a config override such as `{ "auth.allowSignUp": false }` (`PATCH /internal/config/override`). */
  updateConfig(overrides: Record<string, unknown>): Promise<void>;
  /** Why production mode would be refused, computed locally from this snapshot; empty when it is allowed. */
  getProductionModeErrors(): ProductionModeError[];
}

const BOOLEAN_FIELDS = [
  ["signUpEnabled", "sign_up_enabled"],
  ["credentialEnabled", "credential_enabled"],
  ["magicLinkEnabled", "magic_link_enabled"],
  ["passkeyEnabled", "passkey_enabled"],
  ["clientTeamCreationEnabled", "client_team_creation_enabled"],
  ["clientUserDeletionEnabled", "client_user_deletion_enabled"],
  ["allowUserApiKeys", "allow_user_api_keys"],
  ["allowTeamApiKeys", "allow_team_api_keys"],
  ["allowLocalhost", "allow_localhost"],
  ["createTeamOnSignUp", "create_team_on_sign_up"],
] as const;

const PERMISSION_LISTS = [
  ["teamCreatorDefaultPermissions", "team_creator_default_permissions"],
  ["teamMemberDefaultPermissions", "team_member_default_permissions"],
  ["userDefaultPermissions", "user_default_permissions"],
] as const;

const MERGE_STRATEGIES = ["link_method", "raise_error", "allow_duplicates"];

/** @internal The admin project of the app (cached). */
export const adminProjectCache = (ctx: AuthContext) =>
  resourceCache(ctx, "admin-project", () => ctx.core.request<AdminProjectJson>({ path: "/internal/projects/current" }));

/** @internal Wire config → public config. */
export function adminConfigFromJson(c: AdminProjectJson["config"]): AdminProjectConfig {
  const config = {} as Record<string, unknown>;
  for (const [key, wire] of BOOLEAN_FIELDS) config[key] = c[wire];
  for (const [key, wire] of PERMISSION_LISTS) config[key] = (c[wire] ?? []).map(({ id }) => ({ id }));
  const e = c.email_config;
  return {
    ...(config as Pick<AdminProjectConfig, (typeof BOOLEAN_FIELDS)[number][0] | (typeof PERMISSION_LISTS)[number][0]>),
    oauthAccountMergeStrategy: c.oauth_account_merge_strategy,
    oauthProviders: (c.oauth_providers ?? []).map((p) =>
      p.type === "standard"
        ? {
            id: p.id,
            type: "standard",
            clientId: p.client_id ?? "",
            clientSecret: p.client_secret ?? "",
            ...(p.facebook_config_id ? { facebookConfigId: p.facebook_config_id } : {}),
            ...(p.microsoft_tenant_id ? { microsoftTenantId: p.microsoft_tenant_id } : {}),
          }
        : { id: p.id, type: "shared" },
    ),
    emailConfig:
      e?.type === "standard"
        ? { type: "standard", host: e.host, port: e.port, username: e.username, password: e.password, senderName: e.sender_name, senderEmail: e.sender_email }
        : { type: "shared" },
    emailTheme: c.email_theme,
    domains: (c.domains ?? []).map((d) => ({ domain: d.domain, handlerPath: d.handler_path })),
  };
}

const isBool = (v: unknown) => typeof v === "boolean";
const bad = (what: string) => new ArgumentError(what);

/** @internal Validated public config changes → the wire `config` object (only the given fields). */
export function adminConfigToJson(config: Partial<AdminProjectConfig>): Record<string, unknown> {
  const c = optionalObject(config, "config") as Partial<AdminProjectConfig>;
  const out: Record<string, unknown> = {};
  for (const [key, wire] of BOOLEAN_FIELDS) {
    if (c[key] === undefined) continue;
    if (!isBool(c[key])) throw bad(`config.${key} must be a boolean.`);
    out[wire] = c[key];
  }
  for (const [key, wire] of PERMISSION_LISTS) {
    const list = c[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((p) => typeof p?.id !== "string" || !p.id)) throw bad(`config.${key} must be an array of { id }.`);
    out[wire] = list.map(({ id }) => ({ id }));
  }
  if (c.oauthAccountMergeStrategy !== undefined) {
    if (!MERGE_STRATEGIES.includes(c.oauthAccountMergeStrategy)) throw bad(`config.oauthAccountMergeStrategy must be one of ${MERGE_STRATEGIES.join(", ")}.`);
    out.oauth_account_merge_strategy = c.oauthAccountMergeStrategy;
  }
  if (c.emailTheme !== undefined) out.email_theme = requireString(c.emailTheme, "config.emailTheme");
  if (c.domains !== undefined) {
    if (!Array.isArray(c.domains)) throw bad("config.domains must be an array of { domain, handlerPath }.");
    out.domains = c.domains.map((d, i) => ({
      domain: requireString(d?.domain, `config.domains[${i}].domain`),
      handler_path: requireString(d?.handlerPath, `config.domains[${i}].handlerPath`),
    }));
  }
  if (c.oauthProviders !== undefined) {
    if (!Array.isArray(c.oauthProviders)) throw bad("config.oauthProviders must be an array.");
    out.oauth_providers = c.oauthProviders.map((p, i) => oauthProviderToJson(p, `config.oauthProviders[${i}]`));
  }
  if (c.emailConfig !== undefined) out.email_config = emailConfigToJson(c.emailConfig, "config.emailConfig");
  return out;
}

function oauthProviderToJson(p: AdminOAuthProviderConfig, name: string): OAuthProviderConfigJson {
  if (typeof p !== "object" || p === null) throw bad(`${name} must be an object.`);
  const id = requireString(p.id, `${name}.id`);
  if (p.type === "shared") return { id, type: "shared" };
  if (p.type !== "standard") throw bad(`${name}.type must be "shared" or "standard".`);
  const out: OAuthProviderConfigJson = {
    id,
    type: "standard",
    client_id: requireString(p.clientId, `${name}.clientId`),
    client_secret: requireString(p.clientSecret, `${name}.clientSecret`),
  };
  if (p.facebookConfigId !== undefined) out.facebook_config_id = requireString(p.facebookConfigId, `${name}.facebookConfigId`);
  if (p.microsoftTenantId !== undefined) out.microsoft_tenant_id = requireString(p.microsoftTenantId, `${name}.microsoftTenantId`);
  return out;
}

/** @internal A validated SMTP config → wire (`sender_name`, …). */
export function smtpToJson(e: Omit<Extract<AdminEmailConfig, { type: "standard" }>, "type">, name: string) {
  if (typeof e !== "object" || e === null) throw bad(`${name} must be an object.`);
  if (!Number.isInteger(e.port) || e.port < 1 || e.port > 65535) throw bad(`${name}.port must be an integer from 1 to 65535.`);
  if (typeof e.username !== "string") throw bad(`${name}.username must be a string.`);
  if (typeof e.password !== "string") throw bad(`${name}.password must be a string.`);
  return {
    host: requireString(e.host, `${name}.host`),
    port: e.port,
    username: e.username,
    password: e.password,
    sender_name: requireString(e.senderName, `${name}.senderName`),
    sender_email: requireString(e.senderEmail, `${name}.senderEmail`),
  };
}

function emailConfigToJson(e: AdminEmailConfig, name: string): EmailConfigJson {
  if (typeof e !== "object" || e === null) throw bad(`${name} must be an object.`);
  if (e.type === "shared") return { type: "shared" };
  if (e.type !== "standard") throw bad(`${name}.type must be "shared" or "standard".`);
  return { type: "standard", ...smtpToJson(e, name) };
}

/** @internal Validated public project changes → the wire body of `PATCH /internal/projects/current`. */
export function adminProjectUpdateToJson(data: AdminProjectUpdate): Record<string, unknown> {
  const d = optionalObject(data, "project update") as AdminProjectUpdate;
  const out: Record<string, unknown> = {};
  if (d.displayName !== undefined) out.display_name = requireString(d.displayName, "displayName");
  if (d.description !== undefined) {
    if (d.description !== null && typeof d.description !== "string") throw bad("description must be a string or null.");
    out.description = d.description;
  }
  if (d.isProductionMode !== undefined) {
    if (!isBool(d.isProductionMode)) throw bad("isProductionMode must be a boolean.");
    out.is_production_mode = d.isProductionMode;
  }
  if (d.config !== undefined) out.config = adminConfigToJson(d.config);
  return out;
}

/** @internal Refreshes what a project change can alter. */
function changed(ctx: AuthContext): Promise<void> {
  return adminProjectCache(ctx).refresh([]);
}

/** @internal camelCase fields from the wire, and the project's actions bound to `ctx`. */
export function adminProjectFromJson(ctx: AuthContext, p: AdminProjectJson): AdminProject {
  const config = adminConfigFromJson(p.config);
  const project: AdminProject = {
    id: p.id,
    displayName: p.display_name,
    description: p.description ?? "",
    createdAt: new Date(p.created_at_millis),
    isProductionMode: p.is_production_mode,
    ownerTeamId: p.owner_team_id ?? null,
    config,
    async update(data) {
      const body = adminProjectUpdateToJson(data);
      if (data.isProductionMode === true) {
        const errors = productionModeErrors(p.id, { ...config, ...data.config });
        if (errors.length > 0) {
          throw new ArgumentError(`Production mode cannot be enabled yet:\n${errors.map((e) => `- ${e.message} (fix: ${e.relativeFixUrl})`).join("\n")}`);
        }
      }
      await ctx.core.request({ method: "PATCH", path: "/internal/projects/current", body });
      await changed(ctx);
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path: "/internal/projects/current" });
      adminProjectCache(ctx).invalidate([]);
    },
    getConfig: () => getConfig(ctx),
    updateConfig: (overrides) => updateConfig(ctx, overrides),
    getProductionModeErrors: () => productionModeErrors(p.id, config),
  };
  return project;
}

/** @internal The app's project, admin view (cached). */
export async function getAdminProject(ctx: AuthContext): Promise<AdminProject> {
  return adminProjectFromJson(ctx, await adminProjectCache(ctx).get([]));
}

/** @internal `GET /internal/config`: the rendered configuration, parsed. */
export async function getConfig(ctx: AuthContext): Promise<Record<string, unknown>> {
  const { config_string } = await ctx.core.request<{ config_string: string }>({ path: "/internal/config" });
  return JSON.parse(config_string) as Record<string, unknown>;
}

/** @internal `PATCH /internal/config/override` with the override as a JSON string. */
export async function updateConfig(ctx: AuthContext, overrides: Record<string, unknown>): Promise<void> {
  if (typeof overrides !== "object" || overrides === null || Array.isArray(overrides)) throw bad("overrides must be an object.");
  await ctx.core.request({ method: "PATCH", path: "/internal/config/override", body: { config_override_string: JSON.stringify(overrides) } });
  await changed(ctx);
}
