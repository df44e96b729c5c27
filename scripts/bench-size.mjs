#!/usr/bin/env node
// Byte budgets of browser bundles (deterministic: esbuild + gzip -9), checked in CI.
//
// Each entry in fixtures/size is bundled the way an app's bundler would (esbuild --bundle --minify
// --format=esm --platform=browser), once as a single file and once with code splitting. Two figures are
// printed: "initial" is the entry chunk an app downloads up front (features behind a dynamic import(), such as
// the resources a password-only page never calls, are left in lazy chunks), "total" is everything the entry can
// ever load. Each budget says which figure it limits.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * name, entry, which figure the budget limits, budget (CI fails above), aim (printed), modules that must not be
 * bundled, and `leftOut`: flow modules the entry never calls, measured as if absent (an app's methods reach them
 * through import(), so "total" would otherwise count every flow the app class offers, called or not).
 */
// The Next.js server store and a request's store load on first use, which never happens in a browser page (there
// "nextjs-cookie" is the cookie store, and nobody passes a request): they are not part of what a browser can fetch.
const SERVER_ONLY_STORES = /^\.\/(nextjs-cookie|request)$/;

const entries = [
  {
    name: "password sign-in + getUser (cookie store)",
    entry: "fixtures/size/password-entry.ts",
    limits: "initial",
    budget: 15_000,
    aim: 12_000,
    forbidden: [/src\/apps\/(server|admin)-app/, /src\/emulator\//, /src\/server\//, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/, /src\/token-stores\/(nextjs-cookie|request)\.ts/],
  },
  {
    name: "whole client surface (all but OAuth, passkeys, MFA, CLI)",
    entry: "fixtures/size/client-surface-entry.ts",
    limits: "total",
    budget: 26_000,
    aim: 20_000,
    forbidden: [/src\/apps\/(server|admin)-app/, /src\/emulator\//, /src\/server\//, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/],
    // ClientApp and CurrentUser reach the browser flows through import(): those modules are left out of this figure.
    leftOut: [/\/auth\/(oauth|cli|passkey)/, SERVER_ONLY_STORES],
  },
  {
    name: "full client (every flow)",
    entry: "fixtures/size/full-client-entry.ts",
    limits: "total",
    budget: 34_000,
    aim: 28_000,
    forbidden: [/src\/apps\/(server|admin)-app/, /src\/emulator\//, /src\/server\//],
    // promptCliLogin is called by a command-line program in Node, never by a page (which confirms the login with
    // confirmCliLogin, counted here): its module is not part of what a browser can fetch.
    leftOut: [SERVER_ONLY_STORES, /\/auth\/cli-login$/],
  },
];

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** An esbuild plugin that answers `import()`s of modules matching `patterns` with an empty module. */
const leaveOut = (patterns = []) => ({
  name: "leave-out",
  setup(b) {
    b.onResolve({ filter: /./ }, (args) =>
      args.kind === "dynamic-import" && patterns.some((re) => re.test(args.path)) ? { path: args.path, namespace: "left-out" } : undefined,
    );
    b.onLoad({ filter: /./, namespace: "left-out" }, () => ({ contents: "export {};", loader: "js" }));
  },
});
// As the built package: tsup's ES modules carry no per-file "use strict" (ES modules are strict anyway), which the
// source's `strict` tsconfig would otherwise add to every lazily loaded module of a one-file bundle.
const options = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  write: false,
  metafile: true,
  logLevel: "error",
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
};

let failed = false;
for (const { name, entry, limits, budget, aim, forbidden, leftOut } of entries) {
  const plugins = [leaveOut(leftOut)];
  const split = await build({ ...options, plugins, entryPoints: [path.join(root, entry)], splitting: true, outdir: "out" });
  const whole = await build({ ...options, plugins, entryPoints: [path.join(root, entry)] });
  const entryChunk = split.outputFiles.find((f) => path.basename(f.path) === path.basename(entry).replace(/\.ts$/, ".js"));
  // The initial download is the entry chunk plus every chunk it imports statically (shared code lands there).
  const rel = (file) => path.relative(process.cwd(), file.path);
  const initialFiles = new Set();
  const visit = (key) => {
    if (initialFiles.has(key)) return;
    initialFiles.add(key);
    for (const imp of split.metafile.outputs[key].imports) if (imp.kind === "import-statement" && !imp.external) visit(imp.path);
  };
  visit(rel(entryChunk));
  const initialOutputs = split.outputFiles.filter((f) => initialFiles.has(rel(f)));
  const initial = gz(Buffer.concat(initialOutputs.map((f) => f.contents)));
  const total = gz(whole.outputFiles[0].contents);
  const measured = limits === "initial" ? initial : total;
  const initialInputs = [...initialFiles].flatMap((key) => Object.keys(split.metafile.outputs[key].inputs));
  const totalInputs = Object.values(whole.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
  const leaked = (limits === "initial" ? initialInputs : totalInputs).filter((i) => forbidden.some((re) => re.test(i)));
  const verdict = measured > budget ? "OVER BUDGET" : measured > aim ? "within budget, above aim" : "within aim";
  console.log(`${name}: initial ${initial} bytes gzip, total ${total}; budget ${budget} on ${limits}, aim ${aim}: ${verdict}`);
  if (process.argv.includes("--verbose")) {
    const rows = [...initialFiles].flatMap((key) => Object.entries(split.metafile.outputs[key].inputs)).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    for (const [file, { bytesInOutput }] of rows.slice(0, 25)) console.log(`  ${String(bytesInOutput).padStart(6)}  ${file}`);
  }
  if (leaked.length) console.log(`  must not be in the ${limits} bundle, but is: ${leaked.join(", ")}`);
  if (measured > budget || leaked.length) failed = true;
}
if (failed) {
  console.error("size budget check failed");
  process.exit(1);
}
