import type { EmulatorCore } from "../core";
import { overrideConfig, removeConfigKeys, type ConfigTree } from "../domain/config-format";
import { branchConfigSource, readConfigLayer, renderProjectConfig, setBranchConfigSource, writeConfigLayer, type BranchConfigSource } from "../domain/config-layers";
import { configOverrideProblem, type ConfigLevel } from "../domain/config-schema";
import { StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { ADMIN_ONLY, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { stringifyJson } from "../util/json";
import { branchSourceField } from "./config-source";

const DEVELOPMENT_ENVIRONMENT_BLOCKED = "Environment configuration overrides cannot be changed in a development environment. Update this in your production deployment instead.";

/** Where the deprecated `include-by-default` price sentinel sits (`payments.products.<id>.prices`), if anywhere. */
function includeByDefaultPath(value: unknown, path: string[] = []): string | null {
  if (value === "include-by-default") {
    return path.length >= 4 && path[0] === "payments" && path[1] === "products" && path[path.length - 1] === "prices" ? path.join(".") : null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const found = includeByDefaultPath(inner, [...path, ...key.split(".")]);
      if (found) return found;
    }
  }
  return null;
}

/** How deeply JSON nests (iteratively, so no input can exhaust the stack). */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    deepest = Math.max(deepest, depth);
    if (v && typeof v === "object") for (const inner of Object.values(v)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

/** Parses and validates an override string for `level` as the platform does; any problem is a 400 text. */
function parseOverride(raw: string, level: ConfigLevel): ConfigTree {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new StatusError(400, "Invalid config JSON");
  }
  // The platform's checks recurse; far deeper than any config, they would fail it with a 500: refuse it plainly.
  if (nestingDepth(parsed) > 200) throw new StatusError(400, "Invalid config JSON: nested too deeply");
  const legacy = includeByDefaultPath(parsed);
  if (legacy) throw new StatusError(400, `"include-by-default" is no longer supported at ${legacy}. Use an explicit $0 price instead.`);
  // The platform copies the value into a fresh object before checking it: scalars and arrays become objects.
  const copied = parsed === null ? null : typeof parsed === "object" && !Array.isArray(parsed) ? parsed : { ...(parsed as object) };
  const problem = configOverrideProblem(level, copied);
  if (problem) throw new StatusError(400, problem);
  return copied as ConfigTree;
}

/** Server access may only touch the branch level; nobody may write a development environment's environment level. */
function checkWrite(ctx: RequestContext, level: ConfigLevel, write: boolean): void {
  const { type, project } = authOf(ctx);
  if (type === "server" && level !== "branch") throw new StatusError(403, "Server access can only manage branch config overrides.");
  if (write && level === "environment" && project.isDevelopmentEnvironment === true) throw new StatusError(400, DEVELOPMENT_ENVIRONMENT_BLOCKED);
}

function getOverride(ctx: RequestContext) {
  const level = ctx.params.level as ConfigLevel;
  checkWrite(ctx, level, false);
  return json({ config_string: stringifyJson(readConfigLayer(ctx.core.store, authOf(ctx).project, level)) });
}

function putOverride(ctx: RequestContext) {
  const level = ctx.params.level as ConfigLevel;
  checkWrite(ctx, level, true);
  const config = parseOverride(ctx.body.config_string, level);
  if (level === "branch" && ctx.body.source === undefined) throw new StatusError(400, "source is required for branch level config");
  const { project } = authOf(ctx);
  writeConfigLayer(ctx.core.store, project, level, () => config);
  if (level === "branch") setBranchConfigSource(ctx.core.store, project.id, ctx.body.source as BranchConfigSource);
  ctx.effect("config_overrides_applied");
  return success();
}

function patchOverride(ctx: RequestContext, level: ConfigLevel) {
  checkWrite(ctx, level, true);
  const patch = parseOverride(ctx.body.config_override_string, level);
  writeConfigLayer(ctx.core.store, authOf(ctx).project, level, (current) => overrideConfig(current, patch));
  ctx.effect("config_overrides_applied");
  return success();
}

/**
 * The config override routes (wire: `apps/backend/src/app/api/latest/internal/config/**`):
 * `GET /internal/config` (admin) renders the complete config; `GET|PUT|PATCH /internal/config/override/{level}`
 * (server or admin; server only for `branch`) read, replace (`config_string`, plus `source` for `branch`) and merge
 * (`config_override_string`) one level; `POST /internal/config/override/{branch|environment}/reset-keys`
 * (admin) removes keys and everything under them; `PATCH /internal/config/override` (admin) merges into the
 * environment level. Overrides are checked against the platform's config schema, with its messages.
 *
 * @example
 * core.router.addAll(configOverrideRoutes(core));
 */
export function configOverrideRoutes(_core: EmulatorCore): RouteDef[] {
  const level = t.object({ level: t.string({ oneOf: ["project", "branch", "environment"] }).defined() });
  return [
    { access: ADMIN_ONLY, method: "GET", path: "/internal/config", handler: (ctx) => json({ config_string: stringifyJson(renderProjectConfig(ctx.core.store, authOf(ctx).project)) }) },
    {
      access: ADMIN_ONLY,
      method: "PATCH",
      path: "/internal/config/override",
      body: t.object({ config_override_string: t.string() }).defined(),
      handler: (ctx) => (ctx.body.config_override_string ? patchOverride(ctx, "environment") : success()),
    },
    { access: SERVER_OR_HIGHER, method: "GET", path: "/internal/config/override/:level", params: level, handler: getOverride },
    {
      access: SERVER_OR_HIGHER,
      method: "PUT",
      path: "/internal/config/override/:level",
      params: level,
      body: t.object({ config_string: t.string().defined(), source: branchSourceField() }).defined(),
      handler: putOverride,
    },
    {
      access: SERVER_OR_HIGHER,
      method: "PATCH",
      path: "/internal/config/override/:level",
      params: level,
      body: t.object({ config_override_string: t.string().defined() }).defined(),
      handler: (ctx) => patchOverride(ctx, ctx.params.level as ConfigLevel),
    },
    {
      access: ADMIN_ONLY,
      method: "POST",
      path: "/internal/config/override/:level/reset-keys",
      params: t.object({ level: t.string({ oneOf: ["branch", "environment"] }).defined() }),
      body: t.object({ keys: t.array(t.string().defined()).defined() }).defined(),
      handler: (ctx) => {
        const lvl = ctx.params.level as ConfigLevel;
        checkWrite(ctx, lvl, true);
        writeConfigLayer(ctx.core.store, authOf(ctx).project, lvl, (current) => removeConfigKeys(current, ctx.body.keys));
        ctx.effect("config_keys_reset");
        return success();
      },
    },
    { access: ADMIN_ONLY, method: "GET", path: "/internal/config/source", handler: (ctx) => json({ source: branchConfigSource(ctx.core.store, authOf(ctx).project.id) }) },
    {
      access: ADMIN_ONLY,
      method: "DELETE",
      path: "/internal/config/source",
      handler: (ctx) => {
        setBranchConfigSource(ctx.core.store, authOf(ctx).project.id, { type: "unlinked" });
        return success();
      },
    },
  ];
}
