import type { EmulatorCore } from "../core";
import { NOTIFICATION_CATEGORIES } from "../domain/email-catalog";
import { notificationPreferenceItem, notificationPreferenceItems, setNotificationEnabled } from "../domain/notification-preferences";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

function assertUser(ctx: RequestContext, message: string): string {
  const auth = authOf(ctx);
  const userId: string = ctx.params.user_id;
  if (auth.type === "client") {
    if (!auth.user) throw known("USER_AUTHENTICATION_REQUIRED");
    if (userId !== auth.user.id) throw new StatusError(403, message);
  }
  const user = ctx.core.store.users.get(userId);
  if (!user || user.projectId !== auth.project.id) throw known("USER_NOT_FOUND");
  return userId;
}

/**
 * Notification preferences (wire §8.20): `GET /emails/notification-preference/{user_id}` lists one item per category;
 * `PATCH /emails/notification-preference/{user_id}/{category_id}` `{enabled}` stores a choice. Clients manage only
 * their own. Transactional has `can_disable: false`: like the platform the PATCH is accepted, but it stays enabled
 * and transactional mail is always delivered.
 *
 * @example
 * core.router.addAll(notificationPreferenceRoutes(core));
 */
export function notificationPreferenceRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/emails/notification-preference/:user_id",
      access: CLIENT_OR_HIGHER,
      params: t.object({ user_id: t.userIdOrMe().defined() }),
      handler: (ctx) => {
        const userId = assertUser(ctx, "You can only view your own notification preferences");
        return list(notificationPreferenceItems(ctx.core.store, authOf(ctx).project.id, userId));
      },
    },
    {
      method: "PATCH",
      path: "/emails/notification-preference/:user_id/:notification_category_id",
      access: CLIENT_OR_HIGHER,
      params: t.object({ user_id: t.userIdOrMe().defined(), notification_category_id: t.string({ format: "uuid" }).defined() }),
      body: t.object({ enabled: t.boolean().defined() }).defined(),
      handler: (ctx) => {
        const categoryId: string = ctx.params.notification_category_id;
        if (!NOTIFICATION_CATEGORIES.some((c) => c.id === categoryId)) throw new StatusError(404, "Notification category not found");
        const userId = assertUser(ctx, "You can only manage your own notification preferences");
        const { project } = authOf(ctx);
        setNotificationEnabled(ctx.core.store, project.id, userId, categoryId, ctx.body.enabled);
        return json(notificationPreferenceItem(ctx.core.store, project.id, userId, categoryId));
      },
    },
  ];
}
