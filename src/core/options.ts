import { ArgumentError } from "../errors/base";
import type { AnalyticsOptions } from "./analytics-options";
import type { RetryOptions } from "../http/types";
import type { TokenStoreInit } from "../token-stores/types";
import type { HandlerUrlOptions } from "../urls/handler-urls";
import type { RedirectMethod } from "../urls/redirect";
import { inBrowser } from "../urls/redirect";
import { readEnv } from "../util/env";

/** The platform's hosted API, used when neither an option nor an environment variable names another. */
export const DEFAULT_BASE_URL = "https://api.stack-auth.com";

/**
 * The settings every app (client, server, admin) is built from: {@link ClientAppOptions} without `inheritsFrom`,
 * as an app keeps them once an inherited app's settings were applied. Every field may also come from the
 * environment variables the official SDK reads (`NEXT_PUBLIC_STACK_PROJECT_ID`,
 * `NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY`, `NEXT_PUBLIC_STACK_API_URL`, …).
 *
 * @example
 * const settings: AppOptions = app[stackAppInternalsSymbol].getConstructorOptions();
 */
export interface AppOptions {
  /** The project's id (`"internal"` or a UUID). Env: `NEXT_PUBLIC_STACK_PROJECT_ID`, `STACK_PROJECT_ID`. */
  projectId?: string;
  /** Env: `NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY`. Optional unless the project requires it. */
  publishableClientKey?: string;
  /**
   * API origin (without `/api/v1`), or one per side. Env: `NEXT_PUBLIC_BROWSER_STACK_API_URL` /
   * `NEXT_PUBLIC_SERVER_STACK_API_URL`, then `NEXT_PUBLIC_STACK_API_URL`, `STACK_API_URL`, `NEXT_PUBLIC_STACK_URL`.
   * Default `https://api.stack-auth.com`.
   */
  baseUrl?: string | { browser: string; server: string };
  /**
   * Where tokens live. `null` or absent: every session call needs its own `{ tokenStore }`. `"cookie"` needs a
   * browser page; an app created with it elsewhere (a module also evaluated during server rendering) throws an
   * `ArgumentError` only when a call needs the store.
   */
  tokenStore?: TokenStoreInit;
  /** Where the auth pages and post-auth destinations are (see {@link HandlerUrlOptions}); read back as `app.urls`. */
  urls?: HandlerUrlOptions;
  /** How to navigate. Default `"window"` in a browser, `"none"` elsewhere. */
  redirectMethod?: RedirectMethod;
  /** Headers added to every request. Env: `NEXT_PUBLIC_STACK_EXTRA_REQUEST_HEADERS` (JSON). */
  extraRequestHeaders?: Record<string, string>;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Retry timing, injectable for tests. */
  retry?: RetryOptions;
  /**
   * Extra OAuth scopes to ask each provider for when signing in with it, e.g. `{ github: ["repo"] }`.
   * Checked here (provider ids to arrays of scope names) and kept as `app.oauthScopesOnSignIn`.
   */
  oauthScopesOnSignIn?: Partial<Record<string, string[]>>;
  /**
   * In a browser, the app fetches the project (`GET /projects/current`) when it is created, so the first
   * `getProject()` is served from the cache. `true` turns that off. No such request is made outside a browser.
   */
  noAutomaticPrefetch?: boolean;
  /**
   * The official SDK's dev tool switch: `false` keeps latchkey's dev tools (the panel `<LatchkeyProvider>` shows in
   * development builds) off for this app, like the provider's `devTool={false}`. Nothing else reads it.
   */
  devTool?: boolean;
  /**
   * The official SDK's analytics and session-replay settings. latchkey captures no analytics events and records no
   * session replays, so this is checked (an `ArgumentError` for a wrong shape) and has no other effect: see
   * {@link AnalyticsOptions}.
   */
  analytics?: AnalyticsOptions;
}

/** @internal The API origin for this side (browser or server). */
export function resolveBaseUrl(baseUrl: AppOptions["baseUrl"]): string {
  const browser = inBrowser();
  const chosen =
    (typeof baseUrl === "object" && baseUrl ? (browser ? baseUrl.browser : baseUrl.server) : baseUrl) ??
    readEnv(() => (browser ? process.env.NEXT_PUBLIC_BROWSER_STACK_API_URL : process.env.NEXT_PUBLIC_SERVER_STACK_API_URL)) ??
    readEnv(() => process.env.NEXT_PUBLIC_STACK_API_URL || process.env.STACK_API_URL || process.env.NEXT_PUBLIC_STACK_URL) ??
    DEFAULT_BASE_URL;
  let valid = typeof chosen === "string";
  try {
    if (valid) new URL(chosen);
  } catch {
    valid = false;
  }
  if (!valid) {
    const got = typeof chosen === "string" ? JSON.stringify(chosen) : `a ${typeof chosen}`;
    throw new ArgumentError(`baseUrl must be an absolute URL such as "https://api.stack-auth.com", got ${got}.`);
  }
  return chosen;
}

/** @internal `oauthScopesOnSignIn`, checked: provider ids to arrays of scope names (no spaces). */
export function checkOAuthScopes(value: unknown): Record<string, string[]> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ArgumentError('oauthScopesOnSignIn must map provider ids to scope lists, e.g. { github: ["repo"] }.');
  }
  const scopes: Record<string, string[]> = {};
  for (const [provider, list] of Object.entries(value)) {
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((s) => typeof s !== "string" || !s || /\s/.test(s))) {
      throw new ArgumentError(`oauthScopesOnSignIn.${provider} must be an array of scope names without spaces.`);
    }
    scopes[provider] = [...list];
  }
  return scopes;
}

/** @internal Extra headers from the option or the environment's JSON. */
export function resolveExtraHeaders(given: Record<string, string> | undefined): Record<string, string> | undefined {
  if (given) return given;
  const raw = readEnv(() => process.env.NEXT_PUBLIC_STACK_EXTRA_REQUEST_HEADERS);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ArgumentError("NEXT_PUBLIC_STACK_EXTRA_REQUEST_HEADERS must be a JSON object of header names to values.");
  }
}
