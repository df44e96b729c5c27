import { ClientApp } from "latchkey";

/**
 * The app the browser uses (through <LatchkeyProvider>). "nextjs-cookie" keeps the session in cookies, so the
 * server half (lib/latchkey-server.ts) sees the same session. NEXT_PUBLIC_* values are inlined at build time.
 */
export const clientApp = new ClientApp({
  projectId: process.env.NEXT_PUBLIC_STACK_PROJECT_ID,
  publishableClientKey: process.env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY,
  baseUrl: process.env.NEXT_PUBLIC_STACK_API_URL,
  tokenStore: "nextjs-cookie",
  urls: { afterSignIn: "/protected", afterSignUp: "/protected" },
});
