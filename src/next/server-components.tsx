/**
 * @internal latchkey/next's provider and handler for server components (the `react-server` half of the package):
 * they hand the client only plain data, the app's client settings and the handler path, never the app itself
 * (React cannot pass a class instance to a client component) nor its secret key.
 * @module
 */
import type { ClientApp } from "../apps/client-app";
import { stackAppInternalsSymbol } from "../compat/internals";
import type { StackClientAppJson } from "../apps/internals-types";
import { ArgumentError } from "../errors/base";
import { NextClientHandler, NextClientProvider } from "./client";
import type { StackHandlerProps, StackProviderProps } from "./client";
import { givenRouteProps, handlerPathOf } from "./route-props";

/** The client settings of `app` (an ArgumentError naming the prop when it is not an app). */
function clientJsonOf(app: ClientApp | undefined, component: string): StackClientAppJson {
  const internals = (app as { [stackAppInternalsSymbol]?: { toClientJson(): StackClientAppJson } } | undefined)?.[stackAppInternalsSymbol];
  if (!internals) throw new ArgumentError(`<${component}> needs an app: <${component} app={stackServerApp}> (a ClientApp or a ServerApp).`);
  return internals.toClientJson();
}

/**
 * `<StackProvider>` in a server component: gives the pages and hooks below it a client app with `app`'s client
 * settings (project, publishable key, URLs, token store); a `ServerApp`'s secret key stays on the server.
 * @example
 * // app/layout.tsx
 * <StackProvider app={stackServerApp}><StackTheme>{children}</StackTheme></StackProvider>
 */
export function StackProvider({ app, lang, translationOverrides, children }: StackProviderProps) {
  return (
    <NextClientProvider appJson={clientJsonOf(app, "StackProvider")} lang={lang} translationOverrides={translationOverrides}>
      {children}
    </NextClientProvider>
  );
}

/**
 * `<StackHandler>` as a server component page: shows the handler page the route's params name (`routeProps`, plain
 * on Next 14, promises on Next 15 and 16), under `app` when given, else under the nearest `<StackProvider>`.
 * `componentProps` must be plain data here (it crosses to the client).
 * @example
 * // app/handler/[...stack]/page.tsx
 * export default function Handler(props: unknown) {
 *   return <StackHandler fullPage app={stackServerApp} routeProps={props} />;
 * }
 */
export async function StackHandler({ app, routeProps, params, searchParams, ...props }: StackHandlerProps) {
  const given = givenRouteProps(routeProps, params, searchParams);
  const page = <NextClientHandler {...props} path={props.location === undefined ? await handlerPathOf(given) : undefined} />;
  return app ? <NextClientProvider appJson={clientJsonOf(app, "StackHandler")}>{page}</NextClientProvider> : page;
}
