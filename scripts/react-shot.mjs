// Screenshots of a React page in Debian's Chromium, against an in-process emulator (for looking at UI work).
//
//   npm run build && node scripts/react-shot.mjs <entry.tsx> <out-prefix> [--path /handler/sign-in] [--wait-for "text"]
//     [--config '{"requireEmailVerification":true}']
//
// <entry.tsx> is bundled by esbuild for the browser ("latchkey" and "latchkey/react" resolve to src/) and runs on a
// page served at http://localhost:<port><path>. It finds the emulator in `window.__LK__` ({ projectId,
// publishableClientKey, baseUrl }) and renders into #root. The script saves <out-prefix>-light.png (1100 px),
// <out-prefix>-dark.png (dark colour scheme) and <out-prefix>-narrow.png (390 px), each after the page shows
// --wait-for (default: any text in #root) and has no network activity.
import { build } from "esbuild";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { startEmulator } from "../dist/emulator.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./bench/chromium.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const path = option("--path", "/");
const waitFor = option("--wait-for", null);
// Fields set on the emulator's demo project config before the page loads, e.g. '{"requireEmailVerification":true}'.
const projectConfig = JSON.parse(option("--config", "{}"));
const [entry, prefix] = args;
if (!entry || !prefix) {
  console.error("usage: node scripts/react-shot.mjs <entry.tsx> <out-prefix> [--path /p] [--wait-for text]");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const bundle = await build({
  entryPoints: [resolve(entry)],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "chrome120",
  write: false,
  jsx: "automatic",
  nodePaths: [resolve(root, "node_modules")], // entries may live outside the repository
  logLevel: "error",
  alias: { latchkey: resolve(root, "src/index.ts"), "latchkey/react": resolve(root, "src/react/index.ts") },
  define: { "process.env.NODE_ENV": '"production"' },
});
const emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
Object.assign(emulator.core.store.projects.get(emulator.projectId).config, projectConfig);
const config = { projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url };
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>latchkey</title></head><body style="margin:0"><div id="root"></div><script>window.__LK__=${JSON.stringify(config)}</script><script type="module" src="/__bundle.js"></script></body></html>`;
const server = createServer((req, res) => {
  if (req.url === "/__bundle.js") {
    res.writeHead(200, { "content-type": "text/javascript" }).end(bundle.outputFiles[0].text);
  } else res.writeHead(200, { "content-type": "text/html" }).end(html);
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const url = `http://localhost:${server.address().port}${path}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  for (const [name, width, colorScheme] of [["light", 1100, "light"], ["dark", 1100, "dark"], ["narrow", 390, "light"]]) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
    page.on("pageerror", (e) => console.error("page error:", e.message));
    page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
    await page.goto(url);
    if (waitFor) await page.getByText(waitFor).first().waitFor({ timeout: 15000 });
    else await page.waitForFunction(() => document.getElementById("root")?.textContent?.trim(), null, { timeout: 15000 });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: true });
    console.log(`${prefix}-${name}.png`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  await emulator.stop();
}
