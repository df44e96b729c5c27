// The password-only page in Chromium: every JS file the browser fetches to sign in and show the user.
//
// `files` is esbuild's split, minified output of fixtures/size/password-entry.ts bundled from the packed package. It
// is served on loopback next to an emulator; a page imports the entry and calls run(email, password) for a user
// signed up beforehand. Each JS response Chromium receives is recorded, and its bytes gzipped (-9) as a server
// would send them.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";


/**
 * `files`: Map of served name ("entry.js", "chunk-X.js") → bytes; `entryName` the entry's name. Resolves to
 * `{ files: [{ name, bytes, gzip }], gzip, signedInAs }`.
 */
export async function measurePasswordPage(startEmulator, files, entryName) {
  const { chromium } = await import("playwright-core");
  const emulator = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
  const config = { projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url };
  const email = `size-${Date.now()}@example.com`;
  const password = "size-password-123";
  const signUp = await fetch(`${emulator.url}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": config.projectId,
      "x-stack-access-type": "client",
      "x-stack-publishable-client-key": config.publishableClientKey,
    },
    body: JSON.stringify({ email, password }),
  });
  if (signUp.status !== 200) throw new Error(`password page: sign-up answered ${signUp.status}`);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title>` +
    `<script>window.__LK__=${JSON.stringify(config)}</script></head><body><main><p id="out">signing in</p></main>` +
    `<script type="module">import { run } from "/${entryName}";` +
    `run(${JSON.stringify(email)}, ${JSON.stringify(password)}).then(([, user]) => { document.getElementById("out").textContent = "Signed in as " + (user && user.primaryEmail); },` +
    ` (e) => { document.getElementById("out").textContent = "failed: " + e; });</script></body></html>`;
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname.slice(1));
    if (files.has(name)) res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(files.get(name));
    else if (name === "") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const fetched = [];
  try {
    const page = await (await browser.newContext()).newPage();
    page.on("response", async (response) => {
      const url = new URL(response.url());
      if (url.port === String(server.address().port) && url.pathname.endsWith(".js")) fetched.push(path.basename(url.pathname));
    });
    await page.goto(`http://localhost:${server.address().port}/`);
    const out = page.getByText(/^(Signed in as|failed)/);
    await out.waitFor({ timeout: 20_000 });
    const text = await out.textContent();
    if (text !== `Signed in as ${email}`) throw new Error(`password page: ${text}`);
  } finally {
    await browser.close();
    server.close();
    await emulator.stop();
  }
  const rows = [...new Set(fetched)].map((name) => ({ name, bytes: files.get(name).length, gzip: gzipSync(files.get(name), { level: 9 }).length }));
  return { files: rows, gzip: rows.reduce((n, r) => n + r.gzip, 0), signedInAs: email };
}
