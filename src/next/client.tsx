"use client";
/**
 * @internal latchkey/next's client half: the provider and handler that server components render with plain props
 * (the app's client settings as JSON, the handler path), and the versions client components use directly. The
 * "use client" line above marks where the server/client boundary is.
 * @module
 */
import * as React from "react";
import type { ReactNode } from "react";
import { ClientApp } from "../apps/client-app";
import type { StackClientAppJson } from "../apps/internals-types";
import { ArgumentError } from "../errors/base";
import { useProvidedApp } from "../react/context";
import { handlerPathOf, LatchkeyHandler } from "../react/handler";
import type { LatchkeyHandlerProps } from "../react/handler";
import { TranslationContext } from "../react/i18n";
import type { TranslationOverrides } from "../react/i18n";
import { LatchkeyProvider } from "../react/provider";
import type { LatchkeyProviderProps } from "../react/provider";
import { givenRouteProps, handlerPathNow } from "./route-props";
import type { NextRouteProps } from "./route-props";

/** @internal Props of {@link NextClientProvider}: what a server component can hand to the client. */
export interface NextClientProviderProps {
  /** `app[stackAppInternalsSymbol].toClientJson()` of the server's app: no secret key. */
  appJson: StackClientAppJson;
  lang?: string;
  translationOverrides?: TranslationOverrides;
  children?: ReactNode;
}

// One client app per settings (the JSON's unique identifier), as `StackClientApp[stackAppInternalsSymbol]
// .fromClientJson` keeps them; done here so that a page does not load the internals, which live with server code.
const apps = new Map<string, ClientApp>();

function clientAppOf(json: StackClientAppJson): ClientApp {
  if (typeof json !== "object" || json === null || typeof json.uniqueIdentifier !== "string") {
    throw new ArgumentError("<StackProvider> got no app settings from the server (appJson).");
  }
  let app = apps.get(json.uniqueIdentifier);
  if (!app) {
    const { uniqueIdentifier, ...options } = json;
    apps.set(uniqueIdentifier, (app = new ClientApp(options)));
  }
  return app;
}

/**
 * `children` in the words (language and overrides) of the provider around `<KeepWords>`, whatever provider is
 * between: a handler given an app of its own speaks the language of the `<StackProvider lang>` it is rendered in.
 */
function KeepWords({ words, children }: { words: TranslationOverrides | undefined; children?: ReactNode }) {
  return <TranslationContext.Provider value={words}>{children}</TranslationContext.Provider>;
}

/**
 * @internal The provider a server component's `<StackProvider>` renders: the client app rebuilt from its settings
 * (one app per settings, so every render and page gets the same one). Without `lang` and `translationOverrides`
 * (a `<StackHandler app>`'s), its pages keep the words of the provider around it.
 * @example
 * <NextClientProvider appJson={serverApp[stackAppInternalsSymbol].toClientJson()}>{children}</NextClientProvider>
 */
export function NextClientProvider({ appJson, lang, translationOverrides, children }: NextClientProviderProps) {
  const app = clientAppOf(appJson);
  const around = React.useContext(TranslationContext);
  return (
    <LatchkeyProvider app={app} lang={lang} translationOverrides={translationOverrides}>
      {lang === undefined && translationOverrides === undefined ? <KeepWords words={around}>{children}</KeepWords> : children}
    </LatchkeyProvider>
  );
}

/**
 * @internal The handler a server component's `<StackHandler>` renders: `path` is the page below the app's handler
 * URL with its query (from the route's params), `location` a whole path given by the app.
 * @example
 * <NextClientHandler path="sign-in" fullPage />
 */
export function NextClientHandler({ path, ...props }: LatchkeyHandlerProps & { path?: string }) {
  const app = useProvidedApp();
  let { location } = props;
  if (location === undefined && path !== undefined) location = `${handlerPathOf(app.urls)}/${path}`;
  return <LatchkeyHandler {...props} location={location} />;
}

/**
 * Props of latchkey/next's {@link StackProvider}: latchkey/react's, with a `ServerApp` welcome in a server
 * component (only its client settings reach the browser).
 * @example
 * const props: StackProviderProps = { app: stackServerApp, children: null };
 */
export type StackProviderProps = LatchkeyProviderProps;

/**
 * Props of latchkey/next's {@link StackHandler}: latchkey/react's, plus the official Next.js props.
 * @example
 * const props: StackHandlerProps = { fullPage: true, app: stackServerApp, routeProps: { params: { stack: ["sign-in"] } } };
 */
export interface StackHandlerProps extends LatchkeyHandlerProps {
  /** The app, when the page is not under a `<StackProvider>` (or should use another app). */
  app?: ClientApp;
  /** The page's own props (`{ params, searchParams }`, plain or promises): which handler page to show. */
  routeProps?: NextRouteProps | unknown;
  /** The page's `params` (the official package's older prop; prefer `routeProps`). */
  params?: unknown;
  /** The page's `searchParams` (the official package's older prop; prefer `routeProps`). */
  searchParams?: unknown;
}

// React 19's use() reads a promise while rendering; React 18 has none, and the handler then follows the address.
// Read through Object(): webpack refuses a build whose code names an export React 18 lacks, even behind a check.
const use = (Object(React) as { use?: (p: PromiseLike<unknown>) => unknown }).use;

/**
 * The Next.js handler in a client component: as latchkey/react's, reading the page from `routeProps` when given.
 * @internal
 */
export function ClientStackHandler({ app, routeProps, params, searchParams, ...props }: StackHandlerProps) {
  const around = React.useContext(TranslationContext);
  const page = <NextClientHandler {...props} path={handlerPathNow(givenRouteProps(routeProps, params, searchParams), use)} />;
  return app ? (
    <LatchkeyProvider app={app}>
      <KeepWords words={around}>{page}</KeepWords>
    </LatchkeyProvider>
  ) : (
    page
  );
}
