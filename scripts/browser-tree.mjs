// Builds dist/browser/: the package's ES modules for bundlers. package.json sends every consumer that is not Node
// there (the "node" export condition keeps Node on the bundled dist/index.js, which loads faster). `latchkey/react`
// has no "node" branch: its entry is a "use client" module, and Next.js (any framework with server components)
// loads in the browser the very file its server layer resolved, so server and browser must resolve one file. With
// dist/react.js for Node and dist/browser for browsers, a page held two copies of the React context
// (<LatchkeyProvider> from one, the handler page's hooks from the other) and the Next.js example failed.
//
// Two kinds of files, imports rewritten to the built files' names:
// - dist/browser/client-core.js holds the modules every browser page with a ClientApp runs: the static import
//   closure of src/apps/client-app.ts (and CORE_SEEDS), plus CORE_LAZY, the modules ClientApp loads with import() on a path every
//   page takes (reading the user, a cookie session). Bundled into this one file, those import()s need no fetch.
// - every other module (server and admin code, the React layer, flows ClientApp loads on demand) is one file of
//   its own, as in src/ (the emulator's excepted: Node only, see tsup.config.ts).
//
// Why: an app's bundler tree-shakes the parts of a file (the package says sideEffects: false), but code splitting
// cuts a bundle into files, and esbuild gives every module its own chunk unless all the same entries (the app's
// page, each import() target) reach it. From one file per module, a password-only page was cut into 24 files,
// each gzipped on its own (22.3 kB against 17.3 kB for the same code in one file); from tsup's bundled files it
// could not tree-shake at all (dist/index.js holds ClientApp, ServerApp and AdminApp, and imports every shared
// chunk their code needs). With the client core in one file, a page downloads its entry chunk and one chunk for
// the core, and the flows it never calls stay out.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCE_SUFFIXES = [".ts", ".tsx", "/index.ts", "/index.tsx"];
/**
 * Where the client core starts, and the modules it loads lazily on every page's path (bundled in, see above).
 * OAuthCallbackError is public and its class extends another, which a bundler must assume has side effects: left
 * in a file of its own, every page importing "latchkey" would fetch that file (the OAuth flows use it, so it is
 * bundled, and the entry's re-export keeps an import of it).
 */
const CORE_SEEDS = ["apps/client-app.ts", "errors/oauth-callback.ts"];
export const CORE_LAZY = ["apps/current-user.ts", "session/cross-tab.ts"];
export const CORE_FILE = "client-core.js";
/** Modules that must never be part of the client core (it ships to every browser page). */
const NEVER_IN_CORE = [/^apps\/(server|admin)-app/, /^resources\/(server|admin)\//, /^server\//, /^emulator\//, /^react\//];

const slash = (p) => p.split(path.sep).join("/");
const resolveSource = (resolveDir, spec) => {
  const base = path.resolve(resolveDir, spec);
  return SOURCE_SUFFIXES.map((suffix) => base + suffix).find((f) => existsSync(f) && statSync(f).isFile());
};
const shared = {
  bundle: true,
  packages: "external",
  format: "esm",
  platform: "neutral",
  target: "es2022",
  jsx: "automatic",
  logLevel: "error",
};

/** The client core's modules (paths relative to src/): the static closure of CORE_SEEDS and CORE_LAZY. */
async function coreMembers(src) {
  const lazy = new Set(CORE_LAZY.map((m) => path.join(src, m)));
  const result = await build({
    ...shared,
    absWorkingDir: src,
    entryPoints: CORE_SEEDS.map((m) => path.join(src, m)),
    write: false,
    metafile: true,
    outdir: "out",
    plugins: [
      {
        name: "static-closure",
        setup(b) {
          b.onResolve({ filter: /^\./ }, (args) => {
            if (args.kind !== "dynamic-import") return undefined;
            const file = resolveSource(args.resolveDir, args.path);
            return file && lazy.has(file) ? { path: file } : { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const members = Object.keys(result.metafile.inputs).map(slash);
  const wrong = members.filter((m) => NEVER_IN_CORE.some((re) => re.test(m)));
  if (wrong.length) throw new Error(`browser tree: the client core (what ${CORE_SEEDS.join(", ")} import) must not hold ${wrong.join(", ")}`);
  return new Set(members);
}

/**
 * While client-core.js is built: `import("./x")` of a CORE_LAZY module becomes `Promise.resolve({ a, b })` over a
 * static `import { a, b } from "./x"` (every export of x). Left as import(), esbuild would keep it inside one file by
 * wrapping the module and everything it imports in lazy initialisers, which no bundler can tree-shake; a namespace
 * import would need esbuild's `__export` helper, which apps' bundlers put in a chunk of its own. Node's files (tsup)
 * keep the import().
 */
const inlineCoreLazy = (src, exportsOf) => ({
  name: "inline-core-lazy",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      let text = readFileSync(args.path, "utf8");
      const added = [];
      text = text.replace(/\bimport\(\s*"(\.[^"]+)"\s*\)/g, (call, spec) => {
        const names = exportsOf.get(resolveSource(path.dirname(args.path), spec));
        if (!names) return call;
        const n = added.length;
        const local = (name) => `__coreLazy${n}_${name}`;
        added.push(`import { ${names.map((n) => `${n} as ${local(n)}`).join(", ")} } from ${JSON.stringify(spec)};`);
        return `Promise.resolve({ ${names.map((n) => `${n}: ${local(n)}`).join(", ")} })`;
      });
      return { contents: added.join("\n") + "\n" + text, loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
});

/** The names each of `files` exports (its value exports, as esbuild sees them). */
async function exportsOf(src, files) {
  const result = await build({ ...shared, bundle: false, absWorkingDir: src, entryPoints: files, outdir: "out", write: false, metafile: true });
  return new Map(Object.values(result.metafile.outputs).map((o) => [path.join(src, o.entryPoint), o.exports]));
}

/**
 * Marks relative imports external, pointing at the built file of the module they name (client-core.js for a core
 * module). `fromDir(args)` is the output directory of the importing file, relative to src/. Core modules are bundled
 * when `bundleCore` (building client-core.js itself).
 */
const rewriteImports = (src, core, { bundleCore }) => ({
  name: "rewrite-imports",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const file = resolveSource(args.resolveDir, args.path);
      if (!file) return { errors: [{ text: `browser tree: cannot find the module ${args.path} imported by ${args.importer}` }] };
      const module = slash(path.relative(src, file));
      if (core.has(module) && bundleCore) return { path: file };
      const built = core.has(module) ? CORE_FILE : module.replace(/\.tsx?$/, ".js");
      // Output files sit where their sources sit under src/, client-core.js at the top.
      const fromDir = bundleCore ? src : args.resolveDir;
      const target = slash(path.relative(fromDir, path.join(src, built)));
      return { path: target.startsWith(".") ? target : `./${target}`, external: true };
    });
  },
});

/** Builds dist/browser from src/ under `root`; resolves to the number of source modules it holds. */
export async function buildBrowserTree(root) {
  const src = path.join(root, "src");
  const outdir = path.join(root, "dist", "browser");
  const core = await coreMembers(src);
  const modules = readdirSync(src, { recursive: true })
    .map((f) => slash(String(f)))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("emulator/"));
  // The core: one module re-exporting every core module's exports. Two core modules exporting different things
  // under one name would make that name ambiguous (esbuild leaves it out): refused.
  const memberExports = await exportsOf(src, [...core].map((m) => path.join(src, m)));
  const lazyExports = new Map(CORE_LAZY.map((m) => [path.join(src, m), memberExports.get(path.join(src, m))]));
  const coreEntry = [...core].map((m) => `export * from ${JSON.stringify("./" + m.replace(/\.tsx?$/, ""))};`).join("\n");
  const built = await build({
    ...shared,
    absWorkingDir: root,
    stdin: { contents: coreEntry, resolveDir: src, sourcefile: "client-core.ts", loader: "ts" },
    outfile: path.join(outdir, CORE_FILE),
    metafile: true,
    plugins: [rewriteImports(src, core, { bundleCore: true }), inlineCoreLazy(src, lazyExports)],
  });
  if (/__coreLazy/.test(built.outputFiles?.[0]?.text ?? readFileSync(path.join(outdir, CORE_FILE), "utf8"))) {
    throw new Error(`browser tree: ${CORE_FILE} kept an unresolved name of inlineCoreLazy`);
  }
  const exported = new Set(Object.values(built.metafile.outputs)[0].exports);
  const missing = [...memberExports].flatMap(([file, names]) => names.filter((n) => !exported.has(n)).map((n) => `${n} (${path.relative(src, file)})`));
  if (missing.length) throw new Error(`browser tree: ${CORE_FILE} cannot export ${missing.join(", ")}: exported by two core modules`);
  // Every other module: one file each.
  await build({
    ...shared,
    absWorkingDir: root,
    entryPoints: modules.filter((m) => !core.has(m)).map((m) => path.join(src, m)),
    outbase: src,
    outdir,
    plugins: [rewriteImports(src, core, { bundleCore: false })],
  });
  // As dist/react.js: the React entry is client code for frameworks with server components.
  const reactEntry = path.join(outdir, "react", "index.js");
  const text = readFileSync(reactEntry, "utf8");
  if (!text.startsWith('"use client"')) writeFileSync(reactEntry, `"use client";\n${text}`);
  return modules.length;
}
