import { currentUserChanged } from "./current";
// The requests that change a user, and what they refresh, without building user objects: the modules that bind a
// user's actions import these rather than server-users.ts (which builds users from those actions).
import type { AppContext } from "../../core/context";

import { isKnownErrorOf } from "../../errors/known-error-of";
import { resourceCache } from "../cached";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import type { ServerUserJson } from "./server-json";
import { serverUserUpdateBody } from "./server-bodies";
import type { ServerUserUpdate } from "./server-bodies";

/** @internal `[userId]` → one user or null (`GET /users/{id}`), read through the cache. */
export const users = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.user, async (userId: string): Promise<ServerUserJson | null> => {
    try {
      return await ctx.core.request<ServerUserJson>({ expect: "id", path: `/users/${encodeURIComponent(userId)}` });
    } catch (error) {
      if (isKnownErrorOf(error, "USER_NOT_FOUND")) return null;
      throw error;
    }
  });

/**
 * @internal Refreshes what a change to user `userId` can alter: that user, every list page, and the current
 * users of this app's sessions (any of them may be that user) with their access tokens' claims.
 * @example
 * await userChanged(ctx, userId);
 */
export async function userChanged(ctx: AppContext, userId: string): Promise<void> {
  currentUserChanged(ctx); // and their access tokens, whose claims may be outdated now
  ctx.caches.get(SERVER_CACHE.list)?.invalidateWhere(() => true);
  await users(ctx).refresh([userId]);
}

/**
 * @internal `PATCH /users/{id}`, then that user, the list pages and the sessions' current users are refreshed.
 * @example
 * await updateServerUser(ctx, userId, { displayName: "Ada" });
 */
export async function updateServerUser(ctx: AppContext, userId: string, data: ServerUserUpdate): Promise<void> {
  const body = serverUserUpdateBody(data);
  await ctx.core.request({ method: "PATCH", path: `/users/${encodeURIComponent(userId)}`, body });
  if (body.primary_email !== undefined) await ctx.caches.get(SERVER_CACHE.channels)?.refresh([userId]);
  await userChanged(ctx, userId);
}

/**
 * @internal `DELETE /users/{id}`, then everything cached about that user is dropped.
 * @example
 * await deleteServerUser(ctx, userId);
 */
export async function deleteServerUser(ctx: AppContext, userId: string): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: `/users/${encodeURIComponent(userId)}` });
  for (const name of Object.values(SERVER_CACHE)) ctx.caches.get(name)?.invalidateWhere(([id]) => id === userId);
  await userChanged(ctx, userId);
}
