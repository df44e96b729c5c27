import { ClientApp } from "../../src/index";
import type { ClientAppOptions } from "../../src/index";
import { BASE, PROJECT } from "./http";
export { userJson } from "./wire";

/** A ClientApp against the nock'd base URL, with instant retries. */
export function testClientApp(options: ClientAppOptions = {}) {
  const waits: number[] = [];
  const app = new ClientApp({
    projectId: PROJECT,
    baseUrl: BASE,
    tokenStore: "memory",
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    ...options,
  });
  return { app, waits };
}

