import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import { faultRuleProblem, type FaultRule } from "../faults";
import { html, json } from "../http/reply";
import type { RouteDef } from "../http/router";
import { renderInboxPage } from "../outbox/inbox-page";
import { toOutboxItem } from "../outbox/outbox";
import { INTERNAL_ADMIN_USER } from "../store/seed";

function parseRules(body: unknown): { rules: FaultRule[]; replace: boolean } {
  const envelope = body as { rules?: unknown; replace?: unknown } | undefined;
  const raw = Array.isArray(body) ? body : envelope && Array.isArray(envelope.rules) ? envelope.rules : body === undefined ? undefined : [body];
  if (!raw) throw new StatusError(400, 'Send a fault rule, an array of rules, or {"rules": [...], "replace": true} as JSON.');
  raw.forEach((rule, i) => {
    const problem = faultRuleProblem(rule);
    if (problem) throw new StatusError(400, `Fault rule ${i}: ${problem}.`);
  });
  return { rules: raw as FaultRule[], replace: envelope?.replace === true };
}

/**
 * The emulator's own pages, never under `/api/v1`: the inbox page at `/`, `GET|DELETE /emulator/outbox`,
 * `GET|POST|DELETE /emulator/faults`, `GET|DELETE /emulator/stats` and `GET /emulator/info`.
 *
 * @example
 * core.router.addAll(emulatorControlRoutes(core));
 */
export function emulatorControlRoutes(core: EmulatorCore): RouteDef[] {
  const root = (def: Omit<RouteDef, "scope" | "access">): RouteDef => ({ ...def, scope: "root", access: "any" });
  return [
    root({
      method: "GET",
      path: "/",
      handler: () => html(renderInboxPage([...core.store.projects.values()], core.store.emails, core.settings.baseUrl)),
    }),
    root({
      method: "GET",
      path: "/emulator/outbox",
      handler: (ctx) => {
        const items = core.outbox.list({ to: ctx.query.to, projectId: ctx.query.project_id, kind: ctx.query.kind });
        return json({ items: items.map(toOutboxItem) });
      },
    }),
    root({
      method: "DELETE",
      path: "/emulator/outbox",
      handler: () => {
        core.outbox.clear();
        return json({ success: true });
      },
    }),
    root({ method: "GET", path: "/emulator/faults", handler: () => json({ items: core.faults.list() }) }),
    root({
      method: "POST",
      path: "/emulator/faults",
      handler: (ctx) => {
        const { rules, replace } = parseRules(ctx.body);
        if (replace) core.faults.set(rules);
        else core.faults.add(rules);
        return json({ items: core.faults.list() });
      },
    }),
    root({
      method: "DELETE",
      path: "/emulator/faults",
      handler: () => {
        core.faults.clear();
        return json({ items: [] });
      },
    }),
    root({ method: "GET", path: "/emulator/stats", handler: () => json(core.stats.toJSON()) }),
    root({
      method: "DELETE",
      path: "/emulator/stats",
      handler: () => {
        core.stats.reset();
        return json(core.stats.toJSON());
      },
    }),
    root({
      method: "GET",
      path: "/emulator/info",
      handler: () =>
        json({
          url: core.settings.baseUrl,
          api_url: `${core.settings.baseUrl}/api/v1`,
          projects: [...core.store.projects.values()].map((p) => {
            const k = p.apiKeySets.find((s) => s.manuallyRevokedAtMillis === null);
            return {
              id: p.id,
              display_name: p.displayName,
              publishable_client_key: k?.publishableClientKey ?? null,
              secret_server_key: k?.secretServerKey ?? null,
              super_secret_admin_key: k?.superSecretAdminKey ?? null,
            };
          }),
          internal_admin_user: { id: INTERNAL_ADMIN_USER.id, email: INTERNAL_ADMIN_USER.email, password: INTERNAL_ADMIN_USER.password },
        }),
    }),
  ];
}
