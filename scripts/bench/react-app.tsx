// The app `npm run bench` times in Chromium (scripts/bench/react-page.mjs): LatchkeyProvider and LatchkeyHandler
// with react and react-dom, as an app would ship them. "latchkey" and "latchkey/react" are the built package
// (dist/); the emulator's address comes from the page (`window.__LK__`).
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { ClientApp } from "latchkey";
import { LatchkeyHandler, LatchkeyProvider } from "latchkey/react";

const config = (window as unknown as { __LK__: { projectId: string; publishableClientKey: string; baseUrl: string } }).__LK__;
const app = new ClientApp({ ...config, tokenStore: "cookie" });

createRoot(document.getElementById("root")!).render(
  <LatchkeyProvider app={app}>
    <Suspense fallback={null}>
      <LatchkeyHandler fullPage />
    </Suspense>
  </LatchkeyProvider>,
);
