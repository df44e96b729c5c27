// Byte budgets of browser bundles built from the PACKED package (scripts/bench/packed.mjs): each fixture in
// fixtures/size is copied into a scratch app that has the tarball installed, and bundled there the way an app's
// bundler would (esbuild --bundle --minify --format=esm --platform=browser --splitting, imports by package name).
// Every output file is gzipped (-9) on its own, as a server sends it, and the figures are sums over files:
//   initial: the entry chunk and every chunk it imports statically (what a page downloads before it runs);
//   total:   every file the entry can ever load through static and dynamic imports (features the fixture never
//            calls, `leftOut`, answered empty);
//   page:    (password entry) the files Chromium actually fetched to sign in and show the user
//            (scripts/bench/password-page.mjs);
//   total as one file: (rows limited by "total") the same code bundled without splitting, one gzip: the floor
//            "total" could reach with no file boundaries, without less code.
// The React entries with `react: "external"` leave the app's react and react-dom out and are limited by the bytes
// they add over the password entry's same figure (`over`).
import { build } from "esbuild";
import { cpSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";

// Module paths as the fixtures' patterns name them: the package's dist/browser/x.js is matched as src/x.ts, and its
// client-core.js (scripts/browser-tree.mjs) as every module it holds (named by esbuild's "// src/…" comments), so a
// module that must stay out of a bundle is found there too.
const asSource = (input) => input.replace(/^.*node_modules\/latchkey\/dist\/browser\//, "src/").replace(/\.jsx?$/, ".ts");
const coreModules = new Map();
const expand = (appDir) => (input) => {
  if (!input.endsWith("latchkey/dist/browser/client-core.js")) return [asSource(input)];
  const file = path.join(appDir, "node_modules", "latchkey", "dist", "browser", "client-core.js");
  if (!coreModules.has(file)) coreModules.set(file, [...new Set(readFileSync(file, "utf8").match(/^\/\/ src\/\S+\.tsx?$/gm).map((c) => c.slice(3)))]);
  return coreModules.get(file);
};

const SERVER_ONLY_STORES = /^\.\/(nextjs-cookie|request)(\.js)?$/;
// The React pages' words in other languages: the locale loader (react/locales/load-locale.js) and a table per locale
// (react/locales/de-DE.js, …), loaded by import() only when a provider's lang names a locale. An English page loads
// none of them, so the React rows leave them out; the German <SignIn /> row measures what a lang adds (the loader
// and one table: a page loads one at most).
const LOCALES = [/\/locales\/load-locale(\.js)?$/, /^\.\/[a-z]{2}-[A-Z0-9]{2,3}(\.js)?$/];
const LOCALE_TABLES_BUT_GERMAN = /^\.\/(?!de-DE)[a-z]{2}-[A-Z0-9]{2,3}(\.js)?$/;
const CLI_LOGIN = /\/auth\/cli-login(\.js)?$/;
export const PASSWORD_ENTRY = "password sign-in + getUser";
// Never in a browser bundle. Server and admin resources (src/resources/<entity>/server*.ts and admin*.ts) never ship to
// browsers either.
const BROWSER_FORBIDDEN = [/src\/apps\/(server|admin)-/, /src\/resources\/([^/]+\/)?(server|admin)[^/]*\.ts$/, /src\/auth\/passkey-server-user/, /src\/emulator\//, /src\/verify\//, /node_modules\/jose\//];
const REACT_EXTERNAL = ["react", "react/*", "react-dom", "react-dom/*"];
// latchkey's dev tools (src/react/dev-tools): loaded by the provider with import() in development builds only. Every
// row bundles for production (NODE_ENV "production"), where no module of theirs and no text of theirs (their toggle's
// name, their style sheet's class prefix) may be in any file the bundler writes, even one nothing loads. The
// development row checks the other half: there they are in a file of their own, loaded on demand, none in the initial
// files.
const DEV_TOOLS = /src\/react\/dev-tools\//;
const DEV_TOOLS_TEXT = /latchkey dev tools|lk-dt-/;

/** name, entry, the figure the budget limits, budget (CI fails above), aim, modules that must not be bundled. */
export const entries = [
  {
    name: PASSWORD_ENTRY,
    entry: "password-entry.ts",
    limits: "page",
    // Issue #13's limit. The page measured 21,888 B in 24 files before the client core became one module; since
    // then sign-out, the Authorization-header encoder, anonymous sign-up, the internal-project user methods, the
    // known-error lineage table and the cross-tab marker fallback load on first use, and the browser bundle reads
    // only the environment variables its code names. Issue #21's drop-in gaps, which every app carries (the guard on a
    // user object's `.user`, the cross-subdomain refresh cookie, the `analytics` check, the Convex methods, the hand-off
    // entry), took the page from 14,914 to 15,868; back under 15,000 (measured 14,870) since what a page that only signs
    // in and reads the user never runs loads on first use: which module holds the code of ClientApp's and the user
    // object's lazy methods (one table, apps/client-calls.ts, where each method kept its own import() and the user object
    // its account and team stubs), getUser's `or` other than the default (auth/get-user-or.ts) and the navigation
    // (core/navigation.ts), all three in the client's lazy group. Issue #25's aim is 12,000; lowered from 15,000 to
    // within 3% of what it reached (14,311, with the one-refresh-at-a-time queue and the project read useProject
    // shares with the prefetch).
    budget: 14_700,
    aim: 12_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/, /src\/token-stores\/(nextjs-cookie|request)\.ts/, /src\/errors\/lineage\.ts/, /src\/session\/cross-tab-marker\.ts/],
  },
  {
    name: "whole client surface (all but OAuth, passkeys, MFA, CLI)",
    entry: "client-surface-entry.ts",
    limits: "total",
    // Per file as served, over every file the entry can load (41 files): the source tree's one-file figure was 26,000.
    // Raised from 36,000 when the known-error lineage and the cross-tab refresh left the client core for files of
    // their own (each gzipped alone; the password page lost 1,077 B) and the server's resources became a group
    // loaded on first use, whose imports of three client helpers split the client's lazy group (one more file).
    // Raised from 36,500 (measured 36,257) by issue #21: the Convex helpers, the cross-subdomain cookie's and the
    // hand-off's parameter modules (their own files), the hosted OAuth callback's module and the platform's
    // SCHEMA_ERROR helper, and the client core's methods moved to the lazy group (the password page lost ~1 KB):
    // measured 42,004.
    budget: 42_500,
    aim: 30_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//, /src\/auth\/totp\.ts/],
    leftOut: [/\/auth\/(oauth|cli|passkey)/, SERVER_ONLY_STORES],
  },
  {
    name: "full client (every flow)",
    entry: "full-client-entry.ts",
    limits: "total",
    // Per file as served, over every file the entry can load (40 files). On the source tree, as one file, the budget
    // was 34,500 (34,000 until answers were checked, #13: decoding every 2xx as a JSON object with the fields each
    // method reads, UnexpectedResponseError and 5xx retries for idempotent requests cost about 360 B). Raised from
    // 48,000 when user.revokeSession began checking its id is a UUID before sending (the check's module joined the
    // client's lazy group: +205 B, measured 48,001). Raised from 48,300 by issue #21 (Convex helpers, the
    // cross-subdomain cookie, the hosted pages' cross-domain hand-off and OAuth callback, the SCHEMA_ERROR helper:
    // 13 more files; the client core's methods moved to the lazy group), measured 56,454.
    budget: 57_000,
    aim: 40_000,
    forbidden: [...BROWSER_FORBIDDEN],
    // promptCliLogin is called by a command-line program in Node, never by a page (which confirms the login with
    // confirmCliLogin, counted here): its module is not part of what a browser can fetch.
    leftOut: [SERVER_ONLY_STORES, CLI_LOGIN],
  },
  {
    name: "React: provider + useUser",
    entry: "react-provider-entry.tsx",
    react: "external",
    over: PASSWORD_ENTRY,
    limits: "initial",
    // Lowered from 4,000 to within 3% of what it measured (+3,742) by issue #25.
    budget: 3_850,
    aim: 3_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /src\/react\/components\//],
    leftOut: LOCALES,
  },
  {
    name: "React: provider + useUser in development (dev tools, lazy)",
    entry: "react-provider-entry.tsx",
    react: "external",
    nodeEnv: "development",
    over: "React: provider + useUser",
    limits: "total",
    // What a development build adds to the production one's total: the dev tools' file (the panel, its tabs, the
    // request log, the emulator's outbox), loaded with import() when the provider first renders. Not in production.
    // Lowered from 10,000 to within 3% of what it measured (+7,765) by issue #25.
    budget: 8_000,
    aim: 8_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /src\/react\/components\//],
    devTools: "lazy",
    leftOut: LOCALES,
  },
  {
    name: "React: a page with <SignIn />",
    entry: "react-sign-in-entry.tsx",
    react: "external",
    over: PASSWORD_ENTRY,
    limits: "initial",
    // Lowered from 20,000 to within 3% of what it measured (+15,426) by issue #25.
    budget: 15_850,
    aim: 14_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /node_modules\/uqr\//, /src\/react\/components\/account-settings/],
    leftOut: LOCALES,
  },
  {
    name: 'React: <SignIn /> in German (lang="de-DE")',
    entry: "react-sign-in-de-entry.tsx",
    react: "external",
    over: "React: a page with <SignIn />",
    limits: "total",
    // What a German page fetches that the English one does not: the locale loader and the German table (every key in
    // English with its translation, as the pages' words are keyed; the other tables are of its size).
    // Lowered from 9,000 to within 3% of what it measured (+8,452) by issue #25.
    budget: 8_700,
    aim: 8_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//, /src\/react\/locales\/(?!de-DE|load-locale)/],
    leftOut: [LOCALE_TABLES_BUT_GERMAN],
  },
  {
    name: "React: LatchkeyHandler (every page)",
    entry: "react-handler-entry.tsx",
    react: "external",
    limits: "total",
    // Raised from 85,000 (measured 83,483) by issue #21's drop-in gaps (see "full client"), measured 92,141; then
    // from 92,500 by issue #26's official props (the mock previews, ~630 B), shadcn variables (~240 B) and issue #24's
    // locale loader (~200 B): measured 93,561; then from 94,000 by issue #25's sign-in page that shows its form without a
    // Suspense fallback's 300 ms hold and reads the project the app prefetched (~430 B): measured 93,992.
    budget: 94_500,
    aim: 60_000,
    forbidden: [...BROWSER_FORBIDDEN, /node_modules\/react(-dom)?\//],
    leftOut: [...LOCALES, SERVER_ONLY_STORES, CLI_LOGIN],
  },
  {
    name: "React: whole app (provider, handler, a protected page)",
    entry: "react-app-entry.tsx",
    react: "bundled",
    limits: "total",
    // Raised from 160,000 (measured 154,286) by issue #21's drop-in gaps (see "full client"), measured 163,017; then
    // from 163,500 by the same three features as the handler's: measured 164,528; then from 165,000 by issue #25's
    // sign-in page (see the handler's): measured 165,030.
    budget: 165_500,
    aim: 100_000,
    forbidden: BROWSER_FORBIDDEN,
    leftOut: [...LOCALES, SERVER_ONLY_STORES, CLI_LOGIN],
  },
  { name: "official SDK (@stackframe/js): password sign-in + getUser", entry: "official-password-entry.ts", limits: "initial", reference: true },
];

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * An esbuild plugin that answers `import()`s of modules matching `patterns` with an empty module: one for them all
 * (its file of a few bytes is counted once; a page that never loads those modules fetches none of them).
 */
const leaveOut = (patterns = []) => ({
  name: "leave-out",
  setup(b) {
    b.onResolve({ filter: /./ }, (args) =>
      args.kind === "dynamic-import" && patterns.some((re) => re.test(args.path)) ? { path: "left-out", namespace: "left-out" } : undefined,
    );
    b.onLoad({ filter: /./, namespace: "left-out" }, () => ({ contents: "export {};", loader: "js" }));
  },
});

/**
 * The output files (esbuild metafile `outputs` keys) `entryKey` loads through imports of the given `kinds`, itself
 * included.
 * @example
 * const initial = importClosure(result.metafile.outputs, "out/app.js", ["import-statement"]);
 */
export function importClosure(outputs, entryKey, kinds) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const imp of outputs[k].imports) if (kinds.includes(imp.kind) && !imp.external) visit(imp.path);
  };
  visit(entryKey);
  return seen;
}

/** esbuild's options for one fixture in `appDir`, split into chunks or as one file. */
const buildOptions = (appDir, { entry, leftOut, react, nodeEnv = "production" }, splitting) => ({
  absWorkingDir: appDir,
  entryPoints: [path.join(appDir, "fixtures", entry)],
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  splitting,
  outdir: path.join(appDir, "out"),
  write: false,
  metafile: true,
  logLevel: "error",
  plugins: [leaveOut(leftOut)],
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(nodeEnv) },
  external: react === "external" ? REACT_EXTERNAL : [],
});

/**
 * The fixture's whole code as one file, gzipped: what its "total" would be with no splitting (esbuild inlines every
 * import() then): about the floor the chunks' total can reach without less code (each chunk is gzipped on its own,
 * and short files compress worse).
 */
async function oneFile(appDir, e) {
  const result = await build(buildOptions(appDir, e, false));
  return result.outputFiles.filter((f) => f.path.endsWith(".js")).reduce((n, f) => n + gz(f.contents), 0);
}

/** Bundles one fixture in `appDir` (split); returns the output files and the initial set. */
async function bundle(appDir, e) {
  const { entry } = e;
  const result = await build(buildOptions(appDir, e, true));
  const key = (file) => path.relative(appDir, file.path).split(path.sep).join("/");
  const entryKey = Object.keys(result.metafile.outputs).find((k) => result.metafile.outputs[k].entryPoint?.endsWith(entry));
  // Static imports only: what loads before the entry runs; with dynamic ones: what it can ever load (esbuild also
  // writes chunks for import()s in code it dropped as unused, e.g. jose behind ServerApp; nothing can load those).
  const initial = importClosure(result.metafile.outputs, entryKey, ["import-statement"]);
  const reachable = importClosure(result.metafile.outputs, entryKey, ["import-statement", "dynamic-import"]);
  const files = result.outputFiles.filter((f) => reachable.has(key(f))).map((f) => ({ key: key(f), name: path.basename(f.path), contents: f.contents, gzip: gz(f.contents) }));
  const inputsOf = (keys) => [...keys].flatMap((k) => Object.keys(result.metafile.outputs[k].inputs)).flatMap(expand(appDir));
  const inputsByName = new Map(
    Object.entries(result.metafile.outputs).map(([k, o]) => [
      path.basename(k),
      Object.entries(o.inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .map(([i]) => asSource(i).replace(/^.*node_modules\//, "")),
    ]),
  );
  // Every file written (reachable or not) holding the dev tools' text, and every module bundled anywhere.
  const devToolsText = result.outputFiles.filter((f) => DEV_TOOLS_TEXT.test(f.text)).map(key);
  const allInputs = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs)).flatMap(expand(appDir));
  return {
    files,
    devToolsText,
    allInputs,
    inputsByName,
    entryName: path.basename(entryKey),
    initial: files.filter((f) => initial.has(f.key)),
    initialInputs: inputsOf(initial),
    totalInputs: inputsOf(reachable),
  };
}

/**
 * Measures every fixture from the packed package installed in `appDir`; `measurePage(files, entryName)` measures the
 * password page in Chromium (or is omitted). Returns `{ rows, failed }`; a row per entry with its figures and verdict.
 */
export async function measureSizes({ root, appDir, measurePage }) {
  cpSync(path.join(root, "fixtures", "size"), path.join(appDir, "fixtures"), { recursive: true });
  const byName = new Map();
  const rows = [];
  let failed = false;
  for (const e of entries) {
    const b = await bundle(appDir, e);
    const sum = (files) => files.reduce((n, f) => n + f.gzip, 0);
    const figures = { initial: sum(b.initial), initialFiles: b.initial.length, total: sum(b.files), totalFiles: b.files.length };
    if (e.limits === "total") figures.oneFile = await oneFile(appDir, e);
    if (e.name === PASSWORD_ENTRY && measurePage) {
      const page = await measurePage(new Map(b.files.map((f) => [f.name, f.contents])), b.entryName);
      Object.assign(figures, { page: page.gzip, pageFiles: page.files.length, pageFileList: page.files.map((f) => ({ ...f, inputs: b.inputsByName.get(f.name) })) });
    }
    byName.set(e.name, figures);
    const base = e.over ? byName.get(e.over) : undefined;
    const measured = figures[e.limits] === undefined ? undefined : figures[e.limits] - (base ? base[e.limits] : 0);
    const leaked = e.reference ? [] : (e.limits === "total" ? b.totalInputs : b.initialInputs).filter((i) => (e.forbidden ?? []).some((re) => re.test(i)));
    if (!e.reference) leaked.push(...devToolsProblems(e, b));
    const over = e.budget !== undefined && measured !== undefined && measured > e.budget;
    const verdict = e.reference ? "reference" : measured === undefined ? "not measured" : over ? "OVER BUDGET" : measured > e.aim ? "above aim" : "within aim";
    if (over || leaked.length) failed = true;
    rows.push({ ...e, ...figures, measured, verdict, leaked, sign: base ? "+" : "" });
  }
  return { rows, failed };
}

/**
 * What is wrong with where a bundle has latchkey's dev tools: a production bundle may have no module or text of
 * theirs in any file; a development one (`devTools: "lazy"`) must load them with import() only.
 */
function devToolsProblems(e, b) {
  const initialFiles = new Set(b.initial.map((f) => f.key));
  if (e.devTools !== "lazy") {
    return [...new Set(b.allInputs.filter((i) => DEV_TOOLS.test(i))), ...b.devToolsText.map((f) => `dev tools text in ${f}`)];
  }
  const problems = [...new Set(b.initialInputs.filter((i) => DEV_TOOLS.test(i)))].map((i) => `${i} (initial)`);
  if (!b.totalInputs.some((i) => DEV_TOOLS.test(i))) problems.push("no dev tools module (expected one loaded with import())");
  problems.push(...b.devToolsText.filter((f) => initialFiles.has(f)).map((f) => `dev tools text in initial ${f}`));
  return problems;
}

/** The rows as a Markdown table. */
export function sizeTable(rows) {
  const n = (v) => (v === undefined ? "–" : String(v));
  const lines = [
    "| fixture | initial B (files) | total B (files) | total as one file B | page B (files) | limits | measured | budget | aim | verdict |",
    "|---|---:|---:|---:|---:|---|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const page = r.page === undefined ? "–" : `${r.page} (${r.pageFiles})`;
    lines.push(
      `| ${r.name}${r.react ? ` (react ${r.react})` : ""} | ${r.initial} (${r.initialFiles}) | ${r.total} (${r.totalFiles}) | ${n(r.oneFile)} | ${page} | ${r.reference ? "–" : r.limits} | ` +
        `${r.reference ? "–" : r.sign + n(r.measured)} | ${r.budget === undefined ? "–" : r.sign + r.budget} | ${r.aim === undefined ? "–" : r.sign + r.aim} | ${r.verdict}${r.leaked.length ? `; bundles ${r.leaked.join(", ")}` : ""} |`,
    );
  }
  return lines.join("\n");
}

/** The files the password page fetched, in fetch order: bytes, gzip and the modules each holds. */
export function pageFilesTable(rows) {
  const row = rows.find((r) => r.pageFileList);
  if (!row) return "";
  const lines = ["| file | bytes | gzip -9 | modules |", "|---|---:|---:|---|"];
  for (const f of row.pageFileList) lines.push(`| ${f.name.replace(/-[A-Z0-9]{8}\.js$/, ".js")} | ${f.bytes} | ${f.gzip} | ${(f.inputs ?? []).join(", ")} |`);
  lines.push(`| **${row.pageFileList.length} files** | ${row.pageFileList.reduce((n, f) => n + f.bytes, 0)} | ${row.page} | |`);
  return lines.join("\n");
}
