import type { AppContext } from "../../core/context";
import { resourceCache } from "../cached";

/**
 * Delivery counts of one time window, with the platform's (and official SDK's) snake_case names.
 *
 * @example
 * const { sent, bounced, marked_as_spam }: EmailDeliveryWindowStats = info.stats.day;
 */
export interface EmailDeliveryWindowStats {
  sent: number;
  bounced: number;
  marked_as_spam: number;
}

/**
 * Delivery counts of the last hour, day, week and month.
 *
 * @example
 * const lastWeek = (await server.getEmailDeliveryStats()).stats.week.sent;
 */
export interface EmailDeliveryStats {
  hour: EmailDeliveryWindowStats;
  day: EmailDeliveryWindowStats;
  week: EmailDeliveryWindowStats;
  month: EmailDeliveryWindowStats;
}

/**
 * How fast the project may send: `rate_per_second` (already including the penalty for bounces and spam reports
 * and the boost), the boost's multiplier and end (ISO date, or null), and the penalty factor (1 = none).
 *
 * @example
 * const { rate_per_second, is_boost_active }: EmailDeliveryCapacity = (await server.getEmailDeliveryStats()).capacity;
 */
export interface EmailDeliveryCapacity {
  rate_per_second: number;
  boost_multiplier: number;
  penalty_factor: number;
  is_boost_active: boolean;
  boost_expires_at: string | null;
}

/**
 * What `ServerApp.getEmailDeliveryStats()` returns: `{ stats, capacity }` as the platform sends it.
 *
 * @example
 * const info: EmailDeliveryInfo = await server.getEmailDeliveryStats();
 * console.log(info.stats.hour.sent, info.capacity.rate_per_second * 3600, "per hour");
 */
export interface EmailDeliveryInfo {
  stats: EmailDeliveryStats;
  capacity: EmailDeliveryCapacity;
}

/** @internal The delivery figures (cached; sending e-mail and boosting refresh them). */
export const emailDeliveryInfoCache = (ctx: AppContext) =>
  resourceCache(ctx, "server-email-delivery-info", () => ctx.core.request<EmailDeliveryInfo>({ expect: "stats{} capacity{}", path: "/emails/delivery-info" }));

/** @internal `GET /emails/delivery-info`. */
export async function getEmailDeliveryStats(ctx: AppContext): Promise<EmailDeliveryInfo> {
  const info = await emailDeliveryInfoCache(ctx).get([]);
  return { stats: structuredClone(info.stats), capacity: { ...info.capacity } };
}

/** @internal `POST /emails/capacity-boost`; a running boost is `EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE` (thrown). */
export async function activateEmailCapacityBoost(ctx: AppContext): Promise<void> {
  await ctx.core.request({ method: "POST", path: "/emails/capacity-boost", body: {} });
  await emailDeliveryInfoCache(ctx).refresh([]);
}
