// The official React UI's side of `npm run bench`'s first-usable-page race (scripts/bench/react-page.mjs): the same
// page shell and the same emulator as scripts/bench/react-app.tsx, with `@stackframe/react` as its docs set it up:
// StackProvider and StackTheme around StackHandler. The emulator's address comes from the page (`window.__LK__`).
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp, StackHandler, StackProvider, StackTheme } from "@stackframe/react";

const config = (window as unknown as { __LK__: { projectId: string; publishableClientKey: string; baseUrl: string } }).__LK__;
const app = new StackClientApp({ ...config, tokenStore: "cookie", redirectMethod: "window" });

createRoot(document.getElementById("root")!).render(
  <StackProvider app={app}>
    <StackTheme>
      <Suspense fallback={null}>
        <StackHandler fullPage location={location.pathname} />
      </Suspense>
    </StackTheme>
  </StackProvider>,
);
