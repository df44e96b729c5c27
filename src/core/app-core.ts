import { emitCacheChange } from "../cache/changes";
import { ArgumentError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { KnownError, KnownErrorCode } from "../errors";
import { sendRequest } from "../http/client";
import type { AccessType, HttpSettings, RequestSpec } from "../http/types";
import { Session } from "../session/session";
import type { StaleMarks } from "../session/session";
import { resolveTokenStore } from "../token-stores/resolve";
import { isBrowserCookieStore } from "../token-stores/cookie";
import type { TokenStore, TokenStoreInit } from "../token-stores/types";
import { resolveHandlerUrls } from "../urls/handler-urls";
import type { HandlerUrls } from "../urls/handler-urls";
import { defaultRedirectMethod } from "../urls/redirect";
import type { RedirectMethod } from "../urls/redirect";
import type { RedirectTarget } from "../urls/handler-redirects";
import type { ProjectTrustJson } from "../urls/trusted-redirects";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import type { AppOptions } from "./options";
import { checkOAuthScopes, resolveBaseUrl, resolveExtraHeaders } from "./options";
import { readEnv } from "../util/env";

// The bodies of redirect and checkRedirect load with the first navigation (see navigation.ts).
const navigation = () => import("./navigation");

/** @internal Settings an app level adds on top of the client options. */
export interface CoreKeys {
  accessType: AccessType;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

/**
 * What every app (client, server, admin) shares: the request pipeline settings, the sessions of each token
 * store, URLs and navigation. Facades call into it; it never parses a resource.
 * @internal
 */
export class AppCore {
  // Fields are declared only (set in the constructor, or later by the app): no class-field definitions to ship.
  declare readonly projectId: string;
  declare readonly http: HttpSettings;
  declare readonly urls: HandlerUrls;
  declare readonly redirectMethod: RedirectMethod;
  /** Extra scopes per OAuth provider for sign-in (the `oauthScopesOnSignIn` option, checked). */
  declare readonly oauthScopesOnSignIn: Readonly<Record<string, readonly string[]>>;
  /** The options the app was built from (after `inheritsFrom` was applied), for apps that inherit from it. */
  declare readonly options: AppOptions;
  declare private readonly defaultInit: TokenStoreInit | null;
  private readonly storesByObject = new WeakMap<object, TokenStore | null>();
  private readonly storesByName = new Map<string, TokenStore | null>();
  private readonly sessions = new WeakMap<TokenStore, Session>();
  /** Bumped to mark the access tokens of all this app's sessions stale (see {@link markTokensStale}). */
  private readonly staleMarks: StaleMarks = { count: 0 };
  /** Called when a session ends (sign-out, a refused refresh), so the facade can drop what it cached. */
  declare onSessionInvalidated?: (session: Session) => void;
  /** The client read of the project (set by the client app, from its cache): its trusted domains, for redirects. */
  declare projectRead?: () => Promise<ProjectTrustJson>;
  /** The client read of the project if one was made and is still cached (set by the client app), without a request. */
  declare projectPeek?: () => ProjectTrustJson | undefined;
  /**
   * The client read of the project the app holds or is making (its prefetch), without a new request; set by a client
   * app whose `getProject` is the client one. `useProject` reads it, as the official hook reads its cache.
   */
  declare projectHeld?: () => ProjectTrustJson | Promise<ProjectTrustJson> | undefined;
  /** The sign-in the app is finishing by itself when made on a hosted OAuth callback's page (its reads wait for it). */
  declare pendingAuth?: Promise<void>;

  constructor(options: AppOptions, keys: CoreKeys) {
    if (options !== undefined && (typeof options !== "object" || options === null)) {
      throw new ArgumentError("The app options must be an object.");
    }
    const projectId = options.projectId ?? readEnv(() => process.env.NEXT_PUBLIC_STACK_PROJECT_ID || process.env.STACK_PROJECT_ID);
    if (typeof projectId !== "string" || !projectId) {
      throw new ArgumentError(
        "projectId is required: pass { projectId } or set NEXT_PUBLIC_STACK_PROJECT_ID (or STACK_PROJECT_ID).",
      );
    }
    this.projectId = projectId;
    this.options = options;
    this.http = {
      ...options.retry,
      ...keys,
      baseUrl: resolveBaseUrl(options.baseUrl),
      projectId,
      publishableClientKey: options.publishableClientKey ?? readEnv(() => process.env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY),
      extraRequestHeaders: resolveExtraHeaders(options.extraRequestHeaders),
      fetch: options.fetch,
      afterWrite: (method, path) => emitCacheChange(this, "request", [method, path]),
    };
    this.request = sendRequest.bind(null, this.http) as AppCore["request"];
    this.urls = Object.freeze(resolveHandlerUrls(options.urls, projectId));
    this.oauthScopesOnSignIn = checkOAuthScopes(options.oauthScopesOnSignIn);
    this.redirectMethod = checkRedirectMethod(options.redirectMethod) ?? defaultRedirectMethod();
    this.defaultInit = options.tokenStore ?? null;
    // The cookie store needs a browser page, which a module shared with server rendering does not have while it
    // is evaluated there: it is made on first use (its ArgumentError says what to use instead). Others now.
    if (this.defaultInit !== null && this.defaultInit !== "cookie") this.storeFor(this.defaultInit);
  }

  /**
   * Sends a request through the shared pipeline: the http client itself (bound to this app's settings), so a
   * resource's call goes straight to it. A write that succeeded is told to change listeners as
   * `["request", method, path]` (it may change reads no cache entry names).
   */
  declare readonly request: <T>(spec: RequestSpec) => Promise<T>;

  /**
   * The session of the per-call store if given, else of the app's store. Throws an ArgumentError when neither
   * exists. The same store always yields the same session, so concurrent calls share one refresh.
   */
  session(tokenStore?: TokenStoreInit): Session {
    const init = tokenStore === undefined ? this.defaultInit : tokenStore;
    const store = init === null ? null : this.storeFor(init);
    if (!store) {
      throw new ArgumentError(
        "This app has no token store: pass { tokenStore } to this call, or create the app with a tokenStore option.",
      );
    }
    let session = this.sessions.get(store);
    if (!session) {
      const created = new Session(store, (token) => this.refreshAccessToken(token), undefined, this.staleMarks);
      created.onInvalidate(() => this.onSessionInvalidated?.(created));
      // A cookie session is shared with the page's other tabs: see session/cross-tab.ts (loaded now).
      if (isBrowserCookieStore(store)) created.crossTab = import("../session/cross-tab").then((m) => m.shareAcrossTabs(created, this), () => undefined);
      this.sessions.set(store, (session = created));
    }
    return session;
  }

  /**
   * The user of `session` changed — or, without a session, a user any of this app's sessions may hold: their
   * access tokens may carry outdated claims, so each one's next use fetches a new token. Nothing is fetched now.
   */
  markTokensStale(session?: Session): void {
    if (session) session.suggestAccessTokenExpired();
    else this.staleMarks.count++;
  }

  /**
   * Navigates to `url` when the redirect method can, returning whether it did. Every navigation the SDK makes goes
   * through here: a target that is not relative, on this page's origin, on the project's hosted pages or on one of
   * its trusted domains is refused with an ArgumentError ("Redirect URL … is not trusted; should be relative.")
   * and nothing navigates.
   */
  redirect(url: string, replace?: boolean): Promise<boolean> {
    return navigation().then((m) => m.redirect(this, url, replace));
  }

  /**
   * What {@link AppCore.redirect} would navigate to for `url` (null when the redirect method cannot navigate);
   * throws its ArgumentError for an untrusted `url`. Lets a flow refuse a bad target before it changes anything.
   */
  checkRedirect(url: string): Promise<string | null> {
    return navigation().then((m) => m.checkRedirect(this, url));
  }

  /**
   * Goes to a handler page or destination as the official SDK's `redirectTo*` helpers do (see
   * `handlerRedirectUrl`: sign-in and sign-up remember the current page in `after_auth_return_to`, after-sign-in
   * and after-sign-up follow it), through {@link AppCore.redirect}. `options` is checked (ArgumentError).
   */
  redirectToHandler(target: RedirectTarget, options?: { replace?: boolean; noRedirectBack?: boolean }): Promise<boolean> {
    return import("../urls/handler-redirects").then((m) => m.redirectToHandler(this, target, options));
  }

  /**
   * @internal Where a `redirectTo*` helper for `target` really goes when its planned `url` may involve a
   * cross-domain hand-off: a hosted sign-in page gets the hand-off's parameters, a return to an app on another origin
   * becomes the platform's hand-off redirect. The hand-off is an auth flow (auth/oauth-handoff.ts, loaded then), so
   * the client app sets this; without it, and when the app cannot navigate, `url` stays as it is.
   */
  declare handOff?: (target: RedirectTarget, url: string) => Promise<string>;

  /**
   * Runs `call` (or waits for it, when given as a promise already under way), turning the known errors listed in
   * `expected` (or their descendants) into an error result; anything else is thrown.
   */
  async expect<T, E extends KnownError = KnownError>(call: Promise<T> | (() => Promise<T>), expected: KnownErrorCode[]): Promise<Result<T, E>> {
    try {
      return ok(await (typeof call === "function" ? call() : call));
    } catch (error) {
      if (expected.some((code) => isKnownErrorOf(error, code))) return err(error as E);
      throw error;
    }
  }

  private storeFor(init: TokenStoreInit): TokenStore | null {
    const isObject = typeof init === "object" && init !== null;
    const cache: { get(k: unknown): TokenStore | null | undefined; set(k: never, v: TokenStore | null): unknown } = isObject
      ? this.storesByObject
      : this.storesByName;
    let store = cache.get(init);
    if (store === undefined) {
      // A browser cookie store also keeps the session on the page's trusted parent domain (page-parent-domain.ts,
      // loaded for a project that trusts a `**.` domain), from the project's read: the app's prefetched one, or (with
      // noAutomaticPrefetch) one the app made for another reason; none yet (undefined): the store asks again later.
      const parentDomain = async () => {
        const project = await (this.options.noAutomaticPrefetch ? this.projectPeek?.() : this.projectRead?.());
        const domains = project?.config.domains ?? [];
        if (project) return domains.some((d) => `${d?.domain}`.includes("**.")) ? (await import("./page-parent-domain")).pageParentDomain(this.projectId, domains) : null;
      };
      store = resolveTokenStore(init, { projectId: this.projectId, parentDomain });
      cache.set(init as never, store);
    }
    return store;
  }

  /**
   * @internal A new access token for `refreshToken` of `projectId` (this app's project, or `"internal"` for a project
   * owner's session, see apps/owner-session.ts).
   */
  refreshAccessToken(refreshToken: string, projectId = this.projectId): Promise<string> {
    return import("../session/refresh").then((m) => m.requestAccessToken(this.http, refreshToken, projectId, projectId === this.projectId));
  }
}

/** `redirectMethod` as given (undefined: the default), or an ArgumentError saying what is accepted. */
function checkRedirectMethod(method: unknown): RedirectMethod | undefined {
  if (method === undefined || method === "window" || method === "none" || method === "nextjs") return method;
  if (typeof method === "object" && method !== null) {
    const m = method as { navigate?: unknown; useNavigate?: unknown };
    if (typeof m.navigate === "function" || typeof m.useNavigate === "function") return method as RedirectMethod;
  }
  throw new ArgumentError(
    `Invalid redirectMethod (${typeof method === "string" ? JSON.stringify(method) : typeof method}): expected "window", "none", "nextjs", { navigate } or { useNavigate }.`,
  );
}
