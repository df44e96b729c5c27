// Runs once before any test: makes the run's shared folder, and builds dist/ when it is missing or older than src/ (scripts/build-if-stale.mjs),
// because the package, demo, tour and Next.js example tests run the built package (CI builds before testing, so
// there this only checks).
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

/** Whether this run includes the tests that need dist/ (a full run, or one naming them). */
function needsDist(globalConfig) {
  const patterns = globalConfig?.testPathPatterns?.patterns ?? globalConfig?.testPathPattern ?? [];
  const list = Array.isArray(patterns) ? patterns : [String(patterns)].filter(Boolean);
  return list.length === 0 || list.some((p) => /package|demo|tour|nextjs|vite/.test(String(p)));
}

module.exports = async function globalSetup(globalConfig) {
  // One folder per run for work test files share (the packed package, app installs: test/helpers/fresh-app.ts);
  // the workers inherit it, and test/support/global-teardown.cjs removes it.
  process.env.LATCHKEY_TEST_RUN_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-test-run-"));
  if (!needsDist(globalConfig)) return;
  const script = pathToFileURL(path.join(__dirname, "..", "..", "scripts", "build-if-stale.mjs")).href;
  const { buildIfStale: build } = await import(script);
  build("\nbuilding dist/ for the package and demo tests…");
};
