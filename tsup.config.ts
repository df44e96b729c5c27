import { rmSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// What the package ships, and who builds it:
// - dist/browser: the ES modules every `import` of latchkey, latchkey/react and latchkey/next resolves to, bundlers
//   and Node alike (scripts/browser-tree.mjs);
// - dist/index.cjs, dist/react.cjs and dist/sdk*.cjs: what `require` gets (scripts/cjs-tree.mjs);
// - dist/emulator.cjs, dist/testing.cjs and dist/cli.cjs (Node only; tsup, below), with dist/emulator.js and
//   dist/testing.js for `import`;
// - the declarations, one set (tsup, below; see writeDeclarationStubs).
// tsup builds the Node-only entries and the declarations; the rest is built once the Node-only build is done.

// Declarations: one set. tsup writes them once, in CommonJS form (dist/<entry>.d.cts), and each entry's
// dist/<entry>.d.ts, which `import` (and package.json "types") resolve to, is one line re-exporting them: an ES module
// re-exporting a CommonJS module's names, which TypeScript allows under every module resolution (node16/nodenext,
// bundler, node10), so both conditions type-check against the same declarations (a second, ES-form copy was 420 kB of
// the tarball). test/package/package.test.ts type-checks ES module and CommonJS consumers of each entry.
async function writeDeclarationStubs(entries: string[]): Promise<void> {
  const { writeFile } = await import("node:fs/promises");
  for (const entry of entries) {
    await writeFile(`dist/${entry}.d.ts`, `// The declarations of this entry are in ${entry}.d.cts (one set for import and require).\nexport * from "./${entry}.cjs";\n`);
  }
}

// latchkey/emulator and latchkey/testing are built once, as CommonJS (Node only; Node 20 before 20.19 cannot
// require() an ES module, so CommonJS is the form both `require` and `import` can load). Their `import` files
// (dist/emulator.js, dist/testing.js) are ES modules re-exporting the CommonJS module's names: one copy of the code
// in the tarball, and one in a process that both imports and requires them.
async function writeNodeEsmEntries(): Promise<void> {
  const { writeFile } = await import("node:fs/promises");
  const { createRequire } = await import("node:module");
  const path = await import("node:path");
  const require = createRequire(path.join(process.cwd(), "package.json"));
  for (const entry of ["emulator", "testing"]) {
    const names = Object.keys(require(`./dist/${entry}.cjs`)).filter((n) => n !== "__esModule" && n !== "default");
    if (names.length === 0) throw new Error(`dist/${entry}.cjs exports nothing`);
    await writeFile(
      `dist/${entry}.js`,
      `// latchkey/${entry} for \`import\`: the CommonJS build's names (${entry}.cjs; one copy for import and require).\n` +
        `import m from "./${entry}.cjs";\nexport const { ${names.join(", ")} } = m;\n`,
    );
  }
}

// After tsup's JavaScript build: the `import` files of the Node-only entries, every entry's .d.ts, the SDK's CommonJS
// files, then dist/browser (what every `import` of the package resolves to).
async function afterBuild(): Promise<void> {
  await writeNodeEsmEntries();
  await writeDeclarationStubs(["index", "react", "next", "emulator", "testing"]);
  const { buildCommonJsTree, checkDataImports } = await import("./scripts/cjs-tree.mjs");
  await buildCommonJsTree(process.cwd());
  const { buildBrowserTree } = await import("./scripts/browser-tree.mjs");
  await buildBrowserTree(process.cwd());
  await checkDataImports("dist");
}

// dist/ is emptied once, before any build starts: tsup's own `clean` empties it in each build's declaration worker
// too, at a moment of its own, which could remove the .d.ts files written above (or another build's declarations).
export default defineConfig(() => {
  rmSync("dist", { recursive: true, force: true });
  return configs;
});

const configs: Options[] = [
  // The SDK's declarations (latchkey, latchkey/react, latchkey/next): dist/index.d.cts, dist/react.d.cts and
  // dist/next.d.cts, with the shared parts in chunks of their own. Its code is built after the Node-only entries.
  // latchkey/next is ES modules only (Next.js imports packages, and its `react-server` half must stay apart from its
  // client half, which a CommonJS bundle would merge): its code is dist/browser/next alone.
  {
    entry: { index: "src/index.ts", react: "src/react/index.ts", next: "src/next/index.ts" },
    format: ["cjs"],
    dts: { only: true },
    target: "es2022",
    platform: "neutral",
    external: ["next", "next/headers", "next/headers.js", "next/navigation.js", "react", "react-dom", "react/jsx-runtime"],
  },
  {
    // The emulator, its command line and the test helpers (latchkey/testing, which start one): Node only, CommonJS
    // only (see writeNodeEsmEntries), minified with names kept. jose is carried inside, as in the SDK's CommonJS files
    // (an ES module: require() of it fails before Node 20.19); the emulator's own libraries (@simplewebauthn/server,
    // bcryptjs: dev dependencies) are bundled and loaded on first use.
    entry: { emulator: "src/emulator/index.ts", cli: "src/emulator/cli.ts", testing: "src/testing/index.ts" },
    format: ["cjs"],
    dts: { entry: { emulator: "src/emulator/index.ts", testing: "src/testing/index.ts" } },
    target: "node20",
    platform: "node",
    splitting: true,
    treeshake: true,
    minify: true,
    keepNames: true,
    noExternal: ["jose"],
    onSuccess: afterBuild,
  },
];
