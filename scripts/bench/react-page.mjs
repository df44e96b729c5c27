// `npm run bench`, React: the time from navigation to the first usable input of /handler/sign-in in Chromium.
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

const CHROMIUM = process.env.LATCHKEY_CHROMIUM ?? "/usr/bin/chromium";

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
 * Measures `loads` cold loads of /handler/sign-in (the page of `entry`, default the app above); returns
 * `{ medianMs, minMs, maxMs, samples, bytes, gzipBytes }`.
 * `startEmulator` is the built emulator's; `root` the repository.
 */
export async function measureSignInPage(startEmulator, root, { loads = 10, entry = "scripts/bench/react-app.tsx" } = {}) {
  const { chromium } = await import("playwright-core");
  const bundle = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    jsx: "automatic",
    write: false,
    logLevel: "error",
    alias: { latchkey: path.join(root, "dist/browser/index.js"), "latchkey/react": path.join(root, "dist/browser/react/index.js") },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundle.outputFiles[0].contents;
  const emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
  const config = { projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url };
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Sign in</title><script>window.__LK__=${JSON.stringify(config)}</script><script type="module" src="/app.js"></script></head>` +
    `<body style="margin:0"><div id="root"></div></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === "/app.js") res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(script);
    else if (req.url === "/favicon.ico") res.writeHead(204).end();
    else res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://localhost:${server.address().port}/handler/sign-in`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const samples = [];
  try {
    // One load first that is not counted (Chromium's own first-use costs: its process pool, the code cache).
    for (let i = 0; i <= loads; i++) {
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
        if (i > 0) samples.push(timed);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
    await emulator.stop();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const medianMs = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { medianMs, minMs: sorted[0], maxMs: sorted.at(-1), samples, bytes: script.length, gzipBytes: gzipSync(script, { level: 9 }).length };
}
