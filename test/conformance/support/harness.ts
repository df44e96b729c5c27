import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import { writeFileSync } from "node:fs";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../src/emulator";
import { formatExchange, WireLog, type WireExchange } from "./wire-log";

/**
 * One emulator (fast KDF, quiet, random port) behind a logging proxy, plus factories for the official SDK's apps.
 * The apps talk to the proxy, which forwards to the emulator and records every exchange.
 */
export interface Harness {
  em: RunningEmulator;
  wire: WireLog;
  /** The URL the official SDK is pointed at (the logging proxy). */
  baseUrl: string;
  clientApp(): StackClientApp<true, string>;
  serverApp(): StackServerApp<true, string>;
  adminApp(): StackAdminApp<true, string>;
  /** A client app whose token store starts with the given tokens (e.g. from `serverUser.createSession()`). */
  clientAppWithTokens(tokens: { accessToken: string; refreshToken: string }): StackClientApp<true, string>;
  /** Captured e-mails to an address, oldest first, read over HTTP from `GET /emulator/outbox`. */
  outbox(to: string): Promise<OutboxEntry[]>;
  stop(): Promise<void>;
}

export interface OutboxEntry {
  id: string;
  kind: string;
  to: string[];
  subject: string;
  text: string;
  links: string[];
  code: string | null;
  user_id: string | null;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const em = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true, ...options });
  const wire = new WireLog(em.url);
  const baseUrl = await wire.start();
  const common = {
    projectId: em.projectId,
    publishableClientKey: em.keys.publishableClientKey,
    baseUrl,
    tokenStore: "memory" as const,
    noAutomaticPrefetch: true,
  };
  return {
    em,
    wire,
    baseUrl,
    clientApp: () => new StackClientApp(common),
    serverApp: () => new StackServerApp({ ...common, secretServerKey: em.keys.secretServerKey }),
    adminApp: () =>
      new StackAdminApp({ ...common, secretServerKey: em.keys.secretServerKey, superSecretAdminKey: em.keys.superSecretAdminKey }),
    clientAppWithTokens: (tokens) => new StackClientApp({ ...common, tokenStore: tokens }),
    outbox: async (to) => {
      const res = await fetch(`${em.url}/emulator/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { items: OutboxEntry[] };
      return body.items;
    },
    stop: async () => {
      // CONFORMANCE_WIRE_LOG=<file> keeps every exchange of the run (one JSON object a line) for offline reading.
      const logFile = process.env.CONFORMANCE_WIRE_LOG;
      if (logFile) writeFileSync(logFile, wire.exchanges.map((x) => JSON.stringify(x)).join("\n") + "\n");
      await wire.stop();
      await em.stop();
    },
  };
}

const WIRE_LINES_ON_FAILURE = 30;

/** Failing exchanges first get a marker, so the culprit stands out in a long log. */
function describeWire(exchanges: WireExchange[]): string {
  if (exchanges.length === 0) return "(no HTTP exchanges)";
  const shown = exchanges.slice(-WIRE_LINES_ON_FAILURE);
  // The last few exchanges are shown whole: a wrong wire shape usually sits in the response just before the failure.
  const lines = shown.map((x, i) => {
    const failed = (x.actualStatus ?? x.status) >= 400;
    return `${failed ? "!! " : "   "}${formatExchange(x, i >= shown.length - 3 ? Infinity : 240)}`;
  });
  const dropped = exchanges.length - shown.length;
  return (dropped > 0 ? [`   … ${dropped} earlier exchanges omitted`] : []).concat(lines).join("\n");
}

/**
 * A jest test whose failure message ends with every HTTP exchange the official SDK made during it
 * (method, path, access type, request body, wire status, actual status, known error, response body).
 */
export function scenario(h: () => Harness, name: string, fn: () => Promise<void>, timeoutMs = 60_000): void {
  test(
    name,
    async () => {
      const mark = h().wire.mark();
      try {
        await fn();
      } catch (e) {
        const original = e instanceof Error ? e : new Error(String(e));
        const wire = describeWire(h().wire.since(mark));
        const wrapped = new Error(`${original.message}\n\nWire exchanges during "${name}" (via the logging proxy):\n${wire}`);
        const frames = (original.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
        wrapped.stack = `${wrapped.message}\n${frames.join("\n")}`;
        throw wrapped;
      }
    },
    timeoutMs,
  );
}

let counter = 0;
/** A fresh, unique e-mail address. */
export function freshEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@example.com`;
}

export const PASSWORD = "correct-horse-battery";
