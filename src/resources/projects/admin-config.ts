import type { AppContext } from "../../core/context";
import { requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";

/**
 * A config override: keys are config paths, dotted (`"auth.allowSignUp"`) or nested (`{ auth: { allowSignUp } }`);
 * a `null` value resets a setting to its default (or removes a record entry such as an OAuth provider).
 *
 * @example
 * const override: ConfigOverride = { "auth.allowSignUp": false, "teams.allowClientTeamCreation": true };
 */
export type ConfigOverride = Record<string, unknown>;

/**
 * The config override levels an admin reads and writes: `branch` (what `pushConfig` writes, e.g. from a config file
 * in your repository) and `environment` (what `updateConfig` and the dashboard write; it wins over the branch).
 *
 * @example
 * const level: ConfigOverrideLevel = "environment";
 */
export type ConfigOverrideLevel = "branch" | "environment";

/**
 * Where the pushed (branch) config came from: a GitHub repository, somewhere unknown (e.g. a CLI push), or nowhere
 * (`unlinked`: the config can be edited on the dashboard).
 *
 * @example
 * const source: PushedConfigSource = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commitHash: "3f2c1ab", configFilePath: "stack.config.ts" };
 */
export type PushedConfigSource =
  | { type: "pushed-from-github"; owner: string; repo: string; branch: string; commitHash: string; configFilePath: string; workflowPath?: string }
  | { type: "pushed-from-unknown" }
  | { type: "unlinked" };

/**
 * Options of `pushConfig`.
 *
 * @example
 * await project.pushConfig(config, { source: { type: "pushed-from-unknown" } } satisfies PushConfigOptions);
 */
export interface PushConfigOptions {
  source: PushedConfigSource;
}

/**
 * The config methods of an {@link AdminProject}. The rendered config is the platform's defaults, then the branch
 * override, then the environment override (environment values win); the project's fields (`config.signUpEnabled`,
 * …) follow it. Each change refreshes the cached project.
 *
 * @example
 * const project = await admin.getProject();
 * await project.pushConfig({ "auth.allowSignUp": false }, { source: { type: "pushed-from-unknown" } });
 * await project.updateConfig({ "auth.allowSignUp": true }); // the environment wins
 * (await project.getConfig()).auth; // { allowSignUp: true, … }
 */
export interface AdminProjectConfigMethods {
  /** The complete rendered config (`GET /internal/config`). */
  getConfig(): Promise<Record<string, unknown>>;
  /** Merges into the environment override; it wins over pushed config, also over later pushes. */
  updateConfig(config: ConfigOverride): Promise<void>;
  /** Replaces the pushed (branch) config and records where it came from. `updateConfig` values still win. */
  pushConfig(config: ConfigOverride, options: PushConfigOptions): Promise<void>;
  /** Merges into the pushed config until the next `pushConfig` replaces it. */
  updatePushedConfig(config: ConfigOverride): Promise<void>;
  /** Where the pushed config came from (`{ type: "unlinked" }` until a push names a source). */
  getPushedConfigSource(): Promise<PushedConfigSource>;
  /** Sets the source to `unlinked`; the pushed config stays. */
  unlinkPushedConfigSource(): Promise<void>;
  /** Removes keys from one level's override; `"a.b"` also removes `"a.b.c"` and `b` inside a nested `a`. */
  resetConfigOverrideKeys(level: ConfigOverrideLevel, keys: string[]): Promise<void>;
  /** One level's raw override, as stored (before merging and defaults). */
  getConfigOverride(level: ConfigOverrideLevel): Promise<Record<string, unknown>>;
  /** Replaces one level's whole override (the branch keeps its source). */
  replaceConfigOverride(level: ConfigOverrideLevel, config: ConfigOverride): Promise<void>;
}

/** @internal The wire shape of a pushed-config source. */
type SourceJson =
  | { type: "pushed-from-github"; owner: string; repo: string; branch: string; commit_hash: string; config_file_path: string; workflow_path?: string }
  | { type: "pushed-from-unknown" }
  | { type: "unlinked" };

const LEVELS = ["branch", "environment"];

function checkJson(value: unknown, name: string, depth: number): void {
  if (depth > 64) throw new ArgumentError(`${name} is nested too deeply.`);
  if (value === null || typeof value === "string" || typeof value === "boolean" || value === undefined) return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new ArgumentError(`${name} must be a finite number.`);
    return;
  }
  if (Array.isArray(value)) return value.forEach((v, i) => checkJson(v, `${name}[${i}]`, depth + 1));
  const proto = typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) throw new ArgumentError(`${name} must be JSON: a string, number, boolean, null, array or plain object.`);
  for (const [k, v] of Object.entries(value as object)) checkJson(v, `${name}.${k}`, depth + 1);
}

/** @internal A plain-object override of JSON values, or an ArgumentError. */
export function requireConfigOverride(config: unknown, name = "config"): ConfigOverride {
  if (typeof config !== "object" || config === null || Array.isArray(config) || ![Object.prototype, null].includes(Object.getPrototypeOf(config))) {
    throw new ArgumentError(`${name} must be a plain object of config keys, e.g. { "auth.allowSignUp": false }.`);
  }
  for (const key of Object.keys(config)) if (!key) throw new ArgumentError(`${name} keys must not be empty.`);
  checkJson(config, name, 0);
  return config as ConfigOverride;
}

function requireLevel(level: unknown): ConfigOverrideLevel {
  if (!LEVELS.includes(level as string)) throw new ArgumentError(`level must be "branch" or "environment".`);
  return level as ConfigOverrideLevel;
}

/** @internal A validated source → wire (`commit_hash`, …). */
export function sourceToJson(source: PushedConfigSource): SourceJson {
  if (typeof source !== "object" || source === null) throw new ArgumentError("options.source must be an object such as { type: \"pushed-from-unknown\" }.");
  if (source.type === "pushed-from-unknown" || source.type === "unlinked") return { type: source.type };
  if (source.type !== "pushed-from-github") throw new ArgumentError(`options.source.type must be "pushed-from-github", "pushed-from-unknown" or "unlinked".`);
  const s = (v: unknown, n: string) => requireString(v, `options.source.${n}`);
  return {
    type: "pushed-from-github",
    owner: s(source.owner, "owner"),
    repo: s(source.repo, "repo"),
    branch: s(source.branch, "branch"),
    commit_hash: s(source.commitHash, "commitHash"),
    config_file_path: s(source.configFilePath, "configFilePath"),
    ...(source.workflowPath === undefined ? {} : { workflow_path: s(source.workflowPath, "workflowPath") }),
  };
}

/** @internal Wire source → public (camelCase). */
export function sourceFromJson(source: SourceJson): PushedConfigSource {
  if (source.type !== "pushed-from-github") return { type: source.type };
  return {
    type: "pushed-from-github",
    owner: source.owner,
    repo: source.repo,
    branch: source.branch,
    commitHash: source.commit_hash,
    configFilePath: source.config_file_path,
    ...(source.workflow_path === undefined ? {} : { workflowPath: source.workflow_path }),
  };
}

const overridePath = (level: string) => `/internal/config/override/${level}`;

/** @internal Merges `config` into one level (`PATCH /internal/config/override/{level}`). */
export async function patchConfigOverride(ctx: AppContext, level: "project" | ConfigOverrideLevel, config: ConfigOverride): Promise<void> {
  await ctx.core.request({ method: "PATCH", path: overridePath(level), body: { config_override_string: JSON.stringify(config) } });
}

async function putConfigOverride(ctx: AppContext, level: ConfigOverrideLevel, config: ConfigOverride, source?: SourceJson): Promise<void> {
  await ctx.core.request({ method: "PUT", path: overridePath(level), body: { config_string: JSON.stringify(config), ...(source ? { source } : {}) } });
}

async function readSource(ctx: AppContext): Promise<SourceJson> {
  return (await ctx.core.request<{ source: SourceJson }>({ expect: "source{}", path: "/internal/config/source" })).source;
}

/**
 * @internal The config methods bound to `ctx` (the admin app of the project). Arguments are checked before any
 * request; every change calls `changed` (which refreshes the cached admin project).
 */
export function configMethods(ctx: AppContext, changed: () => Promise<void>): AdminProjectConfigMethods {
  return {
    async getConfig() {
      const { config_string } = await ctx.core.request<{ config_string: string }>({ expect: "config_string", path: "/internal/config" });
      return JSON.parse(config_string) as Record<string, unknown>;
    },
    async updateConfig(config) {
      await patchConfigOverride(ctx, "environment", requireConfigOverride(config));
      await changed();
    },
    async pushConfig(config, options) {
      const body = requireConfigOverride(config);
      if (typeof options !== "object" || options === null) throw new ArgumentError("pushConfig needs { source }, e.g. { source: { type: \"pushed-from-unknown\" } }.");
      await putConfigOverride(ctx, "branch", body, sourceToJson(options.source));
      await changed();
    },
    async updatePushedConfig(config) {
      await patchConfigOverride(ctx, "branch", requireConfigOverride(config));
      await changed();
    },
    getPushedConfigSource: async () => sourceFromJson(await readSource(ctx)),
    async unlinkPushedConfigSource() {
      await ctx.core.request({ method: "DELETE", path: "/internal/config/source" });
      await changed();
    },
    async resetConfigOverrideKeys(level, keys) {
      const lvl = requireLevel(level);
      if (!Array.isArray(keys) || keys.some((k) => typeof k !== "string" || !k)) throw new ArgumentError("keys must be an array of config keys such as \"auth.allowSignUp\".");
      await ctx.core.request({ method: "POST", path: `${overridePath(lvl)}/reset-keys`, body: { keys } });
      await changed();
    },
    async getConfigOverride(level) {
      const { config_string } = await ctx.core.request<{ config_string: string }>({ expect: "config_string", path: overridePath(requireLevel(level)) });
      return JSON.parse(config_string) as Record<string, unknown>;
    },
    async replaceConfigOverride(level, config) {
      const lvl = requireLevel(level);
      const body = requireConfigOverride(config);
      await putConfigOverride(ctx, lvl, body, lvl === "branch" ? await readSource(ctx) : undefined);
      await changed();
    },
  };
}
