import type { RunningEmulator } from "../../../src/emulator";
import { answerProblem, describeFailure, send, type FuzzAnswer } from "./check";
import { createFixture, fixtureIntact, type FuzzFixture } from "./fixture";
import { hostileRequests } from "./hostile";
import { randomRequests } from "./requests";

/** How one fuzz run went. */
export interface FuzzRun {
  routes: number;
  sent: number;
  elapsedMs: number;
  /** How often the fixture had to be built again (the fuzz deleted its project, user, team or session). */
  rebuilt: number;
  /** Reproducible descriptions of the answers that broke a rule (at most 25: the run stops there). */
  failures: string[];
  statuses: Record<number, number>;
  /** The most frequent error answers (`LATCHKEY_FUZZ_VERBOSE` only). */
  errors: [string, number][];
  /** True when the time budget ended the run early. */
  outOfTime: boolean;
}

export interface FuzzOptions {
  seed: number;
  /** Random requests per route (the hostile ones come on top). */
  runs: number;
  budgetMs: number;
  /** Route names (`METHOD /path`) left alone. */
  excluded: ReadonlySet<string>;
  only?: RegExp | null;
  verbose?: boolean;
}

/** Keeps the ids (`id`, `*_id`) of what a successful JSON answer created or returned, at most 60 (newest kept). */
function harvest(answer: FuzzAnswer, into: string[]): void {
  if (answer.status >= 300 || !(answer.headers.get("content-type") ?? "").startsWith("application/json")) return;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return;
  }
  const list = (body as { items?: unknown } | null)?.items;
  for (const item of Array.isArray(list) ? list.slice(0, 3) : [body]) {
    if (!item || typeof item !== "object") continue;
    for (const [k, v] of Object.entries(item)) {
      if ((k === "id" || k.endsWith("_id")) && typeof v === "string" && v.length < 200 && !into.includes(v)) into.push(v);
    }
  }
  if (into.length > 60) into.splice(0, into.length - 60);
}

/** A short name for an error answer, for the verbose summary. */
function errorKey(a: FuzzAnswer): string {
  const code = a.headers.get("x-stack-known-error");
  return `${a.status} ${code ?? a.body.toString("utf8").slice(0, 60)}`;
}

/**
 * Sends every route of the emulator's route table its random requests (seeded per route) and its hostile requests,
 * one at a time, and checks every answer. Ids that successful answers return are fed to later routes' paths.
 */
export async function fuzzRoutes(em: RunningEmulator, o: FuzzOptions): Promise<FuzzRun> {
  let fx: FuzzFixture = await createFixture(em);
  const routes = em.core.router.list().filter((r) => !o.excluded.has(r.name) && (!o.only || o.only.test(r.name)));
  const run: FuzzRun = { routes: routes.length, sent: 0, elapsedMs: 0, rebuilt: 0, failures: [], statuses: {}, errors: [], outOfTime: false };
  const errors: Record<string, number> = {};
  const harvested: string[] = [];
  const started = Date.now();
  outer: for (const [i, { def, name }] of routes.entries()) {
    if (!fixtureIntact(em, fx)) {
      fx = await createFixture(em);
      run.rebuilt += 1;
    }
    const requests = [...randomRequests(fx, def, o.seed + i, o.runs, harvested), ...hostileRequests(fx, def, em.settings.maxBodyBytes)];
    for (const req of requests) {
      if (Date.now() - started > o.budgetMs) {
        run.outOfTime = true;
        break outer;
      }
      const answer = await send(em.url, req);
      run.sent += 1;
      if (typeof answer !== "string") {
        harvest(answer, harvested);
        run.statuses[answer.status] = (run.statuses[answer.status] ?? 0) + 1;
        if (o.verbose && answer.status >= 400) errors[errorKey(answer)] = (errors[errorKey(answer)] ?? 0) + 1;
      }
      const problem = typeof answer === "string" ? answer : answerProblem(req, answer, def.scope ?? "api");
      if (problem) run.failures.push(describeFailure(o.seed, name, req, problem));
      if (run.failures.length >= 25) break outer;
    }
  }
  run.elapsedMs = Date.now() - started;
  run.errors = Object.entries(errors).sort((a, b) => b[1] - a[1]).slice(0, 20);
  return run;
}
