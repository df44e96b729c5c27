// jsdom as jest sets it up, plus the web platform pieces real browsers have and jsdom lacks
// (TextEncoder, fetch's Request/Response/Headers, Web Crypto), taken from Node.
const { TestEnvironment } = require("jest-environment-jsdom");

class BrowserLikeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of ["TextEncoder", "TextDecoder", "Request", "Response", "Headers", "fetch", "structuredClone", "ReadableStream", "AbortController", "SubtleCrypto", "CryptoKey"]) {
      if (typeof g[name] === "undefined") g[name] = globalThis[name];
    }
    if (!g.crypto || !g.crypto.subtle) Object.defineProperty(g, "crypto", { value: globalThis.crypto, configurable: true });
  }
}

module.exports = BrowserLikeEnvironment;
