/**
 * The demo's latchkey app: one `ClientApp` for the whole page, pointed at the emulator that `npm run demo` started.
 * The demo server writes where that is into the page as `window.__DEMO__` (see examples/demo/server.mjs).
 */
import { ClientApp } from "latchkey";

/** What the demo server tells the page (the project and where its emulator listens). */
export interface DemoConfig {
  /** The emulator's base URL (the API is under `/api/v1`). */
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  /** The emulator's inbox page, where verification, magic-link and invitation e-mails land. */
  inboxUrl: string;
}

declare global {
  interface Window {
    __DEMO__: DemoConfig;
  }
}

export const config: DemoConfig = window.__DEMO__;

/**
 * Sessions live in cookies (`tokenStore: "cookie"`), so the demo's own server sees them too. After signing in or up,
 * people land on the protected page; latchkey's pages (sign-in, account settings, …) live under `/handler`.
 */
export const app = new ClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: config.apiUrl,
  tokenStore: "cookie",
  redirectMethod: "window",
  urls: { afterSignIn: "/protected", afterSignUp: "/protected" },
});
