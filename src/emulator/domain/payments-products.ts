import type { Store } from "../store/store";
import type { ProjectRecord } from "../store/types";
import { paymentsConfig, subscriptionsOf, type CustomerType, type ProductConfig, type SubscriptionRecord } from "./payments-ledger";

/**
 * The product list of a customer (`GET /payments/products/{customer_type}/{customer_id}`), shaped as the platform's
 * `payments/products/[customer_type]/[customer_id]/route.ts` shapes it, from the customer's subscriptions.
 */

/** `SUPPORTED_CURRENCIES` of `packages/stack-shared/src/utils/currency-constants.tsx`, in order. */
const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "INR", "AUD", "CAD"] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const isoOrNull = (millis: number) => {
  const d = new Date(millis);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/**
 * The platform's `productToInlineProduct` (`apps/backend/src/lib/payments.tsx`): the wire shape of a product.
 *
 * @example
 * productToInline(config.products.free).display_name; // "Free"
 */
export function productToInline(product: ProductConfig): Record<string, unknown> {
  const prices = isObject(product.prices) ? product.prices : {};
  return {
    display_name: product.displayName ?? "Product",
    customer_type: product.customerType,
    stackable: product.stackable === true,
    server_only: product.serverOnly === true,
    included_items: product.includedItems,
    client_metadata: product.clientMetadata ?? null,
    client_read_only_metadata: product.clientReadOnlyMetadata ?? null,
    server_metadata: product.serverMetadata ?? null,
    prices: Object.fromEntries(
      Object.entries(prices).map(([id, price]) => {
        const p = isObject(price) ? price : {};
        const out: Record<string, unknown> = {};
        for (const c of CURRENCIES) if (p[c] !== undefined) out[c] = p[c];
        if (p.interval !== undefined) out.interval = p.interval;
        if (p.freeTrial !== undefined) out.free_trial = p.freeTrial;
        return [id, out];
      }),
    ),
  };
}

/** Plans a customer may switch to, per product line: products of the line with an interval price, add-ons left out. */
function switchOptions(products: Record<string, ProductConfig>, customerType: CustomerType, client: boolean) {
  const byLine = new Map<string, { product_id: string; product: Record<string, unknown> }[]>();
  for (const [productId, product] of Object.entries(products)) {
    const line = isObject(product) ? product.productLineId : undefined;
    if (typeof line !== "string" || !line || product.customerType !== customerType || (client && product.serverOnly)) continue;
    if (isObject(product.isAddOnTo) && Object.keys(product.isAddOnTo).length > 0) continue;
    const inline = productToInline(product);
    const intervalPrices = Object.fromEntries(Object.entries(inline.prices as Record<string, Record<string, unknown>>).filter(([, p]) => p.interval));
    if (Object.keys(intervalPrices).length === 0) continue;
    const list = byLine.get(line) ?? [];
    list.push({ product_id: productId, product: { ...inline, prices: intervalPrices } });
    byLine.set(line, list);
  }
  return byLine;
}

/**
 * The customer's owned products as list entries (`cursor` = product id), sorted by product id; a client does not
 * see server-only products. Each entry has the product, its quantity, its subscription and the plans of the same
 * product line it could switch to.
 *
 * @example
 * const entries = customerProductEntries(store, project, { customerType: "team", customerId: teamId, client: true });
 */
export function customerProductEntries(
  store: Store,
  project: ProjectRecord,
  o: { customerType: CustomerType; customerId: string; client: boolean },
): { cursor: string; item: Record<string, unknown> }[] {
  const owned = new Map<string, { quantity: number; product: ProductConfig; subscription: SubscriptionRecord }>();
  for (const sub of subscriptionsOf(store, project.id, o.customerType, o.customerId)) {
    const seen = owned.get(sub.productId);
    if (seen) seen.quantity += sub.quantity;
    else owned.set(sub.productId, { quantity: sub.quantity, product: sub.product, subscription: sub });
  }
  const options = switchOptions(paymentsConfig(store, project).products, o.customerType, o.client);
  return [...owned.entries()]
    .filter(([, p]) => p.quantity > 0 && !(o.client && p.product.serverOnly))
    .sort(([a], [b]) => compare(a, b))
    .map(([productId, p]) => ({
      cursor: productId,
      item: {
        id: productId,
        quantity: p.quantity,
        product: productToInline(p.product),
        type: "subscription",
        subscription: {
          subscription_id: p.subscription.id,
          current_period_end: isoOrNull(p.subscription.currentPeriodEndMillis),
          cancel_at_period_end: false,
          is_cancelable: true,
        },
        switch_options: p.product.productLineId ? (options.get(p.product.productLineId) ?? []).filter((s) => s.product_id !== productId) : undefined,
      },
    }));
}
