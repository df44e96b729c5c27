// Runs once before any test: builds dist/ when it is missing or older than src/, because the package, demo, tour
// and Next.js example tests run the built package (CI builds before testing, so there this only checks).
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.join(__dirname, "..", "..");

function files(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else out.push(full);
  }
  return out;
}

/** Whether this run includes the tests that need dist/ (a full run, or one naming them). */
function needsDist(globalConfig) {
  const patterns = globalConfig?.testPathPatterns?.patterns ?? globalConfig?.testPathPattern ?? [];
  const list = Array.isArray(patterns) ? patterns : [String(patterns)].filter(Boolean);
  return list.length === 0 || list.some((p) => /package|demo|tour|nextjs/.test(String(p)));
}

module.exports = function buildIfStale(globalConfig) {
  if (!needsDist(globalConfig)) return;
  const dist = path.join(ROOT, "dist");
  const built = fs.existsSync(dist) ? files(dist) : [];
  // src/, tsup's config and the script that builds dist/browser (scripts/browser-tree.mjs).
  const inputs = [...files(path.join(ROOT, "src")), path.join(ROOT, "tsup.config.ts"), path.join(ROOT, "scripts", "browser-tree.mjs")];
  const oldestBuilt = built.length ? Math.min(...built.map((f) => fs.statSync(f).mtimeMs)) : 0;
  const newestInput = Math.max(...inputs.map((f) => fs.statSync(f).mtimeMs));
  if (newestInput > oldestBuilt) {
    process.stdout.write("\nbuilding dist/ for the package and demo tests…\n");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  }
};
