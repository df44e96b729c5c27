import { lazy, Suspense, useMemo, useState } from "react";
import type { ComponentType, ReactNode } from "react";
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
import { localized, TranslationContext } from "./i18n";
import type { TranslationOverrides } from "./i18n";
import type { Locale } from "./locales/load-locale";

/**
 * Props of {@link LatchkeyProvider}.
 * @example
 * const props: LatchkeyProviderProps = { app, translationOverrides: { "Sign In": "Log in" }, children: <App /> };
 */
export interface LatchkeyProviderProps {
  /** The app every hook and page below uses (a `ClientApp`, or a `ServerApp`/`AdminApp` in trusted UIs). */
  app: ClientApp;
  /**
   * The language of every page and building block below (see {@link Locale}; default English), dates included. Its
   * words load on first use (an English page loads none): the provider suspends until they are here, so the page
   * shows in that language from its first paint. An unknown lang shows English, with one console warning.
   */
  lang?: Locale | (string & {});
  /** Replacements for any visible text, keyed by the English text, on top of `lang`'s words (see {@link TranslationOverrides}). */
  translationOverrides?: TranslationOverrides;
  /**
   * latchkey's dev tools (the official `devTool` option's name): in a development build (`NODE_ENV` is
   * `"development"`), a "Toggle latchkey dev tools" button in the page's corner opens a panel with the signed-in
   * user and their token's claims, the project's sign-in settings, the app's last requests and, with the emulator,
   * its outbox. `false` leaves them out (so does the app option `devTool: false`). A production build holds none of
   * their code, whatever this says.
   */
  devTool?: boolean;
  children?: ReactNode;
}

/**
 * Makes `app` available to latchkey's hooks and pages below it and — when the app's `redirectMethod` is
 * `{ useNavigate }` — calls your router's hook and navigates with it. With `lang`, the pages speak that language:
 * the provider suspends (to the Suspense boundary around it, or the root) while its words load, once. (The pages
 * bring latchkey's style sheet themselves.) Also exported as `StackProvider`.
 *
 * @example
 * import { ClientApp } from "latchkey";
 * import { LatchkeyProvider, LatchkeyHandler } from "latchkey/react";
 * const app = new ClientApp({ projectId, publishableClientKey, tokenStore: "cookie" });
 * root.render(<LatchkeyProvider app={app} lang="de-DE"><App /></LatchkeyProvider>);
 */
export function LatchkeyProvider({ app, lang, translationOverrides, devTool, children }: LatchkeyProviderProps) {
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
        {/* With a lang (not English), its words, overrides on top: this suspends while they load, once per lang. */}
        <TranslationContext.Provider value={lang && lang != "en-US" ? localized(lang, translationOverrides) : translationOverrides}>
            {children}
        </TranslationContext.Provider>
        {devTools(app, devTool)}
      </StoreContext.Provider>
    </ProvidedAppContext.Provider>
  );
}

let DevTools: ComponentType<{ app: ClientApp }> | undefined;

// The dev tools (./dev-tools/, loaded with import() when first shown) in a development build only. Bundlers replace
// `process.env.NODE_ENV` by its value: in a production build the condition is false and the branch, its import()
// with it, is dropped, so no byte of the dev tools is in the app's bundle (scripts/bench/size.mjs checks it). Where
// nothing replaces it and there is no `process` (a page loading the package without a bundler), reading it throws:
// no dev tools either. Jest's "test" is not development: the other tests never see the panel.
function devTools(app: ClientApp, devTool?: boolean): ReactNode {
  try {
    if (process.env.NODE_ENV === "development" && devTool !== false) {
      DevTools ??= lazy(() => import("./dev-tools/dev-tools"));
      return (
        <Suspense fallback={null}>
          <DevTools app={app} />
        </Suspense>
      );
    }
  } catch {
    // No `process`: treated as production.
  }
  return null;
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
