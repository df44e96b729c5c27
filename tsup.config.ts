import { defineConfig, type Options } from "tsup";

// jose, oauth4webapi and @simplewebauthn/browser are ESM-only. The ESM build imports them (so apps' bundlers
// share one copy); the CJS build carries them inside, so `require("latchkey")` works on every Node 20 release,
// not only on those that can `require()` ES modules.
const esmOnlyDependencies = ["jose", "oauth4webapi", "@simplewebauthn/browser"];

const sdk: Options = {
  entry: { index: "src/index.ts", react: "src/react/index.ts" },
  dts: true,
  target: "es2022",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  external: ["next", "next/headers", "next/headers.js", "next/navigation.js", "react", "react-dom", "react/jsx-runtime"],
};

// The React layer's components use hooks: frameworks with server components must treat it as client code. In
// dist/browser its own file (react/client.js) keeps the "use client" line of its source; tsup's bundled CommonJS
// entry loses it (esbuild drops module directives when it bundles), so it is put back here. `require` is not how
// those frameworks load a package: they import dist/browser, where the core's classes stay server code.
async function markReactEntryClient(file: string): Promise<void> {
  const { readFile, writeFile } = await import("node:fs/promises");
  const text = await readFile(file, "utf8").catch(() => null);
  if (text !== null && !text.startsWith('"use client"')) await writeFile(file, '"use client";\n' + text);
}

// After the CommonJS build: dist/browser, what every `import` of the package resolves to (see scripts/browser-tree.mjs).
async function afterCjsBuild(): Promise<void> {
  await markReactEntryClient("dist/react.cjs");
  const { buildBrowserTree } = await import("./scripts/browser-tree.mjs");
  await buildBrowserTree(process.cwd());
}

export default defineConfig([
  // ES module consumers load dist/browser (built after the CommonJS build); tsup's ES build only writes the
  // declaration files `import` resolves types from (dist/index.d.ts, dist/react.d.ts). Bundled .js files of its own
  // would ship unused.
  // latchkey/next is ES modules only (Next.js imports packages, and its `react-server` half must stay apart from its
  // client half, which a CommonJS bundle would merge): tsup writes its declarations here, its code is dist/browser/next.
  { ...sdk, entry: { ...sdk.entry, next: "src/next/index.ts" }, format: ["esm"], dts: { only: true } },
  { ...sdk, format: ["cjs"], clean: true, noExternal: esmOnlyDependencies, onSuccess: afterCjsBuild },
  {
    // The emulator and its command line: Node only.
    entry: { emulator: "src/emulator/index.ts", cli: "src/emulator/cli.ts" },
    format: ["esm", "cjs"],
    dts: { entry: { emulator: "src/emulator/index.ts" } },
    target: "node20",
    platform: "node",
    splitting: true,
    treeshake: true,
    noExternal: [],
  },
]);
