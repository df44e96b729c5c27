import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { Project, ProjectJson } from "./client";

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


/** @internal The admin `config` object of `GET /internal/projects/current`: the client flags plus admin settings. */
export type AdminProjectConfigJson = Omit<ProjectJson["config"], "enabled_oauth_providers"> & {
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
export interface AdminProjectConfig extends Omit<Project["config"], "oauthProviders"> {
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


/** @internal Wire config → public config. */
export function adminConfigFromJson(c: AdminProjectConfigJson): AdminProjectConfig {
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

