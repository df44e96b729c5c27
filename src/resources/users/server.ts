// User requests with server access: create, read one, list (the objects are built in `server-objects.ts`).
import type { AppContext } from "../../core/context";
import { requireUuid } from "../../util/uuid";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import type { ServerUserJson } from "./server-json";
import { listUsersQuery, serverUserCreateBody } from "./server-bodies";
import type { ListUsersOptions, ServerUserCreate } from "./server-bodies";
import { serverUserFromJson } from "./server-objects";
import { users } from "./server-requests";
import type { ServerUser, ServerUserPage } from "./server-types";

const lists = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.list, async (queryJson: string) => {
    const query = JSON.parse(queryJson) as Record<string, string | number | boolean>;
    const list = await ctx.core.request<ListJson<ServerUserJson>>({ expect: "items[]", path: "/users", query });
    return { items: list.items, nextCursor: list.pagination?.next_cursor ?? null };
  });

/**
 * @internal `POST /users` (201), then the list pages are refetched on next read.
 * @example
 * const user = await createUser(ctx, { displayName: "Ada" });
 */
export async function createUser(ctx: AppContext, data?: ServerUserCreate): Promise<ServerUser> {
  const body = serverUserCreateBody(data);
  const created = await ctx.core.request<ServerUserJson>({ expect: "id", method: "POST", path: "/users", body });
  ctx.caches.get(SERVER_CACHE.list)?.invalidateWhere(() => true);
  return serverUserFromJson(ctx, created);
}

/**
 * @internal `GET /users/{id}` through the cache; USER_NOT_FOUND → null.
 * @example
 * const user = await getServerUser(ctx, userId); // null when unknown
 */
export async function getServerUser(ctx: AppContext, userId: string): Promise<ServerUser | null> {
  const id = requireUuid(userId, "userId", true);
  const json = await users(ctx).get([id]);
  return json && serverUserFromJson(ctx, json);
}

/**
 * @internal `GET /users` with validated parameters, through the cache.
 * @example
 * const page = await listServerUsers(ctx, { limit: 50 });
 */
export async function listServerUsers(ctx: AppContext, options?: ListUsersOptions): Promise<ServerUserPage> {
  const defined = listUsersQuery(options);
  const page = await lists(ctx).get([JSON.stringify(defined)]);
  const result = page.items.map((u) => serverUserFromJson(ctx, u)) as ServerUserPage;
  result.nextCursor = page.nextCursor;
  return result;
}
