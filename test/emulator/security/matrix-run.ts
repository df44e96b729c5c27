import { randomUUID } from "node:crypto";
import type { RunningEmulator } from "../../../src/emulator";
import type { RouteDef } from "../../../src/emulator/http/router";
import type { FuzzFixture } from "../fuzz/fixture";
import { AUTH_CODES, HANDLER_AUTH_CODES, familyOf, type AccessLevel, type Expectation, type MatrixWorld } from "./matrix-cases";

/** A path parameter filled with a real id of the fixture (or a fresh UUID when `fresh`, so handlers find nothing to change). */
export function paramValue(name: string, fx: FuzzFixture, fresh: boolean): string {
  const real: Record<string, string> = {
    user_id: fx.user.id,
    team_id: fx.teamId,
    contact_channel_id: fx.contactChannelId,
    api_key_id: fx.apiKeyId,
    session_id: fx.user.sessionId,
    project_id: fx.projectId,
    customer_id: fx.user.id,
  };
  const fixed: Record<string, string> = { provider_id: "github", customer_type: "user", rest: "jwks.json", provider_account_id: "matrix" };
  return fixed[name] ?? (fresh ? randomUUID() : real[name]) ?? randomUUID();
}

/** The URL path of a route of the API scope with its parameters filled in. */
export function routePath(def: RouteDef, fx: FuzzFixture, fresh: boolean): string {
  const path = def.path.replace(/[:*](\w+)/g, (_, name: string) => encodeURIComponent(paramValue(name, fx, fresh)));
  return `/api/v1${path === "/" ? "" : path}`;
}

/** What went wrong with one answer, or `null`. */
function mismatch(route: string, expected: Expectation, status: number, code: string | null): string | null {
  if (status >= 500) return `answered ${status}`;
  if (expected === "passes") return code && AUTH_CODES.has(code) && HANDLER_AUTH_CODES[route] !== code ? `expected to pass the auth layer, got ${status} ${code}` : null;
  return status === expected.status && code === expected.code ? null : `expected ${expected.status} ${expected.code}, got ${status} ${code ?? "(no known error)"}`;
}

/**
 * Sends every API route the request of one access level and returns the mismatches. Refusing levels run with
 * `concurrency` requests in flight (they never reach a handler); levels that pass run one at a time with fresh ids,
 * project deletion last.
 */
export async function runLevel(em: RunningEmulator, w: MatrixWorld, level: AccessLevel, concurrency: number): Promise<{ sent: number; problems: string[] }> {
  const routes = em.core.router
    .list()
    .filter((r) => (r.def.scope ?? "api") === "api")
    .sort((x, y) => Number(x.name === "DELETE /internal/projects/current") - Number(y.name === "DELETE /internal/projects/current"));
  const problems: string[] = [];
  const headers = level.headers(w);
  let next = 0;
  const worker = async () => {
    while (next < routes.length) {
      const { def, name } = routes[next++];
      const hasBody = def.method !== "GET";
      const res = await fetch(em.url + routePath(def, w.a, !!level.mutates), {
        method: def.method,
        headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
        body: hasBody ? "{}" : undefined,
        redirect: "manual",
      });
      await res.arrayBuffer();
      const problem = mismatch(name, level.expect(familyOf(def)), res.status, res.headers.get("x-stack-known-error"));
      if (problem) problems.push(`${level.name} × ${name} (${familyOf(def)}): ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: level.mutates ? 1 : concurrency }, worker));
  return { sent: routes.length, problems };
}
