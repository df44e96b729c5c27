import type { AppContext } from "../../core/context";
import { ArgumentError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import type { NotificationCategory, NotificationPreferenceJson } from "./client";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";

const preferencesOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.notificationCategories, async (userId: string) => {
    const path = `/emails/notification-preference/${encodeURIComponent(userId)}`;
    return (await ctx.core.request<ListJson<NotificationPreferenceJson>>({ expect: "items[]", path })).items;
  });

/**
 * @internal Any user's notification categories (`GET /emails/notification-preference/{userId}` with the server key,
 * cached per user), each with `setEnabled` (`PATCH …/{userId}/{categoryId}`), after which that user's list (and
 * the sessions' lists: the user may be signed in to this app) is refreshed.
 * @example
 * const categories = await listServerNotificationCategories(ctx, userId);
 */
export async function listServerNotificationCategories(ctx: AppContext, userId: string): Promise<NotificationCategory[]> {
  return (await preferencesOf(ctx).get([userId])).map((p) => ({
    id: p.notification_category_id,
    name: p.notification_category_name,
    enabled: p.enabled,
    canDisable: p.can_disable,
    async setEnabled(enabled: boolean) {
      if (typeof enabled !== "boolean") throw new ArgumentError("setEnabled needs a boolean.");
      const path = `/emails/notification-preference/${encodeURIComponent(userId)}/${encodeURIComponent(p.notification_category_id)}`;
      await ctx.core.request({ method: "PATCH", path, body: { enabled } });
      await Promise.all([preferencesOf(ctx).refresh([userId]), ctx.caches.get("notification-categories")?.refreshWhere(() => true)]);
    },
  }));
}
