import { known, schemaError } from "../errors";
import type { AuthInfo } from "./context";
import { orderSchemaLines, requestKeysOf } from "./request-keys";
import type { RouteDef } from "./router";
import type { ValidationContext } from "./schema";

/**
 * The raw parts of a request, before validation.
 *
 * @example
 * validateRequest(route, { method: "GET", pathname: "/api/v1/users/me", auth, body: undefined, query: {}, params: {} });
 */
export interface RawRequestParts {
  method: string;
  pathname: string;
  auth: AuthInfo | null;
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
}

/**
 * Validates a request against its route like the platform: access type first (`ACCESS_TYPE_REQUIRED`,
 * `INSUFFICIENT_ACCESS_TYPE`), then every field problem at once as one `SCHEMA_ERROR`, its lines in the order of the
 * platform's request schema for the route (`request-keys.ts`: body, params, query for CRUD routes). `me` user ids
 * are replaced by the signed-in user's id (`CANNOT_GET_OWN_USER_WITHOUT_USER` without one).
 *
 * @example
 * const { body, query, params } = validateRequest(route, parts);
 */
export function validateRequest(route: RouteDef, parts: RawRequestParts): { body: unknown; query: Record<string, unknown>; params: Record<string, unknown> } {
  const { auth } = parts;
  if (route.access !== "any") {
    if (!auth) throw known("ACCESS_TYPE_REQUIRED");
    if (!route.access.includes(auth.type)) {
      throw known("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: auth.type, allowed_access_types: [...route.access] });
    }
  }
  const errors = { auth: [] as string[], body: [] as string[], query: [] as string[], params: [] as string[] };
  const ctx: ValidationContext = {
    currentUserId: auth?.user?.id ?? null,
    onMeWithoutUser: () => {
      throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    },
  };
  if (route.project === "internal" && auth && auth.project.id !== "internal") errors.auth.push("auth.project.id must be one of the following values: internal");
  if (route.user === "required" && !auth?.user) errors.auth.push("auth.user must be defined");
  const bodySchema = typeof route.body === "function" ? route.body(auth) : route.body;
  const body = bodySchema ? bodySchema.validate(parts.body, "body", errors.body, ctx) : parts.body;
  const query = route.query ? route.query.validate(parts.query, "query", errors.query, ctx) : parts.query;
  const params = route.params ? route.params.validate(parts.params, "params", errors.params, ctx) : parts.params;
  const lines = orderSchemaLines(requestKeysOf(route), errors);
  if (lines.length > 0) throw schemaError(parts.method, parts.pathname, lines);
  return {
    body,
    query: (query ?? {}) as Record<string, unknown>,
    params: (params ?? {}) as Record<string, unknown>,
  };
}
