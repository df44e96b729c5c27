import { KNOWN_ERRORS } from "../../../src/emulator/errors";
import type { FuzzRequest } from "./requests";

/** One answer as the fuzz test saw it. */
export interface FuzzAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Sends one fuzz request (no redirects followed, 10 s at most) and reads the whole answer. A network failure or a
 * hang is returned as a problem string.
 */
export async function send(base: string, req: FuzzRequest): Promise<FuzzAnswer | string> {
  try {
    const res = await fetch(base + req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body as BodyInit | undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  } catch (e) {
    return `no answer: ${e instanceof Error ? `${e.name}: ${e.message}${e.cause ? ` (${String(e.cause)})` : ""}` : String(e)}`;
  }
}

/**
 * What is wrong with an answer, or `null`: never 5xx; a hostile request must be refused (4xx); every error of the
 * platform's API (`scope` `api`) is in the platform's shape, either a known error (JSON `{code, error, details?}`
 * with a matching `x-stack-known-error` header and a code of the catalogue) or a plain-text status error with a
 * message. The emulator's own pages (`root`: the inbox, the mock OAuth provider's consent page and token endpoint)
 * answer errors in their own formats (HTML for people, OAuth's JSON for clients), with a message. With
 * `x-stack-override-error-status` the real status is `x-stack-actual-status`.
 */
export function answerProblem(req: FuzzRequest, a: FuzzAnswer, scope: "api" | "root"): string | null {
  const status = Number(a.headers.get("x-stack-actual-status") ?? a.status);
  if (status >= 500) return `answered ${status}: ${a.body.toString("utf8").slice(0, 400)}`;
  if (req.expect === "4xx" && (status < 400 || status >= 500)) return `a hostile request was answered ${status}, not refused`;
  if (status < 400) return null;
  const type = a.headers.get("content-type") ?? "";
  const code = a.headers.get("x-stack-known-error");
  const text = a.body.toString("utf8");
  if (scope === "root" && !code) return text.trim().length > 0 && type ? null : `a ${status} of an emulator page without a message`;
  if (code) {
    if (!type.startsWith("application/json")) return `known error ${code} with content-type ${type}`;
    let body: { code?: unknown; error?: unknown; details?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return `known error ${code} whose body is not JSON: ${text.slice(0, 200)}`;
    }
    if (body.code !== code) return `x-stack-known-error ${code} but body code ${String(body.code)}`;
    if (!(code in KNOWN_ERRORS)) return `known error code ${code} is not in the catalogue`;
    if (typeof body.error !== "string" || body.error.length === 0) return `known error ${code} without a message`;
    if (body.details !== undefined && (typeof body.details !== "object" || body.details === null)) return `known error ${code} with details ${JSON.stringify(body.details)}`;
    return null;
  }
  if (!type.startsWith("text/plain")) return `a ${status} without x-stack-known-error must be plain text, got ${type || "no content type"}: ${text.slice(0, 200)}`;
  if (text.trim().length === 0) return `a ${status} with an empty message`;
  return null;
}

/** A failing request as a reproducible line: seed, route, kind, method, URL, headers and the start of the body. */
export function describeFailure(seed: number, route: string, req: FuzzRequest, problem: string): string {
  const body = req.body === undefined ? "" : typeof req.body === "string" ? req.body : `<${req.body.length} bytes>`;
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  const url = req.url.length > 200 ? `${req.url.slice(0, 200)}…` : req.url;
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, v.length > 48 ? `${v.slice(0, 48)}…` : v]));
  return `[seed ${seed}] ${route} (${req.kind}): ${req.method} ${url} headers=${JSON.stringify(headers)} body=${JSON.stringify(shown)} → ${problem.slice(0, 600)}`;
}
