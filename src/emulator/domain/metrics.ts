import type { Store } from "../store/store";
import type { UserRecord } from "../store/types";
import { listOAuthAccounts } from "./oauth-accounts";

const DAY = 24 * 60 * 60 * 1000;
const DAYS = 30;

/** The last 30 days (oldest first) as `YYYY-MM-DD` with their start time. */
function days(now: number): { date: string; start: number }[] {
  const today = Math.floor(now / DAY) * DAY;
  return Array.from({ length: DAYS }, (_, i) => {
    const start = today - (DAYS - 1 - i) * DAY;
    return { date: new Date(start).toISOString().slice(0, 10), start };
  });
}

function series(now: number, times: number[]): { date: string; activity: number }[] {
  return days(now).map(({ date, start }) => ({ date, activity: times.filter((t) => t >= start && t < start + DAY).length }));
}

function recentUser(store: Store, u: UserRecord): Record<string, unknown> {
  const primary = store.channelsOf(u.id).find((c) => c.isPrimary);
  return {
    id: u.id,
    display_name: u.displayName,
    primary_email: primary?.value ?? null,
    profile_image_url: u.profileImageUrl,
    signed_up_at_millis: u.signedUpAtMillis,
    last_active_at_millis: u.lastActiveAtMillis,
  };
}

function loginMethods(store: Store, users: UserRecord[]): { method: string; count: number }[] {
  const counts = new Map<string, number>();
  const add = (m: string) => counts.set(m, (counts.get(m) ?? 0) + 1);
  for (const u of users) {
    if (u.passwordHash !== null) add("password");
    if (u.otpAuthEnabled) add("otp");
    if (u.passkeyAuthEnabled) add("passkey");
    for (const a of listOAuthAccounts(store, u.id)) if (a.allowSignIn) add(a.providerConfigId);
  }
  return [...counts].map(([method, count]) => ({ method, count })).sort((a, b) => b.count - a.count);
}

/**
 * `GET /internal/metrics` computed from the store: user totals and 30-day daily series, recent users, login methods,
 * an auth overview, e-mail counts from the outbox; payments and analytics (not emulated) are zero.
 *
 * @example
 * json(projectMetrics(core.store, project.id, false));
 */
export function projectMetrics(store: Store, projectId: string, includeAnonymous: boolean, now = Date.now()): Record<string, unknown> {
  const all = store.usersOf(projectId);
  const users = includeAnonymous ? all : all.filter((u) => !u.isAnonymous);
  const by = (key: "signedUpAtMillis" | "lastActiveAtMillis") => [...users].sort((a, b) => b[key] - a[key]).slice(0, 5).map((u) => recentUser(store, u));
  const verified = users.filter((u) => store.channelsOf(u.id).some((c) => c.isPrimary && c.isVerified)).length;
  const dailyActive = series(now, users.map((u) => u.lastActiveAtMillis));
  const zeroSeries = series(now, []);
  const emails = store.emails.filter((e) => e.projectId === projectId);
  const teams = [...store.teams.values()].filter((t) => t.projectId === projectId);
  return {
    total_users: users.length,
    live_users: 0,
    daily_users: series(now, users.map((u) => u.signedUpAtMillis)),
    daily_active_users: dailyActive,
    users_by_country: {},
    active_users_by_country: {},
    recently_registered: by("signedUpAtMillis"),
    recently_active: by("lastActiveAtMillis"),
    login_methods: loginMethods(store, users),
    auth_overview: {
      verified_users: verified,
      unverified_users: users.filter((u) => !u.isAnonymous).length - verified,
      anonymous_users: all.filter((u) => u.isAnonymous).length,
      total_teams: teams.length,
      mau: users.filter((u) => u.lastActiveAtMillis >= now - DAYS * DAY).length,
      daily_active_users_split: { total: dailyActive, new: series(now, users.map((u) => u.signedUpAtMillis)), retained: zeroSeries, reactivated: zeroSeries },
      daily_active_teams_split: { total: zeroSeries, new: series(now, teams.map((t) => t.createdAtMillis)), retained: zeroSeries, reactivated: zeroSeries },
      total_users_filtered: users.length,
    },
    payments_overview: { subscriptions_by_status: {}, active_subscription_count: 0, total_one_time_purchases: 0, daily_subscriptions: zeroSeries, revenue_cents: 0, mrr_cents: 0, total_orders: 0, checkout_conversion_rate: 0 },
    email_overview: {
      emails_by_status: emails.length > 0 ? { sent: emails.length } : {},
      total_emails: emails.length,
      daily_emails: series(now, emails.map((e) => e.sentAtMillis)),
      daily_emails_by_status: series(now, emails.map((e) => e.sentAtMillis)).map((d) => ({ date: d.date, ok: d.activity, error: 0, in_progress: 0 })),
      emails_sent: emails.length,
      recent_emails: emails.slice(-5).reverse().map((e) => ({ id: e.id, status: "sent", subject: e.subject, created_at_millis: e.sentAtMillis })),
      deliverability_status: { delivered: emails.length, bounced: 0, error: 0, in_progress: 0 },
      deliverability_rate: emails.length > 0 ? 1 : 0,
      bounce_rate: 0,
      click_rate: 0,
    },
    analytics_overview: {
      daily_page_views: [],
      daily_clicks: [],
      daily_visitors: [],
      daily_anonymous_visitors_fallback: zeroSeries,
      daily_revenue: zeroSeries.map((d) => ({ date: d.date, new_cents: 0, refund_cents: 0 })),
      total_revenue_cents: 0,
      total_replays: 0,
      recent_replays: 0,
      visitors: 0,
      anonymous_visitors_fallback: 0,
      avg_session_seconds: 0,
      online_live: 0,
      revenue_per_visitor: 0,
      top_referrers: [],
      top_region: null,
    },
  };
}
