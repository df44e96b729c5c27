/**
 * `latchkey/next`, the counterpart of the official `@stackframe/stack`: everything `latchkey/react` exports (the
 * core's apps and names, the React layer), with a `StackProvider` and a `StackHandler` that also take the official
 * Next.js props (`app`, `routeProps`). This file is what client components (and their server rendering) load;
 * server components, route handlers and middleware load ./server.ts (the `react-server` export condition), whose
 * provider and handler hand the client plain data, and which gives the `"nextjs-cookie"` token store and the
 * `"nextjs"` redirect method Next's own `cookies()`, `headers()` and `redirect()`.
 *
 * @example
 * // stack/server.ts
 * import "server-only";
 * import { StackServerApp } from "latchkey/next";
 * export const stackServerApp = new StackServerApp({ tokenStore: "nextjs-cookie" });
 * @module
 */
export * from "../react/index";
export { ClientStackHandler as StackHandler, ClientStackHandler as HexclaveHandler } from "./client";
export type { StackHandlerProps, StackProviderProps } from "./client";
export { LatchkeyProvider as StackProvider, LatchkeyProvider as HexclaveProvider } from "../react/provider";
export type { NextRouteProps } from "./route-props";
