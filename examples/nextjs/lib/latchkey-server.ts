import { ServerApp } from "latchkey";

/**
 * The app for server components, route handlers and the proxy. It holds the secret server key
 * (STACK_SECRET_SERVER_KEY, never sent to the browser); each call names where the session comes from.
 */
export const serverApp = new ServerApp({
  projectId: process.env.NEXT_PUBLIC_STACK_PROJECT_ID,
  publishableClientKey: process.env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY,
  secretServerKey: process.env.STACK_SECRET_SERVER_KEY,
  baseUrl: process.env.NEXT_PUBLIC_STACK_API_URL,
  tokenStore: null,
});
