import { DEMO_KEYS, DEMO_PROJECT_ID } from "../emulator/store/seed";

/**
 * The environment variable `startTestEmulator` sets to the emulator's URL, so test files (Playwright and jest
 * workers start after the global setup and inherit it) find the emulator: `connectTestEmulator()` and the
 * top-level helpers read it.
 *
 * @example
 * process.env[TEST_EMULATOR_URL_VAR]; // "http://127.0.0.1:41234"
 */
export const TEST_EMULATOR_URL_VAR = "LATCHKEY_TEST_EMULATOR_URL";

/**
 * The environment variable `startTestEmulator` sets to the project the helpers work on (the demo project).
 *
 * @example
 * process.env[TEST_EMULATOR_PROJECT_VAR]; // "3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60"
 */
export const TEST_EMULATOR_PROJECT_VAR = "LATCHKEY_TEST_EMULATOR_PROJECT_ID";

/**
 * The environment an app under test needs to use the emulator, under the names latchkey and the official SDK read.
 *
 * @example
 * const env: EmulatorEnv = emulatorEnv({ url: "http://127.0.0.1:8102" });
 */
export interface EmulatorEnv {
  /** The emulator's base URL (the SDKs add `/api/v1`). */
  NEXT_PUBLIC_STACK_API_URL: string;
  NEXT_PUBLIC_STACK_PROJECT_ID: string;
  NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: string;
  STACK_SECRET_SERVER_KEY: string;
  STACK_SUPER_SECRET_ADMIN_KEY: string;
  [name: string]: string;
}

/**
 * The environment for an app that uses the emulator at `url`: its URL, the project's id and keys (the demo
 * project's fixed ones by default). It needs no running emulator, so a Playwright config can pass it to its
 * `webServer` (which starts before the global setup) when the emulator's port is fixed.
 *
 * @example
 * webServer: { command: "npm run dev", url: "http://localhost:3000", env: emulatorEnv({ url: "http://127.0.0.1:8102" }) }
 */
export function emulatorEnv(o: { url: string; projectId?: string; keys?: { publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string } }): EmulatorEnv {
  const keys = o.keys ?? DEMO_KEYS;
  return {
    NEXT_PUBLIC_STACK_API_URL: o.url.replace(/\/+$/, ""),
    NEXT_PUBLIC_STACK_PROJECT_ID: o.projectId ?? DEMO_PROJECT_ID,
    NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: keys.publishableClientKey,
    STACK_SECRET_SERVER_KEY: keys.secretServerKey,
    STACK_SUPER_SECRET_ADMIN_KEY: keys.superSecretAdminKey,
  };
}
