import type { RouteDef } from "./router";

// The order of a SCHEMA_ERROR's lines. The platform validates each request against one yup object per route, the
// route's `request` schema (`apps/backend/src/route-handlers/smart-request.tsx`, `validate`, with
// `abortEarly: false`). yup's object validation sorts the errors of its fields by the order of the object's keys
// (yup 1.x `ObjectSchema._validate`: `fieldErrors.sort(this._sortErrors)`, `sortByKeyOrder(Object.keys(shape))`),
// and it places an error at the first key whose name occurs anywhere in the error's path (`err.path.includes(key)`),
// so `body.oauth_providers` sorts with `auth` and `body.profile_image_url` with `url` when those keys come first.
// Which keys a route has, and in which order, depends on how the platform declares it.

/**
 * The `request` keys of every route the platform serves with its CRUD handlers
 * (`apps/backend/src/route-handlers/crud-handler.tsx`: `auth`, `url`, `method`, `body`, `params`, `query`), so body
 * lines come first, then path parameters, then the query.
 *
 * @example
 * requestKeysOf(route) === CRUD_REQUEST_KEYS; // for PATCH /teams/:team_id
 */
export const CRUD_REQUEST_KEYS: readonly string[] = ["auth", "url", "method", "body", "params", "query"];

/**
 * The emulator's routes (`METHOD path`) that the platform serves with `createCrudHandlers` (their `route.tsx` exports
 * a `…CrudHandlers.…Handler`).
 *
 * @example
 * CRUD_ROUTES.has("PATCH /users/:user_id"); // true
 */
export const CRUD_ROUTES: ReadonlySet<string> = new Set([
  ...["GET", "PATCH", "DELETE"].map((m) => `${m} /internal/projects/current`),
  "GET /projects/current",
  ...["GET /internal/projects", "POST /internal/projects"],
  ...["GET /internal/api-keys", "GET /internal/api-keys/:api_key_id", "PATCH /internal/api-keys/:api_key_id"],
  ...["", "/:provider_account_id"].map((p) => `POST /connected-accounts/:user_id/:provider_id${p}/access-token`),
  "GET /connected-accounts/:user_id",
  ...["GET /emails/notification-preference/:user_id", "PATCH /emails/notification-preference/:user_id/:notification_category_id"],
  ...["GET /internal/emails", "GET /emails/outbox", "GET /emails/outbox/:id", "PATCH /emails/outbox/:id"],
  "POST /webhooks/svix-token",
  ...["GET /auth/sessions", "DELETE /auth/sessions/:session_id"],
  ...["user-api-keys", "team-api-keys"].flatMap((k) => [`GET /${k}`, `GET /${k}/:api_key_id`, `PATCH /${k}/:api_key_id`]),
  ...["GET /oauth-providers", "POST /oauth-providers"],
  ...["GET", "PATCH", "DELETE"].map((m) => `${m} /oauth-providers/:user_id/:provider_id`),
  ...["GET /users", "POST /users"],
  ...["GET", "PATCH", "DELETE"].flatMap((m) => [`${m} /users/me`, `${m} /users/:user_id`]),
  ...["GET /contact-channels", "POST /contact-channels"],
  ...["GET", "PATCH", "DELETE"].map((m) => `${m} /contact-channels/:user_id/:contact_channel_id`),
  ...["GET /teams", "POST /teams", "GET /teams/:team_id", "PATCH /teams/:team_id", "DELETE /teams/:team_id"],
  ...["POST", "DELETE"].map((m) => `${m} /team-memberships/:team_id/:user_id`),
  ...["GET /team-member-profiles", "GET /team-member-profiles/:team_id/:user_id", "PATCH /team-member-profiles/:team_id/:user_id"],
  ...["GET /team-invitations", "DELETE /team-invitations/:id"],
  ...["GET /team-permissions", "POST /team-permissions/:team_id/:user_id/:permission_id", "DELETE /team-permissions/:team_id/:user_id/:permission_id"],
  ...["GET /project-permissions", "POST /project-permissions/:user_id/:permission_id", "DELETE /project-permissions/:user_id/:permission_id"],
  ...["team", "project"].flatMap((k) => [
    `GET /${k}-permission-definitions`,
    `POST /${k}-permission-definitions`,
    `PATCH /${k}-permission-definitions/:permission_id`,
    `DELETE /${k}-permission-definitions/:permission_id`,
  ]),
]);

/** Routes declared with `createSmartRouteHandler` whose keys are not `auth` then params, query and body. */
const SMART_ROUTE_KEYS: Record<string, readonly string[]> = {
  "GET /auth/oauth/authorize/:provider_id": ["params", "query"],
  "GET /projects/:project_id/.well-known/jwks.json": ["params", "query"],
  "POST /auth/oauth/token": ["body"],
  "POST /check-version": ["method", "body"],
  "POST /check-feature-support": ["auth", "method", "body"],
  "POST /contact-channels/:user_id/:contact_channel_id/send-verification-code": ["params", "auth", "body"],
  "POST /user-api-keys": ["auth", "url", "body", "method"],
  "POST /team-api-keys": ["auth", "url", "body", "method"],
};

/**
 * The platform's `request` keys for a route, in order: the CRUD keys for CRUD routes, a few smart routes' own, and
 * otherwise what most smart routes declare, `auth` followed by `params`, `query` and `body` (those the route has).
 *
 * @example
 * requestKeysOf({ method: "POST", path: "/data-vault/stores/:id/set", params, body, ... }); // ["auth", "params", "body"]
 */
export function requestKeysOf(route: Pick<RouteDef, "method" | "path" | "body" | "query" | "params">): readonly string[] {
  const name = `${route.method} ${route.path}`;
  if (CRUD_ROUTES.has(name)) return CRUD_REQUEST_KEYS;
  const own = Object.hasOwn(SMART_ROUTE_KEYS, name) ? SMART_ROUTE_KEYS[name] : undefined;
  return own ?? ["auth", ...(route.params ? ["params"] : []), ...(route.query ? ["query"] : []), ...(route.body ? ["body"] : [])];
}

/**
 * Orders SCHEMA_ERROR lines like yup orders a request's errors: each line (`<path> <problem>`) goes to the first key
 * whose name occurs in its path; lines at the same key keep their order. `lines` are given part by part.
 *
 * @example
 * orderSchemaLines(CRUD_REQUEST_KEYS, { body: ["body.x must be defined"], query: ["query.y …"], params: ["params.id …"] });
 * // ["body.x must be defined", "params.id …", "query.y …"]
 */
export function orderSchemaLines(keys: readonly string[], lines: Record<string, readonly string[]>): string[] {
  const parts = [...keys.filter((k) => Object.hasOwn(lines, k)), ...Object.keys(lines).filter((k) => !keys.includes(k))];
  const all = parts.flatMap((part) => lines[part].map((line) => ({ line, rank: rankOf(keys, pathOf(line, part)) })));
  return all.sort((a, b) => a.rank - b.rank).map((e) => e.line);
}

/** The path a line is about: its first word when that is within the part (`body.email`, `body`), else the part. */
function pathOf(line: string, part: string): string {
  const first = line.split(" ", 1)[0];
  return first === part || first.startsWith(`${part}.`) || first.startsWith(`${part}[`) ? first : part;
}

function rankOf(keys: readonly string[], path: string): number {
  const i = keys.findIndex((k) => path.includes(k));
  return i < 0 ? keys.length : i;
}
