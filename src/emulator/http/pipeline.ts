import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { resolveAuth } from "../auth/resolve";
import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { FaultRule } from "../faults";
import { newId } from "../util/random";
import { parseBody, readBody } from "./body";
import { readHeader, type RequestContext } from "./context";
import { errorToWire, toWire, writeResponse, type WireResponse } from "./respond";
import type { RouteDef, RouteMatch } from "./router";
import { validateRequest } from "./validate";

const ALLOWED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const API_PREFIX = /^\/api\/(v1|latest)(?=\/|$)/;

/**
 * The platform's text for unknown `/api/` paths (the first line is what clients see).
 *
 * @example
 * (await res.text()).startsWith(NOT_FOUND_TEXT);
 */
export const NOT_FOUND_TEXT = "404 — this page does not exist in Stack Auth's API.";

function notFound(url: URL): StatusError {
  return new StatusError(404, `${NOT_FOUND_TEXT}\n\nPlease see the API documentation at https://docs.stack-auth.com.\n\nURL: ${url.pathname}`);
}

function faultResponse(rule: FaultRule): WireResponse | "drop" {
  const plain = (status: number, text: string, extra: Record<string, string> = {}): WireResponse => ({
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...extra },
    body: Buffer.from(text),
  });
  switch (rule.action) {
    case "drop":
      return "drop";
    case "status":
      return plain(rule.status ?? 503, `Injected fault: the emulator answered ${rule.status ?? 503}.`);
    case "rate-limit":
      return {
        status: 429,
        headers: {
          "content-type": "application/json; charset=utf-8",
          ...(rule.retryAfterSeconds !== undefined ? { "retry-after": String(rule.retryAfterSeconds) } : {}),
        },
        body: Buffer.from(JSON.stringify({ message: "Injected rate limit: wait before retrying." })),
      };
    case "loop":
      return plain(508, "Loop Detected\n\nINFINITE_LOOP_DETECTED");
    default:
      throw new Error(`not an answering fault: ${rule.action}`);
  }
}

/**
 * Handles one HTTP request end to end: preflight, routing, faults, 405/404, body limit and parsing, auth
 * (wire §3), validation (wire §4), the handler, error mapping (wire §6), persistence and the response headers.
 * With a data file, requests run (and save) one at a time, and a change that cannot be saved is refused with 507.
 *
 * @example
 * http.createServer((req, res) => void handleRequest(core, req, res));
 */
export async function handleRequest(core: EmulatorCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newId();
  const method = (req.method ?? "GET").toUpperCase();
  const url = safeUrl(req.url, core.settings.baseUrl);
  const pathname = url.pathname;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const apiRelative = API_PREFIX.test(pathname) ? pathname.replace(API_PREFIX, "").replace(/\/+$/, "") : undefined;
  const overrideErrorStatus = readHeader(req, "x-stack-override-error-status") !== undefined;
  const pretty = (req.headers.accept ?? "").includes("text/html");
  const send = (wire: WireResponse, override = overrideErrorStatus) => writeResponse(res, wire, { requestId, overrideErrorStatus: override });

  if (method === "OPTIONS") {
    send({ status: 200, headers: {}, body: Buffer.alloc(0) }, false);
    return;
  }

  const match: RouteMatch<RouteDef> =
    apiRelative !== undefined ? core.router.match("api", method, apiRelative) : isApi ? { kind: "not-found" } : core.router.match("root", method, pathname);
  const routeName = match.kind === "found" ? match.name : `${method} (unmatched)`;
  const isControl = !isApi;
  if (!isControl) core.stats.request(routeName);

  const fault = isApi ? core.faults.take(method, [apiRelative ?? pathname, match.kind === "found" ? match.name.replace(/^\S+ /, "") : ""]) : undefined;
  if (fault?.latencyMs) await sleep(fault.latencyMs);
  const applyFault = (rule: FaultRule): boolean => {
    if (rule.action === "latency") return false;
    core.stats.fault(routeName);
    const wire = faultResponse(rule);
    if (wire === "drop") req.socket.destroy();
    else {
      core.stats.response(routeName, wire.status);
      send(wire, false);
    }
    return true;
  };
  if (fault && (fault.when ?? "before") === "before" && applyFault(fault)) return;

  const r = { method, url, match, routeName, isApi };
  let wire: WireResponse;
  let applied = false;
  try {
    const prepared = await prepareRoute(core, req, r);
    ({ wire, applied } = prepared.route.waits
      ? { wire: toWire(await runRoute(core, req, r, prepared), { pretty }), applied: true }
      : await core.exclusive(() => runAndSave(core, req, r, prepared, { requestId, pretty })));
  } catch (e) {
    wire = failure(core, e, r, requestId);
  }
  if (applied && !isControl) core.stats.applied(routeName);
  if (fault && fault.when === "after" && applyFault(fault)) return;
  if (!isControl) core.stats.response(routeName, wire.status);
  send(wire);
}

type RouteRequest = { method: string; url: URL; match: RouteMatch<RouteDef>; routeName: string; isApi: boolean };
type Prepared = { route: RouteDef; params: Record<string, string>; buffer: Buffer };

function failure(core: EmulatorCore, e: unknown, r: RouteRequest, requestId: string): WireResponse {
  const wire = errorToWire(e, requestId);
  if (wire.status >= 500) core.log(`[emulator] ${r.method} ${r.url.pathname} failed (request ${requestId}): ${e instanceof Error ? e.stack : String(e)}`);
  return wire;
}

/** The steps that cannot touch the state, run before taking a turn: 404/405 and reading the body (413 past the limit). */
async function prepareRoute(core: EmulatorCore, req: IncomingMessage, r: RouteRequest): Promise<Prepared> {
  if (!ALLOWED_METHODS.includes(r.method)) throw new StatusError(405, "Method not allowed");
  if (r.match.kind === "not-found") throw r.isApi ? notFound(r.url) : new StatusError(404, "Not found. The emulator's pages are / and /emulator/*; its API is under /api/v1.");
  if (r.match.kind === "method-not-allowed") throw new StatusError(405, "Method not allowed");
  return { route: r.match.route, params: r.match.params, buffer: await readBody(req, core.settings.maxBodyBytes) };
}

/**
 * Runs the route and saves what it changed. When saving fails the store has already rolled back; a success answer
 * becomes a 507 saying the change was not saved (an error answer stays), and a line goes to stderr even when quiet.
 */
async function runAndSave(
  core: EmulatorCore,
  req: IncomingMessage,
  r: RouteRequest,
  prepared: Prepared,
  o: { requestId: string; pretty: boolean },
): Promise<{ wire: WireResponse; applied: boolean }> {
  let wire: WireResponse;
  let applied = false;
  try {
    wire = toWire(await runRoute(core, req, r, prepared), { pretty: o.pretty });
    applied = true;
  } catch (e) {
    wire = failure(core, e, r, o.requestId);
  }
  try {
    core.store.flush();
  } catch (e) {
    const message = (e as { message?: unknown } | null)?.message;
    const reason = typeof message === "string" ? message : String(e);
    core.alert(`[emulator] ${r.method} ${r.url.pathname}: change NOT saved and rolled back (request ${o.requestId}): ${reason}`);
    if (wire.status < 400) wire = notSavedResponse(reason);
    applied = false;
  }
  return { wire, applied };
}

function notSavedResponse(reason: string): WireResponse {
  const text =
    `The change was not saved: ${reason}\n\n` +
    "The emulator rolled its state back to the last saved version, so nothing of this request was kept. " +
    "Fix the problem (disk space, permissions, the --data path) and send the request again.";
  return { status: 507, headers: { "content-type": "text/plain; charset=utf-8" }, body: Buffer.from(text) };
}

async function runRoute(core: EmulatorCore, req: IncomingMessage, r: RouteRequest, { route, params, buffer }: Prepared) {
  const rawBody = parseBody(r.method, req.headers["content-type"], buffer);
  const auth = r.isApi ? await resolveAuth(core, req) : null;
  const query = Object.fromEntries(r.url.searchParams.entries());
  const valid = validateRequest(route, { method: r.method, pathname: r.url.pathname, auth, body: rawBody, query, params });
  const ctx: RequestContext = {
    core,
    req,
    method: r.method,
    pathname: r.url.pathname,
    url: r.url,
    routeName: r.routeName,
    auth,
    body: valid.body,
    query: valid.query,
    params: valid.params,
    header: (name) => readHeader(req, name),
    effect: (name, count = 1) => core.stats.effect(r.routeName, name, count),
  };
  return await route.handler(ctx);
}

function safeUrl(raw: string | undefined, base: string): URL {
  try {
    const path = raw ?? "/";
    return new URL(path.startsWith("/") ? base + path : `${base}/${path}`);
  } catch {
    return new URL("/__invalid_url__", base);
  }
}
