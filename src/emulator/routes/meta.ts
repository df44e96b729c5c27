import type { EmulatorCore } from "../core";
import { json, text } from "../http/reply";
import type { RouteDef } from "../http/router";
import { t } from "../http/schema";

/**
 * `GET /health` (outside `/api`), the `GET /api/v1` welcome text (an auth probe), `POST /check-feature-support`
 * and `POST /check-version` (wire §1, §3, §8.21).
 *
 * @example
 * core.router.addAll(metaRoutes(core));
 */
export function metaRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    { method: "GET", path: "/health", scope: "root", access: "any", handler: () => json({ status: "ok" }) },
    {
      method: "GET",
      path: "",
      access: "any",
      handler: (ctx) => {
        const intro = "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\n";
        if (!ctx.auth) return text(`${intro}Authentication: None`);
        const type = ctx.auth.type[0].toUpperCase() + ctx.auth.type.slice(1);
        return text(`${intro}Authentication: ${type}\n  Project: ${ctx.auth.project.id}\n  User: ${ctx.auth.user?.id ?? "None"}`);
      },
    },
    {
      method: "POST",
      path: "/check-feature-support",
      access: "any",
      body: t.object({ feature_name: t.string() }, { allowUnknown: true }),
      handler: (ctx) =>
        text(`${ctx.body?.feature_name ?? "This feature"} is not yet supported. Please reach out to Stack support for more information.`),
    },
    {
      method: "POST",
      path: "/check-version",
      access: "any",
      body: t.object({ clientVersion: t.string().defined() }).defined(),
      handler: () => json({ upToDate: true }),
    },
  ];
}
