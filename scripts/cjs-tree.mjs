// Builds the package's CommonJS files: what `require("latchkey")` and `require("latchkey/react")` load (every
// `import` gets dist/browser, see browser-tree.mjs). Three files, each source module in exactly one of them:
// - dist/sdk.cjs: the modules `require("latchkey")` evaluates at once (the static import closure of src/index.ts);
// - dist/sdk-react.cjs: the rest of the React layer's static import closure (src/react/index.ts);
// - dist/sdk-lazy.cjs: every other module, all loaded on first use (flows, resources, the server and admin code,
//   React pages loaded on demand), with the ES-module-only libraries the SDK carries (jose, oauth4webapi,
//   @simplewebauthn/browser: Node 20 before 20.19 cannot require() an ES module).
// dist/index.cjs and dist/react.cjs are one line each, taking their entry from its file. A file registers the
// modules others import from it (`m["apps/client-app.ts"]()`, evaluated on first call), and an import of a module
// of another file is a require() of that file's registration, so the three files hold one copy of every class, and
// a module is evaluated when first required or imported, as with tsup's split build. That build wrote about a
// hundred chunks, most under 4 kB: each a file to read, and disk blocks, of its own (about 400 kB installed).
// Minified with names kept: these files are for Node's `require` (bundlers take the ES modules).
//
// The React pages' locale tables (src/react/locales/de-DE.ts, …) are data only (no class, no state, nothing
// imported): the CommonJS files import() them from dist/browser, which has them anyway, instead of carrying a copy.
import { build } from "esbuild";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** The files, in order: a module belongs to the first whose seed's static closure holds it; the last has the rest. */
export const CJS_FILES = [
  { file: "sdk.cjs", seed: "index.ts" },
  { file: "sdk-react.cjs", seed: "react/index.ts" },
  { file: "sdk-lazy.cjs" },
];
/** ES modules only: carried inside (see above). */
const ESM_ONLY = ["jose", "oauth4webapi", "@simplewebauthn/browser"];
/** Modules (relative to src/) loaded with import() from dist/browser: data only. */
const DATA_MODULES = /^react\/locales\/[a-z]{2}-[A-Z0-9]{2,3}\.ts$/;
const SOURCE_SUFFIXES = [".ts", ".tsx", "/index.ts", "/index.tsx"];

const slash = (p) => p.split(path.sep).join("/");
const resolveSource = (resolveDir, spec) => {
  const base = path.resolve(resolveDir, spec);
  return SOURCE_SUFFIXES.map((suffix) => base + suffix).find((f) => existsSync(f) && statSync(f).isFile());
};

/** The module graph of the two entries: for each module (relative to src/), its imports as `[module, kind]`. */
async function moduleGraph(root) {
  const src = path.join(root, "src");
  const result = await build({
    absWorkingDir: root,
    entryPoints: CJS_FILES.filter((f) => f.seed).map((f) => path.join(src, f.seed)),
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "neutral",
    splitting: true,
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const rel = (p) => (p.startsWith("src/") ? p.slice(4) : null);
  const graph = new Map();
  for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
    const from = rel(input);
    if (from === null) continue;
    graph.set(
      from,
      imports.filter((i) => !i.external && rel(i.path) !== null).map((i) => [rel(i.path), i.kind]),
    );
  }
  return graph;
}

/** Which file each module goes to (relative to src/ → file name); data modules go to none. */
function assign(graph) {
  const fileOf = new Map();
  for (const { file, seed } of CJS_FILES) {
    if (!seed) {
      for (const m of graph.keys()) if (!fileOf.has(m) && !DATA_MODULES.test(m)) fileOf.set(m, file);
      continue;
    }
    const todo = [seed];
    while (todo.length) {
      const m = todo.pop();
      if (fileOf.has(m)) continue;
      fileOf.set(m, file);
      for (const [to, kind] of graph.get(m) ?? []) if (kind !== "dynamic-import") todo.push(to);
    }
  }
  return fileOf;
}

/** The esbuild plugin of file `building`: imports of another file's modules become require()s of its registration. */
const crossFile = (src, fileOf, building) => ({
  name: "cjs-cross-file",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.namespace === "cjs-cross-file") return { path: args.path, external: true };
      const file = resolveSource(args.resolveDir, args.path);
      if (!file) return undefined;
      const module = slash(path.relative(src, file));
      if (DATA_MODULES.test(module)) {
        if (args.kind !== "dynamic-import") return { errors: [{ text: `cjs tree: ${module} is imported statically by ${args.importer}; only import() may load it` }] };
        // Every CommonJS file is at the top of dist/.
        return { path: `./browser/${module.replace(/\.tsx?$/, ".js")}`, external: true };
      }
      const owner = fileOf.get(module);
      if (!owner) return { errors: [{ text: `cjs tree: ${module} (imported by ${args.importer}) is in no file` }] };
      return owner === building ? undefined : { path: module, namespace: "cjs-cross-file", pluginData: owner };
    });
    b.onLoad({ filter: /./, namespace: "cjs-cross-file" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify("./" + args.pluginData)}).m[${JSON.stringify(args.path)}]();`,
      loader: "js",
      resolveDir: src,
    }));
  },
});

/** Builds dist/sdk*.cjs, dist/index.cjs and dist/react.cjs from src/ under `root`; resolves to the module count. */
export async function buildCommonJsTree(root) {
  const src = path.join(root, "src");
  const dist = path.join(root, "dist");
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })
    .filter((name) => !ESM_ONLY.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
  const graph = await moduleGraph(root);
  const fileOf = assign(graph);
  // What each file registers: the modules another file imports, and the entries.
  const registered = new Map(CJS_FILES.map(({ file }) => [file, new Set()]));
  for (const { file, seed } of CJS_FILES) if (seed) registered.get(file).add(seed);
  for (const [from, imports] of graph) {
    for (const [to] of imports) if (fileOf.has(to) && fileOf.get(to) !== fileOf.get(from)) registered.get(fileOf.get(to)).add(to);
  }
  const packagesIn = new Map();
  for (const { file } of CJS_FILES) {
    const names = [...registered.get(file)].sort();
    const entry = `module.exports = { m: { ${names.map((m) => `${JSON.stringify(m)}: () => require(${JSON.stringify(path.join(src, m))})`).join(", ")} } };`;
    const result = await build({
      absWorkingDir: root,
      stdin: { contents: entry, resolveDir: src, sourcefile: file.replace(/\.cjs$/, "-entry.js"), loader: "js" },
      outfile: path.join(dist, file),
      bundle: true,
      format: "cjs",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "es2022",
      jsx: "automatic",
      minify: true,
      keepNames: true,
      external,
      metafile: true,
      logLevel: "error",
      plugins: [crossFile(src, fileOf, file)],
    });
    for (const input of Object.keys(result.metafile.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m) packagesIn.set(m[1], [...new Set([...(packagesIn.get(m[1]) ?? []), file])]);
    }
  }
  // A library carried by two files would be two copies (its classes, its caches).
  const twice = [...packagesIn].filter(([, files]) => files.length > 1);
  if (twice.length) throw new Error(`cjs tree: ${twice.map(([name, files]) => `${name} is in ${files.join(" and ")}`).join("; ")}`);
  for (const { file, seed } of CJS_FILES.filter((f) => f.seed)) {
    const entry = seed === "index.ts" ? "index.cjs" : "react.cjs";
    // The React layer's components use hooks: frameworks with server components must treat it as client code.
    const directive = entry === "react.cjs" ? '"use client";\n' : "";
    await writeFile(path.join(dist, entry), `${directive}"use strict";\nmodule.exports = require("./${file}").m[${JSON.stringify(seed)}]();\n`);
  }
  return fileOf.size;
}

/**
 * Checks that each `import("./browser/…")` of the CommonJS files in `dist` names a file of dist/browser that imports
 * nothing (run once dist/browser is built).
 */
export async function checkDataImports(dist) {
  for (const file of (await readdir(dist)).filter((f) => f.endsWith(".cjs"))) {
    for (const [, target] of (await readFile(path.join(dist, file), "utf8")).matchAll(/\bimport\(\s*["'](\.\/browser\/[^"']+)["']\s*\)/g)) {
      const text = await readFile(path.join(dist, target), "utf8").catch(() => null);
      if (text === null) throw new Error(`cjs tree: dist/${file} imports ${target}, which dist/browser does not have`);
      if (/^\s*(import|export\s*(\*|\{[^}]*\}\s*from))\b/m.test(text)) throw new Error(`cjs tree: dist/${file} imports ${target}, which is not data only`);
    }
  }
}
