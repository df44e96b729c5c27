import fc from "fast-check";
import { ArgumentError, LatchkeyError } from "../../../src/index";
import type { Emulator } from "../../helpers/emulator";
import { argumentLists, describeArgs } from "./arguments";
import { fixtureIntact } from "../../emulator/fuzz/fixture";
import { countingFetch, makeApps, publicMethods, TARGETS } from "./targets";

export interface SdkFuzzOptions {
  seed: number;
  runs: number;
  budgetMs: number;
  /** `Target.method` names left alone, each with its reason. */
  excluded: Record<string, string>;
  only?: RegExp | null;
  /**
   * Time per method: the app's read caches fetch an entry at most every 300 ms, so a getter (which ignores extra
   * arguments) gets a few runs, and a method that checks its arguments gets all of them.
   */
  methodLimitMs: number;
  /** Longest wait for one call (a hang is a failure). */
  callTimeoutMs: number;
}

export interface SdkFuzzRun {
  /** Every method the reflection found (fuzzed or not). */
  listed: number;
  methods: string[];
  calls: number;
  failures: string[];
  outOfTime: boolean;
  elapsedMs: number;
  outcomes: Record<string, number>;
  /** Calls whose arguments the platform refused (`SCHEMA_ERROR`): the SDK sent a request it could have refused itself. */
  schemaRefusals: string[];
  /** How often the fixture was built again (a method deleted or signed out part of it). */
  rebuilt: number;
  /** Milliseconds per method, slowest first (the ten slowest). */
  slowest: [string, number][];
}

const BROWSER_ONLY = /only works in a browser page/;

/** What is wrong with one call's outcome, or null: errors must be the SDK's own, and an `ArgumentError` sends nothing. */
export function outcomeProblem(e: unknown, requestsSent: number): string | null {
  if (e === undefined) return null;
  if (!LatchkeyError.isInstance(e)) {
    const err = e as { name?: unknown; message?: unknown; stack?: unknown };
    return `threw a raw ${String(err?.name ?? typeof e)}: ${String(err?.message ?? e)}\n${String(err?.stack ?? "").split("\n").slice(1, 6).join("\n")}`;
  }
  // One exception: "only works in a browser page" is about where the code runs, found after a legitimate read
  // (getOrLinkConnectedAccount returns an account already linked anywhere, and links a new one only in a browser).
  if (ArgumentError.isInstance(e) && requestsSent > 0 && !BROWSER_ONLY.test(e.message)) return `threw an ArgumentError after sending ${requestsSent} request(s): ${e.message}`;
  return null;
}

const TIMEOUT = Symbol("timeout");
/** Method names that may delete, revoke or sign out part of the fixture. */
const DESTRUCTIVE = /delete|revoke|signOut|leave|remove|reset|replace|transfer|claim|unlink|setPassword|updatePassword/i;

/** A hash of a method name, so a method's seed does not change when other methods are added. */
function stableHash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

async function callOnce(target: object, method: string, args: unknown[], timeoutMs: number): Promise<{ error?: unknown; timedOut?: true }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const fn = (target as Record<string, (...a: unknown[]) => unknown>)[method];
    const result = await Promise.race([
      Promise.resolve().then(() => fn.apply(target, args)),
      new Promise((resolve) => (timer = setTimeout(() => resolve(TIMEOUT), timeoutMs))),
    ]);
    if (result === TIMEOUT) return { timedOut: true };
    const r = result as { status?: unknown; error?: unknown } | null;
    if (r && typeof r === "object" && r.status === "error") return { error: r.error };
    return {};
  } catch (e) {
    return { error: e };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fuzzes every public method of every target (`TARGETS`, methods listed by reflection): for each, a fresh fixture
 * and `runs` random argument lists from fast-check (seeded per method), checked by `outcomeProblem`. fast-check
 * shrinks a failing argument list to a small one, reported with the seed that reproduces it.
 */
export async function fuzzSdk(em: Emulator, o: SdkFuzzOptions): Promise<SdkFuzzRun> {
  const started = Date.now();
  const run: SdkFuzzRun = { listed: 0, methods: [], calls: 0, failures: [], outOfTime: false, elapsedMs: 0, outcomes: {}, schemaRefusals: [], rebuilt: 0, slowest: [] };
  const counter = countingFetch();
  let apps = await makeApps(em, counter);
  let dirty = false;
  for (const [targetName, get] of Object.entries(TARGETS)) {
    let target: object | undefined = await get(apps);
    const names = publicMethods(target);
    run.listed += names.length;
    for (const method of names) {
      const name = `${targetName}.${method}`;
      if (name in o.excluded || (o.only && !o.only.test(name))) continue;
      if (Date.now() - started > o.budgetMs) {
        run.outOfTime = true;
        continue;
      }
      run.methods.push(name);
      if (dirty || !fixtureIntact(em, apps.fx)) {
        apps = await makeApps(em, counter);
        run.rebuilt += 1;
        target = undefined;
      }
      // a method that may have removed or invalidated part of the fixture gets a fresh one after it
      dirty = DESTRUCTIVE.test(method);
      target ??= await get(apps);
      const methodStarted = Date.now();
      const seed = (o.seed + stableHash(name)) % 2 ** 31;
      // Past the method's time, runs (and shrinking) pass without calling: no call is ever left running behind.
      const deadline = methodStarted + o.methodLimitMs;
      const self = target;
      const details = await fc.check(
        fc.asyncProperty(argumentLists, async (args) => {
          if (Date.now() > deadline) return;
          const before = counter.count;
          const { error, timedOut } = await callOnce(self, method, args, o.callTimeoutMs);
          run.calls += 1;
          const kind = timedOut ? "timeout" : error === undefined ? "ok" : LatchkeyError.isInstance(error) ? (error as Error).name : "raw";
          run.outcomes[kind] = (run.outcomes[kind] ?? 0) + 1;
          if (kind === "KnownError<SCHEMA_ERROR>") run.schemaRefusals.push(`${name} ${describeArgs(args)}: ${(error as Error).message.split("\n").slice(1, 3).join(" ")}`);
          if (timedOut) throw new Error(`did not settle within ${o.callTimeoutMs} ms`);
          const problem = outcomeProblem(error, counter.count - before);
          if (problem) throw new Error(`${problem}\n  requests: ${counter.recent.slice(-(counter.count - before)).join(", ")}`);
        }),
        { seed, numRuns: o.runs },
      );
      run.slowest.push([name, Date.now() - methodStarted]);
      if (details.failed) {
        const error = (details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance);
        run.failures.push(`${name} [seed ${seed}, path ${details.counterexamplePath}] args ${describeArgs(details.counterexample?.[0] ?? [])}:\n  ${error}`);
      }
    }
  }
  run.elapsedMs = Date.now() - started;
  run.slowest = run.slowest.sort((a, b) => b[1] - a[1]).slice(0, 10);
  return run;
}
