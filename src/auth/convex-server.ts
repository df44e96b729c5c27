// `ServerApp.getUser({ from: "convex", ctx })`: the full server user behind a Convex function's caller. Loaded on
// first use from the server app only, so no client bundle carries it.
import { ArgumentError } from "../errors/base";
import type { ServerUser } from "../resources/users/server-types";
import { getServerUser } from "../resources/users/server";
import { isUuid } from "../util/uuid";
import type { AppContext } from "../core/context";
import { readConvexIdentity } from "./convex";
import type { ConvexCtx } from "./convex-types";

/**
 * Options of `ServerApp.getUser({ from: "convex", ctx })`: the Convex function's context, and whether an anonymous
 * user counts (`"anonymous"`) or is treated as signed out (`"return-null"`, the default).
 *
 * @example
 * const user = await server.getUser({ from: "convex", ctx, or: "anonymous" } satisfies ConvexUserLookup);
 */
export interface ConvexUserLookup {
  from: "convex";
  ctx: ConvexCtx;
  or?: "return-null" | "anonymous";
}

/**
 * @internal The server user whose id is the `subject` of the Convex identity of `options.ctx` (`GET /users/{id}`),
 * or null: no identity, one of another issuer, a subject that is no user (not a UUID, or unknown), or an anonymous
 * user without `or: "anonymous"`. Restricted users are returned (check `user.isRestricted`). Bad options throw an
 * `ArgumentError` before any request.
 */
export async function getServerUserByConvex(ctx: AppContext, options: ConvexUserLookup): Promise<ServerUser | null> {
  const extra = Object.keys(options).filter((key) => key !== "from" && key !== "ctx" && key !== "or");
  if (extra.length) throw new ArgumentError(`getUser({ from: "convex" }) takes only "ctx" and "or" besides (got ${extra.join(", ")}).`);
  const or = options.or ?? "return-null";
  if (or !== "return-null" && or !== "anonymous") {
    throw new ArgumentError(`getUser({ from: "convex" })'s "or" must be "return-null" or "anonymous", got ${JSON.stringify(or)}.`);
  }
  const identity = await readConvexIdentity(options.ctx, ctx.core.projectId, "getUser");
  if (!identity || !isUuid(identity.subject)) return null;
  const user = await getServerUser(ctx, identity.subject);
  return user && (!user.isAnonymous || or === "anonymous") ? user : null;
}
