import { existsSync } from "node:fs";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../emulator/start";
import { TestEmulatorClient } from "./client";
import { emulatorEnv, TEST_EMULATOR_PROJECT_VAR, TEST_EMULATOR_URL_VAR, type EmulatorEnv } from "./env";

/**
 * Options of `startTestEmulator`: every `startEmulator` option (defaults here: a free port, fast password hashing,
 * quiet), plus a seed and whether to publish the emulator to the environment.
 *
 * @example
 * const options: TestEmulatorOptions = { dataFile: ".e2e-state.json", seed: async (em) => { await em.createUser({ email: "admin@example.com" }); } };
 */
export interface TestEmulatorOptions extends EmulatorOptions {
  /**
   * Runs once the emulator listens, on a fresh state (not when `dataFile` already existed): create users, change
   * project settings (`new AdminApp({ ... })` with `emulator.keys`). `reset()` then returns to the seeded state.
   */
  seed?: (emulator: TestEmulator) => unknown;
  /**
   * Set `LATCHKEY_TEST_EMULATOR_URL` and `LATCHKEY_TEST_EMULATOR_PROJECT_ID` in `process.env` (default true), so
   * `connectTestEmulator()` and the top-level helpers find the emulator in the test processes started afterwards
   * (Playwright and jest workers inherit the global setup's environment).
   */
  exportEnv?: boolean;
}

/**
 * A test emulator running in this process: the helpers of `TestEmulatorClient`, the in-process emulator, the
 * project's keys, the environment for the app under test, and `stop`.
 *
 * @example
 * const emulator = await startTestEmulator();
 * spawn("npm", ["run", "dev"], { env: { ...process.env, ...emulator.env } });
 */
export class TestEmulator extends TestEmulatorClient {
  /** The environment for the app under test (`NEXT_PUBLIC_STACK_API_URL`, `NEXT_PUBLIC_STACK_PROJECT_ID`, …). */
  readonly env: EmulatorEnv;
  /** The project's keys (`publishableClientKey`, `secretServerKey`, `superSecretAdminKey`). */
  readonly keys: RunningEmulator["keys"];

  constructor(
    /** The in-process emulator (its `core`, `outbox`, `setFaults`, `settings`, …). */
    readonly emulator: RunningEmulator,
    private readonly exported: boolean,
  ) {
    super({ url: emulator.url, projectId: emulator.projectId, keys: emulator.keys });
    this.keys = emulator.keys;
    this.env = emulatorEnv({ url: emulator.url, projectId: emulator.projectId, keys: emulator.keys });
  }

  /**
   * Stops the emulator (and removes what `exportEnv` set, if it still names this emulator).
   *
   * @example
   * export default async function globalSetup() { const emulator = await startTestEmulator(); return () => emulator.stop(); }
   */
  async stop(): Promise<void> {
    if (this.exported && process.env[TEST_EMULATOR_URL_VAR] === this.url) {
      delete process.env[TEST_EMULATOR_URL_VAR];
      delete process.env[TEST_EMULATOR_PROJECT_VAR];
    }
    await this.emulator.stop();
  }
}

/**
 * Starts an emulator for a test run, in this process: on a free port (`port` to fix one), with fast password
 * hashing and no log output; `dataFile` keeps its state between runs (as `--data` does), `seed` fills a fresh one.
 * It publishes its URL to the environment for the test processes (see `exportEnv`). Call it in a global setup and
 * `stop()` it in the teardown; `reset()` between tests.
 *
 * @example
 * // playwright/global-setup.ts
 * import { startTestEmulator } from "latchkey/testing";
 * export default async function globalSetup() {
 *   const emulator = await startTestEmulator({ port: 8102 });
 *   return () => emulator.stop();
 * }
 */
export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { seed, exportEnv = true, ...emulatorOptions } = options;
  const fresh = !emulatorOptions.dataFile || !existsSync(emulatorOptions.dataFile);
  const running = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true, ...emulatorOptions });
  const emulator = new TestEmulator(running, exportEnv);
  try {
    if (seed && fresh) {
      await seed(emulator);
      running.setBaseline();
    }
  } catch (e) {
    await running.stop();
    throw e;
  }
  if (exportEnv) {
    process.env[TEST_EMULATOR_URL_VAR] = running.url;
    process.env[TEST_EMULATOR_PROJECT_VAR] = running.projectId;
  }
  return emulator;
}
