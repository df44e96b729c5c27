/**
 * Fresh apps for the tests that install latchkey as a user's app does (test/nextjs, test/vite): the package packed
 * once per test run, an app's source copied into a temporary folder with its `latchkey` dependency pointed at the
 * tarball, `npm install` from the local package cache, child processes run and stopped, Chromium on the result.
 *
 * Work shared by several test files of one run (the tarball; one install that several apps of the same framework
 * version use) is made by whichever worker asks first, under the run's folder that test/support/global-setup.cjs
 * makes (`LATCHKEY_TEST_RUN_DIR`), and waited for by the others. Nothing here writes to the repository.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../e2e/harness/browser";

export const ROOT = path.resolve(__dirname, "..", "..");

/** What is not copied from an app's source: installs, build output and a developer's local settings. */
const NOT_COPIED = new Set(["node_modules", ".next", "dist", "next-env.d.ts", ".env.local", ".env.development.local", ".env.production.local"]);

/**
 * The environment for child processes: ours, less what npm or jest set for *this* package (npm_package_*,
 * npm_lifecycle_*, npm_config_local_prefix, INIT_CWD, …), so npm and the app's tools act on the temporary folder only.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_globalconfig", "npm_config_cafile", "npm_config_registry"]);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !keep.has(key.toLowerCase())) continue;
    if (key === "INIT_CWD" || key === "NODE_OPTIONS" || key === "NODE_ENV" || key.startsWith("JEST_") || key === "LATCHKEY_TEST_RUN_DIR") continue;
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

/** This run's shared folder (made by the global set-up), or one of this process's own when run without it. */
function runDir(): string {
  const given = process.env.LATCHKEY_TEST_RUN_DIR;
  if (given && fs.existsSync(given)) return given;
  process.env.LATCHKEY_TEST_RUN_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-test-run-"));
  return process.env.LATCHKEY_TEST_RUN_DIR;
}

/**
 * Makes `name` once per test run: the first caller (in any worker) runs `make` in the fresh folder `<run>/<name>`
 * and records its result; later callers wait for that record (up to 15 minutes) and get the same value, or the
 * same failure.
 */
export async function oncePerRun<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(runDir(), name);
  const record = path.join(dir, ".result.json");
  let mine = false;
  try {
    fs.mkdirSync(dir);
    mine = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  if (mine) {
    try {
      const value = await make(dir);
      fs.writeFileSync(record, JSON.stringify({ value }));
      return value;
    } catch (e) {
      fs.writeFileSync(record, JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
      throw e;
    }
  }
  for (const deadline = Date.now() + 15 * 60_000; !fs.existsSync(record); ) {
    if (Date.now() > deadline) throw new Error(`${name}: another test file started making it and never finished`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { value, error } = JSON.parse(fs.readFileSync(record, "utf8")) as { value?: T; error?: string };
  if (error !== undefined) throw new Error(`${name} failed in another test file:\n${error}`);
  return value as T;
}

/** The packed package (dist/ must be built), made once per run: the tarball's absolute path. */
export const packedTarball = (): Promise<string> =>
  oncePerRun("pack", async (dir) => {
    const packed = await run("npm", ["pack", "--pack-destination", dir, "--ignore-scripts", "--json"], ROOT, childEnv(), 120_000);
    const [{ filename }] = JSON.parse(packed.slice(packed.indexOf("["))) as { filename: string }[];
    return path.join(dir, filename);
  });

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));

/** `npm install` in `dir` after pointing its manifest's `latchkey` at the tarball (as a copy, never a link). */
async function installHere(dir: string, tarball: string): Promise<void> {
  const manifest = readManifest(dir);
  manifest.dependencies.latchkey = `file:${path.relative(dir, tarball)}`;
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // As examples/nextjs/.npmrc says: a packed copy, not a link (a link would give the app two copies of React).
  fs.writeFileSync(path.join(dir, ".npmrc"), "install-links=true\n");
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir, childEnv(), 600_000);
}

/** Where an app goes: copied from `source` (less `skip`), then the files of `overlay` (e.g. a package.json). */
export interface AppSource {
  source: string;
  overlay?: string;
  skip?: readonly string[];
}

/**
 * Copies the app to `tmpRoot/app` with its `latchkey` dependency pointed at the run's tarball (its lockfile, when
 * it has one, pins everything else) and installs it. Returns the app's folder.
 */
export async function installApp(tmpRoot: string, app: AppSource): Promise<string> {
  const tarball = await packedTarball();
  const dir = path.join(tmpRoot, "app");
  copyApp(app.source, dir, app.skip);
  if (app.overlay) copyApp(app.overlay, dir);
  await installHere(dir, tarball);
  return dir;
}

/**
 * Several apps on one install, made once per run (`shared` names it, e.g. "next16"): the first app's manifest and
 * lockfile, plus the dependencies the others add, are installed in `<run>/<shared>`, and each app is copied into a
 * folder of its own below it (Node finds the packages one folder up). The apps must agree on every version they
 * share; one that does not is an error, never a silent change. Returns `name`'s folder (fresh for each call).
 */
export async function installSharedApp(shared: string, apps: Record<string, AppSource>, name: string): Promise<string> {
  const root = await oncePerRun(shared, async (dir) => {
    const all = Object.values(apps);
    for (const file of ["package.json", "package-lock.json"]) {
      const from = [all[0].overlay, all[0].source].find((d) => d && fs.existsSync(path.join(d, file)));
      if (from) fs.copyFileSync(path.join(from, file), path.join(dir, file));
    }
    const union = readManifest(dir);
    union.devDependencies ??= {};
    for (const app of all.slice(1)) {
      const other = readManifest(app.overlay ?? app.source);
      for (const kind of ["dependencies", "devDependencies"] as const) {
        for (const [pkg, version] of Object.entries(other[kind] ?? {})) {
          if (pkg === "latchkey") continue;
          const have = union.dependencies[pkg] ?? union.devDependencies[pkg];
          if (have !== undefined && have !== version) throw new Error(`${shared}: the apps disagree on ${pkg} (${have} and ${version})`);
          if (have === undefined) union[kind === "dependencies" ? "dependencies" : "devDependencies"]![pkg] = version;
        }
      }
    }
    fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(union, null, 2)}\n`);
    await installHere(dir, await packedTarball());
    return dir;
  });
  const app = apps[name];
  const dir = fs.mkdtempSync(path.join(root, `${name}-`));
  copyApp(app.source, dir, app.skip);
  if (app.overlay) copyApp(app.overlay, dir);
  fs.rmSync(path.join(dir, "package-lock.json"), { force: true }); // the install's lockfile is the folder above's
  return dir;
}

/** The installed package `name`'s folder, looked up from `dir` as Node would (in `dir`, then each folder above). */
export function installedPackage(dir: string, name: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const candidate = path.join(at, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(at) === at) throw new Error(`${name} is not installed for ${dir}`);
  }
}

/** A free TCP port on loopback (free when asked; the server started next takes it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A server started by {@link startServer}. */
export interface RunningServer {
  /** `http://localhost:<port>` */
  origin: string;
  /** What the server printed so far. */
  output(): string;
  /** Stops the server (and waits until it is gone). */
  stop(): Promise<void>;
}

/**
 * Runs `node <args(port)>` in `dir` (e.g. `next start` or `vite preview`) on a free loopback port, and resolves once
 * its home page answers (within 60 s; `label` names it in errors).
 */
export async function startServer(label: string, dir: string, env: Record<string, string>, args: (port: number) => string[]): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), { cwd: dir, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const running: RunningServer = {
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
  // A refused connection costs next to nothing: ask often, the server is usually up within a second.
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) return running;
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`${label} did not answer within 60 s:\n${output}`);
    }
  }
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

/** Fills in and sends the handler's sign-up page (its "Email & Password" tab), found by role and label. */
export async function signUpWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("tab", { name: "Email & Password" }).click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

/** Prints how long installing, building and the whole test of `label` took. */
export function reportTimings(label: string, timings: { install?: number; build?: number }, started: number): void {
  const s = (ms?: number) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
  process.stderr.write(`\n${label}: install ${s(timings.install)}, build ${s(timings.build)}, whole test ${s(Date.now() - started)}\n`);
}
