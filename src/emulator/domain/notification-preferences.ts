import type { Store } from "../store/store";
import { NOTIFICATION_CATEGORIES } from "./email-catalog";

/**
 * Key of the preference records in `store.extra`.
 *
 * @example
 * store.extra[NOTIFICATION_PREFERENCES_FAMILY]; // NotificationPreferenceRecord[]
 */
export const NOTIFICATION_PREFERENCES_FAMILY = "notification-preferences";

/**
 * A user's explicit choice for one notification category (categories without a record use their default).
 *
 * @example
 * const p: NotificationPreferenceRecord = { projectId, userId, categoryId, enabled: false };
 */
export interface NotificationPreferenceRecord {
  projectId: string;
  userId: string;
  categoryId: string;
  enabled: boolean;
}

function records(store: Store): NotificationPreferenceRecord[] {
  return (store.extra[NOTIFICATION_PREFERENCES_FAMILY] ??= []) as NotificationPreferenceRecord[];
}

/**
 * Whether a user receives e-mails of a category (categories that cannot be disabled are always on).
 *
 * @example
 * if (!isNotificationEnabled(store, projectId, userId, categoryId)) skip();
 */
export function isNotificationEnabled(store: Store, projectId: string, userId: string, categoryId: string): boolean {
  const category = NOTIFICATION_CATEGORIES.find((c) => c.id === categoryId);
  if (!category) return true;
  if (!category.canDisable) return true;
  const r = records(store).find((p) => p.projectId === projectId && p.userId === userId && p.categoryId === categoryId);
  return r ? r.enabled : category.defaultEnabled;
}

/**
 * Stores a user's choice for a category.
 *
 * @example
 * setNotificationEnabled(store, projectId, userId, categoryId, false);
 */
export function setNotificationEnabled(store: Store, projectId: string, userId: string, categoryId: string, enabled: boolean): void {
  const list = records(store);
  const existing = list.find((p) => p.projectId === projectId && p.userId === userId && p.categoryId === categoryId);
  if (existing) existing.enabled = enabled;
  else list.push({ projectId, userId, categoryId, enabled });
  store.touch();
}

/**
 * The wire items of a user's preferences, one per category.
 *
 * @example
 * json({ items: notificationPreferenceItems(store, projectId, userId), is_paginated: false });
 */
export function notificationPreferenceItems(store: Store, projectId: string, userId: string): Record<string, unknown>[] {
  return NOTIFICATION_CATEGORIES.map((c) => notificationPreferenceItem(store, projectId, userId, c.id));
}

/**
 * The wire item of one category for a user.
 *
 * @example
 * json(notificationPreferenceItem(store, projectId, userId, categoryId));
 */
export function notificationPreferenceItem(store: Store, projectId: string, userId: string, categoryId: string): Record<string, unknown> {
  const c = NOTIFICATION_CATEGORIES.find((x) => x.id === categoryId);
  if (!c) throw new Error(`unknown notification category ${categoryId}`);
  return {
    notification_category_id: c.id,
    notification_category_name: c.name,
    enabled: isNotificationEnabled(store, projectId, userId, c.id),
    can_disable: c.canDisable,
  };
}
