import type { AppContext } from "../../core/context";
import { ArgumentError } from "../../errors/base";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/**
 * @internal Wire shape of one notification preference of the user.
 * @example
 * const json: NotificationPreferenceJson = { notification_category_id: id, notification_category_name: "Marketing", enabled: true, can_disable: true };
 */
export interface NotificationPreferenceJson {
  notification_category_id: string;
  notification_category_name: string;
  enabled: boolean;
  can_disable: boolean;
}

/**
 * A kind of e-mail the project sends (e.g. "Transactional", "Marketing") and whether this user receives it.
 *
 * @example
 * for (const category of await user.listNotificationCategories()) {
 *   if (category.canDisable && category.name === "Marketing") await category.setEnabled(false);
 * }
 */
export interface NotificationCategory {
  id: string;
  name: string;
  /** Whether the user receives e-mails of this category. */
  enabled: boolean;
  /** False for categories the user cannot opt out of (transactional mail). */
  canDisable: boolean;
  /** Opts the user in or out, then refreshes the list. */
  setEnabled(enabled: boolean): Promise<void>;
}

const preferences = (ctx: AppContext) =>
  resourceCache(ctx, "notification-categories", async (session: Session) => {
    const list = await ctx.core.request<ListJson<NotificationPreferenceJson>>({ expect: "items[]", path: "/emails/notification-preference/me", session });
    return list.items;
  });

/**
 * @internal camelCase fields from the wire, and `setEnabled` bound to `session`.
 * @example
 * await notificationCategoryFromJson(ctx, session, json).setEnabled(false);
 */
export function notificationCategoryFromJson(ctx: AppContext, session: Session, p: NotificationPreferenceJson): NotificationCategory {
  return {
    id: p.notification_category_id,
    name: p.notification_category_name,
    enabled: p.enabled,
    canDisable: p.can_disable,
    async setEnabled(enabled) {
      if (typeof enabled !== "boolean") throw new ArgumentError("setEnabled needs a boolean.");
      await ctx.core.request({
        method: "PATCH",
        path: `/emails/notification-preference/me/${encodeURIComponent(p.notification_category_id)}`,
        session,
        body: { enabled },
      });
      await preferences(ctx).refresh([session]);
    },
  };
}

/**
 * @internal The user's notification categories (`GET /emails/notification-preference/me`, cached per session).
 * @example
 * const categories = await listNotificationCategories(ctx, session);
 */
export async function listNotificationCategories(ctx: AppContext, session: Session): Promise<NotificationCategory[]> {
  return (await preferences(ctx).get([session])).map((p) => notificationCategoryFromJson(ctx, session, p));
}
