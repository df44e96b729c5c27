// Runs once after every test: removes the run's shared folder (installs and builds of test/helpers/fresh-app.ts),
// unless LATCHKEY_KEEP_TEST_RUN_DIR=1 asks to keep it for a look (its path is printed then).
const fs = require("node:fs");

module.exports = async function globalTeardown() {
  const dir = process.env.LATCHKEY_TEST_RUN_DIR;
  if (!dir) return;
  if (process.env.LATCHKEY_KEEP_TEST_RUN_DIR) process.stderr.write(`\nkept the test run's folder: ${dir}\n`);
  else fs.rmSync(dir, { recursive: true, force: true });
};
