import type { EmulatorCore } from "../core";
import { customerProductEntries } from "../domain/payments-products";
import { requireTeamPermission, teamOrThrow, userOrThrow } from "../domain/team-members";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/**
 * The read side of the platform's payments API (`apps/backend/src/app/api/latest/payments/**`) for a project
 * without a connected payments account, which is every emulator project: a customer has no billing record and no
 * invoices, and owns only what the emulator granted it (the free plan of a team of the internal project). The
 * official account-settings page reads these on load.
 */

const BILLING_FORBIDDEN = "Clients can only manage their own billing.";
const PRODUCTS_FORBIDDEN = "Clients can only access their own user or team products.";

type CustomerType = "user" | "team" | "custom";

/**
 * The platform's `ensureCustomerExists` (`apps/backend/src/lib/payments.tsx`): a user customer must be a user of the
 * project (`USER_NOT_FOUND`), a team customer one of its teams (`TEAM_NOT_FOUND`); custom customers always exist.
 *
 * @example
 * ensureCustomerExists(ctx, "team", teamId);
 */
export function ensureCustomerExists(ctx: RequestContext, customerType: CustomerType, customerId: string): void {
  const { store } = ctx.core;
  const projectId = authOf(ctx).project.id;
  // (the platform first refuses ids that are not lowercase v4 UUIDs the same way; no stored id is one)
  if (customerType === "user") userOrThrow(store, projectId, customerId);
  else if (customerType === "team") teamOrThrow(store, projectId, customerId);
}

/**
 * What a client may read of a customer, as the platform checks it: a signed-in user
 * (`USER_AUTHENTICATION_REQUIRED`), only themselves as a user customer, `team_admin` (held directly or through
 * another permission) of a team customer (`TEAM_MEMBERSHIP_NOT_FOUND` / `TEAM_PERMISSION_REQUIRED`), never a
 * custom customer (403 text). Server and admin access read any customer.
 *
 * @example
 * checkCustomerAccess(ctx, "team", teamId, "Clients can only manage their own billing.");
 */
export function checkCustomerAccess(ctx: RequestContext, customerType: CustomerType, customerId: string, forbidden: string): void {
  const auth = authOf(ctx);
  if (auth.type !== "client") return;
  const user = auth.user;
  if (!user) throw known("USER_AUTHENTICATION_REQUIRED");
  if (customerType === "custom") throw new StatusError(403, forbidden);
  if (customerType === "user") {
    if (customerId !== user.id) throw new StatusError(403, forbidden);
    return;
  }
  requireTeamPermission(ctx.core.store, auth.project.id, customerId, user.id, "team_admin");
}

/** The page size of a list (`limit`, 1 to 100, default 10), refused with a `SCHEMA_ERROR` otherwise. */
function pageLimit(ctx: RequestContext): number {
  const raw = ctx.query.limit as string | undefined;
  if (raw === undefined) return 10;
  const n = raw.trim() === "" ? Number.NaN : Number(raw);
  let problem: string | null = null;
  if (!Number.isFinite(n)) problem = `query.limit must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${JSON.stringify(raw)}\`).`;
  else if (n < 1) problem = "query.limit must be greater than or equal to 1";
  else if (n > 100) problem = "query.limit must be less than or equal to 100";
  if (problem) throw schemaError(ctx.method, ctx.pathname, [problem]);
  return n;
}

/**
 * A page of `entries` in the platform's paginated shape: it starts at the entry whose cursor is `cursor` (none →
 * `Invalid cursor`); `next_cursor` is the cursor of the entry after the page.
 */
function page(ctx: RequestContext, entries: { cursor: string; item: unknown }[], limitFirst: boolean): Reply {
  const cursor = ctx.query.cursor as string | undefined;
  if (limitFirst) pageLimit(ctx);
  const start = cursor ? entries.findIndex((e) => e.cursor === cursor) : 0;
  if (start === -1) throw new StatusError(400, "Invalid cursor");
  const limit = pageLimit(ctx);
  const next = entries[start + limit];
  return json({ items: entries.slice(start, start + limit).map((e) => e.item), is_paginated: true, pagination: { next_cursor: next ? next.cursor : null } });
}

const listQuery = t.object({ cursor: t.string(), limit: t.string() });
const customer = (types: readonly CustomerType[]) =>
  t.object({ customer_type: t.string({ oneOf: types }).defined(), customer_id: t.string().defined() });

/**
 * `GET /payments/billing/{user|team}/{id}` → `{ has_customer: false, default_payment_method: null }`;
 * `GET /payments/invoices/{user|team}/{id}` → an empty page `{ items: [], is_paginated: true, pagination: {
 * next_cursor: null } }`; `GET /payments/products/{user|team|custom}/{id}` → a page of the customer's products (an
 * existing customer: `USER_NOT_FOUND` / `TEAM_NOT_FOUND`). Client access is limited to the signed-in user and the
 * teams they administer (see `checkCustomerAccess`).
 *
 * @example
 * core.router.addAll(paymentsRoutes(core));
 */
export function paymentsRoutes(_core: EmulatorCore): RouteDef[] {
  const params = (ctx: RequestContext) => [ctx.params.customer_type as CustomerType, ctx.params.customer_id as string] as const;
  return [
    {
      method: "GET",
      path: "/payments/billing/:customer_type/:customer_id",
      access: CLIENT_OR_HIGHER,
      params: customer(["user", "team"]),
      handler: (ctx) => {
        checkCustomerAccess(ctx, ...params(ctx), BILLING_FORBIDDEN);
        return json({ has_customer: false, default_payment_method: null });
      },
    },
    {
      method: "GET",
      path: "/payments/products/:customer_type/:customer_id",
      access: CLIENT_OR_HIGHER,
      params: customer(["user", "team", "custom"]),
      query: listQuery,
      handler: (ctx) => {
        const [customerType, customerId] = params(ctx);
        checkCustomerAccess(ctx, customerType, customerId, PRODUCTS_FORBIDDEN);
        ensureCustomerExists(ctx, customerType, customerId);
        const auth = authOf(ctx);
        const entries = customerProductEntries(ctx.core.store, auth.project, { customerType, customerId, client: auth.type === "client" });
        return page(ctx, entries, false);
      },
    },
    {
      method: "GET",
      path: "/payments/invoices/:customer_type/:customer_id",
      access: CLIENT_OR_HIGHER,
      params: customer(["user", "team"]),
      query: listQuery,
      handler: (ctx) => {
        checkCustomerAccess(ctx, ...params(ctx), BILLING_FORBIDDEN);
        return page(ctx, [], true);
      },
    },
  ];
}
