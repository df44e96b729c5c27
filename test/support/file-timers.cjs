// A test file's timers end with the file. Code under test (the official SDK's caches, for one) leaves timeouts of a
// few seconds behind; once the file is done they can only keep the worker alive ("a worker process has failed to
// exit gracefully") or fire into a torn-down environment. Each test environment below gives its global a
// setTimeout and setInterval that remember what is still pending, and clears all of it in its teardown.
const { promisify } = require("node:util");

/**
 * Replaces `global.setTimeout` and `global.setInterval` with versions that remember their pending timers; returns
 * the function that clears them.
 */
function trackTimers(global) {
  const pending = new Set();
  const { setTimeout: realSetTimeout, setInterval: realSetInterval, clearTimeout: realClearTimeout } = global;

  function setTimeout(callback, ms, ...args) {
    if (typeof callback !== "function") return realSetTimeout(callback, ms, ...args);
    const timer = realSetTimeout(
      (...callArgs) => {
        pending.delete(timer);
        return callback(...callArgs);
      },
      ms,
      ...args,
    );
    pending.add(timer);
    return timer;
  }
  if (realSetTimeout[promisify.custom]) setTimeout[promisify.custom] = realSetTimeout[promisify.custom];

  function setInterval(callback, ms, ...args) {
    const timer = realSetInterval(callback, ms, ...args);
    if (typeof timer === "object") pending.add(timer);
    return timer;
  }

  global.setTimeout = setTimeout;
  global.setInterval = setInterval;
  return function clearPendingTimers() {
    for (const timer of pending) realClearTimeout(timer);
    pending.clear();
  };
}

module.exports = { trackTimers };
