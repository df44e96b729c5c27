// Jest builds its test runner afresh for every test file, and that runner makes an AsyncLocalStorage that nothing
// ever disables. Node keeps every enabled AsyncLocalStorage in one list and visits the whole list each time a
// promise or another async resource is made, so a worker that has run N files pays N visits per promise: a worker
// slows down the longer it lives (the last files of a run took 5 to 30 times longer than alone).
// Each test environment below records the AsyncLocalStorages made while its file runs and disables them in its
// teardown, when nothing of that file runs any more.
const asyncHooks = require("node:async_hooks");

const Original = asyncHooks.AsyncLocalStorage;

/**
 * Makes `AsyncLocalStorage` record its instances until the returned function is called; that function disables
 * them and restores the original class.
 */
function recordAsyncLocalStorages() {
  const made = [];
  class RecordedAsyncLocalStorage extends Original {
    constructor(...args) {
      super(...args);
      made.push(this);
    }
  }
  asyncHooks.AsyncLocalStorage = RecordedAsyncLocalStorage;
  return function disableRecorded() {
    if (asyncHooks.AsyncLocalStorage === RecordedAsyncLocalStorage) asyncHooks.AsyncLocalStorage = Original;
    for (const storage of made.splice(0)) storage.disable();
  };
}

module.exports = { recordAsyncLocalStorages };
