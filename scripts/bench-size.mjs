#!/usr/bin/env node
// Byte budgets of browser bundles (deterministic: esbuild + gzip -9), checked in CI.
// Each entry in fixtures/size is bundled the way an app's bundler would
// (esbuild --bundle --minify --format=esm --platform=browser), gzipped at level 9, and compared to its budget.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** name, entry, budget (CI fails above), aim (printed), modules that must not be in the bundle */
const entries = [
  {
    name: "password sign-in + getUser (cookie store)",
    entry: "fixtures/size/password-entry.ts",
    budget: 15_000,
    aim: 12_000,
    forbidden: [/src\/apps\/(server|admin)-app/, /src\/emulator\//, /node_modules\/oauth4webapi\//, /node_modules\/@simplewebauthn\//],
  },
];

let failed = false;
for (const { name, entry, budget, aim, forbidden } of entries) {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const code = result.outputFiles[0].contents;
  const gz = gzipSync(code, { level: 9 }).length;
  const inputs = Object.keys(result.metafile.inputs);
  const leaked = inputs.filter((input) => forbidden.some((re) => re.test(input)));
  const verdict = gz > budget ? "OVER BUDGET" : gz > aim ? "within budget, above aim" : "within aim";
  console.log(`${name}: ${gz} bytes gzip (${code.length} minified); budget ${budget}, aim ${aim}: ${verdict}`);
  if (process.argv.includes("--verbose")) {
    const sizes = Object.entries(result.metafile.outputs).flatMap(([, o]) => Object.entries(o.inputs));
    for (const [file, { bytesInOutput }] of sizes.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 25)) {
      console.log(`  ${String(bytesInOutput).padStart(6)}  ${file}`);
    }
  }
  if (leaked.length) console.log(`  must not be bundled, but is: ${leaked.join(", ")}`);
  if (gz > budget || leaked.length) failed = true;
}
if (failed) {
  console.error("size budget check failed");
  process.exit(1);
}
