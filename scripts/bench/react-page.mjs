// `npm run bench`, React: the time from navigation to the first usable input of /handler/sign-in in Chromium, for
// latchkey's handler and the official React UI's (scripts/bench/official-react-app.tsx), alternated.
//
// scripts/bench/react-app.tsx is bundled by esbuild (minified, production React) against the BUILT package
// (dist/browser, what an app imports) and served on loopback next to an emulator. Each load is cold: a fresh browser
// context (no cache, no cookies). "Usable" is the first moment the page shows an enabled, visible input named
// "Email": a script installed before the page's own records the time (performance.now(), i.e. since navigation
// start) on every DOM change and animation frame; afterwards the test finds the input by its label and checks
// it is the element that was timed.
import { build } from "esbuild";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { importClosure } from "./size.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";


/** Runs in the page before its own scripts: records when an input labelled "Email" is first visible and enabled. */
function watchForUsableEmail() {
  const named = (input) =>
    input.getAttribute("aria-label") === "Email" || [...(input.labels ?? [])].some((label) => label.textContent.trim() === "Email");
  const check = () => {
    if (window.__usable) return true;
    for (const input of document.querySelectorAll("input")) {
      if (!input.disabled && named(input) && input.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        window.__usable = { at: performance.now(), input };
        return true;
      }
    }
    return false;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => check() || requestAnimationFrame(frame);
  requestAnimationFrame(frame);
}

/**
 * Bundles one app of the race as an app's bundler would (minified, production React, split at its dynamic imports:
 * a page fetches the code of other pages, flows and languages only when it runs them); returns its files by name
 * (the entry's as "app.js") and the chunks the entry imports statically, which the page shell preloads as Vite's
 * and Next.js's do (`<link rel="modulepreload">`), so they are not found one import at a time.
 */
async function bundleApp(root, entry) {
  const outdir = path.join(root, "bench-out"); // only names the files: nothing is written
  const bundle = await build({
    entryPoints: { app: path.join(root, entry) },
    bundle: true,
    minify: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    jsx: "automatic",
    outdir,
    write: false,
    metafile: true,
    logLevel: "error",
    alias: { latchkey: path.join(root, "dist/browser/index.js"), "latchkey/react": path.join(root, "dist/browser/react/index.js") },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const outputs = bundle.metafile.outputs;
  const entryKey = Object.keys(outputs).find((k) => path.basename(k) === "app.js");
  const preload = [...importClosure(outputs, entryKey, ["import-statement"])].filter((k) => k !== entryKey);
  return { files: new Map(bundle.outputFiles.map((f) => [path.basename(f.path), f.contents])), preload: preload.map((k) => path.basename(k)) };
}

/** Serves the app's files at /<name> and the page shell (with the emulator's `config`) at every other path. */
async function serveApp({ files, preload }, config) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Sign in</title><script>window.__LK__=${JSON.stringify(config)}</script><script type="module" src="/app.js"></script>` +
    preload.map((file) => `<link rel="modulepreload" href="/${file}">`).join("") +
    `</head><body style="margin:0"><div id="root"></div></body></html>`;
  const fetched = new Set();
  const server = createServer((req, res) => {
    const file = files.get(req.url.slice(1));
    if (file) {
      fetched.add(req.url.slice(1));
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(file);
    } else if (req.url === "/favicon.ico") res.writeHead(204).end();
    else res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return Object.assign(server, { fetched });
}

/** One cold load of `url` in a fresh context: ms from navigation start to a usable "Email" input. */
async function timeLoad(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(watchForUsableEmail);
    await page.goto(url, { waitUntil: "commit" });
    // The input's name comes from its label (a tab panel may be named "Email" too: it is not a textbox).
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    await email.waitFor({ state: "visible", timeout: 15_000 });
    await page.waitForFunction(() => window.__usable, undefined, { timeout: 15_000 });
    const timed = await email.evaluate((input) => (window.__usable.input === input ? window.__usable.at : null));
    if (timed === null) throw new Error("the input timed is not the one labelled Email");
    return timed;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The apps of the race: latchkey's and the official React UI's, on the same page shell. */
export const RACE = { latchkey: "scripts/bench/react-app.tsx", official: "scripts/bench/official-react-app.tsx" };

/**
 * Measures `loads` cold loads of /handler/sign-in for each app of `apps` (name → entry), alternated (one load of
 * each in turn, so a slower moment of the machine costs both alike), against one emulator; returns per app
 * `{ medianMs, minMs, maxMs, samples, files, bytes, gzipBytes }` (the files a load fetched). `startEmulator` is the built emulator's; `root` the
 * repository.
 */
export async function measureSignInPages(startEmulator, root, { loads = 9, apps = RACE } = {}) {
  const { chromium } = await import("playwright-core");
  const scripts = Object.fromEntries(await Promise.all(Object.entries(apps).map(async ([name, entry]) => [name, await bundleApp(root, entry)])));
  const emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
  const config = { projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url };
  const servers = Object.fromEntries(await Promise.all(Object.entries(scripts).map(async ([name, script]) => [name, await serveApp(script, config)])));
  const urls = Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, `http://localhost:${server.address().port}/handler/sign-in`]));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const samples = Object.fromEntries(Object.keys(apps).map((name) => [name, []]));
  try {
    // One load of each first that is not counted (Chromium's own first-use costs: its process pool, the code cache).
    for (let i = 0; i <= loads; i++) {
      for (const name of Object.keys(apps)) {
        const ms = await timeLoad(browser, urls[name]);
        if (i > 0) samples[name].push(ms);
      }
    }
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) server.close();
    await emulator.stop();
  }
  // What a load fetched: the files the page asked for (the same on every load), bytes as served and gzipped apart.
  return Object.fromEntries(
    Object.entries(samples).map(([name, s]) => {
      const fetched = [...servers[name].fetched].map((file) => scripts[name].files.get(file));
      return [
        name,
        {
          medianMs: median(s),
          minMs: Math.min(...s),
          maxMs: Math.max(...s),
          samples: s,
          files: fetched.length,
          bytes: fetched.reduce((n, c) => n + c.length, 0),
          gzipBytes: fetched.reduce((n, c) => n + gzipSync(c, { level: 9 }).length, 0),
        },
      ];
    }),
  );
}
