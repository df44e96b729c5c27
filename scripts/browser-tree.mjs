// Builds dist/browser/: the package's ES modules for bundlers, one output file per source module (the emulator's
// excepted), imports rewritten to the built files' names. package.json sends every consumer that is not Node there
// (the "node" export condition keeps Node on the bundled dist/index.js, which loads faster).
//
// Why: an app's bundler tree-shakes whole modules (the package says sideEffects: false) and splits code by module.
// From tsup's bundled files it cannot: dist/index.js holds ClientApp, ServerApp and AdminApp together and imports
// every shared chunk their code needs, and esbuild keeps a static import of each such chunk that is also loaded
// with import() elsewhere. A password-only page then downloaded team, API-key and invitation code it never calls.
// With one file per module an app's bundle from the package equals its bundle from the sources.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCE_SUFFIXES = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Marks every relative import external, pointing at the built file of the module it names. */
const preserveModules = {
  name: "preserve-modules",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const base = path.resolve(args.resolveDir, args.path);
      const file = SOURCE_SUFFIXES.map((suffix) => base + suffix).find((f) => existsSync(f) && statSync(f).isFile());
      if (!file) return { errors: [{ text: `browser tree: cannot find the module ${args.path} imported by ${args.importer}` }] };
      const target = path.relative(args.resolveDir, file).replace(/\.tsx?$/, ".js").split(path.sep).join("/");
      return { path: target.startsWith(".") ? target : `./${target}`, external: true };
    });
  },
};

/** Builds dist/browser from src/ under `root`. */
export async function buildBrowserTree(root) {
  const src = path.join(root, "src");
  const entryPoints = readdirSync(src, { recursive: true })
    .map((f) => String(f).split(path.sep).join("/"))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("emulator/"))
    .map((f) => path.join(src, f));
  const outdir = path.join(root, "dist", "browser");
  await build({
    absWorkingDir: root,
    entryPoints,
    outbase: src,
    outdir,
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "neutral",
    target: "es2022",
    jsx: "automatic",
    plugins: [preserveModules],
    logLevel: "error",
  });
  // As dist/react.js: the React entry is client code for frameworks with server components.
  const reactEntry = path.join(outdir, "react", "index.js");
  const text = readFileSync(reactEntry, "utf8");
  if (!text.startsWith('"use client"')) writeFileSync(reactEntry, `"use client";\n${text}`);
  return entryPoints.length;
}
