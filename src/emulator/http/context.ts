import type { IncomingMessage } from "node:http";
import type { RequestContext } from "../core";
import { StatusError } from "../errors";
import type { UserRecord } from "../store/types";
import type { AuthInfo } from "./auth-info";

// What a route handler gets: the request context (defined with the core it holds, in core.ts) and the helpers that
// read it. Both types are re-exported here, where the route families import them from.
export type { RequestContext } from "../core";
export type { AuthInfo } from "./auth-info";

/**
 * Reads a request header. For `x-stack-<name>` the `x-hexclave-<name>` twin is read when the first is absent.
 *
 * @example
 * const projectId = readHeader(req, "x-stack-project-id");
 */
export function readHeader(req: IncomingMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  const pick = (n: string) => {
    const v = req.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  const v = pick(lower);
  if (v !== undefined) return v;
  return lower.startsWith("x-stack-") ? pick("x-hexclave-" + lower.slice("x-stack-".length)) : undefined;
}

/**
 * The request's auth; for routes that declare access types it is never null once the handler runs.
 *
 * @example
 * const { project } = authOf(ctx);
 */
export function authOf(ctx: RequestContext): AuthInfo {
  if (!ctx.auth) throw new StatusError(500, "Route declared no access types but needs project authentication");
  return ctx.auth;
}

/**
 * The signed-in user (routes declared with `user: "required"` always have one).
 *
 * @example
 * const me = userOf(ctx);
 */
export function userOf(ctx: RequestContext): UserRecord {
  const user = authOf(ctx).user;
  if (!user) throw new StatusError(500, "Route declared user: required but no user was resolved");
  return user;
}
