import type { AccessType } from "./access-type";

// What the route families declare routes with: the route type (defined with the core that owns the router, in
// core.ts; the router itself is route-matcher.ts), HTTP methods, access types and their shorthands.
export type { RouteDef } from "../core";
export type { AccessType } from "./access-type";
export type { Method, RouteMatch } from "./route-matcher";

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
