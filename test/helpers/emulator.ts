import { startEmulator } from "../../src/emulator";
import { ClientApp, ServerApp } from "../../src/index";
import type { ClientAppOptions, TokenStoreInit } from "../../src/index";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

/** Starts an emulator on a free port with fast password hashing and no log output. */
export function startTestEmulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  return startEmulator({ port: 0, passwordHashing: "fast", quiet: true, ...options });
}

/** A ClientApp of the emulator's demo project with an in-memory store and instant retries. */
export function clientFor(emulator: Emulator, options: ClientAppOptions = {}) {
  const waits: number[] = [];
  const app = new ClientApp({
    projectId: emulator.projectId,
    publishableClientKey: emulator.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "memory",
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    ...options,
  });
  return { app, waits };
}

/**
 * A ServerApp of the emulator's demo project (instant retries). `secretServerKey` and `tokenStore` may be
 * overridden, e.g. to test a wrong key or a signed-in session.
 */
export function serverFor(emulator: Emulator, options: { secretServerKey?: string; tokenStore?: TokenStoreInit } = {}) {
  return new ServerApp({
    projectId: emulator.projectId,
    baseUrl: emulator.url,
    secretServerKey: options.secretServerKey ?? emulator.keys.secretServerKey,
    tokenStore: options.tokenStore === undefined ? "memory" : options.tokenStore,
    retry: { sleep: async () => {}, random: () => 0.5 },
  });
}

/** A unique e-mail address per call, so tests sharing one emulator never collide. */
let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** The `code` query parameter of the newest outbox mail to `to` whose text mentions `kind` (e.g. "reset"). */
export async function codeFromOutbox(emulator: Emulator, to: string, match: RegExp = /./): Promise<string> {
  const res = await fetch(`${emulator.url}/emulator/outbox`);
  const body = await res.json();
  const mails: unknown[] = Array.isArray(body) ? body : (body.emails ?? body.items ?? body.mails ?? []);
  const mine = mails.filter((m) => JSON.stringify(m).includes(to) && match.test(JSON.stringify(m)));
  const last = mine[mine.length - 1];
  if (!last) throw new Error(`no mail to ${to} matching ${match} in the outbox`);
  const code = /[?&]code=([a-z0-9]{45})/i.exec(JSON.stringify(last))?.[1];
  if (!code) throw new Error(`the newest mail to ${to} has no code link: ${JSON.stringify(last).slice(0, 500)}`);
  return code;
}

/** Counters of `GET /emulator/stats` for one route key such as `"POST /auth/password/sign-in"`. */
export async function routeStats(emulator: Emulator, route: string) {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return stats.routes?.[route] ?? { requests: 0, applied: 0, faults: 0, effects: {}, responses: {} };
}
