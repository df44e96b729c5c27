/**
 * Helpers of the Next.js tests (examples/nextjs, and the official setups of test/nextjs/official-setup), on top of
 * test/helpers/fresh-app.ts: the Next 16 apps share one install per run, `next build` and `next start` run as
 * child processes and are stopped again, and the apps get the emulator under the official variable names.
 */
import * as path from "node:path";
import { childEnv, installedPackage, installSharedApp, ROOT, run, startServer } from "../helpers/fresh-app";
import type { AppSource, RunningServer } from "../helpers/fresh-app";

export { browse, reportTimings, ROOT } from "../helpers/fresh-app";

export const EXAMPLE = path.join(ROOT, "examples", "nextjs");
const OFFICIAL = path.join(ROOT, "test", "nextjs", "official-setup");

/** The official setup for Next `major`: its manifest in versions/<major>; Next 16 calls middleware "proxy" (proxy.ts). */
const officialSetup = (major: 14 | 16): AppSource => ({
  source: OFFICIAL,
  overlay: path.join(OFFICIAL, "versions", String(major)),
  skip: ["versions", major >= 16 ? "middleware.ts" : "proxy.ts"],
});

/** The apps on Next 16, which share one install (the example's lockfile pins it; the official setup adds server-only). */
const NEXT16 = { example: { source: EXAMPLE }, official: officialSetup(16) };

/** Installs the example (on the run's shared Next 16 install) and returns its folder. */
export const installExample = (): Promise<string> => installSharedApp("next16", NEXT16, "example");

/** Installs the official setup on Next `major` (on 16, on the install it shares with the example). */
export const installOfficialSetup = (major: 14 | 16): Promise<string> =>
  installSharedApp(`next${major}`, major === 16 ? NEXT16 : { official: officialSetup(major) }, "official");

const nextBin = (dir: string) => path.join(installedPackage(dir, "next"), "dist", "bin", "next");

/** `next build` in `dir` with `env` (NEXT_PUBLIC_* values are inlined into the browser code here). */
export async function buildApp(dir: string, env: Record<string, string>): Promise<string> {
  return run(process.execPath, [nextBin(dir), "build"], dir, childEnv(env), 600_000);
}

/** A started `next start` (see {@link startServer}). */
export type RunningExample = RunningServer;

/** `next start` on a free loopback port; resolves once the home page answers. */
export const startApp = (dir: string, env: Record<string, string>): Promise<RunningExample> =>
  startServer("next start", dir, env, (port) => [nextBin(dir), "start", "-p", String(port), "-H", "127.0.0.1"]);

/** The example's names for {@link buildApp} and {@link startApp}. */
export { buildApp as buildExample, startApp as startExample };

/** An app's environment for the emulator's demo project: its URL and keys under the official variable names. */
export function envFor(emulator: { url: string; projectId: string; keys: { publishableClientKey: string; secretServerKey: string } }): Record<string, string> {
  return {
    NEXT_PUBLIC_STACK_API_URL: emulator.url,
    NEXT_PUBLIC_STACK_PROJECT_ID: emulator.projectId,
    NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: emulator.keys.publishableClientKey,
    STACK_SECRET_SERVER_KEY: emulator.keys.secretServerKey,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}
