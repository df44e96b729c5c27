// jsdom cannot load another document: `location.assign(url)` (and `replace`, and setting `href`) only reports
// "Not implemented: navigation". Tests of code that leaves the page need to see where it went. This replaces
// jsdom's navigate step, before jsdom's Location loads it, with one that dispatches a "jsdom-navigation" event on
// the window ({ detail: { url, replace } }) and otherwise does what jsdom did (hash changes still work).
const path = require("node:path");

const jsdomDir = path.dirname(require.resolve("jsdom/package.json", { paths: [path.dirname(require.resolve("jest-environment-jsdom"))] }));
const navigation = require(path.join(jsdomDir, "lib", "jsdom", "living", "window", "navigation.js"));
const { serializeURL } = require(require.resolve("whatwg-url", { paths: [jsdomDir] }));
const idlUtils = require(path.join(jsdomDir, "lib", "jsdom", "living", "generated", "utils.js"));

// jsdom's Location binds `navigate` when it loads: patched after that (a test file on jest's stock "jsdom" environment
// ran first in this worker), the patch would silently not apply, and navigations would vanish. Every jsdom test file
// uses ./jsdom-env.cjs for this reason; one that does not fails here, loudly, instead of making others flaky.
const locationImpl = path.join(jsdomDir, "lib", "jsdom", "living", "window", "Location-impl.js");
if (require.cache[locationImpl] && !navigation.navigate.patched) {
  throw new Error('jsdom was loaded before test/support/jsdom-navigation.cjs: use "@jest-environment ./test/support/jsdom-env.cjs", not "jsdom".');
}

const original = navigation.navigate;
navigation.navigate = function navigate(window, newURL, flags) {
  const document = window._document && idlUtils.implForWrapper(window._document);
  const url = serializeURL(newURL);
  const sameDocument = document && serializeURL(document._URL, true) === serializeURL(newURL, true) && !flags.reloadTriggered;
  if (sameDocument || newURL.scheme === "javascript") return original.call(this, window, newURL, flags);
  window.dispatchEvent(new window.CustomEvent("jsdom-navigation", { detail: { url, replace: !!flags.replacement } }));
};
navigation.navigate.patched = true;
