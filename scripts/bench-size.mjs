#!/usr/bin/env node
// Byte budgets of browser bundles (deterministic: esbuild + gzip -9), checked in CI.
//
// Each entry in fixtures/size is bundled the way an app's bundler would (esbuild --bundle --minify
// --format=esm --platform=browser), once as a single file and once with code splitting. Two figures are
// printed: "initial" is the entry chunk an app downloads up front (features behind a dynamic import(), such as
// the resources a password-only page never calls, are left in lazy chunks), "total" is everything the entry can
// ever load. Each budget says which figure it limits.
//
// The React entries (fixtures/size/react-*.tsx) import "latchkey" and "latchkey/react" as an app does (aliased to
// src/). With `react: "external"` the app's own react and react-dom are not counted, and the budget limits the bytes
// over the password-only entry's figure (`over`): what the React layer and its pages add to a page that already signs
// in with a password. With `react: "bundled"` they are counted: the whole app as a browser downloads it.
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

const PASSWORD_ENTRY = "password sign-in + getUser (cookie store)";
// Never in a browser bundle.
// Server and admin resources (src/resources/server, src/resources/admin) never ship to browsers either.
const BROWSER_FORBIDDEN = [/src\/apps\/(server|admin)-app/, /src\/resources\/(server|admin)\//, /src\/emulator\//, /src\/server\//];
// react and react-dom as an app's bundler sees them when the app provides them (any subpath: react/jsx-runtime,
// react-dom/client).
const REACT_EXTERNAL = ["react", "react/*", "react-dom", "react-dom/*"];

const entries = [
  {
    name: PASSWORD_ENTRY,
    entry: "fixtures/size/password-entry.ts",
    limits: "initial",
    budget: 15_000,
    aim: 12_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/, /src\/token-stores\/(nextjs-cookie|request)\.ts/],
  },
  {
    name: "whole client surface (all but OAuth, passkeys, MFA, CLI)",
    entry: "fixtures/size/client-surface-entry.ts",
    limits: "total",
    budget: 26_000,
    aim: 20_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/],
    // ClientApp and CurrentUser reach the browser flows through import(): those modules are left out of this figure.
    leftOut: [/\/auth\/(oauth|cli|passkey)/, SERVER_ONLY_STORES],
  },
  {
    name: "full client (every flow)",
    entry: "fixtures/size/full-client-entry.ts",
    limits: "total",
    // 34,000 until answers were checked (#13): decoding every 2xx as a JSON object with the fields each method reads,
    // UnexpectedResponseError and 5xx retries for idempotent requests cost about 360 B here.
    budget: 34_500,
    aim: 28_000,
    forbidden: [...BROWSER_FORBIDDEN],
    // promptCliLogin is called by a command-line program in Node, never by a page (which confirms the login with
    // confirmCliLogin, counted here): its module is not part of what a browser can fetch.
    leftOut: [SERVER_ONLY_STORES, /\/auth\/cli-login$/],
  },
  {
    name: "React: provider + useUser",
    entry: "fixtures/size/react-provider-entry.tsx",
    react: "external",
    over: PASSWORD_ENTRY,
    limits: "initial",
    budget: 4_000,
    aim: 3_000,
    // Measured like the entry it is compared with (nothing left out), so both figures' differences are like for like.
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /src\/react\/components\//],
  },
  {
    name: "React: a page with <SignIn />",
    entry: "fixtures/size/react-sign-in-entry.tsx",
    react: "external",
    over: PASSWORD_ENTRY,
    limits: "initial",
    budget: 20_000,
    aim: 14_000,
    // What only account settings needs (the QR code of TOTP enrolment) stays out of a sign-in page.
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /node_modules\/uqr\//, /src\/react\/components\/account-settings/],
  },
  {
    name: "React: LatchkeyHandler (every page)",
    entry: "fixtures/size/react-handler-entry.tsx",
    react: "external",
    limits: "total",
    aim: 60_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//],
    leftOut: [SERVER_ONLY_STORES, /\/auth\/cli-login$/],
  },
  {
    name: "React: whole app (provider, handler, a protected page)",
    entry: "fixtures/size/react-app-entry.tsx",
    react: "bundled",
    limits: "total",
    aim: 100_000,
    forbidden: BROWSER_FORBIDDEN,
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
// What the React entries add: JSX as React 17+ compiles it, the package's subpath names, React's production build.
const reactOptions = (react) => ({
  jsx: "automatic",
  alias: { latchkey: path.join(root, "src/index.ts"), "latchkey/react": path.join(root, "src/react/index.ts") },
  define: { "process.env.NODE_ENV": '"production"' },
  external: react === "external" ? REACT_EXTERNAL : [],
});

const measuredBy = new Map();
let failed = false;
for (const { name, entry, limits, budget, aim, forbidden, leftOut, react, over } of entries) {
  const plugins = [leaveOut(leftOut)];
  const entryOptions = { ...options, ...(react ? reactOptions(react) : {}), plugins, entryPoints: [path.join(root, entry)] };
  const split = await build({ ...entryOptions, splitting: true, outdir: "out" });
  const whole = await build(entryOptions);
  const entryChunk = split.outputFiles.find((f) => path.basename(f.path) === path.basename(entry).replace(/\.tsx?$/, ".js"));
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
  measuredBy.set(name, { initial, total });
  // An entry measured `over` another is judged by the bytes it adds to that entry's same figure.
  const base = over ? measuredBy.get(over) : undefined;
  if (over && !base) throw new Error(`"${name}" is measured over "${over}", which must come before it`);
  const measured = (limits === "initial" ? initial : total) - (base ? base[limits] : 0);
  const initialInputs = [...initialFiles].flatMap((key) => Object.keys(split.metafile.outputs[key].inputs));
  const totalInputs = Object.values(whole.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
  const leaked = (limits === "initial" ? initialInputs : totalInputs).filter((i) => forbidden.some((re) => re.test(i)));
  const sign = base ? "+" : "";
  const verdict =
    budget !== undefined && measured > budget ? "OVER BUDGET" : measured > aim ? (budget !== undefined ? "within budget, above aim" : "above aim") : "within aim";
  const figures = base
    ? `initial ${initial} bytes gzip (+${initial - base.initial} over the password-only entry), total ${total} (+${total - base.total})`
    : `initial ${initial} bytes gzip, total ${total}`;
  const limit = budget !== undefined ? `budget ${sign}${budget} on ${limits}, aim ${sign}${aim}` : `no budget (reported), aim ${sign}${aim} on ${limits}`;
  console.log(`${name}${react ? ` (react ${react})` : ""}: ${figures}; ${limit}: ${verdict}`);
  if (process.argv.includes("--verbose")) {
    const rows = [...initialFiles].flatMap((key) => Object.entries(split.metafile.outputs[key].inputs)).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    for (const [file, { bytesInOutput }] of rows.slice(0, 25)) console.log(`  ${String(bytesInOutput).padStart(6)}  ${file}`);
  }
  // Modules the one-file bundle drops as unused but the split one still loads up front: esbuild keeps the static
  // import of a chunk whose module is both reachable from the entry (e.g. re-exported) and loaded with import().
  const totalSet = new Set(totalInputs);
  const splitOnly = [...new Set(initialInputs)].filter((i) => !totalSet.has(i));
  if (splitOnly.length) {
    const bytes = [...initialFiles].flatMap((key) => Object.entries(split.metafile.outputs[key].inputs)).filter(([i]) => !totalSet.has(i)).reduce((n, [, v]) => n + v.bytesInOutput, 0);
    console.log(`  ${splitOnly.length} modules (${bytes} bytes minified) are in "initial" only because of code splitting (unused, import()ed elsewhere): ${splitOnly.slice(0, 4).join(", ")}${splitOnly.length > 4 ? ", …" : ""}`);
  }
  if (leaked.length) console.log(`  must not be in the ${limits} bundle, but is: ${leaked.join(", ")}`);
  if ((budget !== undefined && measured > budget) || leaked.length) failed = true;
}
if (failed) {
  console.error("size budget check failed");
  process.exit(1);
}
