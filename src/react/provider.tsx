import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { ClientApp } from "../apps/client-app";
import type { GetUserOptions } from "../resources/users/current";
import type { CurrentUser } from "../apps/current-user";
import { ArgumentError } from "../errors/base";
import { contextOf } from "../core/context";
import { hookNavigators, inBrowser } from "../urls/redirect";
import { ProvidedAppContext, useProvidedApp } from "./context";
import { installAppHooks } from "./hooks/app-hooks";
import { readStoreOf, StoreContext } from "./hooks/app-hooks";
import { ReadObserver } from "../cache/observer";
import type { AppHooks, HooksOf } from "./hooks/app-hooks";
import type { UserHooks } from "./hooks/user-hooks";
import { TranslationContext } from "./i18n";
import type { TranslationOverrides } from "./i18n";

/**
 * Props of {@link LatchkeyProvider}.
 * @example
 * const props: LatchkeyProviderProps = { app, translationOverrides: { "Sign In": "Log in" }, children: <App /> };
 */
export interface LatchkeyProviderProps {
  /** The app every hook and page below uses (a `ClientApp`, or a `ServerApp`/`AdminApp` in trusted UIs). */
  app: ClientApp;
  /** Accepted for the official prop's sake; latchkey's words are English unless `translationOverrides` says otherwise. */
  lang?: string;
  /** Replacements for any visible text, keyed by the English text (see {@link TranslationOverrides}). */
  translationOverrides?: TranslationOverrides;
  children?: ReactNode;
}

/**
 * Makes `app` available to latchkey's hooks and pages below it and — when the app's `redirectMethod` is
 * `{ useNavigate }` — calls your router's hook and navigates with it. (The pages bring latchkey's style sheet
 * themselves.) Also exported as `StackProvider`.
 *
 * @example
 * import { ClientApp } from "latchkey";
 * import { LatchkeyProvider, LatchkeyHandler } from "latchkey/react";
 * const app = new ClientApp({ projectId, publishableClientKey, tokenStore: "cookie" });
 * root.render(<LatchkeyProvider app={app}><App /></LatchkeyProvider>);
 */
export function LatchkeyProvider({ app, translationOverrides, children }: LatchkeyProviderProps) {
  if (!app || typeof (app as { getUser?: unknown }).getUser !== "function") {
    throw new ArgumentError("<LatchkeyProvider> needs an app: <LatchkeyProvider app={new ClientApp({ … })}>.");
  }
  installAppHooks(app);
  // A server render gets a read store of its own (no change listeners: it renders once); a browser shares the app's.
  const [renderStore] = useState(() => (inBrowser() ? null : new ReadObserver([])));
  const store = renderStore ?? readStoreOf(app);
  const provided = useMemo(() => ({ app, store }), [app, store]);
  const method = contextOf(app).core.redirectMethod;
  if (method && typeof method === "object" && "useNavigate" in method) {
    // The router's hook, called on every render of the provider (the app's method never changes).
    hookNavigators.set(method, (method as { useNavigate: () => (url: string) => void }).useNavigate());
  }
  return (
    <ProvidedAppContext.Provider value={app}>
      <StoreContext.Provider value={provided}>
        <TranslationContext.Provider value={translationOverrides}>
            {children}
        </TranslationContext.Provider>
      </StoreContext.Provider>
    </ProvidedAppContext.Provider>
  );
}

/**
 * The app of the nearest `<LatchkeyProvider>`, with its `use…` hooks (see {@link AppHooks}; a `ServerApp` or
 * `AdminApp` given as `A` has {@link ServerAppHooks} or {@link AdminAppHooks}). Also exported as `useStackApp`.
 * `projectIdMustMatch` throws when the app belongs to another project.
 *
 * @example
 * const app = useApp();
 * const project = app.useProject();
 * const users = useApp<ServerApp>().useUsers();
 */
export function useApp<A extends ClientApp = ClientApp>(options?: { projectIdMustMatch?: string }): A & HooksOf<A> {
  const app = useProvidedApp();
  if (options?.projectIdMustMatch !== undefined && options.projectIdMustMatch !== app.projectId) {
    throw new ArgumentError(`The app's project id (${app.projectId}) does not match the expected one (${options.projectIdMustMatch}).`);
  }
  installAppHooks(app);
  return app as A & HooksOf<A>;
}

export { useUser } from "./hooks/app-hooks";
