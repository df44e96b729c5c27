// Matching a request to a route. It reads only a route's method, path, scope and name, so it knows nothing of
// handlers or request contexts: the emulator's core (which owns one) can import it without a circle.

/**
 * HTTP methods the platform accepts (anything else is a 405).
 *
 * @example
 * const m: Method = "PATCH";
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What the matcher reads of a route. `path` is relative to `/api/v1` for `scope: "api"` (the default) and absolute
 * for `scope: "root"`; parameters are written `:name`, and a last segment `*name` takes the rest of the path.
 *
 * @example
 * const health: RoutePattern = { method: "GET", path: "/health", scope: "root" };
 */
export interface RoutePattern {
  method: Method;
  path: string;
  scope?: "api" | "root";
  /** Name used in stats and fault patterns; defaults to `"<METHOD> <path>"`. */
  name?: string;
}

interface CompiledRoute<Def> {
  def: Def;
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
export type RouteMatch<Def extends RoutePattern> =
  | { kind: "found"; route: Def; name: string; params: Record<string, string> }
  | { kind: "method-not-allowed" }
  | { kind: "not-found" };

/**
 * A tiny router: route families register here; the most specific pattern (most literal segments) wins, and among
 * patterns as specific, the one registered first.
 *
 * @example
 * const router = new Router<RouteDef>();
 * router.add({ method: "GET", path: "/health", scope: "root", access: "any", handler: () => json({ status: "ok" }) });
 */
export class Router<Def extends RoutePattern> {
  private readonly routes: CompiledRoute<Def>[] = [];

  /** Registers a route. */
  add(def: Def): this {
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
  addAll(defs: Def[]): this {
    for (const d of defs) this.add(d);
    return this;
  }

  /** Every registered route with its name, most specific pattern first (for tools that walk the whole API). */
  list(): { def: Def; name: string }[] {
    return this.routes.map((r) => ({ def: r.def, name: r.name }));
  }

  /** Finds the route for a method and a path (relative to `/api/v1` for the api scope). */
  match(scope: "api" | "root", method: string, path: string): RouteMatch<Def> {
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
