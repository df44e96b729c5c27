import { StatusError } from "../errors";
import { INPUT_LIMITS, tooDeepMessage } from "../http/limits";
import { cloneJson, getOwn, jsonDepthExceeds, setOwn } from "../util/json";
import type { Store } from "../store/store";
import type { OAuthProviderConfig, ProjectRecord } from "../store/types";
import { listCatalog } from "./email-catalog";

/**
 * Key of the records that keep override values the emulator does not model (returned as given).
 *
 * @example
 * store.extra[CONFIG_EXTRAS_FAMILY];
 */
export const CONFIG_EXTRAS_FAMILY = "config-overrides";

type Tree = Record<string, unknown>;
interface ExtrasRecord {
  projectId: string;
  tree: Tree;
}

const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => (v === undefined ? v : cloneJson(v));

function extras(store: Store, projectId: string): ExtrasRecord {
  const list = (store.extra[CONFIG_EXTRAS_FAMILY] ??= []) as ExtrasRecord[];
  let r = list.find((x) => x.projectId === projectId);
  if (!r) list.push((r = { projectId, tree: {} }));
  return r;
}

/** Merges `from` into `into`; recursion follows `from` only, which is the (shallow) modelled tree. */
function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const existing = getOwn(into, k);
    setOwn(into, k, isTree(v) && isTree(existing) ? deepMerge(existing, v) : clone(v));
  }
  return into;
}

/**
 * Sets (or with `null` deletes) a dotted path; a nested object replaces the whole subtree, like the platform. Keys
 * are plain data: `__proto__` or `constructor` in a path name a key, never a prototype.
 */
function setPath(tree: Tree, path: string[], value: unknown): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    let child = getOwn(node, key);
    if (!isTree(child)) setOwn(node, key, (child = {}));
    node = child as Tree;
  }
  const last = path[path.length - 1];
  if (value === null) delete node[last];
  else setOwn(node, last, clone(value));
}

function get(tree: Tree, path: string): unknown {
  return path.split(".").reduce<unknown>((n, k) => (isTree(n) ? getOwn(n, k) : undefined), tree);
}

/** Removes empty objects, innermost first, without recursion. */
function prune(tree: Tree): Tree {
  const edges: [parent: Tree, key: string, child: Tree][] = [];
  const todo: Tree[] = [tree];
  while (todo.length > 0) {
    const node = todo.pop()!;
    for (const [k, v] of Object.entries(node)) {
      if (!isTree(v)) continue;
      edges.push([node, k, v]);
      todo.push(v);
    }
  }
  // a child's edge is always found after its parent's, so walking backwards empties children first
  for (let i = edges.length - 1; i >= 0; i--) {
    const [parent, k, child] = edges[i];
    if (Object.keys(child).length === 0) delete parent[k];
  }
  return tree;
}

const BOOLEANS: [string, keyof ProjectRecord["config"], boolean][] = [
  ["project.requirePublishableClientKey", "requirePublishableClientKey", false],
  ["teams.createPersonalTeamOnSignUp", "createTeamOnSignUp", false],
  ["teams.allowClientTeamCreation", "clientTeamCreationEnabled", false],
  ["users.allowClientUserDeletion", "clientUserDeletionEnabled", false],
  ["onboarding.requireEmailVerification", "requireEmailVerification", false],
  ["apiKeys.enabled.team", "allowTeamApiKeys", false],
  ["apiKeys.enabled.user", "allowUserApiKeys", false],
  ["domains.allowLocalhost", "allowLocalhost", false],
  ["auth.allowSignUp", "signUpEnabled", true],
  ["auth.password.allowSignIn", "credentialEnabled", false],
  ["auth.otp.allowSignIn", "magicLinkEnabled", false],
  ["auth.passkey.allowSignIn", "passkeyEnabled", false],
];
const SERVER_FIELDS: [string, string][] = [["host", "host"], ["port", "port"], ["username", "username"], ["password", "password"], ["senderName", "sender_name"], ["senderEmail", "sender_email"]];
const PERMISSION_LISTS: [string, "teamCreatorDefaultPermissions" | "teamMemberDefaultPermissions" | "userDefaultPermissions"][] = [
  ["teamCreator", "teamCreatorDefaultPermissions"],
  ["teamMember", "teamMemberDefaultPermissions"],
  ["signUp", "userDefaultPermissions"],
];
const MODELLED = ["domains.trustedDomains", "auth.oauth.providers", "auth.oauth.accountMergeStrategy", "emails.server", "emails.selectedThemeId", "emails.themes", "emails.templates", "rbac.defaultPermissions", ...BOOLEANS.map((b) => b[0])];

function modelledTree(store: Store, p: ProjectRecord): Tree {
  const c = p.config;
  const tree: Tree = {};
  for (const [path, key] of BOOLEANS) setPath(tree, path.split("."), c[key]);
  setPath(tree, ["auth", "oauth", "accountMergeStrategy"], c.oauthAccountMergeStrategy);
  const providers: Tree = {};
  for (const o of c.oauthProviders) {
    providers[o.id] = { type: o.id, isShared: o.type === "shared", clientId: o.clientId, clientSecret: o.clientSecret, facebookConfigId: o.facebookConfigId, microsoftTenantId: o.microsoftTenantId, allowSignIn: true, allowConnectedAccounts: true };
  }
  setPath(tree, ["auth", "oauth", "providers"], providers);
  setPath(tree, ["domains", "trustedDomains"], Object.fromEntries(c.domains.map((d, i) => [String(i), { baseUrl: d.domain, handlerPath: d.handlerPath }])));
  const e = c.emailConfig as Record<string, unknown>;
  const server: Tree = { isShared: e.type !== "standard", provider: "smtp" };
  for (const [camel, snake] of SERVER_FIELDS) if (e[snake] !== undefined) server[camel] = e[snake];
  setPath(tree, ["emails", "server"], server);
  setPath(tree, ["emails", "selectedThemeId"], c.emailTheme);
  const catalog = (kind: "theme" | "template") =>
    Object.fromEntries(listCatalog(store, p.id, kind).map((r) => [r.id, { displayName: r.displayName, tsxSource: r.tsxSource, ...(kind === "template" ? { themeId: r.themeId } : {}) }]));
  setPath(tree, ["emails", "themes"], catalog("theme"));
  setPath(tree, ["emails", "templates"], catalog("template"));
  for (const [wire, key] of PERMISSION_LISTS) setPath(tree, ["rbac", "defaultPermissions", wire], Object.fromEntries(c[key].map((id) => [id, true])));
  return tree;
}

/**
 * The project's configuration in the platform's nested config format (`GET /internal/config` → `config_string`):
 * the modelled settings plus any override values the emulator keeps verbatim.
 *
 * @example
 * JSON.parse(json.config_string).auth.allowSignUp; // true
 */
export function renderConfig(store: Store, project: ProjectRecord): Tree {
  return deepMerge(clone(extras(store, project.id).tree), modelledTree(store, project));
}

function readBack(project: ProjectRecord, tree: Tree): void {
  const c = project.config;
  for (const [path, key, fallback] of BOOLEANS) {
    const v = get(tree, path) ?? fallback;
    if (typeof v !== "boolean") throw new StatusError(400, `Invalid config override: ${path} must be a boolean`);
    (c as unknown as Tree)[key] = v;
  }
  const merge = get(tree, "auth.oauth.accountMergeStrategy") ?? "link_method";
  if (!["link_method", "raise_error", "allow_duplicates"].includes(String(merge))) throw new StatusError(400, "Invalid config override: auth.oauth.accountMergeStrategy is not a merge strategy");
  c.oauthAccountMergeStrategy = merge as typeof c.oauthAccountMergeStrategy;
  const providers = (get(tree, "auth.oauth.providers") ?? {}) as Tree;
  c.oauthProviders = Object.entries(providers).filter(([, v]) => isTree(v)).map(([id, v]): OAuthProviderConfig => {
    const o = v as Tree;
    const standard = o.isShared === false;
    return { id, type: standard ? "standard" : "shared", ...(standard ? { clientId: o.clientId as string, clientSecret: o.clientSecret as string, facebookConfigId: o.facebookConfigId as string | undefined, microsoftTenantId: o.microsoftTenantId as string | undefined } : {}) };
  });
  const domains = (get(tree, "domains.trustedDomains") ?? {}) as Tree;
  c.domains = Object.values(domains).filter(isTree).filter((d) => typeof d.baseUrl === "string").map((d) => ({ domain: d.baseUrl as string, handlerPath: (d.handlerPath as string) ?? "/handler" }));
  const server = (get(tree, "emails.server") ?? {}) as Tree;
  const email: Tree = { type: server.isShared === false ? "standard" : "shared" };
  if (email.type === "standard") for (const [camel, snake] of SERVER_FIELDS) if (server[camel] !== undefined) email[snake] = server[camel];
  c.emailConfig = email;
  const theme = get(tree, "emails.selectedThemeId");
  if (typeof theme === "string") c.emailTheme = theme;
  for (const [wire, key] of PERMISSION_LISTS) {
    const perms = (get(tree, `rbac.defaultPermissions.${wire}`) ?? {}) as Tree;
    c[key] = Object.entries(perms).filter(([, v]) => v === true).map(([id]) => id);
  }
}

/**
 * Applies a config override (dotted keys like `"auth.allowSignUp": false` or nested objects, `null` deletes) to the
 * project: modelled settings change the project config, everything else is kept verbatim for `renderConfig`.
 * Themes and templates in the override are ignored (use their own endpoints). A config nested deeper than
 * `INPUT_LIMITS.maxJsonDepth` (through nested values or dotted keys) is refused with a 400.
 *
 * @example
 * applyConfigOverride(store, project, { "auth.allowSignUp": false, "teams.allowClientTeamCreation": true });
 */
export function applyConfigOverride(store: Store, project: ProjectRecord, override: Tree): void {
  const tree = renderConfig(store, project);
  for (const [key, value] of Object.entries(override)) setPath(tree, key.split("."), value);
  if (jsonDepthExceeds(tree, INPUT_LIMITS.maxJsonDepth)) throw new StatusError(400, `Invalid config JSON: ${tooDeepMessage("the resulting config")}`);
  const draft = clone(project);
  readBack(draft, tree);
  Object.assign(project.config, draft.config);
  for (const path of MODELLED) setPath(tree, path.split("."), null);
  extras(store, project.id).tree = prune(tree);
  store.touch();
}
