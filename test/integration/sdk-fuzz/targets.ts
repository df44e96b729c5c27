import * as latchkey from "../../../src/index";
import { AdminApp, ClientApp, ServerApp } from "../../../src/index";
import type { Emulator } from "../../helpers/emulator";
import { createFixture, type FuzzFixture } from "../../emulator/fuzz/fixture";

/** A fetch that counts the requests it sends (the fuzz checks that an `ArgumentError` sent none). */
export interface CountingFetch {
  fetch: typeof fetch;
  count: number;
  /** Method and URL of the requests sent, newest last (the last 20). */
  recent: string[];
}

export function countingFetch(): CountingFetch {
  const c: CountingFetch = {
    count: 0,
    recent: [],
    fetch: async (input, init) => {
      c.count += 1;
      c.recent.push(`${init?.method ?? "GET"} ${input instanceof Request ? input.url : String(input)}`);
      if (c.recent.length > 20) c.recent.shift();
      return globalThis.fetch(input, init);
    },
  };
  return c;
}

/** The apps of a fresh fuzz fixture project: a signed-in client, a server app and an admin app. */
export interface Apps {
  fx: FuzzFixture;
  client: ClientApp;
  server: ServerApp;
  admin: AdminApp;
}

const retry = { sleep: async () => {}, random: () => 0.5, maxAttempts: 1 };

/** Builds a fresh project (users, a team, keys: see `createFixture`) and the three apps on it. */
export async function makeApps(em: Emulator, f: CountingFetch): Promise<Apps> {
  const fx = await createFixture(em);
  const common = { projectId: fx.projectId, baseUrl: em.url, fetch: f.fetch, retry };
  const tokens = { accessToken: fx.user.accessToken, refreshToken: fx.user.refreshToken };
  return {
    fx,
    client: new ClientApp({ ...common, publishableClientKey: fx.keys.publishableClientKey, tokenStore: tokens }),
    server: new ServerApp({ ...common, secretServerKey: fx.keys.secretServerKey, tokenStore: { ...tokens } }),
    admin: new AdminApp({ ...common, superSecretAdminKey: fx.keys.superSecretAdminKey, tokenStore: null }),
  };
}

/**
 * Every object whose public methods are fuzzed, by name: the package's exported functions, the three apps and the objects they hand out (the signed-in
 * user as client and server, its team as client and server, its contact channel and API key, another user as the
 * server sees it, the admin's project). Each is obtained with valid calls on a fresh fixture.
 */
export const TARGETS: Record<string, (a: Apps) => Promise<object>> = {
  latchkey: async () => moduleFunctions(),
  ClientApp: async (a) => a.client,
  ServerApp: async (a) => a.server,
  AdminApp: async (a) => a.admin,
  CurrentUser: async (a) => a.client.getUser({ or: "throw" }),
  CurrentServerUser: async (a) => (await a.server.getServerUser())!,
  ServerUser: async (a) => (await a.server.getUser(a.fx.otherUserId))!,
  Team: async (a) => (await (await a.client.getUser({ or: "throw" })).getTeam(a.fx.teamId))!,
  ServerTeam: async (a) => (await a.server.getTeam(a.fx.teamId))!,
  ContactChannel: async (a) => (await (await a.client.getUser({ or: "throw" })).listContactChannels())[0],
  UserApiKey: async (a) => (await (await a.client.getUser({ or: "throw" })).listApiKeys())[0],
  AdminProject: async (a) => a.admin.getProject(),
};

/** The functions `latchkey` exports (its classes are fuzzed through their instances and constructors). */
function moduleFunctions(): Record<string, unknown> {
  const isClass = (v: unknown) => typeof v === "function" && /^class\b/.test(Function.prototype.toString.call(v));
  return Object.fromEntries(Object.entries(latchkey).filter(([, v]) => typeof v === "function" && !isClass(v)));
}

/** The public methods of an object: every function-valued own or inherited property, except the constructor and `_`/`#` names. */
export function publicMethods(o: object): string[] {
  const out = new Set<string>();
  for (let p: object | null = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k === "constructor" || k.startsWith("_")) continue;
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (d && typeof d.value === "function") out.add(k);
    }
  }
  return [...out].sort();
}
