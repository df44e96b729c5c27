import { createHash } from "node:crypto";
import { overrideConfig, type ConfigTree } from "../domain/config-format";
import { writeConfigLayer } from "../domain/config-layers";
import { grantFreePlan, grantSubscription, paymentsConfig, paymentsRecords, subscriptionsOf, type ProductConfig } from "../domain/payments-ledger";
import { INTERNAL_ADMIN_USER } from "./seed";
import type { Store } from "./store";

/**
 * The plans of the internal project, as the platform's seed sets them (`apps/backend/prisma/seed.ts`, the branch
 * config override of `payments`), with the limits of `packages/stack-shared/src/plans.ts`. Where the platform's
 * versions differ this follows the newest released package (@stackframe/stack-shared 2.8.108): Growth has 4 seats
 * (older source: unlimited) and the plans include `session_replays` and, for paid plans, `onboarding_call`.
 */

const UNLIMITED = 1_000_000_000;
const MONTHLY = [1, "month"];
const LIMITS = {
  free: { seats: 1, authUsers: 10_000, emailsPerMonth: 1_000, analyticsTimeoutSeconds: 10, analyticsEvents: 100_000, sessionReplays: 2_500 },
  team: { seats: 4, authUsers: 50_000, emailsPerMonth: 25_000, analyticsTimeoutSeconds: 60, analyticsEvents: 500_000, sessionReplays: 2_500 },
  growth: { seats: 4, authUsers: UNLIMITED, emailsPerMonth: 25_000, analyticsTimeoutSeconds: 300, analyticsEvents: 1_000_000, sessionReplays: 2_500 },
};

const once = (quantity: number) => ({ quantity, repeat: "never", expires: "when-purchase-expires" });
const monthly = (quantity: number) => ({ quantity, repeat: MONTHLY, expires: "when-repeated" });

function planItems(plan: keyof typeof LIMITS) {
  const l = LIMITS[plan];
  return {
    dashboard_admins: once(l.seats),
    auth_users: once(l.authUsers),
    emails_per_month: monthly(l.emailsPerMonth),
    analytics_timeout_seconds: once(l.analyticsTimeoutSeconds),
    analytics_events: monthly(l.analyticsEvents),
    session_replays: monthly(l.sessionReplays),
    ...(plan === "free" ? {} : { onboarding_call: once(1) }),
  };
}

const teamPlan = (displayName: string, extra: Record<string, unknown>) => ({ productLineId: "plans", displayName, customerType: "team", serverOnly: false, ...extra });

/**
 * The `payments` branch config override the platform's seed writes on the internal project.
 *
 * @example
 * writeConfigLayer(store, project, "branch", (current) => overrideConfig(INTERNAL_PAYMENTS_OVERRIDE, current));
 */
export const INTERNAL_PAYMENTS_OVERRIDE: ConfigTree = {
  payments: {
    productLines: { plans: { displayName: "Plans", customerType: "team" } },
    products: {
      free: teamPlan("Free", { stackable: false, prices: { "free-monthly": { USD: "0", interval: MONTHLY } }, includedItems: planItems("free") }),
      team: teamPlan("Team", { stackable: false, prices: { monthly: { USD: "49", interval: MONTHLY, serverOnly: false } }, includedItems: planItems("team") }),
      growth: teamPlan("Growth", { stackable: false, prices: { monthly: { USD: "299", interval: MONTHLY, serverOnly: false } }, includedItems: planItems("growth") }),
      "extra-seats": teamPlan("Extra Seats", {
        stackable: true,
        prices: { monthly: { USD: "29", interval: MONTHLY, serverOnly: false } },
        includedItems: { dashboard_admins: once(1) },
        isAddOnTo: { team: true, growth: true },
      }),
    },
    items: {
      dashboard_admins: { displayName: "Dashboard Admins", customerType: "team" },
      auth_users: { displayName: "Auth Users", customerType: "team" },
      emails_per_month: { displayName: "Emails per Month", customerType: "team" },
      analytics_timeout_seconds: { displayName: "Analytics Timeout (seconds)", customerType: "team" },
      analytics_events: { displayName: "Analytics Events", customerType: "team" },
      session_replays: { displayName: "Session Replays", customerType: "team" },
      onboarding_call: { displayName: "Onboarding Call", customerType: "team" },
    },
  },
};

/** A UUID v4 derived from a name, so granting a plan to a team again gives the same subscription id. */
function namedId(name: string): string {
  const h = createHash("sha256").update(`latchkey-emulator:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Gives the internal project its plans, once per state (new, or saved by a version before this one): the seed's
 * `payments` config beneath whatever the branch level already says, the Growth plan for the seeded admin team (the
 * platform's seed grants it to its internal team, until 2099-12-31T23:59:59Z), and the free plan for every other team
 * of the internal project that has no plan yet (what creating it would have given). These subscriptions start when
 * their team was created and have ids derived from it, so a saved state that is loaded again without being written
 * in between (a read-only data file) gets the same ones. Returns whether anything changed.
 *
 * @example
 * const changed = seedInternalPayments(store);
 */
export function seedInternalPayments(store: Store): boolean {
  const project = store.projects.get("internal");
  const records = paymentsRecords(store);
  if (!project || records.some((r) => r.kind === "seeded" && r.projectId === project.id)) return false;
  records.push({ kind: "seeded", projectId: project.id });
  writeConfigLayer(store, project, "branch", (current) => overrideConfig(INTERNAL_PAYMENTS_OVERRIDE, current));
  const growth = paymentsConfig(store, project).products.growth as ProductConfig | undefined;
  for (const team of [...store.teams.values()]) {
    if (team.projectId !== project.id || subscriptionsOf(store, project.id, "team", team.id).length > 0) continue;
    const start = { startMillis: team.createdAtMillis };
    if (team.id === INTERNAL_ADMIN_USER.teamId && growth?.customerType === "team") {
      const end = Date.UTC(2099, 11, 31, 23, 59, 59);
      grantSubscription(store, project, { customerType: "team", customerId: team.id, productId: "growth", product: growth, periodEndMillis: end, id: namedId(`growth:${team.id}`), ...start });
    } else {
      grantFreePlan(store, project, team.id, { id: namedId(`free:${team.id}`), ...start });
    }
  }
  store.touch();
  return true;
}
