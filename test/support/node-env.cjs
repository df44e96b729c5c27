// Node's test environment as jest sets it up, plus three things that keep a long-lived worker as fast and as clean
// as a fresh one: modules compile from V8's code cache (./compile-cache.cjs), the file's AsyncLocalStorages are
// disabled when it ends (./async-context.cjs), and so are its pending timers (./file-timers.cjs); Node's http
// request functions are put back if the file's nock replaced them (./http-originals.cjs).
const { TestEnvironment } = require("jest-environment-node");
const { recordAsyncLocalStorages } = require("./async-context.cjs");
const { installCompileCache } = require("./compile-cache.cjs");
const { restoreHttpOriginals } = require("./http-originals.cjs");
const { trackTimers } = require("./file-timers.cjs");

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    installCompileCache();
    this.disableAsyncLocalStorages = recordAsyncLocalStorages();
    this.clearPendingTimers = trackTimers(this.global);
  }

  async teardown() {
    this.clearPendingTimers();
    restoreHttpOriginals();
    this.disableAsyncLocalStorages();
    await super.teardown();
  }
}

module.exports = NodeEnvironment;
