/**
 * The React test page (test/e2e/react-pages.e2e.test.ts): a small app on latchkey/react as an app would write it.
 * `LatchkeyProvider` around everything; `/handler/*` is `LatchkeyHandler`; `/` is a home page; `/protected` reads
 * the user with `useUser({ or: "redirect" })` and shows a `UserButton`. The server writes where the emulator is into
 * `window.__E2E__` (see harness/page-server.ts); `window.app` is the app, for the harness's helpers. A test that
 * sets `window.__E2E_THEME__` before the page loads (an init script) gets the app inside `<LatchkeyTheme>` with it.
 */
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { ClientApp } from "latchkey";
import { LatchkeyHandler, LatchkeyProvider, LatchkeyTheme, UserButton, useUser } from "latchkey/react";
import type { Theme } from "latchkey/react";

type E2EConfig = { apiUrl: string; projectId: string; publishableClientKey: string; options?: Record<string, unknown> };
const config = (window as unknown as { __E2E__: E2EConfig }).__E2E__;
const app = new ClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: config.apiUrl,
  tokenStore: "cookie",
  redirectMethod: "window",
  ...(config.options ?? {}),
} as ConstructorParameters<typeof ClientApp>[0]);
Object.assign(window, { app, pageDone: Promise.resolve("ready") });

// The app's own pages (not latchkey's) get a plain look of their own.
const APP_STYLE = { fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "32px auto", padding: "0 16px" };

function Home() {
  const user = useUser();
  return (
    <main style={APP_STYLE}>
      <h1>Home</h1>
      {user ? (
        <>
          <p>Signed in as {user.displayName ?? user.primaryEmail}</p>
          <UserButton />
        </>
      ) : (
        <p>
          <a href="/handler/sign-in">Sign in</a> or <a href="/handler/sign-up">Sign up</a>
        </p>
      )}
      <p>
        <a href="/protected">Protected page</a>
      </p>
    </main>
  );
}

function Protected() {
  const user = useUser({ or: "redirect" });
  return (
    <main style={APP_STYLE}>
      <h1>Protected page</h1>
      <p>Signed in as {user.displayName ?? user.primaryEmail}</p>
      <UserButton />
      <p>
        <a href="/">Home</a>
      </p>
    </main>
  );
}

function Routes() {
  const path = location.pathname;
  if (path.startsWith("/handler")) return <LatchkeyHandler fullPage />;
  if (path === "/protected") return <Protected />;
  return <Home />;
}

const theme = (window as unknown as { __E2E_THEME__?: Theme }).__E2E_THEME__;
const routes = (
  <Suspense fallback={<p role="status">Loading</p>}>
    <Routes />
  </Suspense>
);
const root = document.createElement("div");
document.body.append(root);
createRoot(root).render(<LatchkeyProvider app={app}>{theme ? <LatchkeyTheme theme={theme}>{routes}</LatchkeyTheme> : routes}</LatchkeyProvider>);
