// The platform's `SCHEMA_ERROR`, for local refusals that must read exactly as the platform's answer would: the same
// code, status, `details.message` and message, worded as its request validator words them.
import { apiUrl } from "../http/client";
import type { KnownError } from "../errors/known-error";
import { knownError } from "../errors/lineage";

/**
 * @internal The platform's `SCHEMA_ERROR` with `message` (its `details.message` and its message are the same text).
 * @example
 * throw schemaError("Exactly one of user_ids or all_users must be provided");
 */
export const schemaError = (message: string): KnownError => knownError("SCHEMA_ERROR", { message }, message, 400);

/**
 * @internal The `SCHEMA_ERROR` the platform's request validator answers for `problems` in a `method` request to `path`
 * (the API path, e.g. "/contact-channels"), naming the request as it does.
 * @example
 * throw requestSchemaError(ctx.core.http.baseUrl, "POST", "/contact-channels", ["body.value must be a valid email"]);
 */
export function requestSchemaError(baseUrl: string, method: string, path: string, problems: string[]): KnownError {
  const pathname = new URL(apiUrl(baseUrl, path)).pathname;
  return schemaError(`Request validation failed on ${method} ${pathname}:\n${problems.map((p) => `  - ${p.replaceAll("\n", "\n  ")}`).join("\n")}`);
}

/**
 * The platform's e-mail rule for most e-mail fields (yup's `string().email()`, the HTML spec's pattern): the empty
 * string passes, as it does there.
 * @internal
 * @example
 * isPlatformEmail("ada@localhost"); // true
 */
export const isPlatformEmail = (value: string): boolean =>
  value === "" || /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(value);
