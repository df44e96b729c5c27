import type { ProjectConfig } from "../store/types";
import { newId } from "../util/random";
import type { ConfigTree } from "./config-format";

/**
 * One group of project settings the emulator keeps on `ProjectConfig` (what its routes read), with the config
 * keys that hold it: `toOverride` writes the settings as an override, `fields` are the `ProjectConfig` fields it
 * covers, `wire` the keys of the legacy `config` object of `/internal/projects` bodies that change it, and `level`
 * the override level a direct change of those fields belongs to.
 *
 * @example
 * const signUp = CONFIG_GROUPS.find((g) => g.fields.includes("signUpEnabled"));
 */
export interface ConfigGroup {
  fields: (keyof ProjectConfig)[];
  wire: string[];
  level: "project" | "environment";
  toOverride(config: ProjectConfig): ConfigTree;
}

const BOOLEANS: [string, keyof ProjectConfig, string][] = [
  ["project.requirePublishableClientKey", "requirePublishableClientKey", "require_publishable_client_key"],
  ["teams.createPersonalTeamOnSignUp", "createTeamOnSignUp", "create_team_on_sign_up"],
  ["teams.allowClientTeamCreation", "clientTeamCreationEnabled", "client_team_creation_enabled"],
  ["users.allowClientUserDeletion", "clientUserDeletionEnabled", "client_user_deletion_enabled"],
  ["onboarding.requireEmailVerification", "requireEmailVerification", "require_email_verification"],
  ["apiKeys.enabled.team", "allowTeamApiKeys", "allow_team_api_keys"],
  ["apiKeys.enabled.user", "allowUserApiKeys", "allow_user_api_keys"],
  ["domains.allowLocalhost", "allowLocalhost", "allow_localhost"],
  ["auth.allowSignUp", "signUpEnabled", "sign_up_enabled"],
  ["auth.password.allowSignIn", "credentialEnabled", "credential_enabled"],
  ["auth.otp.allowSignIn", "magicLinkEnabled", "magic_link_enabled"],
  ["auth.passkey.allowSignIn", "passkeyEnabled", "passkey_enabled"],
];
const SERVER_FIELDS: [string, string][] = [["host", "host"], ["port", "port"], ["username", "username"], ["password", "password"], ["senderName", "sender_name"], ["senderEmail", "sender_email"]];
const PERMISSION_LISTS: [string, "teamCreatorDefaultPermissions" | "teamMemberDefaultPermissions" | "userDefaultPermissions", string][] = [
  ["teamCreator", "teamCreatorDefaultPermissions", "team_creator_default_permissions"],
  ["teamMember", "teamMemberDefaultPermissions", "team_member_default_permissions"],
  ["signUp", "userDefaultPermissions", "user_default_permissions"],
];

/**
 * Every modelled settings group (the platform's legacy project fields and where they live in the config).
 *
 * @example
 * for (const g of CONFIG_GROUPS) console.log(g.fields, Object.keys(g.toOverride(project.config)));
 */
export const CONFIG_GROUPS: readonly ConfigGroup[] = [
  ...BOOLEANS.map(([path, field, wire]): ConfigGroup => ({
    fields: [field],
    wire: [wire],
    level: path.startsWith("project.") ? "project" : "environment",
    toOverride: (c) => ({ [path]: c[field] }),
  })),
  { fields: ["oauthAccountMergeStrategy"], wire: ["oauth_account_merge_strategy"], level: "environment", toOverride: (c) => ({ "auth.oauth.accountMergeStrategy": c.oauthAccountMergeStrategy }) },
  {
    fields: ["oauthProviders"],
    wire: ["oauth_providers"],
    level: "environment",
    toOverride: (c) => ({
      "auth.oauth.providers": Object.fromEntries(
        c.oauthProviders.map((o) => [
          o.id,
          JSON.parse(JSON.stringify({ type: o.id, isShared: o.type === "shared", clientId: o.clientId, clientSecret: o.clientSecret, facebookConfigId: o.facebookConfigId, microsoftTenantId: o.microsoftTenantId, allowSignIn: true, allowConnectedAccounts: true })),
        ]),
      ),
    }),
  },
  {
    fields: ["domains"],
    wire: ["domains"],
    level: "environment",
    toOverride: (c) => ({ "domains.trustedDomains": Object.fromEntries(c.domains.map((d) => [newId(), { baseUrl: d.domain, handlerPath: d.handlerPath }])) }),
  },
  {
    fields: ["emailConfig"],
    wire: ["email_config"],
    level: "environment",
    toOverride: (c) => {
      const e = c.emailConfig;
      const server: ConfigTree = { isShared: e.type !== "standard", provider: "smtp" };
      for (const [camel, snake] of SERVER_FIELDS) if (e[snake] !== undefined) server[camel] = e[snake];
      return { "emails.server": server };
    },
  },
  { fields: ["emailTheme"], wire: ["email_theme"], level: "environment", toOverride: (c) => ({ "emails.selectedThemeId": c.emailTheme }) },
  ...PERMISSION_LISTS.map(([wire, field, legacy]): ConfigGroup => ({
    fields: [field],
    wire: [legacy],
    level: "environment",
    toOverride: (c) => ({ [`rbac.defaultPermissions.${wire}`]: Object.fromEntries(c[field].map((id) => [id, true])) }),
  })),
];

const isTree = (v: unknown): v is ConfigTree => typeof v === "object" && v !== null && !Array.isArray(v);
const at = (tree: ConfigTree, path: string): unknown => path.split(".").reduce<unknown>((n, k) => (isTree(n) ? n[k] : undefined), tree);
const entries = (v: unknown): [string, ConfigTree][] => (isTree(v) ? Object.entries(v).filter((e): e is [string, ConfigTree] => isTree(e[1])) : []);
const byKey = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * The modelled settings of a rendered config, as the platform derives its legacy project fields: OAuth providers
 * that allow sign-in (sorted by id), trusted domains with a base URL (sorted), default permissions set to `true`.
 *
 * @example
 * Object.assign(project.config, modelledConfig(rendered));
 */
export function modelledConfig(rendered: ConfigTree): Partial<ProjectConfig> {
  const out: Record<string, unknown> = {};
  for (const [path, field] of BOOLEANS) out[field] = at(rendered, path) === true;
  out.oauthAccountMergeStrategy = at(rendered, "auth.oauth.accountMergeStrategy") ?? "link_method";
  out.oauthProviders = entries(at(rendered, "auth.oauth.providers"))
    .filter(([, p]) => typeof p.type === "string" && p.type !== "custom_oidc" && p.allowSignIn === true)
    .map(([id, p]) => {
      if (p.isShared !== false) return { id, type: "shared" };
      const extra = Object.fromEntries((["clientId", "clientSecret", "facebookConfigId", "microsoftTenantId"] as const).filter((k) => typeof p[k] === "string").map((k) => [k, p[k]]));
      return { id, type: "standard", ...extra };
    })
    .sort(byKey((p) => p.id));
  out.domains = entries(at(rendered, "domains.trustedDomains"))
    .filter(([, d]) => typeof d.baseUrl === "string")
    .map(([, d]) => ({ domain: d.baseUrl as string, handlerPath: typeof d.handlerPath === "string" ? d.handlerPath : "/handler" }))
    .sort(byKey((d) => d.domain));
  const server = (at(rendered, "emails.server") ?? {}) as ConfigTree;
  const email: ConfigTree = { type: server.isShared === false ? "standard" : "shared" };
  if (email.type === "standard") for (const [camel, snake] of SERVER_FIELDS) if (server[camel] !== undefined) email[snake] = server[camel];
  out.emailConfig = email;
  const theme = at(rendered, "emails.selectedThemeId");
  if (typeof theme === "string") out.emailTheme = theme;
  for (const [wire, field] of PERMISSION_LISTS) {
    out[field] = Object.entries((at(rendered, `rbac.defaultPermissions.${wire}`) ?? {}) as ConfigTree).filter(([, v]) => v === true).map(([id]) => id).sort();
  }
  return out as Partial<ProjectConfig>;
}

/** JSON with object keys sorted, so key order alone is no difference. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (isTree(v)) return `{${Object.keys(v).filter((k) => v[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

/**
 * The group's fields in a comparable form: lists are sorted and object keys ordered, so neither order counts as a
 * change.
 *
 * @example
 * if (groupSnapshot(group, a) !== groupSnapshot(group, b)) console.log("changed");
 */
export function groupSnapshot(group: ConfigGroup, config: ProjectConfig): string {
  return stable(group.fields.map((f) => {
    const v = config[f];
    return Array.isArray(v) ? v.map(stable).sort() : v;
  }));
}
