import type { EmulatorCore } from "../core";
import { addItemChange, itemQuantity, paymentsConfig, type CustomerType } from "../domain/payments-ledger";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { getOwn } from "../util/json";
import { checkCustomerAccess, ensureCustomerExists } from "./payments";

/**
 * Items of a customer (credits, seats, quotas): `apps/backend/src/app/api/latest/payments/items/[customer_type]/
 * [customer_id]/[item_id]/route.ts` (read) and `…/update-quantity/route.ts` (change), against the project's
 * `payments.items` config and the emulator's payments ledger.
 */

const ITEMS_FORBIDDEN = "Clients can only access their own user or team items.";
/** The platform stores a change in a 32-bit integer column; larger deltas fail there (a 500), here they are refused. */
const INT32 = 2 ** 31;

const params = t.object({
  customer_type: t.string({ oneOf: ["user", "team", "custom"] }).defined(),
  customer_id: t.string().defined(),
  item_id: t.string().defined(),
});

/** The item's config after the platform's checks: `ITEM_NOT_FOUND`, then `ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH`, then the customer must exist. */
function checkedItem(ctx: RequestContext) {
  const { customer_type: customerType, customer_id: customerId, item_id: itemId } = ctx.params as { customer_type: CustomerType; customer_id: string; item_id: string };
  const project = authOf(ctx).project;
  const item = getOwn(paymentsConfig(ctx.core.store, project).items, itemId) as { displayName?: unknown; customerType?: CustomerType } | undefined;
  if (typeof item !== "object" || item === null) throw known("ITEM_NOT_FOUND", { item_id: itemId });
  if (customerType !== item.customerType) {
    throw known("ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", { item_id: itemId, customer_id: customerId, item_customer_type: item.customerType ?? null, actual_customer_type: customerType });
  }
  ensureCustomerExists(ctx, customerType, customerId);
  return { project, customerType, customerId, itemId, item };
}

function expiryOf(raw: unknown): number | null {
  if (raw === undefined) return null;
  const millis = new Date(raw as string).getTime();
  // the platform stores `new Date(expires_at)`; a string that is no date fails there
  if (Number.isNaN(millis)) throw new StatusError(400, `expires_at is not a valid date: ${JSON.stringify(raw)}`);
  return millis;
}

/**
 * `GET /payments/items/{user|team|custom}/{customer_id}/{item_id}` (client or higher; a client only its own user or
 * a team it administers) → `{ id, display_name, quantity }`; `POST …/{item_id}/update-quantity?allow_negative=true|false`
 * (server or admin) with `{ delta, expires_at?, description? }` → `{}`, refused with `ITEM_QUANTITY_INSUFFICIENT_AMOUNT`
 * when the quantity would drop below zero and `allow_negative` is `false`.
 *
 * @example
 * core.router.addAll(paymentItemRoutes(core));
 */
export function paymentItemRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/payments/items/:customer_type/:customer_id/:item_id",
      access: CLIENT_OR_HIGHER,
      params,
      handler: (ctx) => {
        checkCustomerAccess(ctx, ctx.params.customer_type, ctx.params.customer_id, ITEMS_FORBIDDEN);
        const { project, customerType, customerId, itemId, item } = checkedItem(ctx);
        const quantity = itemQuantity(ctx.core.store, project.id, customerType, customerId, itemId);
        // the platform's answer requires a display name; an item configured without one is named by its id here
        return json({ id: itemId, display_name: typeof item.displayName === "string" ? item.displayName : itemId, quantity });
      },
    },
    {
      method: "POST",
      path: "/payments/items/:customer_type/:customer_id/:item_id/update-quantity",
      access: SERVER_OR_HIGHER,
      params,
      query: t.object({ allow_negative: t.string({ oneOf: ["true", "false"] }).defined() }).defined(),
      body: t.object({ delta: t.number({ integer: true }).defined(), expires_at: t.string(), description: t.string() }).defined(),
      handler: (ctx) => {
        const { project, customerType, customerId, itemId } = checkedItem(ctx);
        const delta = ctx.body.delta as number;
        const total = itemQuantity(ctx.core.store, project.id, customerType, customerId, itemId);
        if (ctx.query.allow_negative !== "true" && total + delta < 0) {
          throw known("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: itemId, customer_id: customerId, quantity: delta });
        }
        // what the platform then fails to store (a 500 there) is refused plainly
        if (delta >= INT32 || delta < -INT32) throw new StatusError(400, `delta must be between ${-INT32} and ${INT32 - 1}`);
        const expiresAtMillis = expiryOf(ctx.body.expires_at);
        addItemChange(ctx.core.store, project, { customerType, customerId, itemId, quantity: delta, description: ctx.body.description ?? null, expiresAtMillis });
        ctx.effect("item_quantity_changes");
        return json({});
      },
    },
  ];
}
