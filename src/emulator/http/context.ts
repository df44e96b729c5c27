import type { IncomingMessage } from "node:http";
import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { ProjectRecord, UserRecord } from "../store/types";
import type { TokenKind } from "../tokens/access-token";
import type { AccessType } from "./access-type";

/**
 * The resolved project authentication of a request (wire §3), or `null` when no access type was sent.
 *
 * @example
 * if (ctx.auth?.type === "client" && ctx.auth.user?.id !== userId) throw new StatusError(403, "…");
 */
export interface AuthInfo {
  type: AccessType;
  project: ProjectRecord;
  branchId: string;
  /** The user of `x-stack-access-token`, if it was sent and the user still exists. */
  user: UserRecord | undefined;
  /** The session (`refresh_token_id`) of the access token. */
  refreshTokenId: string | undefined;
  tokenKind: TokenKind | undefined;
}

/**
 * Everything a route handler gets. `body`, `query` and `params` are already validated (and `me` resolved).
 *
 * @example
 * handler: (ctx) => json({ id: ctx.params.user_id })
 */
export interface RequestContext {
  core: EmulatorCore;
  req: IncomingMessage;
  method: string;
  /** The path as requested, e.g. `/api/v1/users/me`. */
  pathname: string;
  url: URL;
  /** Route name used in stats, e.g. `POST /auth/password/sign-in`. */
  routeName: string;
  auth: AuthInfo | null;
  // Validated request parts are loosely typed on purpose: each handler reads the fields its schema declared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: Record<string, any>;
  /** Reads a header; names starting with `x-stack-` also match their `x-hexclave-` twin. */
  header(name: string): string | undefined;
  /** Counts a side effect (e.g. `users_created`) in `/emulator/stats`. */
  effect(name: string, count?: number): void;
}

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
