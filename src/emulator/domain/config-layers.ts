import type { Store } from "../store/store";
import type { ProjectConfig, ProjectRecord } from "../store/types";
import { applyConfigDefaults, normalizeConfig, overrideConfig, type ConfigTree } from "./config-format";
import type { ConfigLevel } from "./config-schema";
import { CONFIG_GROUPS, groupSnapshot, modelledConfig } from "./config-view";
import { listCatalog } from "./email-catalog";

/**
 * Key of the per-project config override records in `store.extra`.
 *
 * @example
 * store.extra[CONFIG_LAYERS_FAMILY];
 */
export const CONFIG_LAYERS_FAMILY = "config-layers";
/** Where earlier emulator versions kept override values they did not model (folded into the environment level). */
const LEGACY_EXTRAS_FAMILY = "config-overrides";

/**
 * Where the branch config was pushed from (wire shape of `GET /internal/config/source`).
 *
 * @example
 * const source: BranchConfigSource = { type: "pushed-from-unknown" };
 */
export type BranchConfigSource =
  | { type: "pushed-from-github"; owner: string; repo: string; branch: string; commit_hash: string; config_file_path: string; workflow_path?: string }
  | { type: "pushed-from-unknown" }
  | { type: "unlinked" };

/**
 * A project's raw config overrides per level, and the source of the branch level.
 *
 * @example
 * const { branch, environment } = configLayers(store, project);
 */
export interface ConfigLayers {
  projectId: string;
  project: ConfigTree;
  branch: ConfigTree;
  environment: ConfigTree;
  source: BranchConfigSource | null;
}

/** What a development environment's environment level always says (the platform adds it when reading). */
const DEVELOPMENT_ENVIRONMENT_OVERRIDE: ConfigTree = { "domains.allowLocalhost": true, "payments.testMode": true };

function layerRecord(store: Store, projectId: string): ConfigLayers {
  const list = (store.extra[CONFIG_LAYERS_FAMILY] ??= []) as ConfigLayers[];
  let layers = list.find((l) => l.projectId === projectId);
  if (!layers) {
    const legacy = ((store.extra[LEGACY_EXTRAS_FAMILY] ?? []) as { projectId: string; tree: ConfigTree }[]).find((r) => r.projectId === projectId);
    list.push((layers = { projectId, project: {}, branch: {}, environment: legacy?.tree ?? {}, source: null }));
    if (legacy) store.extra[LEGACY_EXTRAS_FAMILY] = (store.extra[LEGACY_EXTRAS_FAMILY] as unknown[]).filter((r) => r !== legacy);
  }
  return layers;
}

function effectiveEnvironment(layers: ConfigLayers, project: ProjectRecord): ConfigTree {
  return project.isDevelopmentEnvironment ? overrideConfig(layers.environment, DEVELOPMENT_ENVIRONMENT_OVERRIDE) : layers.environment;
}

/** The config the layers render to: defaults, then project, branch and environment overrides, normalized. */
function render(layers: Pick<ConfigLayers, ConfigLevel>, project: ProjectRecord): ConfigTree {
  const chain = overrideConfig(overrideConfig(layers.project, layers.branch), effectiveEnvironment(layers as ConfigLayers, project));
  return normalizeConfig(applyConfigDefaults(chain));
}

/**
 * The project's override layers, reconciled with `project.config` first: a setting changed on `project.config`
 * directly (the legacy project endpoints, seeding, tests) is written to its level as the platform's legacy
 * endpoints do, and `project.config` is then set to what the layers render to.
 */
function synced(store: Store, project: ProjectRecord): ConfigLayers {
  const layers = layerRecord(store, project.id);
  const rendered = { ...project.config, ...modelledConfig(render(layers, project)) } as ProjectConfig;
  let drifted = false;
  for (const group of CONFIG_GROUPS) {
    if (groupSnapshot(group, project.config) === groupSnapshot(group, rendered)) continue;
    layers[group.level] = overrideConfig(layers[group.level], group.toOverride(project.config));
    drifted = true;
  }
  Object.assign(project.config, drifted ? modelledConfig(render(layers, project)) : rendered);
  if (drifted) store.touch();
  return layers;
}

/**
 * The raw override of one level (the environment level of a development environment includes what the platform
 * forces there).
 *
 * @example
 * JSON.stringify(readConfigLayer(store, project, "branch"));
 */
export function readConfigLayer(store: Store, project: ProjectRecord, level: ConfigLevel): ConfigTree {
  const layers = synced(store, project);
  return level === "environment" ? effectiveEnvironment(layers, project) : layers[level];
}

/**
 * The project's complete rendered config (`GET /internal/config`): defaults plus every level, with the e-mail
 * themes and templates of the project.
 *
 * @example
 * renderProjectConfig(store, project).auth.allowSignUp; // true
 */
export function renderProjectConfig(store: Store, project: ProjectRecord): ConfigTree {
  const rendered = render(synced(store, project), project);
  const catalog = (kind: "theme" | "template") =>
    Object.fromEntries(listCatalog(store, project.id, kind).map((r) => [r.id, { displayName: r.displayName, tsxSource: r.tsxSource, ...(kind === "template" ? { themeId: r.themeId } : {}) }]));
  const emails = (rendered.emails ?? {}) as ConfigTree;
  rendered.emails = { ...emails, themes: catalog("theme"), templates: catalog("template") };
  return rendered;
}

/**
 * Replaces one level's override with `change(current)` and updates `project.config` to the new rendering.
 *
 * @example
 * writeConfigLayer(store, project, "environment", (env) => overrideConfig(env, { "auth.allowSignUp": false }));
 */
export function writeConfigLayer(store: Store, project: ProjectRecord, level: ConfigLevel, change: (current: ConfigTree) => ConfigTree): void {
  const layers = synced(store, project);
  layers[level] = change(layers[level]);
  Object.assign(project.config, modelledConfig(render(layers, project)));
  store.touch();
}

/**
 * Records a legacy project write (`config` of `POST /internal/projects` or `PATCH /internal/projects/current`):
 * the groups named by `wireKeys` are written from `draft` to their level, like the platform, and every other
 * field of `draft` (emulator switches) is kept as given.
 *
 * @example
 * commitLegacyConfig(store, project, draft, ["sign_up_enabled"]);
 */
export function commitLegacyConfig(store: Store, project: ProjectRecord, draft: ProjectConfig, wireKeys: readonly string[]): void {
  const layers = synced(store, project);
  for (const group of CONFIG_GROUPS) {
    if (group.wire.some((w) => wireKeys.includes(w))) layers[group.level] = overrideConfig(layers[group.level], group.toOverride(draft));
  }
  Object.assign(project.config, draft, modelledConfig(render(layers, project)));
  store.touch();
}

/**
 * Where the branch config came from (`unlinked` until a push names a source).
 *
 * @example
 * branchConfigSource(store, project.id); // { type: "unlinked" }
 */
export function branchConfigSource(store: Store, projectId: string): BranchConfigSource {
  return layerRecord(store, projectId).source ?? { type: "unlinked" };
}

/**
 * Sets where the branch config came from.
 *
 * @example
 * setBranchConfigSource(store, project.id, { type: "unlinked" });
 */
export function setBranchConfigSource(store: Store, projectId: string, source: BranchConfigSource): void {
  layerRecord(store, projectId).source = source;
  store.touch();
}
