import type { EmulatorCore } from "../core";
import { clientProjectRead } from "../domain/project-read";
import { StatusError } from "../errors";
import { authOf } from "../http/context";
import { json, type Reply } from "../http/reply";
import { CLIENT_OR_HIGHER, type Method, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { audienceFor, type TokenKind } from "../tokens/access-token";

const jwksQuery = t.object({ include_restricted: t.string({ oneOf: ["true", "false"] }), include_anonymous: t.string({ oneOf: ["true", "false"] }) });

function jwks(core: EmulatorCore, projectId: string, query: Record<string, string | undefined>): Reply {
  if (!core.store.projects.has(projectId)) throw new StatusError(404, "Project not found");
  const anonymous = query.include_anonymous === "true";
  const restricted = anonymous || query.include_restricted === "true";
  const kinds: TokenKind[] = ["normal", ...(restricted ? ["restricted" as const] : []), ...(anonymous ? ["anonymous" as const] : [])];
  const keys = kinds.flatMap((k) => core.keys.forAudience(audienceFor(projectId, k)).map((key) => key.jwk));
  return json({ keys }, 200, { "cache-control": "public, max-age=3600" });
}

const aliasMethods: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * `GET /projects/current`, the JWKS endpoint and its `projects-anonymous-users` alias (wire §7, §8.18).
 *
 * @example
 * core.router.addAll(projectRoutes(core));
 */
export function projectRoutes(core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/projects/current",
      access: CLIENT_OR_HIGHER,
      handler: (ctx) => json(clientProjectRead(authOf(ctx).project)),
    },
    {
      method: "GET",
      path: "/projects/:project_id/.well-known/jwks.json",
      access: "any",
      query: jwksQuery,
      handler: (ctx) => jwks(core, ctx.params.project_id, ctx.query),
    },
    ...aliasMethods.map(
      (method): RouteDef => ({
        method,
        path: "/projects-anonymous-users/:project_id/.well-known/*rest",
        access: "any",
        handler: (ctx) => {
          const target = new URL(ctx.url.toString());
          target.pathname = target.pathname.replace("projects-anonymous-users", "projects");
          target.searchParams.set("include_anonymous", "true");
          return { status: 307, empty: true, headers: { location: target.toString() } };
        },
      }),
    ),
  ];
}
