import type { Field } from "./schema";
import type { AuthInfo, RequestContext } from "./context";
import type { Reply } from "./reply";
import type { AccessType } from "./access-type";

export type { AccessType } from "./access-type";

/**
 * HTTP methods the platform accepts (anything else is a 405).
 *
 * @example
 * const m: Method = "PATCH";
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Access shorthands: `client` = client or higher, `server` = server or admin, `admin` = admin only.
 *
 * @example
 * router.add({ method: "GET", path: "/users/me", access: CLIENT_OR_HIGHER, handler });
 */
export const CLIENT_OR_HIGHER: readonly AccessType[] = ["client", "server", "admin"];
/**
 * Server or admin access.
 *
 * @example
 * router.add({ method: "POST", path: "/auth/sessions", access: SERVER_OR_HIGHER, handler });
 */
export const SERVER_OR_HIGHER: readonly AccessType[] = ["server", "admin"];
/**
 * Admin access only.
 *
 * @example
 * router.add({ method: "GET", path: "/internal/projects/current", access: ADMIN_ONLY, handler });
 */
export const ADMIN_ONLY: readonly AccessType[] = ["admin"];

/**
 * One route. `path` is relative to `/api/v1` for `scope: "api"` (the default) and absolute for `scope: "root"`.
 * Path parameters are written `:name`; a last segment `*name` takes the rest of the path. `access` lists the allowed access types (`ACCESS_TYPE_REQUIRED` /
 * `INSUFFICIENT_ACCESS_TYPE` otherwise); `"any"` also admits requests without an access type. `user:
 * "required"` rejects requests without a signed-in user with `SCHEMA_ERROR` "auth.user must be defined".
 * `body`/`query`/`params` are object fields; unknown keys are rejected unless the field allows them. Omit
 * `body` to ignore the body entirely.
 *
 * @example
 * router.add({ method: "GET", path: "/users/me", access: CLIENT_OR_HIGHER, handler: (ctx) => json(readMe(ctx)) });
 */
export interface RouteDef {
  method: Method;
  path: string;
  scope?: "api" | "root";
  access: readonly AccessType[] | "any";
  /** `"internal"`: the request must be on the `internal` project (`SCHEMA_ERROR` "auth.project.id must be one of …"). */
  project?: "internal";
  user?: "required";
  /** The body schema, or one per access type (like the platform's per-access-type overloads). */
  body?: Field | ((auth: AuthInfo | null) => Field);
  query?: Field;
  params?: Field;
  /** Name used in stats and fault patterns; defaults to `"<METHOD> <path>"`. */
  name?: string;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
}

interface CompiledRoute {
  def: RouteDef;
  name: string;
  regex: RegExp;
  paramNames: string[];
  literalSegments: number;
}

/**
 * The result of matching a request path.
 *
 * @example
 * const m = router.match("api", "GET", "/users/me");
 * if (m.kind === "found") await m.route.handler(ctx);
 */
export type RouteMatch =
  | { kind: "found"; route: RouteDef; name: string; params: Record<string, string> }
  | { kind: "method-not-allowed" }
  | { kind: "not-found" };

/**
 * A tiny router: route families register here; the most specific pattern (most literal segments) wins.
 *
 * @example
 * const router = new Router();
 * router.add({ method: "GET", path: "/health", scope: "root", access: "any", handler: () => json({ status: "ok" }) });
 */
export class Router {
  private readonly routes: CompiledRoute[] = [];

  /** Registers a route. */
  add(def: RouteDef): this {
    const paramNames: string[] = [];
    const segments = def.path.split("/").filter(Boolean);
    const pattern = segments
      .map((seg) => {
        if (seg.startsWith(":")) {
          paramNames.push(seg.slice(1));
          return "/([^/]+)";
        }
        if (seg.startsWith("*")) {
          paramNames.push(seg.slice(1));
          return "/(.*)";
        }
        return "/" + seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    this.routes.push({
      def,
      name: def.name ?? `${def.method} ${def.path || "/"}`,
      regex: new RegExp(`^${pattern}/?$`),
      paramNames,
      literalSegments: segments.filter((s) => !s.startsWith(":") && !s.startsWith("*")).length,
    });
    this.routes.sort((a, b) => b.literalSegments - a.literalSegments);
    return this;
  }

  /** Registers several routes. */
  addAll(defs: RouteDef[]): this {
    for (const d of defs) this.add(d);
    return this;
  }

  /** Every registered route with its name, most specific pattern first (for tools that walk the whole API). */
  list(): { def: RouteDef; name: string }[] {
    return this.routes.map((r) => ({ def: r.def, name: r.name }));
  }

  /** Finds the route for a method and a path (relative to `/api/v1` for the api scope). */
  match(scope: "api" | "root", method: string, path: string): RouteMatch {
    let pathMatched = false;
    for (const r of this.routes) {
      if ((r.def.scope ?? "api") !== scope) continue;
      const m = r.regex.exec(path === "" ? "/" : path);
      if (!m) continue;
      pathMatched = true;
      if (r.def.method !== method) continue;
      const params: Record<string, string> = {};
      r.paramNames.forEach((n, i) => (params[n] = safeDecode(m[i + 1] ?? "")));
      return { kind: "found", route: r.def, name: r.name, params };
    }
    return pathMatched ? { kind: "method-not-allowed" } : { kind: "not-found" };
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
