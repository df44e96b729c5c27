/**
 * `latchkey/next` as server components, route handlers, server actions and middleware load it (the `react-server`
 * export condition; ./index.ts describes the package). Beside the names of ./index.ts:
 * - the `"nextjs-cookie"` token store reads and writes cookies through this app's own `next/headers`, bundled with
 *   it, so it works on the Edge runtime too (middleware on Next 14 and 15);
 * - the `"nextjs"` redirect method (the default here) navigates with Next's `redirect()`;
 * - `StackProvider` and `StackHandler` are server components that hand the client plain data.
 *
 * The app classes are bound here rather than re-exported: the package says it has no side effects, so a bundler
 * may skip a module whose exports are all re-exports, and then the two `provide…` calls below would not run.
 * @example
 * import { StackServerApp } from "latchkey/next";
 * const stackServerApp = new StackServerApp({ tokenStore: "nextjs-cookie" });
 * const user = await stackServerApp.getUser({ or: "redirect" });
 * @module
 */
import { cookies, headers } from "next/headers.js";
import { redirect } from "next/navigation.js";
import { AdminApp as CoreAdminApp } from "../apps/admin-app";
import { ClientApp as CoreClientApp } from "../apps/client-app";
import { ServerApp as CoreServerApp } from "../apps/server-app";
import { provideNextHeaders } from "../token-stores/nextjs-cookie";
import { provideServerRedirect } from "../urls/redirect";

provideNextHeaders({ cookies, headers });
provideServerRedirect(redirect);

export * from "../react/index";
export { StackHandler, StackHandler as HexclaveHandler, StackProvider, StackProvider as HexclaveProvider } from "./server-components";
export type { StackHandlerProps, StackProviderProps } from "./client";
export type { NextRouteProps } from "./route-props";

export const ClientApp = CoreClientApp;
export const ServerApp = CoreServerApp;
export const AdminApp = CoreAdminApp;
export const StackClientApp = CoreClientApp;
export const StackServerApp = CoreServerApp;
export const StackAdminApp = CoreAdminApp;
export const HexclaveClientApp = CoreClientApp;
export const HexclaveServerApp = CoreServerApp;
export const HexclaveAdminApp = CoreAdminApp;
