/**
 * The official React test page (test/e2e/official-react-ui.e2e.test.ts): an app on the official `@stackframe/react`
 * as its docs show it, pointed at the emulator. `StackProvider` and `StackTheme` around everything, `/handler/*` is
 * `StackHandler` (sign-in, sign-up, account settings, …); `/` is a home page. The server writes where the emulator
 * is into `window.__E2E__` (see harness/page-server.ts); `window.app` is the app, for the harness's helpers.
 */
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp, StackHandler, StackProvider, StackTheme, useUser } from "@stackframe/react";

type E2EConfig = { apiUrl: string; projectId: string; publishableClientKey: string; options?: Record<string, unknown> };
const config = (window as unknown as { __E2E__: E2EConfig }).__E2E__;
const app = new StackClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: config.apiUrl,
  tokenStore: "cookie",
  redirectMethod: "window",
  ...(config.options ?? {}),
});
Object.assign(window, { app, pageDone: Promise.resolve("ready") });

function Home() {
  const user = useUser();
  return (
    <main>
      <h1>Home</h1>
      <p>{user ? `Signed in as ${user.primaryEmail}` : "Signed out"}</p>
    </main>
  );
}

function Routes() {
  if (location.pathname.startsWith("/handler")) return <StackHandler fullPage location={location.pathname} />;
  return <Home />;
}

const root = document.createElement("div");
document.body.append(root);
createRoot(root).render(
  <StackProvider app={app}>
    <StackTheme>
      <Suspense fallback={<p role="status">Loading</p>}>
        <Routes />
      </Suspense>
    </StackTheme>
  </StackProvider>,
);
