// nock (through @mswjs/interceptors) wraps Node's `http` and `https` in proxies when a test file loads it, and
// Node's core modules are shared by every file a jest worker runs: without this, a file run after a nock file in
// the same worker sends its real requests through the interceptor, which buffers a request body instead of
// writing it to the socket (the CI failure of request-body-size.test.ts: 256 MiB "sent" before the early 413
// was read). The originals are taken once per worker, before any test file runs, and put back when a file ends.
const http = require("node:http");
const https = require("node:https");

const KEY = Symbol.for("latchkey.test.httpOriginals");
const originals = (globalThis[KEY] ??= {
  http: { request: http.request, get: http.get, ClientRequest: http.ClientRequest },
  https: { request: https.request, get: https.get },
});

/** Puts back Node's own `http`/`https` request functions if a test file's interceptor replaced them. */
function restoreHttpOriginals() {
  Object.assign(http, originals.http);
  Object.assign(https, originals.https);
}

module.exports = { restoreHttpOriginals };
