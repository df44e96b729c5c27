import { forgetSession } from "../core/context";
import type { AppContext } from "../core/context";
import { ArgumentError } from "../errors/base";
import type { AppOptions } from "../core/options";
import type { AppInternals, StackClientAppJson } from "../apps/internals-types";
import { ClientApp } from "../apps/client-app";
import { STACK_APP_INTERNALS as SYMBOL } from "../apps/internals-symbol";

const apps = new Map<string, object>();
let counter = 0;
const identifiers = new WeakMap<AppContext, string>();

/** The internals of the app whose context is `ctx`. */
function appInternals(ctx: AppContext, self: object): AppInternals {
  const { core } = ctx;
  return {
    toClientJson() {
      const o = core.options;
      if (typeof core.redirectMethod !== "string") throw new ArgumentError("An app with a function-based redirectMethod cannot be serialised to JSON.");
      if (o.tokenStore !== undefined && o.tokenStore !== null && typeof o.tokenStore !== "string") {
        throw new ArgumentError('Only an app with a named token store ("cookie", "nextjs-cookie", "memory") or none can be serialised to JSON.');
      }
      let id = identifiers.get(ctx);
      if (!id) {
        identifiers.set(ctx, (id = `${core.projectId}:${Date.now().toString(36)}:${++counter}`));
        apps.set(id, self);
      }
      const json: StackClientAppJson = { baseUrl: o.baseUrl, projectId: core.projectId, tokenStore: o.tokenStore ?? null, urls: o.urls, redirectMethod: core.redirectMethod, uniqueIdentifier: id };
      if (core.http.publishableClientKey) json.publishableClientKey = core.http.publishableClientKey;
      if (o.oauthScopesOnSignIn) json.oauthScopesOnSignIn = o.oauthScopesOnSignIn;
      if (o.extraRequestHeaders) json.extraRequestHeaders = o.extraRequestHeaders;
      return json;
    },
    getConstructorOptions: () => core.options,
    async signInWithTokens(tokens) {
      const session = core.session();
      await session.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      forgetSession(ctx, session);
    },
    getRedirectMethod: () => core.redirectMethod,
    redirectToUrl: async (url, options) => void (await core.redirect(String(url), options?.replace)),
    redirectToHandler: async (name, options) => void (await core.redirectToHandler(name, options)),
  };
}

/**
 * `StackClientApp[stackAppInternalsSymbol].fromClientJson(json)`: the app of that JSON — the same object when this
 * process made the JSON, else a new client app with those settings.
 */
function fromClientJson<App>(json: StackClientAppJson, make: (options: AppOptions) => App): App {
  if (typeof json !== "object" || json === null || typeof json.uniqueIdentifier !== "string") {
    throw new ArgumentError("fromClientJson needs the JSON that toClientJson() made.");
  }
  const existing = apps.get(json.uniqueIdentifier);
  if (existing) return existing as App;
  const { uniqueIdentifier, ...options } = json;
  const app = make(options);
  apps.set(uniqueIdentifier, app as object);
  return app;
}

/**
 * Gives the apps their internals, and returns the symbol. The export below is marked pure: a bundle that never
 * imports `stackAppInternalsSymbol` drops it and these definitions with it (the class only declares their type).
 */
function installInternals(symbol: typeof SYMBOL): typeof SYMBOL {
  Object.defineProperty(ClientApp.prototype, symbol, {
    configurable: true,
    get(this: ClientApp) {
      return appInternals((this as unknown as { ctx: AppContext }).ctx, this);
    },
  });
  Object.defineProperty(ClientApp, symbol, {
    configurable: true,
    get: () => ({ fromClientJson: (json: StackClientAppJson) => fromClientJson(json, (options) => new ClientApp(options)) }),
  });
  return symbol;
}

/**
 * The key of the official SDK's app internals (`app[stackAppInternalsSymbol]`), the same registered symbol, so code
 * that hands an app's settings from a server to a browser (`toClientJson` / `fromClientJson`) works with latchkey's
 * apps. Not for everyday use.
 *
 * @example
 * const json = serverApp[stackAppInternalsSymbol].toClientJson(); // no secret key in it
 * const browserApp = StackClientApp[stackAppInternalsSymbol].fromClientJson(json);
 */
export const stackAppInternalsSymbol: typeof SYMBOL = /* @__PURE__ */ installInternals(SYMBOL);
