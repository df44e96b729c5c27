import { HttpError, UnexpectedResponseError } from "../errors/base";
import { KnownError } from "../errors/known-error";

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
    // The error catalogue's lineage table loads with the first known error: most pages never see one. If it cannot
    // be loaded (a network blip in a browser), the error keeps its code and message, without its parents.
    const json = body as { code: string; details?: unknown; error?: string };
    const lineage = await import("../errors/lineage").catch(() => undefined);
    return {
      kind: "known",
      status,
      error: lineage ? lineage.knownErrorFromJson(json, status) : new KnownError(knownCode, undefined, typeof json.error == "string" ? json.error : undefined, status),
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
  const bad = (f: string) => {
    const k = f.replace(/\W/g, ""), v = value![k], t = f.slice(k.length);
    const isObject = (i: unknown) => typeof i == "object" && !!i;
    return t == "" ? typeof v != "string" : t == "{}" ? !isObject(v) : t == "!" ? typeof v != "boolean" : t == "#" ? typeof v != "number" : t == "*" ? v === undefined : !Array.isArray(v) || (t == "[]" && !v.every(isObject));
  };
  if (typeof value != "object" || !value || expect?.split(" ").some(bad)) throw new UnexpectedResponseError(status, text, request);
  return { kind: "ok", status, value };
}
