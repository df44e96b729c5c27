import { startTestEmulator, type Emulator } from "../helpers/emulator";
import { fuzzConstructors } from "./sdk-fuzz/constructors";
import { fuzzSdk } from "./sdk-fuzz/run";

/**
 * Random arguments to every public method of the SDK (ClientApp, ServerApp, AdminApp and the objects they hand out,
 * listed by reflection so a new method is fuzzed the day it is added), against a real emulator: every error must be
 * one of the SDK's own (`LatchkeyError`: `ArgumentError`, `KnownError`, …), never a raw `TypeError`; an
 * `ArgumentError` must come before any request is sent; no call may hang.
 *
 * Reproduce a failure with the seed it prints: `LATCHKEY_FUZZ_SEED=<seed> LATCHKEY_SDK_FUZZ_ONLY='^CurrentUser\.update$'
 * npx jest test/integration/sdk-fuzz.test.ts` (the default seed is fixed; `LATCHKEY_FUZZ_SEED=random` picks one).
 * `LATCHKEY_SDK_FUZZ_RUNS` sets the argument lists per method (default 12), `LATCHKEY_SDK_FUZZ_BUDGET_MS` the time
 * budget (default 40 s; the whole API takes about 20 s), `LATCHKEY_SDK_FUZZ_METHOD_MS` the time per method
 * (default 250 ms), `LATCHKEY_FUZZ_VERBOSE=1` prints the counts.
 */

const SEED_ENV = process.env.LATCHKEY_FUZZ_SEED;
const SEED = SEED_ENV === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_ENV ?? 20261124);
const RUNS = Number(process.env.LATCHKEY_SDK_FUZZ_RUNS ?? 12);
const BUDGET_MS = Number(process.env.LATCHKEY_SDK_FUZZ_BUDGET_MS ?? 40_000);
const METHOD_MS = Number(process.env.LATCHKEY_SDK_FUZZ_METHOD_MS ?? 250);
const ONLY = process.env.LATCHKEY_SDK_FUZZ_ONLY ? new RegExp(process.env.LATCHKEY_SDK_FUZZ_ONLY) : null;

/** Methods left alone, each on purpose. */
const EXCLUDED: Record<string, string> = {};

jest.setTimeout(120_000);

describe(`SDK fuzz (seed ${SEED})`, () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await startTestEmulator();
  });
  afterAll(() => em.stop());

  test("random options to the app constructors give the SDK's typed errors only, and send nothing", () => {
    expect(fuzzConstructors(SEED, RUNS * 25)).toEqual([]);
  });

  test("random arguments to every public method give the SDK's typed errors only, and no request for bad arguments", async () => {
    const run = await fuzzSdk(em, { seed: SEED, runs: RUNS, budgetMs: BUDGET_MS, excluded: EXCLUDED, only: ONLY, callTimeoutMs: 5_000, methodLimitMs: METHOD_MS });
    if (process.env.LATCHKEY_FUZZ_VERBOSE) console.log(`SDK fuzz seed ${SEED}: ${run.calls} calls over ${run.methods.length} of ${run.listed} methods in ${run.elapsedMs} ms${run.outOfTime ? " (stopped by the time budget)" : ""}, fixture rebuilt ${run.rebuilt} times`, run.outcomes, run.slowest, run.schemaRefusals.length);
    if (run.failures.length) console.error(`SDK fuzz failures (seed ${SEED}):\n${run.failures.join("\n\n")}`);
    expect(run.failures).toEqual([]);
    if (!ONLY) expect(run.methods.length).toBeGreaterThan(150);
  });
});
