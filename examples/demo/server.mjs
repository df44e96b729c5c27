// The demo server: the emulator in-process (from the built package), the demo project configured for the mock
// OAuth provider and passkeys, and the React app (bundled with esbuild) served on loopback at
// http://localhost:<port>, with one API route, GET /api/me, verified with ServerApp.verifyAccessToken.
// `scripts/demo.mjs` (npm run demo) and the demo's browser test both start it with `startDemo`.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { DIST, bundleDemo } from "./bundle.mjs";
import { apiRoute } from "./api.mjs";

/**
 * Thrown when a port the demo needs is taken. `busy` lists each taken port with what needed it and the
 * command-line flag that picks another.
 */
export class DemoPortInUseError extends Error {
  constructor(busy) {
    const [first, second] = busy;
    super(
      second
        ? `Ports ${first.port} and ${second.port} are already in use, so the ${first.what} and the ${second.what} cannot start there (is another demo running?). ` +
            `Stop whatever uses them, or choose other ports with ${first.flag} <port> and ${second.flag} <port>.`
        : `Port ${first.port} is already in use, so the ${first.what} cannot start there. Stop whatever uses it, or choose another port with ${first.flag} <port>.`,
    );
    this.name = "DemoPortInUseError";
    this.busy = busy;
  }
}

const inUse = (error) => error?.code === "EADDRINUSE" || error?.code === "EACCES";

/** Listens on `port` of one loopback address; resolves to the port taken. */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address().port);
    });
  });
}

function close(server) {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The page every app path answers (the app routes in the browser), with the project written in as `window.__DEMO__`. */
function htmlShell(config, bundle) {
  const data = JSON.stringify(config).replace(/</g, "\\u003c");
  const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%234f46e5'/%3E%3Ctext x='16' y='22' font-size='17' text-anchor='middle' fill='white'%3E⌘%3C/text%3E%3C/svg%3E";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkey demo</title>
<link rel="icon" href="${icon}">
<link rel="stylesheet" href="/assets/${bundle.css.name}">
<script>window.__DEMO__ = ${data};</script>
<script type="module" src="/assets/${bundle.js.name}"></script>
</head>
<body><div id="root"></div></body>
</html>`;
}

/** Sets up the demo project: sign-in with the mock GitHub and Google, passkeys, magic links, teams users create. */
async function configureProject(AdminApp, emulator) {
  const admin = new AdminApp({ projectId: emulator.projectId, baseUrl: emulator.url, superSecretAdminKey: emulator.keys.superSecretAdminKey, tokenStore: null });
  const project = await admin.getProject();
  await project.update({
    displayName: "Latchkey Demo",
    config: {
      signUpEnabled: true,
      credentialEnabled: true,
      magicLinkEnabled: true,
      passkeyEnabled: true,
      clientTeamCreationEnabled: true,
      createTeamOnSignUp: true,
      allowUserApiKeys: true,
      // The demo runs on http://localhost:<port>: trusted as a redirect target and as a passkey origin.
      allowLocalhost: true,
      // "shared" providers are the emulator's mock ones: a consent page where you type any name and e-mail.
      oauthProviders: [
        { id: "github", type: "shared" },
        { id: "google", type: "shared" },
      ],
    },
  });
}

/**
 * Starts the demo: bundles the app, starts the emulator (port `emulatorPort`, default 8102; `dataFile` keeps its
 * state between runs), configures the demo project and serves the app on `port` (default 3000; 0 picks a free
 * one) of both loopback addresses, as `http://localhost:<port>`. A taken port rejects with a
 * {@link DemoPortInUseError} and leaves nothing running.
 *
 * @example
 * const demo = await startDemo({ port: 0, emulatorPort: 0 });
 * console.log(demo.url, demo.inboxUrl);
 * await demo.stop();
 */
export async function startDemo({ port = 3000, emulatorPort = 8102, dataFile, quiet = true } = {}) {
  const bundle = await bundleDemo();
  const { startEmulator } = await import(pathToFileURL(DIST.emulator).href);
  const { AdminApp, ServerApp } = await import(pathToFileURL(DIST.index).href);

  // The app's port first, then the emulator's, so that a taken port of each is reported at once.
  let handle = (_req, res) => res.writeHead(503).end();
  const servers = [];
  const busy = [];
  let emulator;
  const stop = async () => {
    await Promise.all(servers.map(close));
    await emulator?.stop();
  };
  let taken;
  try {
    // Browsers may reach "localhost" on 127.0.0.1 or ::1: the app listens on both, so nothing else can hide behind one.
    const v4 = createServer((req, res) => handle(req, res));
    servers.push(v4);
    taken = await listen(v4, port, "127.0.0.1").catch((error) => {
      if (!inUse(error)) throw error;
      busy.push({ what: "demo app", port, flag: "--port" });
    });
    if (taken !== undefined) {
      const v6 = createServer((req, res) => handle(req, res));
      await listen(v6, taken, "::1").then(
        () => servers.push(v6),
        (error) => {
          if (inUse(error)) busy.push({ what: "demo app", port: taken, flag: "--port" });
          // Otherwise there is no IPv6 loopback here: 127.0.0.1 is all "localhost" can mean.
        },
      );
    }
    emulator = await startEmulator({ port: emulatorPort, quiet, ...(dataFile ? { dataFile } : {}) }).catch((error) => {
      if (!inUse(error)) throw error;
      busy.push({ what: "emulator", port: emulatorPort, flag: "--emulator-port" });
    });
    if (busy.length) throw new DemoPortInUseError(busy);

    await configureProject(AdminApp, emulator);
    const inboxUrl = `${emulator.url}/`;
    const config = { apiUrl: emulator.url, projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, inboxUrl };
    const html = htmlShell(config, bundle);
    const server = new ServerApp({ projectId: emulator.projectId, baseUrl: emulator.url, secretServerKey: emulator.keys.secretServerKey, tokenStore: null });
    const api = apiRoute(server);
    handle = (req, res) => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      if (path.startsWith("/api/")) return void api(req, res, path);
      const asset = path === `/assets/${bundle.js.name}` ? bundle.js : path === `/assets/${bundle.css.name}` ? bundle.css : null;
      if (asset) {
        const type = asset === bundle.js ? "text/javascript" : "text/css";
        res.writeHead(200, { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=31536000, immutable" });
        return void res.end(asset.text);
      }
      if (path.startsWith("/assets/") || path === "/favicon.ico") return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : html);
    };
    return { url: `http://localhost:${taken}`, inboxUrl, emulatorUrl: emulator.url, projectId: emulator.projectId, keys: { ...emulator.keys }, dataFile: dataFile ?? null, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
