// Jest compiles every module afresh for every test file (vm.compileFunction, which V8 does not cache), so a worker
// parses react-dom, axe-core, jsdom's helpers and our own source once per test file: about a tenth of the suite's
// CPU time. This keeps V8's code cache of each compiled module in the worker, keyed by the module's file name and
// a hash of its code, and hands it back to the next compile of the same code. V8 checks the cache against the
// source and compiles normally when it does not fit, so a stale or foreign entry costs time, never correctness.
const crypto = require("node:crypto");
const vm = require("node:vm");

const original = vm.compileFunction;
const cache = new Map();

function cachedCompileFunction(code, params, options) {
  if (!options || options.cachedData || options.produceCachedData || typeof options.filename !== "string") {
    return original.call(vm, code, params, options);
  }
  const key = `${options.filename}\0${(params ?? []).join(",")}\0${crypto.createHash("sha1").update(code).digest("base64")}`;
  const cachedData = cache.get(key);
  if (cachedData) {
    const fn = original.call(vm, code, params, { ...options, cachedData });
    if (!fn.cachedDataRejected) return fn;
    cache.delete(key);
  }
  const fn = original.call(vm, code, params, { ...options, produceCachedData: true });
  if (fn.cachedDataProduced && fn.cachedData) cache.set(key, fn.cachedData);
  return fn;
}

/** Installs the cache in this worker (once; later calls do nothing). */
function installCompileCache() {
  if (vm.compileFunction !== cachedCompileFunction) vm.compileFunction = cachedCompileFunction;
}

module.exports = { installCompileCache };
