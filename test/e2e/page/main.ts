/**
 * The page every browser test loads, at any path (so it also serves as /handler/oauth-callback, /handler/mfa, …).
 * It is bundled once per SDK: the import below is aliased either to latchkey's source or to the official
 * `@stackframe/js`, so one test drives both through the official names. Tests reach the app as `window.app` and
 * the SDK's exports as `window.sdk`; `window.__E2E__` (written by the server) says where the emulator is.
 */
import * as sdk from "sdk-under-test";

type E2EConfig = { apiUrl: string; projectId: string; publishableClientKey: string; sdk: string; options?: Record<string, unknown> };
declare global {
  interface Window {
    __E2E__: E2EConfig;
    app: unknown;
    sdk: typeof sdk;
    /** Settles when the page's own work (e.g. the OAuth callback) is done: "ready", or the error's message. */
    pageDone: Promise<string>;
  }
}

const config = window.__E2E__;
const app = new sdk.StackClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: config.apiUrl,
  tokenStore: "cookie",
  redirectMethod: "window",
  ...(config.options ?? {}),
} as never);
window.app = app;
window.sdk = sdk;

const heading = document.createElement("h1");
heading.textContent = `${config.sdk} test page: ${location.pathname}`;
document.body.append(heading);
const status = document.createElement("p");
status.setAttribute("role", "status");
document.body.append(status);

async function run(): Promise<string> {
  // Handler pages finish their flow on load, as an app's handler pages do.
  const query = new URLSearchParams(location.search);
  const handlerApp = app as unknown as {
    callOAuthCallback(): Promise<unknown>;
    signInWithMagicLink(code: string): Promise<{ status: string; error?: { message: string } }>;
  };
  if (location.pathname === "/handler/oauth-callback" && query.has("code")) {
    await handlerApp.callOAuthCallback();
  }
  if (location.pathname === "/handler/magic-link-callback" && query.has("code")) {
    const result = await handlerApp.signInWithMagicLink(query.get("code")!);
    if (result.status === "error") return `error: ${result.error?.message}`;
  }
  return "ready";
}
window.pageDone = run().then(
  (s) => ((status.textContent = s), s),
  (e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    status.textContent = `error: ${message}`;
    return `error: ${message}`;
  },
);
