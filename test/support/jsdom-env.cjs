// jsdom as jest sets it up, plus the web platform pieces real browsers have and jsdom lacks
// (TextEncoder, fetch's Request/Response/Headers, Web Crypto), taken from Node. Modules compile from V8's code
// cache (./compile-cache.cjs) and the file's AsyncLocalStorages are disabled when it ends (./async-context.cjs);
// jsdom clears the window's own timers when it closes. A navigation away from the page is a "jsdom-navigation" event
// on the window instead of jsdom's "Not implemented" (./jsdom-navigation.cjs).
require("./jsdom-navigation.cjs");
const { TestEnvironment } = require("jest-environment-jsdom");
const { recordAsyncLocalStorages } = require("./async-context.cjs");
const { installCompileCache } = require("./compile-cache.cjs");
const { restoreHttpOriginals } = require("./http-originals.cjs");

/**
 * Node's Web Crypto, answering with ArrayBuffers of the page's realm: code in the page checks `instanceof
 * ArrayBuffer` against its own global (oauth4webapi's base64url encoder does), which Node's buffers fail.
 */
function pageRealmCrypto(g) {
  const subtle = new Proxy(globalThis.crypto.subtle, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== "function") return value;
      return async (...args) => {
        const result = await value.apply(target, args);
        if (!(result instanceof ArrayBuffer)) return result;
        const copy = new g.ArrayBuffer(result.byteLength);
        new g.Uint8Array(copy).set(new Uint8Array(result));
        return copy;
      };
    },
  });
  return {
    subtle,
    getRandomValues: (array) => globalThis.crypto.getRandomValues(array),
    randomUUID: () => globalThis.crypto.randomUUID(),
  };
}

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    installCompileCache();
    this.disableAsyncLocalStorages = recordAsyncLocalStorages();
  }

  async teardown() {
    this.disableAsyncLocalStorages();
    restoreHttpOriginals();
    await super.teardown();
  }

  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of ["TextEncoder", "TextDecoder", "Request", "Response", "Headers", "fetch", "structuredClone", "ReadableStream", "AbortController", "SubtleCrypto", "CryptoKey"]) {
      if (typeof g[name] === "undefined") g[name] = globalThis[name];
    }
    if (!g.crypto || !g.crypto.subtle) Object.defineProperty(g, "crypto", { value: pageRealmCrypto(g), configurable: true });
  }
}

module.exports = BrowserLikeEnvironment;
