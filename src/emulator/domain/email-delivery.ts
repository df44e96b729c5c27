import type { Store } from "../store/store";
import { outboxEntries } from "./email-outbox";

/**
 * Key of the capacity-boost records in `store.extra`.
 *
 * @example
 * store.extra[EMAIL_CAPACITY_FAMILY];
 */
export const EMAIL_CAPACITY_FAMILY = "email-capacity";

interface BoostRecord {
  projectId: string;
  boostExpiresAtMillis: number;
}

/**
 * The platform's default capacity: 200 e-mails an hour (a boost multiplies it by 4 for 4 hours).
 *
 * @example
 * const floor = DEFAULT_EMAIL_CAPACITY_PER_HOUR / 4;
 */
export const DEFAULT_EMAIL_CAPACITY_PER_HOUR = 200;
const BOOST_MULTIPLIER = 4;
/**
 * How long a capacity boost lasts (4 hours).
 *
 * @example
 * const expires = Date.now() + BOOST_DURATION_MILLIS;
 */
export const BOOST_DURATION_MILLIS = 4 * 60 * 60 * 1000;

/**
 * Delivery counts of one time window (wire names).
 *
 * @example
 * const w: DeliveryWindow = { sent: 3, bounced: 0, marked_as_spam: 0 };
 */
export interface DeliveryWindow {
  sent: number;
  bounced: number;
  marked_as_spam: number;
}

/** The same instant one calendar month earlier (the last day of the month when the day does not exist, as in SQL). */
function oneMonthBefore(ms: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() - 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * E-mails the project sent in the last hour, day, week and calendar month (sent = finished sending, not skipped).
 * SMTP gives no bounce or spam reports, so those stay 0.
 *
 * @example
 * deliveryStats(store, project.id, Date.now()).hour.sent;
 */
export function deliveryStats(store: Store, projectId: string, now: number): Record<"hour" | "day" | "week" | "month", DeliveryWindow> {
  const sentAt = outboxEntries(store, projectId)
    .filter((e) => e.finishedSendingAtMillis !== null && e.skippedReason === null)
    .map((e) => e.finishedSendingAtMillis as number);
  const since = (from: number): DeliveryWindow => ({ sent: sentAt.filter((t) => t >= from).length, bounced: 0, marked_as_spam: 0 });
  return { hour: since(now - 3_600_000), day: since(now - 86_400_000), week: since(now - 7 * 86_400_000), month: since(oneMonthBefore(now)) };
}

/** Penalty for failures in a window (1 when nothing was sent; never below 0.1). */
function penalty(w: DeliveryWindow): number {
  if (w.sent === 0) return 1;
  return Math.max(0.1, Math.min(1, 1 - (w.bounced + 50 * w.marked_as_spam) / w.sent));
}

/**
 * The capacity block of `GET /emails/delivery-info`, computed as the platform does: the default hourly capacity
 * plus four times last month's average hourly volume, times the worst penalty of the hour, day and week (at least a
 * quarter of the default), times 4 while a boost is active, per second.
 *
 * @example
 * deliveryCapacity(stats, boostExpiresAt(store, project.id), Date.now()).rate_per_second;
 */
export function deliveryCapacity(stats: ReturnType<typeof deliveryStats>, boostExpiresAtMillis: number | null, now: number) {
  const penaltyFactor = Math.min(penalty(stats.week), penalty(stats.day), penalty(stats.hour));
  const hourlyBaseline = DEFAULT_EMAIL_CAPACITY_PER_HOUR + (4 * stats.month.sent) / 30 / 24;
  const ratePerHour = Math.max(hourlyBaseline * penaltyFactor, DEFAULT_EMAIL_CAPACITY_PER_HOUR / 4);
  const isBoostActive = boostExpiresAtMillis !== null && boostExpiresAtMillis > now;
  const boostMultiplier = isBoostActive ? BOOST_MULTIPLIER : 1;
  return {
    rate_per_second: (ratePerHour / 3600) * boostMultiplier,
    boost_multiplier: boostMultiplier,
    penalty_factor: penaltyFactor,
    is_boost_active: isBoostActive,
    boost_expires_at: boostExpiresAtMillis === null ? null : new Date(boostExpiresAtMillis).toISOString(),
  };
}

const boosts = (store: Store) => (store.extra[EMAIL_CAPACITY_FAMILY] ??= []) as BoostRecord[];

/**
 * When the project's last capacity boost ends (or ended), or null when it never had one.
 *
 * @example
 * const until = boostExpiresAt(store, project.id);
 */
export function boostExpiresAt(store: Store, projectId: string): number | null {
  return boosts(store).find((b) => b.projectId === projectId)?.boostExpiresAtMillis ?? null;
}

/**
 * Starts a 4-hour boost and returns its end, or returns the running boost's end (the caller answers
 * `EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE`) with `started: false`.
 *
 * @example
 * const { started, expiresAtMillis } = startBoost(store, project.id, Date.now());
 */
export function startBoost(store: Store, projectId: string, now: number): { started: boolean; expiresAtMillis: number } {
  const existing = boosts(store).find((b) => b.projectId === projectId);
  if (existing && existing.boostExpiresAtMillis > now) return { started: false, expiresAtMillis: existing.boostExpiresAtMillis };
  const expiresAtMillis = now + BOOST_DURATION_MILLIS;
  if (existing) existing.boostExpiresAtMillis = expiresAtMillis;
  else boosts(store).push({ projectId, boostExpiresAtMillis: expiresAtMillis });
  store.touch();
  return { started: true, expiresAtMillis };
}
