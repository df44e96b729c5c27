/**
 * Helpers of the Next.js tests (examples/nextjs, and the official setups of test/nextjs/official-setup): pack
 * latchkey, copy an app into a temporary folder wired to the tarball, install it, run `next build` and `next start`
 * as child processes, and stop them again. Nothing here touches the repository's own folders except reading them.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../e2e/harness/browser";

export const ROOT = path.resolve(__dirname, "..", "..");
export const EXAMPLE = path.join(ROOT, "examples", "nextjs");

/** What is not copied from the example: installs, build output and a developer's local settings. */
const NOT_COPIED = new Set(["node_modules", ".next", "next-env.d.ts", ".env.local", ".env.development.local", ".env.production.local"]);

/**
 * The environment for child processes: ours, less what npm or jest set for *this* package (npm_package_*,
 * npm_lifecycle_*, npm_config_local_prefix, INIT_CWD, …), so npm and next act on the temporary folder only.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_globalconfig", "npm_config_cafile", "npm_config_registry"]);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !keep.has(key.toLowerCase())) continue;
    if (key === "INIT_CWD" || key === "NODE_OPTIONS" || key === "NODE_ENV" || key.startsWith("JEST_")) continue;
    env[key] = value;
  }
  return { ...env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false", ...extra };
}

/** Runs a command to its end; rejects with its command line and the tail of its output when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`$ ${command} ${args.join(" ")}  (in ${cwd})\nexit ${code} ${signal ?? ""}\n${output.slice(-8000)}`));
    });
  });
}

/** Ends the process group a detached child leads (the child and whatever it started), ignoring one already gone. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGTERM"): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Copies `source` into `dir` (without installs, build output, or the files named in `skip`). */
function copyApp(source: string, dir: string, skip: readonly string[] = []): void {
  const skipped = new Set([...NOT_COPIED, ...skip]);
  fs.cpSync(source, dir, { recursive: true, filter: (src) => !skipped.has(path.basename(src)) && !src.endsWith(".tsbuildinfo") });
}

/**
 * Packs the package (dist/ must be built) into `tmpRoot`, copies the app at `source` to `tmpRoot/app` (less
 * `skip`, plus the files of `overlay`, e.g. a package.json and lockfile) with its `latchkey` dependency pointed
 * at the tarball (the lockfile, when there is one, pins everything else), and installs it. Returns the app's folder.
 */
export async function installApp(tmpRoot: string, source: string, options: { overlay?: string; skip?: readonly string[] } = {}): Promise<string> {
  const packed = await run("npm", ["pack", "--pack-destination", tmpRoot, "--ignore-scripts", "--json"], ROOT, childEnv(), 120_000);
  const [{ filename }] = JSON.parse(packed.slice(packed.indexOf("["))) as { filename: string }[];
  const dir = path.join(tmpRoot, "app");
  copyApp(source, dir, options.skip);
  if (options.overlay) copyApp(options.overlay, dir);
  const manifestFile = path.join(dir, "package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  manifest.dependencies.latchkey = `file:../${filename}`;
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // As examples/nextjs/.npmrc says: a packed copy, not a link (a link would give the app two copies of React).
  fs.writeFileSync(path.join(dir, ".npmrc"), "install-links=true\n");
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir, childEnv(), 600_000);
  return dir;
}

/** {@link installApp} for examples/nextjs. */
export const installExample = (tmpRoot: string): Promise<string> => installApp(tmpRoot, EXAMPLE);

/** `next build` in `dir` with `env` (NEXT_PUBLIC_* values are inlined into the browser code here). */
export async function buildApp(dir: string, env: Record<string, string>): Promise<string> {
  return run(process.execPath, [nextBin(dir), "build"], dir, childEnv(env), 600_000);
}

const nextBin = (dir: string) => path.join(dir, "node_modules", "next", "dist", "bin", "next");

/** A free TCP port on loopback (free when asked; `next start` takes it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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

/** Chromium on `origin`: a browser, a context and a page (20 s waits) whose page and console errors go to `errors`. */
export async function browse(origin: string, errors: string[]): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => void (m.type() === "error" && errors.push(`console.error: ${m.text()} (${m.location().url})`)));
  return { browser, context, page };
}

/** Prints how long installing, building and the whole test of `label` took. */
export function reportTimings(label: string, timings: { install?: number; build?: number }, started: number): void {
  const s = (ms?: number) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
  process.stderr.write(`\n${label}: install ${s(timings.install)}, next build ${s(timings.build)}, whole test ${s(Date.now() - started)}\n`);
}
