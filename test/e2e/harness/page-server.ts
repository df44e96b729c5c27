import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pageBundle } from "./bundle";
import type { SdkUnderTest, TestPage } from "./bundle";

/** What the test page needs to know (written into every page as `window.__E2E__`). */
export interface PageConfig {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  /** Extra options for the page's `StackClientApp` (JSON: urls, oauthScopesOnSignIn, …). */
  options?: Record<string, unknown>;
}

/** A running test-page server. */
export interface PageServer {
  /** `http://localhost:<port>`: a name, not an IP, so WebAuthn's relying party `localhost` applies. */
  origin: string;
  /** Replaces the options the page builds its app with (applies to pages loaded afterwards). */
  setOptions(options: Record<string, unknown> | undefined): void;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/</g, "\\u003c");

/**
 * Serves the test page on loopback: `/__e2e/app.js` is the page (`page`, default the SDK page) bundled with `sdk`;
 * every other path answers the same HTML page (so handler routes such as /handler/oauth-callback load the app),
 * except `/favicon.ico` (empty).
 */
export async function startPageServer(sdk: SdkUnderTest, config: PageConfig, page: TestPage = "sdk"): Promise<PageServer> {
  const bundle = await pageBundle(sdk, page);
  let options = config.options;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === "/__e2e/app.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(bundle);
      return;
    }
    if (path === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    const data = { ...config, options, sdk };
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>latchkey e2e (${sdk})</title>` +
        `<script>window.__E2E__ = ${esc(JSON.stringify(data))};</script>` +
        `<script type="module" src="/__e2e/app.js"></script></head><body></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    setOptions(next) {
      options = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
