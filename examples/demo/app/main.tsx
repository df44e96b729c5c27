/**
 * The demo app's entry: `LatchkeyProvider` around everything, latchkey's pages at `/handler/*` (`LatchkeyHandler`),
 * and the demo's own pages routed by path.
 */
import { StrictMode, Suspense } from "react";
import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { LatchkeyHandler, LatchkeyProvider } from "latchkey/react";
import { HandlerFrame } from "./layout";
import { app } from "./latchkey";
import { Home } from "./pages/home";
import { NotFound } from "./pages/not-found";
import { Protected } from "./pages/protected";
import { ServerCheck } from "./pages/server-check";
import { Teams } from "./pages/teams";
import { usePath } from "./router";

const PAGES: Record<string, ComponentType> = { "/": Home, "/protected": Protected, "/teams": Teams, "/server": ServerCheck };

function Routes() {
  const path = usePath();
  const pathname = path.split("?")[0];
  if (pathname.startsWith("/handler")) {
    return (
      <HandlerFrame>
        <LatchkeyHandler location={path} fullPage />
      </HandlerFrame>
    );
  }
  const Page = PAGES[pathname] ?? NotFound;
  return <Page />;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <LatchkeyProvider app={app}>
      <Suspense fallback={<p role="status" className="loading">Loading…</p>}>
        <Routes />
      </Suspense>
    </LatchkeyProvider>
  </StrictMode>,
);
