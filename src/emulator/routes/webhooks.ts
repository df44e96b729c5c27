import type { EmulatorCore } from "../core";
import { addWebhookEndpoint, deliverWebhook, webhookEndpoints, type WebhookEndpointRecord } from "../domain/webhooks";
import { StatusError } from "../errors";
import { authOf } from "../http/context";
import { json } from "../http/reply";
import { ADMIN_ONLY, type RouteDef } from "../http/router";
import { t } from "../http/schema";

function endpointRead(e: WebhookEndpointRecord): Record<string, unknown> {
  return {
    id: e.id,
    project_id: e.projectId,
    url: e.url,
    secret: e.secret,
    created_at_millis: e.createdAtMillis,
    attempts: e.attempts.map((a) => ({ id: a.id, event_type: a.eventType, status: a.status, response_status: a.responseStatus, error: a.error, timestamp_millis: a.timestampMillis })),
  };
}

/** The control body: JSON sent with any content type (a bare `fetch` body arrives as text). */
function parsed(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function isHttpUrl(v: unknown): v is string {
  if (typeof v !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/**
 * Webhooks. `POST /internal/send-test-webhook {endpoint_id}` (admin) → `{success: true}` when the endpoint answered
 * 2xx to a signed `stack.test` event, else `{success: false, error_message}` ("Endpoint not found. Make sure it still
 * exists." / "Webhook not delivered. Make sure the endpoint is configured correctly."), as the platform words it.
 * The platform keeps endpoints in Svix; the emulator keeps them itself, managed through its own pages:
 * `GET /emulator/webhook-endpoints[?project_id=]`, `POST /emulator/webhook-endpoints {project_id, url}` and
 * `DELETE /emulator/webhook-endpoints/{id}`; each endpoint lists its delivery attempts.
 *
 * @example
 * core.router.addAll(webhookRoutes(core));
 */
export function webhookRoutes(core: EmulatorCore): RouteDef[] {
  const root = (def: Omit<RouteDef, "scope" | "access">): RouteDef => ({ ...def, scope: "root", access: "any" });
  return [
    {
      method: "POST",
      path: "/internal/send-test-webhook",
      access: ADMIN_ONLY,
      body: t.object({ endpoint_id: t.string().defined() }).defined(),
      handler: async (ctx) => {
        const { project } = authOf(ctx);
        const endpoint = webhookEndpoints(ctx.core.store, project.id).find((e) => e.id === ctx.body.endpoint_id);
        if (!endpoint) return json({ success: false, error_message: "Endpoint not found. Make sure it still exists." });
        const attempt = await deliverWebhook(ctx.core.store, endpoint, "stack.test", {
          message: "Webhook test event sent from the latchkey emulator.",
          endpointUrl: endpoint.url,
        });
        ctx.effect("webhooks_sent");
        if (attempt.status !== "success") return json({ success: false, error_message: "Webhook not delivered. Make sure the endpoint is configured correctly." });
        return json({ success: true });
      },
    },
    root({
      method: "GET",
      path: "/emulator/webhook-endpoints",
      handler: (ctx) => json({ items: webhookEndpoints(core.store, ctx.query.project_id || undefined).map(endpointRead) }),
    }),
    root({
      method: "POST",
      path: "/emulator/webhook-endpoints",
      handler: (ctx) => {
        const b = (parsed(ctx.body) ?? {}) as { project_id?: unknown; url?: unknown };
        if (typeof b.project_id !== "string" || !core.store.projects.has(b.project_id)) throw new StatusError(400, 'Send {"project_id": "<an existing project>", "url": "https://…"} as JSON.');
        if (!isHttpUrl(b.url)) throw new StatusError(400, "url must be an absolute http(s) URL.");
        return json(endpointRead(addWebhookEndpoint(core.store, b.project_id, b.url)), 201);
      },
    }),
    root({
      method: "DELETE",
      path: "/emulator/webhook-endpoints/:id",
      handler: (ctx) => {
        const all = webhookEndpoints(core.store);
        const index = all.findIndex((e) => e.id === ctx.params.id);
        if (index < 0) throw new StatusError(404, "No webhook endpoint with this id.");
        all.splice(index, 1);
        core.store.touch();
        return json({ success: true });
      },
    }),
  ];
}
