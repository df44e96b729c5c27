import type { EmulatorCore } from "../core";
import { boostExpiresAt, deliveryCapacity, deliveryStats, startBoost } from "../domain/email-delivery";
import { processOutbox } from "../domain/email-outbox-worker";
import { known } from "../errors";
import { authOf } from "../http/context";
import { json } from "../http/reply";
import { SERVER_OR_HIGHER, type RouteDef } from "../http/router";

/**
 * E-mail delivery figures (server or admin): `GET /emails/delivery-info` → `{stats: {hour, day, week, month}
 * (sent, bounced, marked_as_spam), capacity: {rate_per_second, boost_multiplier, penalty_factor, is_boost_active,
 * boost_expires_at}}` computed from the emulator's outbox, and `POST /emails/capacity-boost` → `{expires_at}`
 * (4 hours; `EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE` 409 while one runs). The request body of the boost is ignored,
 * as on the platform.
 *
 * @example
 * core.router.addAll(emailDeliveryRoutes(core));
 */
export function emailDeliveryRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/emails/delivery-info",
      access: SERVER_OR_HIGHER,
      handler: (ctx) => {
        const projectId = authOf(ctx).project.id;
        processOutbox(ctx.core, projectId, ctx.effect);
        const now = Date.now();
        const stats = deliveryStats(ctx.core.store, projectId, now);
        return json({ stats, capacity: deliveryCapacity(stats, boostExpiresAt(ctx.core.store, projectId), now) });
      },
    },
    {
      method: "POST",
      path: "/emails/capacity-boost",
      access: SERVER_OR_HIGHER,
      handler: (ctx) => {
        const { started, expiresAtMillis } = startBoost(ctx.core.store, authOf(ctx).project.id, Date.now());
        const expires_at = new Date(expiresAtMillis).toISOString();
        if (!started) throw known("EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE", { expires_at });
        ctx.effect("email_capacity_boosts_started");
        return json({ expires_at });
      },
    },
  ];
}
