/**
 * The published package, as a consumer gets it: build (if needed), `npm pack`, install the tarball into a fresh
 * folder from the local package cache, then load it from child Node processes (ESM and CJS), type-check a small
 * consumer with the repo's TypeScript, and inspect what the tarball holds.
 *
 * Everything happens under one temporary folder in os.tmpdir(), removed afterwards (set
 * LATCHKEY_KEEP_PACKAGE_TMP=1 to keep it for a look).
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const DIST = path.join(ROOT, "dist");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

const PROJECT_ID = "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";
const EXPORTED_VALUES = [
  "ClientApp",
  "KnownErrors",
  "KnownError",
  "LatchkeyError",
  "ArgumentError",
  "HttpError",
  "ConnectivityError",
  "VERSION",
  "StackClientApp",
  "StackServerApp",
  "StackAdminApp",
  "stackAppInternalsSymbol",
] as const;
// The four of the design, plus the two that latchkey/react's TOTP set-up loads on demand (see README, Dependencies).
const EXPECTED_DEPENDENCIES = ["@oslojs/otp", "@simplewebauthn/browser", "jose", "js-cookie", "oauth4webapi", "uqr"];

// ---------------------------------------------------------------------------------------------------------------
// Child processes

/**
 * The environment for child processes: ours, less what npm or jest put there for *this* package (npm_package_*,
 * npm_lifecycle_*, npm_config_local_prefix, INIT_CWD, …), so that the npm and node we start behave as they would
 * in a consumer's folder and never act on the repository.
 */
function childEnv(): NodeJS.ProcessEnv {
  const keep = new Set([
    "npm_config_cache",
    "npm_config_userconfig",
    "npm_config_globalconfig",
    "npm_config_cafile",
    "npm_config_registry",
  ]);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !keep.has(key.toLowerCase())) continue;
    if (key === "INIT_CWD" || key === "NODE_OPTIONS") continue;
    env[key] = value;
  }
  env.npm_config_update_notifier = "false";
  env.npm_config_fund = "false";
  env.npm_config_audit = "false";
  return env;
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Command line and output, for failure messages. */
  describe: string;
}

function run(command: string, args: string[], cwd: string, timeoutMs = 120_000): Ran {
  const r: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const stdout = r.stdout ?? "";
  const stderr = r.stderr ?? "";
  const describe =
    `$ ${command} ${args.join(" ")}   (in ${cwd})\n` +
    `exit ${r.status}${r.signal ? ` signal ${r.signal}` : ""}${r.error ? ` error ${r.error.message}` : ""}\n` +
    `--- stdout\n${stdout.slice(-6000)}\n--- stderr\n${stderr.slice(-6000)}`;
  return { status: r.error ? null : r.status, stdout, stderr, describe };
}

function runOrThrow(command: string, args: string[], cwd: string, timeoutMs?: number): Ran {
  const r = run(command, args, cwd, timeoutMs);
  if (r.status !== 0) throw new Error(`Command failed:\n${r.describe}`);
  return r;
}

/** Runs a script file with node in the consumer folder and parses the JSON it prints last. */
function runNodeScript(file: string, source: string): Record<string, unknown> {
  fs.writeFileSync(path.join(consumerDir, file), source);
  const r = run(process.execPath, [file], consumerDir, 30_000);
  if (r.status !== 0) throw new Error(`node ${file} failed:\n${r.describe}`);
  const last = r.stdout.trim().split("\n").pop() ?? "";
  try {
    return { ...JSON.parse(last), stderr: r.stderr };
  } catch {
    throw new Error(`node ${file} printed no JSON report:\n${r.describe}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Build freshness

function walkFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

const mtime = (file: string): number => fs.statSync(file).mtimeMs;

/** True when dist/ is missing, empty, or older than anything in src/ (or the build config). */
function distIsStale(): boolean {
  if (!fs.existsSync(DIST)) return true;
  const built = walkFiles(DIST);
  if (built.length === 0) return true;
  const oldestBuilt = Math.min(...built.map(mtime));
  const inputs = [...walkFiles(path.join(ROOT, "src")), ...["tsup.config.ts", "scripts/browser-tree.mjs", "scripts/cjs-tree.mjs"].map((f) => path.join(ROOT, f))].filter((f) => fs.existsSync(f));
  const newestInput = Math.max(...inputs.map(mtime));
  return newestInput > oldestBuilt;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared state, set up once

let tmpRoot = "";
let consumerDir = "";
let tarball = "";
/** What `npm pack --json` said about the tarball it wrote. */
let packInfo: { name: string; version: string; filename: string; integrity: string; files: { path: string }[] };
/** The package folder as installed from the tarball (its exact contents). */
let installedDir = "";
let packedJson: Record<string, any>;
let builtHere = false;
let installMode = "";

// ---------------------------------------------------------------------------------------------------------------
// The consumer folder

const INSTALL_FLAGS = ["--no-audit", "--no-fund", "--ignore-scripts"];

/** A consumer's ESM project (its .ts files are ES modules, its .cts files CommonJS), plus extra fields. */
function writeConsumerJson(extra: Record<string, unknown> = {}): void {
  const json = { name: "latchkey-consumer", version: "1.0.0", private: true, type: "module", ...extra };
  fs.writeFileSync(path.join(consumerDir, "package.json"), `${JSON.stringify(json, null, 2)}\n`);
}

/** `npm install <tarball>` into an empty project, npm resolving the dependencies itself. */
function plainConsumer(cacheMode: string): string[] {
  writeConsumerJson();
  return ["install", tarball, ...INSTALL_FLAGS, "--no-package-lock", cacheMode];
}

/**
 * `npm ci --offline` with a lockfile whose dependency entries (version, integrity) come from the repo's lockfile:
 * npm then needs no metadata, only the tarballs, which are in the cache since the repo's own `npm ci`.
 */
function pinnedConsumer(): string[] {
  const tarballName = path.basename(tarball);
  fs.copyFileSync(tarball, path.join(consumerDir, tarballName));
  const spec = `file:${tarballName}`;
  const manifest = JSON.parse(runOrThrow("tar", ["-xzOf", tarball, "package/package.json"], consumerDir).stdout);
  const repoLock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
  const registry = runOrThrow("npm", ["config", "get", "registry"], consumerDir).stdout.trim().replace(/\/?$/, "/");

  const packages: Record<string, Record<string, unknown>> = {
    "": { name: "latchkey-consumer", version: "1.0.0", dependencies: { latchkey: spec } },
    "node_modules/latchkey": {
      version: manifest.version,
      resolved: spec,
      integrity: packInfo.integrity,
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      engines: manifest.engines,
    },
  };
  // The dependencies and theirs, hoisted as in the repo (a nested copy there stays nested here).
  const add = (name: string, parent: string): void => {
    const nested = `${parent}/node_modules/${name}`;
    const key = parent && repoLock.packages[nested] ? nested : `node_modules/${name}`;
    if (packages[key]) return;
    const entry = repoLock.packages[key];
    if (!entry?.version || !entry.integrity) throw new Error(`the repo's package-lock.json has no ${key}`);
    packages[key] = { ...entry, resolved: entry.resolved ?? `${registry}${name}/-/${name.split("/").pop()}-${entry.version}.tgz` };
    for (const dep of Object.keys(entry.dependencies ?? {})) add(dep, key);
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) add(dep, "");

  writeConsumerJson({ dependencies: { latchkey: spec } });
  const lock = { name: "latchkey-consumer", version: "1.0.0", lockfileVersion: 3, requires: true, packages };
  fs.writeFileSync(path.join(consumerDir, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  return ["ci", ...INSTALL_FLAGS, "--offline"];
}

beforeAll(() => {
  if (distIsStale()) {
    builtHere = true;
    runOrThrow("npm", ["run", "build"], ROOT, 200_000);
  }

  tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-package-test-"));
  const packDir = path.join(tmpRoot, "pack");
  consumerDir = path.join(tmpRoot, "consumer");
  fs.mkdirSync(packDir);
  fs.mkdirSync(consumerDir);

  const packed = runOrThrow("npm", ["pack", "--pack-destination", packDir, "--ignore-scripts", "--json"], ROOT);
  const json = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
  packInfo = json[0];
  tarball = path.join(packDir, packInfo.filename ?? "");
  if (!fs.existsSync(tarball)) throw new Error(`npm pack wrote no tarball at ${tarball}:\n${packed.describe}`);

  // Installed from the local package cache. First as a consumer would (npm resolves the dependency ranges from
  // cached metadata); that needs cached metadata for the dependencies and for the optional peer `next` and its
  // peers, which a machine that only ran `npm ci` lacks. Then with a lockfile pinned to the repo's own lockfile, so
  // that npm only takes the tarballs `npm ci` left in the cache. Last, let npm fetch the metadata it is missing.
  const failures: string[] = [];
  const attempts: [string, () => string[]][] = [
    ["offline", () => plainConsumer("--offline")],
    ["offline, lockfile pinned to the repo's", () => pinnedConsumer()],
    ["prefer-offline", () => plainConsumer("--prefer-offline")],
  ];
  for (const [mode, prepare] of attempts) {
    for (const leftover of ["node_modules", "package-lock.json"]) fs.rmSync(path.join(consumerDir, leftover), { recursive: true, force: true });
    let args: string[];
    try {
      args = prepare();
    } catch (e) {
      failures.push(`${mode}: ${(e as Error).message}`);
      continue;
    }
    const r = run("npm", args, consumerDir, 180_000);
    if (r.status === 0) {
      installMode = mode;
      break;
    }
    failures.push(`${mode}:\n${r.describe}`);
  }
  if (!installMode) throw new Error(`Could not install the tarball:\n${failures.join("\n\n")}`);

  installedDir = path.join(consumerDir, "node_modules", "latchkey");
  packedJson = JSON.parse(fs.readFileSync(path.join(installedDir, "package.json"), "utf8"));
}, 240_000);

afterAll(() => {
  if (!tmpRoot) return;
  if (process.env.LATCHKEY_KEEP_PACKAGE_TMP) {
    console.log(`kept ${tmpRoot}`);
    return;
  }
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// 1. The tarball

describe("the tarball", () => {
  test("was built and installed from the local cache", () => {
    // Informational, printed once so a CI log shows how the install went.
    console.log(`package test: ${builtHere ? "built dist/" : "dist/ was fresh"}; installed ${path.basename(tarball)} (${installMode})`);
    expect(packInfo.name).toBe("latchkey");
    expect(fs.existsSync(path.join(installedDir, "dist"))).toBe(true);
  });

  test("holds only dist/**, package.json, README.md, CHANGELOG.md and LICENSE", () => {
    const files = packInfo.files.map((f) => f.path);
    const allowed = (f: string) => f.startsWith("dist/") || /^(package\.json|README\.md|CHANGELOG\.md|LICEN[CS]E(\.md|\.txt)?)$/i.test(f);
    expect(files.filter((f) => !allowed(f))).toEqual([]);
    for (const forbidden of ["src/", "test/", "fixtures/", "node_modules/", "scripts/", "coverage/"]) {
      expect(files.filter((f) => f.startsWith(forbidden) || f.includes(`/${forbidden}`))).toEqual([]);
    }
    expect(files).toContain("package.json");
    expect(files).toEqual(expect.arrayContaining(["dist/browser/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"]));
    // `import` resolves to dist/browser: a second ES build of the SDK at the top of dist/ would ship unused.
    expect(files.filter((f) => /^dist\/(index|react)\.js$/.test(f))).toEqual([]);
    // npm's listing and the extracted package agree.
    const extracted = walkFiles(installedDir).map((f) => path.relative(installedDir, f).split(path.sep).join("/"));
    expect(extracted.sort()).toEqual([...files].sort());
  });

  test('the client code of latchkey/react and latchkey/next starts with the "use client" directive, and only that', () => {
    const start = (file: string) => fs.readFileSync(path.join(installedDir, file), "utf8").slice(0, 13);
    for (const file of ["dist/browser/react/client.js", "dist/react.cjs", "dist/browser/next/client.js"]) {
      expect({ file, start: start(file) }).toEqual({ file, start: '"use client";' });
    }
    // The entries also export the core's classes, which server components use: they are not client code.
    for (const file of ["dist/browser/react/index.js", "dist/browser/next/index.js", "dist/browser/next/server.js"]) {
      expect({ file, start: start(file) }).not.toEqual({ file, start: '"use client";' });
    }
  });

  test("package.json: sideEffects false, engines.node >=20, type module, exactly the six runtime dependencies", () => {
    expect(packedJson.name).toBe("latchkey");
    expect(packedJson.sideEffects).toBe(false);
    expect(packedJson.engines?.node).toBe(">=20");
    expect(packedJson.type).toBe("module");
    expect(Object.keys(packedJson.dependencies ?? {}).sort()).toEqual(EXPECTED_DEPENDENCIES);
    // Optional peers stay optional: a consumer without next or react must not be asked for them.
    for (const peer of Object.keys(packedJson.peerDependencies ?? {})) {
      expect({ peer, optional: packedJson.peerDependenciesMeta?.[peer]?.optional }).toEqual({ peer, optional: true });
    }
  });

  test("carries each entry's code and declarations once: the Node-only entries in CommonJS, one set of declarations", () => {
    const files = packInfo.files.map((f) => f.path);
    const text = (file: string) => fs.readFileSync(path.join(installedDir, file), "utf8");
    // latchkey/emulator and latchkey/testing: CommonJS, and for `import` an ES module re-exporting it (no second build).
    for (const entry of ["emulator", "testing"]) {
      expect({ entry, esm: text(`dist/${entry}.js`) }).toEqual({ entry, esm: expect.stringContaining(`from "./${entry}.cjs"`) });
      expect(fs.statSync(path.join(installedDir, `dist/${entry}.js`)).size).toBeLessThan(2_000);
    }
    // The only ES modules at the top of dist/ are those two: the SDK's are dist/browser, the emulator's are CommonJS.
    expect(files.filter((f) => /^dist\/[^/]+\.m?js$/.test(f)).sort()).toEqual(["dist/emulator.js", "dist/testing.js"]);
    // Every entry's .d.ts re-exports its .d.cts: one set of declarations for import and require.
    const stubs = files.filter((f) => /^dist\/[^/]+\.d\.ts$/.test(f)).sort();
    expect(stubs).toEqual(["dist/emulator.d.ts", "dist/index.d.ts", "dist/next.d.ts", "dist/react.d.ts", "dist/testing.d.ts"]);
    for (const stub of stubs) {
      const entry = path.basename(stub, ".d.ts");
      expect({ stub, text: text(stub).replace(/^\/\/.*\n/gm, "") }).toEqual({ stub, text: `export * from "./${entry}.cjs";\n` });
      expect(files).toContain(`dist/${entry}.d.cts`);
    }
    expect(files.filter((f) => /\.d\.mts$|\.map$/.test(f))).toEqual([]);
  });

  test("every file package.json points at (exports, main, module, types, bin) is in the tarball", () => {
    const targets: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === "string") targets.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") Object.values(value).forEach(collect);
    };
    collect(packedJson.exports);
    for (const field of ["main", "module", "types", "typings"]) collect(packedJson[field]);
    collect(typeof packedJson.bin === "string" ? packedJson.bin : Object.values(packedJson.bin ?? {}));
    expect(targets.length).toBeGreaterThan(0);

    const missing = targets.filter((target) => {
      // A subpath pattern ("./x/*.js") needs only its fixed folder to exist.
      const fixed = target.includes("*") ? path.dirname(target.slice(0, target.indexOf("*") + 1)) : target;
      return !fs.existsSync(path.join(installedDir, fixed));
    });
    expect(missing).toEqual([]);

    // npm drops a bin entry whose file is missing when it packs; the repo's bins must all have survived.
    const repoJson = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(packedJson.bin ?? {}).toEqual(repoJson.bin ?? {});
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Loading it

const reportSource = (load: string) => `${load}
const names = ${JSON.stringify(EXPORTED_VALUES)};
const report = {};
report.missing = names.filter((n) => lk[n] === undefined);
report.kinds = Object.fromEntries(names.map((n) => [n, typeof lk[n]]));
report.version = lk.VERSION;
const app = new lk.ClientApp({ projectId: ${JSON.stringify(PROJECT_ID)}, tokenStore: "memory" });
report.constructed = app instanceof lk.ClientApp;
report.officialNameIsTheClass = lk.StackClientApp === lk.ClientApp && new lk.StackClientApp({ projectId: ${JSON.stringify(PROJECT_ID)}, tokenStore: "memory" }) instanceof lk.ClientApp;
report.internals = typeof app[lk.stackAppInternalsSymbol].toClientJson;
report.projectId = app.projectId;
const e = new lk.KnownErrors.EmailPasswordMismatch();
report.isInstance = lk.KnownErrors.EmailPasswordMismatch.isInstance(e);
report.isKnownError = lk.KnownError.isInstance(e);
report.isLatchkeyError = lk.LatchkeyError.isInstance(e);
report.instanceOfError = e instanceof Error;
report.code = e.code;
report.otherCodeRejected = !lk.KnownErrors.PasswordTooShort.isInstance(e);
report.plainErrorRejected = !lk.KnownError.isInstance(new Error("x"));
`;

describe("loading the installed package", () => {
  test.each([
    ["ESM import()", "esm-check.mjs", `const lk = await import("latchkey");`],
    ["CJS require()", "cjs-check.cjs", `const lk = require("latchkey");`],
  ])("%s exposes the API, constructs a ClientApp and recognises its errors", (_label, file, load) => {
    const report = runNodeScript(file, `${reportSource(load)}\nconsole.log(JSON.stringify(report));\n`);
    expect(report.missing).toEqual([]);
    expect(report.kinds).toEqual({
      ClientApp: "function",
      KnownErrors: "object",
      KnownError: "function",
      LatchkeyError: "function",
      ArgumentError: "function",
      HttpError: "function",
      ConnectivityError: "function",
      VERSION: "string",
      StackClientApp: "function",
      StackServerApp: "function",
      StackAdminApp: "function",
      stackAppInternalsSymbol: "symbol",
    });
    expect(report.version).toBe(packedJson.version);
    expect(report).toMatchObject({
      constructed: true,
      officialNameIsTheClass: true,
      internals: "function",
      projectId: PROJECT_ID,
      isInstance: true,
      isKnownError: true,
      isLatchkeyError: true,
      instanceOfError: true,
      code: "EMAIL_PASSWORD_MISMATCH",
      otherCodeRejected: true,
      plainErrorRejected: true,
    });
  }, 60_000);

  test("errors from the ESM copy are recognised by the CJS copy in the same process, and back", () => {
    const report = runNodeScript(
      "dual-check.mjs",
      `import * as esm from "latchkey";
import { createRequire } from "node:module";
const cjs = createRequire(import.meta.url)("latchkey");
const fromEsm = new esm.KnownErrors.EmailPasswordMismatch();
const fromCjs = new cjs.KnownErrors.EmailPasswordMismatch();
const argFromEsm = new esm.ArgumentError("bad");
console.log(JSON.stringify({
  twoCopies: esm.KnownError !== cjs.KnownError,
  cjsKnownErrorSeesEsm: cjs.KnownError.isInstance(fromEsm),
  cjsClassSeesEsm: cjs.KnownErrors.EmailPasswordMismatch.isInstance(fromEsm),
  cjsLatchkeyErrorSeesEsm: cjs.LatchkeyError.isInstance(fromEsm),
  esmKnownErrorSeesCjs: esm.KnownError.isInstance(fromCjs),
  esmClassSeesCjs: esm.KnownErrors.EmailPasswordMismatch.isInstance(fromCjs),
  cjsArgumentErrorSeesEsm: cjs.ArgumentError.isInstance(argFromEsm),
  argumentErrorIsNotKnown: !cjs.KnownError.isInstance(argFromEsm),
}));
`,
    );
    expect(report).toMatchObject({
      twoCopies: true,
      cjsKnownErrorSeesEsm: true,
      cjsClassSeesEsm: true,
      cjsLatchkeyErrorSeesEsm: true,
      esmKnownErrorSeesCjs: true,
      esmClassSeesCjs: true,
      cjsArgumentErrorSeesEsm: true,
      argumentErrorIsNotKnown: true,
    });
  }, 60_000);

  test("latchkey/react resolves to the built React entry for import and require (react itself is the app's)", () => {
    const report = runNodeScript(
      "react-resolve-check.mjs",
      `import { createRequire } from "node:module";
console.log(JSON.stringify({
  esm: import.meta.resolve("latchkey/react").split("/").slice(-4).join("/"),
  cjs: createRequire(import.meta.url).resolve("latchkey/react").split("/").slice(-2).join("/"),
}));
`,
    );
    // ES modules: the browser tree in Node too, so a framework's server layer and its browser bundle resolve one file
    // (see scripts/browser-tree.mjs).
    expect(report).toMatchObject({ esm: "dist/browser/react/index.js", cjs: "dist/react.cjs", stderr: "" });
  }, 60_000);

  test("latchkey/emulator resolves to startEmulator when it is built, and is not exported otherwise", () => {
    const built = fs.existsSync(path.join(installedDir, "dist", "emulator.js"));
    if (!built) {
      // Not built yet: then package.json must not send consumers to it (the exports check above also covers this).
      expect(Object.keys(packedJson.exports ?? {})).not.toContain("./emulator");
      return;
    }
    const report = runNodeScript(
      "emulator-check.mjs",
      `import { startEmulator } from "latchkey/emulator";
import { createRequire } from "node:module";
const cjs = createRequire(import.meta.url)("latchkey/emulator");
console.log(JSON.stringify({ esm: typeof startEmulator, cjs: typeof cjs.startEmulator, oneCopy: startEmulator === cjs.startEmulator }));
`,
    );
    // One build: import and require load the same module.
    expect(report).toMatchObject({ esm: "function", cjs: "function", oneCopy: true });
  }, 60_000);

  test("latchkey/testing resolves for import and require without Playwright installed, and its emulator makes a user", () => {
    // The consumer installs latchkey alone: a Playwright import at load time would fail here.
    expect(fs.existsSync(path.join(consumerDir, "node_modules", "playwright-core"))).toBe(false);
    const report = runNodeScript(
      "testing-check.mjs",
      `import * as testing from "latchkey/testing";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const cjs = require("latchkey/testing");
const names = ["startTestEmulator", "connectTestEmulator", "createUser", "signIn", "tokensFor", "waitForEmail", "setNextOAuthIdentity", "addVirtualAuthenticator", "emulatorEnv"];
const emulator = await testing.startTestEmulator({ exportEnv: false });
const user = await emulator.createUser({ totp: true });
const tokens = await emulator.tokensFor(user);
await emulator.stop();
console.log(JSON.stringify({
  esm: names.filter((n) => typeof testing[n] !== "function"),
  cjs: names.filter((n) => typeof cjs[n] !== "function"),
  files: [import.meta.resolve("latchkey/testing"), require.resolve("latchkey/testing")].map((f) => f.split("/").slice(-2).join("/")),
  oneCopy: names.every((n) => testing[n] === cjs[n]),
  user: typeof user.id === "string" && /^[0-9]{6}$/.test(user.totp.code()),
  tokens: typeof tokens.accessToken,
  playwright: Object.keys(require.cache).some((f) => /playwright/.test(f)),
}));
`,
    );
    expect(report).toMatchObject({ esm: [], cjs: [], oneCopy: true, files: ["dist/testing.js", "dist/testing.cjs"], user: true, tokens: "string", playwright: false, stderr: "" });
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------------------
// 3. Types

const GOOD_SOURCE = `import {
  ArgumentError,
  ClientApp,
  ConnectivityError,
  HttpError,
  KnownError,
  KnownErrors,
  LatchkeyError,
  VERSION,
  type ClientAppOptions,
  type KnownErrorCode,
  type Result,
} from "latchkey";

const options: ClientAppOptions = { projectId: "${PROJECT_ID}", tokenStore: "memory" };
export const app = new ClientApp(options);
export const projectId: string = app.projectId;
export const version: string = VERSION;

export async function signIn(email: string, password: string): Promise<string> {
  const result = await app.signInWithCredential({ email, password, noRedirect: true });
  if (result.status === "ok") return "signed in";
  if (KnownErrors.EmailPasswordMismatch.isInstance(result.error)) return "wrong password";
  const code: KnownErrorCode = result.error.code;
  return code;
}

export function unwrap(result: Result<number, KnownError>): number {
  if (result.status === "ok") return result.data;
  throw result.error;
}

export function explain(e: unknown): string {
  if (KnownError.isInstance(e)) return \`\${e.code} (\${e.status})\`;
  if (HttpError.isInstance(e)) return \`HTTP \${e.status}\`;
  if (ConnectivityError.isInstance(e)) return e.message;
  if (ArgumentError.isInstance(e)) return e.message;
  if (LatchkeyError.isInstance(e)) return e.message;
  return String(e);
}

export const mismatch: KnownError<"EMAIL_PASSWORD_MISMATCH"> = new KnownErrors.EmailPasswordMismatch();
export const accessToken: Promise<string | null> = app.getAccessToken();
`;

// The one line that must not type-check: a number where projectId takes a string.
const BAD_SOURCE = `import { ClientApp } from "latchkey";

export const app = new ClientApp({ projectId: 42, tokenStore: "memory" });
`;

interface TscError {
  file: string;
  line: number;
  code: string;
  message: string;
}

function typeCheck(moduleFlags: string[], files = ["consumer.ts", "consumer.cts", "bad.ts", "bad.cts"]): { errors: TscError[]; output: string } {
  const args = [
    TSC,
    "--noEmit",
    "--strict",
    ...moduleFlags,
    "--skipLibCheck",
    "false",
    "--target",
    "es2022",
    "--pretty",
    "false",
    ...files,
  ];
  const r = run(process.execPath, args, consumerDir, 60_000);
  const output = `${r.stdout}${r.stderr}`;
  if (r.status === null) throw new Error(`tsc did not finish:\n${r.describe}`);
  const errors: TscError[] = [];
  for (const line of output.split("\n")) {
    const m = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line.trim());
    if (m) errors.push({ file: m[1].split(path.sep).join("/"), line: Number(m[2]), code: m[3], message: m[4] });
    else if (/error TS\d+/.test(line)) errors.push({ file: "", line: 0, code: "?", message: line.trim() });
  }
  return { errors, output: `${r.describe}` };
}

describe("types for consumers", () => {
  beforeAll(() => {
    fs.writeFileSync(path.join(consumerDir, "consumer.ts"), GOOD_SOURCE);
    fs.writeFileSync(path.join(consumerDir, "consumer.cts"), GOOD_SOURCE);
    fs.writeFileSync(path.join(consumerDir, "bad.ts"), BAD_SOURCE);
    fs.writeFileSync(path.join(consumerDir, "bad.cts"), BAD_SOURCE);
  });

  test.each([
    ["nodenext", ["--module", "nodenext", "--moduleResolution", "nodenext"]],
    ["bundler", ["--module", "esnext", "--moduleResolution", "bundler"]],
  ])("module resolution %s: the consumer type-checks, the bad line does not", (_label, flags) => {
    const { errors, output } = typeCheck(flags);
    // The good files (and the package's own declarations, since skipLibCheck is off) have no error at all.
    const unexpected = errors.filter((e) => e.file !== "bad.ts" && e.file !== "bad.cts");
    if (unexpected.length > 0) throw new Error(`Unexpected type errors:\n${output}`);
    // Each bad file fails on the projectId line, for the number given as a string.
    for (const file of ["bad.ts", "bad.cts"]) {
      const mine = errors.filter((e) => e.file === file);
      expect({ file, errors: mine }).toEqual({
        file,
        errors: [
          {
            file,
            line: 3,
            code: "TS2322",
            message: expect.stringContaining("Type 'number' is not assignable to type 'string'"),
          },
        ],
      });
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// 4. Every entry, with the app's React and Node types

// Each entry as an ES module (.ts) and a CommonJS module (.cts) imports it: the declarations are one set (every
// .d.ts re-exports its .d.cts), which both forms resolve.
const ENTRIES_SOURCE = `import { ClientApp, ServerApp } from "latchkey";
import { ClientApp as ReactClientApp, LatchkeyProvider, useUser } from "latchkey/react";
import { startEmulator, type RunningEmulator } from "latchkey/emulator";
import { createUser, startTestEmulator, type TestUser } from "latchkey/testing";

// latchkey/react re-exports latchkey's classes: the same declarations, not a copy.
export const sameClass: typeof ClientApp = ReactClientApp;
export const app: ClientApp = new ReactClientApp({ projectId: "${PROJECT_ID}", tokenStore: "memory" });
export const server: ClientApp = new ServerApp({ projectId: "${PROJECT_ID}", secretServerKey: "ssk_x", tokenStore: "memory" });
export const provider: unknown = LatchkeyProvider;
export const hook: () => unknown = useUser;

export async function emulatorUrl(): Promise<string> {
  const emulator: RunningEmulator = await startEmulator({ port: 0 });
  await emulator.stop();
  return emulator.url;
}

export async function testUser(): Promise<TestUser> {
  const emulator = await startTestEmulator({ exportEnv: false });
  try {
    return await createUser({ displayName: "Ada" });
  } finally {
    await emulator.stop();
  }
}
`;

// latchkey/next is ES modules only.
const NEXT_SOURCE = `import { ClientApp as CoreClientApp } from "latchkey";
import { ClientApp, LatchkeyProvider } from "latchkey/next";

export const sameClass: typeof CoreClientApp = ClientApp;
export const provider: unknown = LatchkeyProvider;
`;

describe("every entry, with the app's react and @types/node (linked from the repository)", () => {
  beforeAll(() => {
    // What a React app on Node has beside latchkey: react, its types and Node's.
    for (const name of ["react", "@types/react", "@types/node", "csstype", "undici-types"]) {
      const to = path.join(consumerDir, "node_modules", name);
      if (fs.existsSync(to)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.symlinkSync(path.join(ROOT, "node_modules", name), to, "dir");
    }
    fs.writeFileSync(path.join(consumerDir, "entries.ts"), ENTRIES_SOURCE);
    fs.writeFileSync(path.join(consumerDir, "entries.cts"), ENTRIES_SOURCE);
    fs.writeFileSync(path.join(consumerDir, "next-consumer.ts"), NEXT_SOURCE);
  });

  test("latchkey/react shares latchkey's classes, for import and for require", () => {
    const report = runNodeScript(
      "react-classes-check.mjs",
      `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const [core, react] = [await import("latchkey"), await import("latchkey/react")];
console.log(JSON.stringify({
  esm: react.ClientApp === core.ClientApp && react.KnownError === core.KnownError,
  cjs: require("latchkey/react").ClientApp === require("latchkey").ClientApp && require("latchkey/react").KnownError === require("latchkey").KnownError,
  provider: typeof require("latchkey/react").LatchkeyProvider,
}));
`,
    );
    expect(report).toMatchObject({ esm: true, cjs: true, provider: "function", stderr: "" });
  }, 60_000);

  test.each([
    ["nodenext", ["--module", "nodenext", "--moduleResolution", "nodenext"]],
    ["bundler", ["--module", "esnext", "--moduleResolution", "bundler"]],
  ])("module resolution %s: ES module and CommonJS consumers of every entry type-check", (_label, flags) => {
    const { errors, output } = typeCheck(flags, ["entries.ts", "entries.cts", "next-consumer.ts"]);
    if (errors.length > 0) throw new Error(`Unexpected type errors:\n${output}`);
  }, 120_000);

  test("the command line of the package's bin runs", () => {
    const r = run(process.execPath, [path.join(installedDir, "dist", "cli.cjs"), "--help"], consumerDir, 30_000);
    expect(`${r.stdout}${r.stderr}`).toContain("Usage: latchkey emulator");
    expect(fs.existsSync(path.join(consumerDir, "node_modules", ".bin", "latchkey"))).toBe(true);
  }, 60_000);
});
