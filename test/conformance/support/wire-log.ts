import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request/response pair seen by the logging proxy. */
export interface WireExchange {
  seq: number;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  /** `x-*-access-type` of the request (client / server / admin), if any. */
  accessType: string | null;
  /** Request body as text (truncated). */
  requestBody: string;
  /** HTTP status on the wire (200 when the client asked for error-status overriding). */
  status: number;
  /** `x-stack-actual-status` / `x-hexclave-actual-status`, if present. */
  actualStatus: number | null;
  /** `x-stack-known-error` / `x-hexclave-known-error`, if present. */
  knownError: string | null;
  contentType: string | null;
  /** Response body as text (truncated). */
  responseBody: string;
}

const MAX_BODY_CHARS = 1200;

function clip(s: string): string {
  return s.length > MAX_BODY_CHARS ? `${s.slice(0, MAX_BODY_CHARS)}… (${s.length} chars)` : s;
}

function header(h: IncomingHttpHeaders, suffix: string): string | null {
  const v = h[`x-stack-${suffix}`] ?? h[`x-hexclave-${suffix}`];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : v;
}

/** JWTs and long opaque tokens are shortened so a failure log stays readable. */
function shorten(s: string): string {
  return s
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, "<jwt>")
    .replace(/"(refresh_token|access_token)":"[^"]{16,}"/g, '"$1":"<token>"');
}

/**
 * Compact one-exchange summary, e.g. `#4 POST /api/v1/teams [client] {"display_name":"x"} → 200 (actual 404 TEAM_NOT_FOUND) {...}`.
 * Bodies of successful exchanges are cut to `okBodyChars`; failed ones are shown in full (up to the recorded limit).
 */
export function formatExchange(x: WireExchange, okBodyChars = 240): string {
  const failed = (x.actualStatus ?? x.status) >= 400;
  const cut = (s: string) => (failed || s.length <= okBodyChars ? s : `${s.slice(0, okBodyChars)}…`);
  const req = x.requestBody ? ` ${cut(shorten(x.requestBody))}` : "";
  const actual = x.actualStatus !== null || x.knownError ? ` (actual ${x.actualStatus ?? x.status}${x.knownError ? ` ${x.knownError}` : ""})` : "";
  return `#${x.seq} ${x.method} ${x.path}${x.accessType ? ` [${x.accessType}]` : ""}${req}\n     → ${x.status}${actual} ${x.contentType ?? ""} ${cut(shorten(x.responseBody))}`;
}

/**
 * A tiny HTTP proxy on 127.0.0.1 in front of the emulator that records every exchange,
 * so a failing conformance scenario can show exactly what the official SDK sent and got back.
 */
export class WireLog {
  readonly exchanges: WireExchange[] = [];
  private server: Server | undefined;
  private seq = 0;
  url = "";

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const headers = { ...req.headers, host: target.host };
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
          (up) => {
            const out: Buffer[] = [];
            up.on("data", (c: Buffer) => out.push(c));
            up.on("end", () => {
              const resBody = Buffer.concat(out);
              const actual = header(up.headers, "actual-status");
              this.exchanges.push({
                seq: ++this.seq,
                method: req.method ?? "GET",
                path: req.url ?? "",
                accessType: header(req.headers, "access-type"),
                requestBody: clip(body.toString("utf8")),
                status: up.statusCode ?? 0,
                actualStatus: actual === null ? null : Number(actual),
                knownError: header(up.headers, "known-error"),
                contentType: (up.headers["content-type"] as string | undefined) ?? null,
                responseBody: clip(resBody.toString("utf8").replace(/\s*\n\s*/g, " ")),
              });
              res.writeHead(up.statusCode ?? 502, up.headers);
              res.end(resBody);
            });
          },
        );
        upstream.on("error", (e) => {
          if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
          res.end(`wire-log proxy: ${e.message}`);
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  /** Index to pass to `since` later. */
  mark(): number {
    return this.exchanges.length;
  }

  since(mark: number): WireExchange[] {
    return this.exchanges.slice(mark);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
