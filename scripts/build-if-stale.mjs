#!/usr/bin/env node
// Builds dist/ (`npm run build`) when it is missing or older than what it is built from: src/, tsup's config and
// the scripts that build dist/browser and the CommonJS files. Used by `npm run demo`, `npm run tour` and the test
// run's global setup.
// Quiet: one line while a build runs, and the build's whole output when it fails (exit status 1).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

function files(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else out.push(full);
  }
  return out;
}

/** Whether dist/ is missing or older than a file it is built from. */
export function distIsStale() {
  const dist = join(ROOT, "dist");
  const built = existsSync(dist) ? files(dist) : [];
  if (!built.length) return true;
  const inputs = [...files(join(ROOT, "src")), join(ROOT, "tsup.config.ts"), join(ROOT, "scripts", "browser-tree.mjs"), join(ROOT, "scripts", "cjs-tree.mjs")];
  const oldestBuilt = Math.min(...built.map((f) => statSync(f).mtimeMs));
  return Math.max(...inputs.map((f) => statSync(f).mtimeMs)) > oldestBuilt;
}

/**
 * Runs `npm run build` when dist/ is stale, printing `announce` first (if given). Throws an Error holding the
 * build's whole output when it fails.
 */
export function buildIfStale(announce) {
  if (!distIsStale()) return false;
  if (announce) process.stdout.write(`${announce}\n`);
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`npm run build failed (${result.error?.message ?? `exit status ${result.status}`}):\n${output}`);
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildIfStale("Building latchkey (dist/)…");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
