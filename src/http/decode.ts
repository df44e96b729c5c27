import { HttpError, UnexpectedResponseError } from "../errors/base";
import { knownErrorFromJson } from "../errors/from-json";
import type { KnownError } from "../errors";

/** Reads a platform response header under either prefix the platform has used. */
const platformHeader = (res: Response, name: string): string | null =>
  res.headers.get(`x-stack-${name}`) ?? res.headers.get(`x-hexclave-${name}`);

/**
 * The outcome of one HTTP exchange: a value, a known error, or a non-2xx answer that is not a known error.
 * @internal
 */
export type Decoded =
  | { kind: "ok"; status: number; value: unknown }
  | { kind: "known"; status: number; error: KnownError }
  | { kind: "http"; status: number; error: HttpError; retryAfter: string | null };

/**
 * Decodes a response: restores the real status from `x-stack-actual-status`, turns a body flagged with
 * `x-stack-known-error` into its error class (header and body code must agree), keeps any other non-2xx as an
 * {@link HttpError}, and parses success bodies, which must be JSON objects carrying the fields `expect` names
 * (space-separated; `name` a string, `name{}` an object, `name[]` an array of objects, `name[*]` an array of any
 * values, `name!` a boolean, `name#` a number, `name*` any value but absent): otherwise an
 * {@link UnexpectedResponseError} is thrown. The one place an answer's shape is checked; each resource names what it reads in its request.
 * @internal
 */
export async function decodeResponse(res: Response, request: { method: string; url: string }, expect?: string): Promise<Decoded> {
  const status = Number(platformHeader(res, "actual-status") ?? res.status);
  const text = await res.text();
  const knownCode = platformHeader(res, "known-error");
  if (knownCode) {
    let body: { code?: unknown; details?: unknown; error?: unknown } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      // handled below: a known-error header needs a JSON body
    }
    if (!body || body.code !== knownCode) {
      const why = `the x-stack-known-error header (${knownCode}) does not match the body: ${text.slice(0, 200)}`;
      return { kind: "http", status, error: new HttpError(status, why, request), retryAfter: null };
    }
    return {
      kind: "known",
      status,
      error: knownErrorFromJson(body as { code: string; details?: unknown; error?: string }, status),
    };
  }
  if (status < 200 || status >= 300) {
    return { kind: "http", status, error: new HttpError(status, text, request), retryAfter: res.headers.get("retry-after") };
  }
  let value: Record<string, unknown> | undefined;
  try {
    value = JSON.parse(text);
  } catch {
    // not JSON: refused below
  }
  if (typeof value != "object" || !value || (expect && !hasFields(value, expect))) throw new UnexpectedResponseError(status, text, request);
  return { kind: "ok", status, value };
}

type FieldCheck = (value: unknown) => boolean;
const isObject: FieldCheck = (v) => typeof v == "object" && !!v;
/** What each suffix of an `expect` field requires of its value. */
const CHECKS: Record<string, FieldCheck> = {
  "": (v) => typeof v == "string",
  "{}": isObject,
  "!": (v) => typeof v == "boolean",
  "#": (v) => typeof v == "number",
  "*": (v) => v !== undefined,
  "[*]": Array.isArray,
  "[]": (v) => Array.isArray(v) && v.every(isObject),
};
/** `expect` strings parsed into `[field, check]` pairs, once each: a resource sends the same string every time. */
const parsed = new Map<string, [string, FieldCheck][]>();

/** Whether `value` carries every field `expect` names, each of the kind its suffix says (see {@link decodeResponse}). */
function hasFields(value: Record<string, unknown>, expect: string): boolean {
  let fields = parsed.get(expect);
  if (!fields) {
    fields = expect.split(" ").map((f) => {
      const name = f.replace(/\W/g, "");
      return [name, CHECKS[f.slice(name.length)] ?? CHECKS["[*]"]!];
    });
    parsed.set(expect, fields);
  }
  for (const [name, check] of fields) if (!check(value[name])) return false;
  return true;
}
