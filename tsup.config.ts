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
  external: ["next", "next/headers", "react", "react-dom", "react/jsx-runtime"],
};

// The React entry's components use hooks: frameworks with server components must treat it as client code, so its
// built files start with the "use client" directive (esbuild drops module directives when it bundles).
// Each build marks only its own file: the ESM and CJS builds run at once, and one reading the other's file while it
// was being written once left dist/react.js holding nothing but the directive.
async function markReactEntryClient(files: string[]): Promise<void> {
  const { readFile, writeFile } = await import("node:fs/promises");
  for (const file of files) {
    const text = await readFile(file, "utf8").catch(() => null);
    if (text !== null && !text.startsWith('"use client"')) await writeFile(file, '"use client";\n' + text);
  }
}

// After the bundled ES modules: dist/browser, what every `import` of the package resolves to (see scripts/browser-tree.mjs).
async function afterEsmBuild(): Promise<void> {
  await markReactEntryClient(["dist/react.js"]);
  const { buildBrowserTree } = await import("./scripts/browser-tree.mjs");
  await buildBrowserTree(process.cwd());
}

export default defineConfig([
  { ...sdk, format: ["esm"], clean: true, onSuccess: afterEsmBuild },
  { ...sdk, format: ["cjs"], noExternal: esmOnlyDependencies, onSuccess: () => markReactEntryClient(["dist/react.cjs"]) },
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
