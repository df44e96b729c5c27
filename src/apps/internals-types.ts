// The types of the official SDK's app internals hook, apart from `internals.ts` (which installs the hook on the app
// classes) so that the classes can declare the hook's type without importing its code.
import type { AppOptions } from "../core/options";
import type { RedirectToOptions } from "./client-redirects";
import type { HandlerUrls } from "../urls/handler-urls";
import type { RedirectMethod } from "../urls/redirect";

/**
 * The serialisable settings of a client app (the official `StackClientAppJson`): what a browser needs to build the
 * same app, never a secret key.
 *
 * @example
 * const json: StackClientAppJson<true, string> = app[stackAppInternalsSymbol].toClientJson();
 */
export type StackClientAppJson<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = Pick<
  AppOptions,
  "baseUrl" | "publishableClientKey" | "tokenStore" | "urls" | "oauthScopesOnSignIn" | "redirectMethod" | "extraRequestHeaders"
> & { projectId: ProjectId; uniqueIdentifier: string };

/**
 * The official SDK 2.8.108's newer name of {@link StackClientAppJson}.
 * @example
 * const json: HexclaveClientAppJson<true, string> = app[stackAppInternalsSymbol].toClientJson();
 */
export type HexclaveClientAppJson<HasTokenStore extends boolean = boolean, ProjectId extends string = string> = StackClientAppJson<HasTokenStore, ProjectId>;

/**
 * What `app[stackAppInternalsSymbol]` offers (a subset of the official SDK's internals).
 * @example
 * await app[stackAppInternalsSymbol].signInWithTokens({ accessToken, refreshToken });
 */
export interface AppInternals {
  /** The app's settings as JSON (see {@link StackClientAppJson}); refused for settings that cannot be serialised. */
  toClientJson(): StackClientAppJson;
  /** The options the app was built from (after `inheritsFrom`). */
  getConstructorOptions(): AppOptions;
  /** Stores a token pair in the app's token store, signing that user in. */
  signInWithTokens(tokens: { accessToken: string; refreshToken: string }): Promise<void>;
  getRedirectMethod(): RedirectMethod;
  /** Navigates with the app's redirect method (only to a trusted URL, as every redirect of the app). */
  redirectToUrl(url: string | URL, options?: { replace?: boolean }): Promise<void>;
  /** Goes to a page or destination of `app.urls` by name, as the `redirectTo*` helpers do. */
  redirectToHandler(handlerName: keyof HandlerUrls, options?: RedirectToOptions): Promise<void>;
}
