/**
 * Helpers of the Next.js tests (examples/nextjs, and the official setups of test/nextjs/official-setup), on top of
 * test/helpers/fresh-app.ts: the Next 16 apps share one install per run, `next build` and `next start` run as
 * child processes and are stopped again, and the apps get the emulator under the official variable names.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { childEnv, freePort, installedPackage, installSharedApp, killGroup, ROOT, run } from "../helpers/fresh-app";
import type { AppSource } from "../helpers/fresh-app";

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

/** A started `next start`. */
export interface RunningExample {
  /** `http://localhost:<port>` */
  origin: string;
  /** What the server printed so far. */
  output(): string;
  /** Stops the server (and waits until it is gone). */
  stop(): Promise<void>;
}

/** `next start` on a free loopback port; resolves once the home page answers. */
export async function startApp(dir: string, env: Record<string, string>): Promise<RunningExample> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin(dir), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const running: RunningExample = {
    origin: `http://localhost:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child.pid);
      const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`next start did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

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
