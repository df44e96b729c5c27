import { known } from "../errors";
import type { Store } from "../store/store";
import type { ProjectRecord } from "../store/types";
import { cloneJson, getOwn } from "../util/json";
import { newId } from "../util/random";
import { applyConfigDefaults, normalizeConfig, overrideConfig } from "./config-format";
import { readConfigLayer } from "./config-layers";

/**
 * The payments records of a project without a payments provider: subscriptions granted by the emulator itself (the
 * platform's `TEST_MODE` grants, e.g. the free plan of every team of the internal project) and item quantity changes
 * (`update-quantity`). A customer's item quantity is what its active subscriptions include plus its unexpired
 * changes (the platform's ledger, without repeats: every included quantity counts once while the plan is owned).
 */

/**
 * Key of the payments records in `store.extra`.
 *
 * @example
 * store.extra[PAYMENTS_FAMILY]; // (SubscriptionRecord | ItemChangeRecord | …)[]
 */
export const PAYMENTS_FAMILY = "payments";

/**
 * Who owns products and items.
 *
 * @example
 * const type: CustomerType = "team";
 */
export type CustomerType = "user" | "team" | "custom";

/**
 * A product of the rendered config (`payments.products.<id>`), or the snapshot a subscription keeps of it.
 *
 * @example
 * const seats = product.includedItems?.dashboard_admins?.quantity;
 */
export interface ProductConfig {
  displayName?: string;
  productLineId?: string;
  customerType?: CustomerType;
  serverOnly?: boolean;
  stackable?: boolean;
  isAddOnTo?: boolean | Record<string, boolean>;
  freeTrial?: unknown;
  prices?: Record<string, Record<string, unknown>>;
  includedItems?: Record<string, { quantity?: number; repeat?: unknown; expires?: string }>;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/**
 * The rendered `payments` config of a project (items and products).
 *
 * @example
 * const item = getOwn(paymentsConfig(store, project).items, "dashboard_admins");
 */
export interface PaymentsConfig {
  items: Record<string, { displayName?: string; customerType?: CustomerType }>;
  products: Record<string, ProductConfig>;
}

/**
 * An active subscription to a product (with the product as it was when granted).
 *
 * @example
 * const sub: SubscriptionRecord = { kind: "subscription", productId: "free", quantity: 1, … };
 */
export interface SubscriptionRecord {
  kind: "subscription";
  id: string;
  projectId: string;
  customerType: CustomerType;
  customerId: string;
  productId: string;
  priceId: string | null;
  product: ProductConfig;
  quantity: number;
  currentPeriodEndMillis: number;
  createdAtMillis: number;
}

/**
 * One `update-quantity` change of an item.
 *
 * @example
 * const change: ItemChangeRecord = { kind: "item-change", itemId: "dashboard_admins", quantity: 2, … };
 */
export interface ItemChangeRecord {
  kind: "item-change";
  id: string;
  projectId: string;
  customerType: CustomerType;
  customerId: string;
  itemId: string;
  quantity: number;
  description: string | null;
  expiresAtMillis: number | null;
  createdAtMillis: number;
}

type PaymentsRecord = SubscriptionRecord | ItemChangeRecord | { kind: "seeded"; projectId: string };

/**
 * Every payments record (created on first use).
 *
 * @example
 * paymentsRecords(store).some((r) => r.kind === "seeded");
 */
export function paymentsRecords(store: Store): PaymentsRecord[] {
  return (store.extra[PAYMENTS_FAMILY] ??= []) as PaymentsRecord[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The project's rendered payments config (`items` and `products`, empty objects when unset).
 *
 * @example
 * paymentsConfig(store, project).products.free?.displayName; // "Free" on the internal project
 */
export function paymentsConfig(store: Store, project: ProjectRecord): PaymentsConfig {
  // the rendered config (defaults, then the project, branch and environment levels), without the e-mail catalogue
  const levels = (["project", "branch", "environment"] as const).map((level) => readConfigLayer(store, project, level));
  const payments = normalizeConfig(applyConfigDefaults(levels.reduce((tree, level) => overrideConfig(tree, level), {}))).payments;
  const p = isObject(payments) ? payments : {};
  return { items: (isObject(p.items) ? p.items : {}) as PaymentsConfig["items"], products: (isObject(p.products) ? p.products : {}) as PaymentsConfig["products"] };
}

const ofCustomer = (projectId: string, customerType: CustomerType, customerId: string) => (r: PaymentsRecord) =>
  r.kind !== "seeded" && r.projectId === projectId && r.customerType === customerType && r.customerId === customerId;

/**
 * A customer's subscriptions, oldest first.
 *
 * @example
 * const subs = subscriptionsOf(store, "internal", "team", teamId);
 */
export function subscriptionsOf(store: Store, projectId: string, customerType: CustomerType, customerId: string): SubscriptionRecord[] {
  return paymentsRecords(store).filter(ofCustomer(projectId, customerType, customerId)).filter((r): r is SubscriptionRecord => r.kind === "subscription");
}

/**
 * Subscribes a customer to a configured product with its first price (the platform's `TEST_MODE` grant): the
 * subscription keeps a copy of the product and ends its period one price interval after it starts (now, or
 * `startMillis`), or at `periodEndMillis` if given. `id` is random unless given.
 *
 * @example
 * grantSubscription(store, project, { customerType: "team", customerId: team.id, productId: "free", product });
 */
export function grantSubscription(
  store: Store,
  project: ProjectRecord,
  o: { customerType: CustomerType; customerId: string; productId: string; product: ProductConfig; periodEndMillis?: number; id?: string; startMillis?: number },
): SubscriptionRecord {
  const now = o.startMillis ?? Date.now();
  const [priceId, price] = Object.entries(isObject(o.product.prices) ? o.product.prices : {})[0] ?? [null, undefined];
  const sub: SubscriptionRecord = {
    kind: "subscription",
    id: o.id ?? newId(),
    projectId: project.id,
    customerType: o.customerType,
    customerId: o.customerId,
    productId: o.productId,
    priceId,
    product: cloneJson(o.product),
    quantity: 1,
    currentPeriodEndMillis: o.periodEndMillis ?? addInterval(now, price?.interval),
    createdAtMillis: now,
  };
  paymentsRecords(store).push(sub);
  store.touch();
  return sub;
}

/** `addInterval` of the platform (`utils/dates.tsx`): calendar units; no interval → 2099-12-31T23:59:59Z. */
function addInterval(from: number, interval: unknown): number {
  if (!Array.isArray(interval) || typeof interval[0] !== "number" || !Number.isFinite(interval[0])) return Date.UTC(2099, 11, 31, 23, 59, 59);
  const d = new Date(from);
  const [n, unit] = interval as [number, string];
  if (unit === "day") d.setUTCDate(d.getUTCDate() + n);
  else if (unit === "week") d.setUTCDate(d.getUTCDate() + 7 * n);
  else if (unit === "month") d.setUTCMonth(d.getUTCMonth() + n);
  else if (unit === "year") d.setUTCFullYear(d.getUTCFullYear() + n);
  const t = d.getTime();
  return Number.isFinite(t) ? t : Date.UTC(2099, 11, 31, 23, 59, 59);
}

/**
 * The platform's `teams/crud.tsx` (onCreate): a new team of the internal project is subscribed to the `free` product
 * (when the config has one for teams, in a product line). Other projects' teams get nothing. `o` as for
 * `grantSubscription`.
 *
 * @example
 * grantFreePlan(store, project, team.id);
 */
export function grantFreePlan(store: Store, project: ProjectRecord, teamId: string, o: { id?: string; startMillis?: number } = {}): void {
  if (project.id !== "internal") return;
  const free = getOwn(paymentsConfig(store, project).products, "free") as ProductConfig | undefined;
  if (!isObject(free) || free.customerType !== "team" || typeof free.productLineId !== "string") return;
  grantSubscription(store, project, { customerType: "team", customerId: teamId, productId: "free", product: free, ...o });
}

/**
 * Records an item quantity change.
 *
 * @example
 * addItemChange(store, project, { customerType: "team", customerId, itemId: "dashboard_admins", quantity: 1, description: null, expiresAtMillis: null });
 */
export function addItemChange(
  store: Store,
  project: ProjectRecord,
  o: Pick<ItemChangeRecord, "customerType" | "customerId" | "itemId" | "quantity" | "description" | "expiresAtMillis">,
): ItemChangeRecord {
  const change: ItemChangeRecord = { kind: "item-change", id: newId(), projectId: project.id, ...o, createdAtMillis: Date.now() };
  paymentsRecords(store).push(change);
  store.touch();
  return change;
}

/**
 * A customer's quantity of an item: what its subscriptions include (times their quantity) plus its unexpired changes.
 *
 * @example
 * itemQuantity(store, "internal", "team", teamId, "dashboard_admins"); // 1 on the free plan
 */
export function itemQuantity(store: Store, projectId: string, customerType: CustomerType, customerId: string, itemId: string): number {
  const now = Date.now();
  let total = 0;
  for (const r of paymentsRecords(store).filter(ofCustomer(projectId, customerType, customerId))) {
    if (r.kind === "subscription") {
      const included = isObject(r.product.includedItems) ? getOwn(r.product.includedItems, itemId) : undefined;
      const quantity = isObject(included) && typeof included.quantity === "number" ? included.quantity : 0;
      total += quantity * r.quantity;
    } else if (r.kind === "item-change" && (r.expiresAtMillis === null || r.expiresAtMillis > now)) {
      total += r.quantity;
    }
  }
  return total;
}

/**
 * The platform's seat check when an invitation of the internal project is accepted
 * (`team-invitations/accept/verification-code-handler.tsx`, `team-invitations/[id]/accept/route.tsx`): the team's
 * members plus one may not exceed its `dashboard_admins` quantity, else `ITEM_QUANTITY_INSUFFICIENT_AMOUNT`
 * (`quantity: -1`). The code route first needs the item in the config (`ITEM_NOT_FOUND`). Other projects pass.
 *
 * @example
 * assertFreeSeat(store, project, teamId, { requireItemConfig: true });
 */
export function assertFreeSeat(store: Store, project: ProjectRecord, teamId: string, o: { requireItemConfig: boolean }): void {
  if (project.id !== "internal") return;
  const members = store.memberships.filter((m) => m.projectId === project.id && m.teamId === teamId).length;
  if (o.requireItemConfig && getOwn(paymentsConfig(store, project).items, "dashboard_admins") === undefined) {
    throw known("ITEM_NOT_FOUND", { item_id: "dashboard_admins" });
  }
  if (members + 1 > itemQuantity(store, project.id, "team", teamId, "dashboard_admins")) {
    throw known("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "dashboard_admins", customer_id: teamId, quantity: -1 });
  }
}
