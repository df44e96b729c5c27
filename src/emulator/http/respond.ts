import type { ServerResponse } from "node:http";
import { KnownError, StatusError } from "../errors";
import { stringifyJson } from "../util/json";
import { corsHeaders } from "./cors";
import type { Reply } from "./reply";

/**
 * A reply ready to be written: status, headers and body bytes.
 *
 * @example
 * writeResponse(res, toWire(json({ ok: true }), { pretty: false }), { requestId, overrideErrorStatus: false });
 */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Serializes a handler reply (compact JSON, or pretty when `pretty`). Never recursion-bound: a stored value of any
 * depth is served (see `stringifyJson`).
 *
 * @example
 * const wire = toWire(json({ a: 1 }), { pretty: false });
 */
export function toWire(reply: Reply, o: { pretty: boolean }): WireResponse {
  const headers: Record<string, string> = { ...(reply.headers ?? {}) };
  let body: Buffer;
  if ("json" in reply) {
    headers["content-type"] ??= "application/json; charset=utf-8";
    body = Buffer.from(stringifyJson(reply.json, o.pretty ? 2 : undefined) ?? "null");
  } else if ("text" in reply) {
    headers["content-type"] ??= "text/plain; charset=utf-8";
    body = Buffer.from(reply.text);
  } else if ("raw" in reply) {
    headers["content-type"] ??= reply.contentType;
    body = typeof reply.raw === "string" ? Buffer.from(reply.raw) : reply.raw;
  } else {
    body = Buffer.alloc(0);
  }
  return { status: reply.status ?? 200, headers, body };
}

/**
 * Turns a thrown error into the platform's answer: known errors as pretty JSON with `x-stack-known-error`,
 * `StatusError`s as plain text, anything else as a 500 naming the request id.
 *
 * @example
 * const wire = errorToWire(e, requestId);
 */
export function errorToWire(e: unknown, requestId: string): WireResponse {
  if (e instanceof KnownError) {
    return {
      status: e.status,
      headers: { "content-type": "application/json; charset=utf-8", "x-stack-known-error": e.code },
      body: Buffer.from(e.toBody()),
    };
  }
  if (e instanceof StatusError) {
    return { status: e.status, headers: { "content-type": "text/plain; charset=utf-8", ...e.headers }, body: Buffer.from(e.message) };
  }
  const detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: Buffer.from(`Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: ${requestId}\n\n(emulator) ${detail}`),
  };
}

/**
 * Writes a response with the headers every answer carries: `x-stack-request-id`, `cache-control` (unless
 * set), CORS, and — when the client sent `x-stack-override-error-status` — 4xx turned into 200 with
 * `x-stack-actual-status`.
 *
 * @example
 * writeResponse(res, wire, { requestId, overrideErrorStatus: true });
 */
export function writeResponse(res: ServerResponse, wire: WireResponse, o: { requestId: string; overrideErrorStatus: boolean }): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = {
    ...corsHeaders(),
    "cache-control": "no-store, max-age=0",
    ...wire.headers,
    "x-stack-request-id": o.requestId,
    "content-length": String(wire.body.length),
  };
  let status = wire.status;
  if (o.overrideErrorStatus && status >= 400 && status < 500) {
    headers["x-stack-actual-status"] = String(status);
    status = 200;
  }
  res.writeHead(status, headers);
  res.end(wire.body);
}
