import { createContext, useContext } from "react";
import type { ClientApp } from "../apps/client-app";
import { ArgumentError } from "../errors/base";

/** @internal The app of the nearest `<LatchkeyProvider>`. */
export const ProvidedAppContext = /* @__PURE__ */ createContext<ClientApp | null>(null);

/**
 * The app given to the nearest provider, or an `ArgumentError` saying where to put one.
 * @internal
 * @example
 * const app = useProvidedApp();
 */
export function useProvidedApp(): ClientApp {
  const app = useContext(ProvidedAppContext);
  if (!app) throw new ArgumentError("latchkey's React hooks and components must be rendered inside <LatchkeyProvider app={…}> (or <StackProvider>).");
  return app;
}
