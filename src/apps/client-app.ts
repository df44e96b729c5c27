import { bindContext, contextOf, forgetSession } from "../core/context";
import type { AppContext, ResourceFlows } from "../core/context";
import { signInWithCredential } from "../auth/password";
import type { SignInOptions } from "../auth/password";
import { userCache, userKey } from "../resources/users/current";
import type { CurrentUserJson, GetUserOptions } from "../resources/users/current";
import { createCache } from "../cache";
import type { Project, ProjectJson } from "../resources/projects/client";
import type { Session } from "../session/session";
import type { TokenStoreInit } from "../token-stores/types";
import { AppCore } from "../core/app-core";
import type { CoreKeys } from "../core/app-core";
import { ClientFlows } from "./client-flows";
import { ClientConvex } from "./client-convex";
import { ClientRedirects } from "./client-redirects";
import { ClientSessionReads } from "./client-session-reads";
import { install } from "./capabilities";
import { callLater } from "./call-later";
import type { LaterFunctions } from "./client-calls";
import type { CurrentUser } from "./current-user";
import type { AppOptions } from "../core/options";
import { optionalBoolean, optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import type { HandlerUrls } from "../urls/handler-urls";
import { inBrowser } from "../urls/redirect";
import { CLIENT_VERSION } from "../version";
import { STACK_APP_INTERNALS as stackAppInternalsSymbol } from "./internals-symbol";
import type { AppInternals, StackClientAppJson } from "./internals-types";
import type { PartialUserOptions, TokenPartialUser } from "../auth/partial-user";
import { checkAnalyticsOptions } from "../core/analytics-options";

/**
 * Options of {@link ClientApp}: the {@link AppOptions} settings, each of which may also come from the environment
 * variables the official SDK reads (`NEXT_PUBLIC_STACK_PROJECT_ID`, `NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY`,
 * `NEXT_PUBLIC_STACK_API_URL`, …), and `inheritsFrom`.
 *
 * @example
 * const options: ClientAppOptions = { projectId: "…uuid…", publishableClientKey: "pck_…", tokenStore: "cookie" };
 */
export interface ClientAppOptions extends AppOptions {
  /**
   * Another app (client, server or admin) whose settings this one starts from: project id, keys, API URL, token
   * store, URLs, redirect method, extra headers, `fetch` and retry settings. Options given here win over it.
   */
  inheritsFrom?: ClientApp;
}

/**
 * @internal `options` on top of the settings of `options.inheritsFrom` (a latchkey app); options given as
 * `undefined` do not override. Without `inheritsFrom`, `options` as they are.
 */
export function withInherited<T extends ClientAppOptions>(options: T): T {
  const parent = options?.inheritsFrom;
  if (parent === undefined) return options;
  if (!(parent instanceof ClientApp)) throw new ArgumentError("inheritsFrom must be a latchkey ClientApp, ServerApp or AdminApp.");
  const own = Object.entries(options).filter(([key, value]) => value !== undefined && key !== "inheritsFrom");
  return { ...contextOf(parent).core.options, ...Object.fromEntries(own) } as T;
}

/**
 * @internal `getUser`'s read: the user of the session (from the current-user cache, fetched when none is held),
 * with the anonymous / restricted rules and what `or` says when there is none. ServerApp's `getUser()` shares it.
 * @example
 * const found = await resolveUser(ctx, { or: "throw" }); // { session, user } | null
 */
export async function resolveUser(
  ctx: AppContext,
  options: GetUserOptions | undefined,
): Promise<{ session: Session; user: CurrentUserJson } | null> {
  const o = optionalObject(options, "getUser options");
  // An `or` other than the default loads its checks (an ArgumentError before anything is read) and its answer for a
  // missing user (get-user-or.ts): a page that never gives one does not download them.
  const other = o.or == null || o.or === "return-null" ? undefined : await import("../auth/get-user-or");
  other?.checkGetUserOr(o);
  const anonymousOk = o.or === "anonymous" || o.or === "anonymous-if-exists[deprecated]";
  const session = ctx.core.session(o.tokenStore);
  // The session's entry of the current-user cache, read here (the cache calls the users resource's fetch).
  const user = await userCache(ctx).get(await userKey(session));
  if (user && (anonymousOk || (!user.is_anonymous && (!!o.includeRestricted || !user.is_restricted)))) return { session, user };
  return other ? other.noUser(ctx, session, o.or!, user) : null;
}

type StoreOption = { tokenStore?: TokenStoreInit };

/**
 * The app for browsers and for code acting as one user: signs users up, in and out and reads the current user
 * and project. Expected failures (a wrong password, an expired code) come back as `Result`s; anything else is
 * thrown.
 *
 * @example
 * import { ClientApp } from "latchkey";
 * const app = new ClientApp({ projectId: "…", publishableClientKey: "pck_…", tokenStore: "cookie" });
 * const result = await app.signInWithCredential({ email, password });
 * if (result.status === "ok") console.log((await app.getUser())?.primaryEmail);
 */
export class ClientApp {
  // The members of its capability groups (their signatures and docs are in the interface below).
  private static readonly groups = /* @__PURE__ */ install(this, ClientFlows, ClientConvex, ClientRedirects, ClientSessionReads);
  /** @internal */
  declare protected readonly core: AppCore;
  /** @internal */
  declare protected readonly ctx: AppContext;
  // The client read of the project, as sent: redirects off this origin check its trusted domains, and getProject
  // maps it (resources/projects/client.ts, loaded then: the prefetch only reads it).
  private readonly projectCache = createCache(() => this.core.request<ProjectJson>({ expect: "id", path: "/projects/current" }));

  /**
   * @param options - see {@link ClientAppOptions}
   * @param keys - @internal the access level and keys; `ServerApp` and `AdminApp` pass theirs
   */
  constructor(options: ClientAppOptions = {}, keys: CoreKeys = { accessType: "client" }) {
    options = withInherited(options);
    this.core = new AppCore(options, keys);
    // The project as cached or being prefetched (in a browser), fetched only when no read is held or under way.
    let prefetching: Promise<ProjectJson> | undefined;
    const held = () => this.projectCache.peek([]) ?? prefetching;
    this.core.projectRead = async () => (await held()) ?? (await this.projectCache.get([]));
    this.core.projectPeek = () => this.projectCache.peek([]);
    // The auth flows a resource's method may start (see ResourceFlows), and a redirect that may hand the session to
    // another domain: auth flows, handed down, each loading on first use (through callLater).
    const flows: ResourceFlows = { startLinking: (...args) => callLater<LaterFunctions["startLinking"]>(this.ctx, "startLinking", args) };
    this.ctx = { core: this.core, caches: new Map(), flows };
    bindContext(this, this.ctx);
    this.core.handOff = (target, url) => callLater<LaterFunctions["handOff"]>(this.ctx, "handOff", [target, url]);
    // A forgotten user is told to the change listeners (the React layer re-reads it) as cache "user" from the start.
    userCache(this.ctx);
    this.core.onSessionInvalidated = (session) => forgetSession(this.ctx, session);
    const noPrefetch = options.noAutomaticPrefetch;
    optionalBoolean(noPrefetch, "noAutomaticPrefetch");
    checkAnalyticsOptions(options.analytics); // accepted for the official SDK's sake; latchkey sends no analytics
    // After the constructors of subclasses ran (an AdminApp's owner session is set up after this one), the project is
    // read: the client read only, which `useProject` then shows without another request (core.projectHeld), unless a
    // subclass has a getProject of its own (an admin app's reads the admin project).
    const own = this.getProject === ClientApp.prototype.getProject;
    if (own) this.core.projectHeld = held;
    if (!noPrefetch && inBrowser()) {
      if (own) {
        // Held until it settles; then the cache holds its result (for as long as the cache keeps it).
        const done = () => void (prefetching = undefined);
        (prefetching = Promise.resolve().then(() => this.projectCache.get([]))).then(done, done);
      } else Promise.resolve().then(() => this.getProject()).catch(() => {});
    }
    // Back from a hosted OAuth callback (an address with a code): the app finishes the sign-in here by itself, as the
    // official SDK does; its user and token reads wait for that (auth/oauth-hosted-callback.ts, loaded only then).
    if (inBrowser() && /[?&]code=/.test(window.location.search)) {
      this.core.pendingAuth = import("../auth/oauth-hosted-callback").then((m) => m.finishHostedCallback(this, options.urls));
    }
  }

  /**
   * The official SDK's internals hook (see `stackAppInternalsSymbol`; present once that symbol is imported):
   * `toClientJson`, `getConstructorOptions`, `signInWithTokens`, `getRedirectMethod`, `redirectToUrl`, `redirectToHandler`.
   * @example
   * const json = app[stackAppInternalsSymbol].toClientJson();
   */
  declare readonly [stackAppInternalsSymbol]: AppInternals;

  /**
   * The official SDK's static internals hook (present once `stackAppInternalsSymbol` is imported):
   * `fromClientJson(json)` rebuilds a client app from `app[stackAppInternalsSymbol].toClientJson()` (the same app
   * when this process made the JSON).
   * @example
   * const app = ClientApp[stackAppInternalsSymbol].fromClientJson(json);
   */
  declare static readonly [stackAppInternalsSymbol]: { fromClientJson(json: StackClientAppJson): ClientApp };

  /**
   * The resolved page and destination URLs (the `urls` option with every default filled in).
   * @example
   * location.assign(app.urls.signIn);
   */
  get urls(): Readonly<HandlerUrls> {
    return this.core.urls;
  }

  /**
   * This library's version as sent to the platform, e.g. `"js latchkey@0.1.0"`.
   * @example
   * console.log(app.version);
   */
  get version(): string {
    return CLIENT_VERSION;
  }

  /**
   * The project id this app talks to.
   * @example
   * console.log(app.projectId);
   */
  get projectId(): string {
    return this.core.projectId;
  }

  /**
   * Signs in with e-mail and password. A wrong pair comes back as an `EMAIL_PASSWORD_MISMATCH` error result. For a
   * user with a second factor, as in the official SDK, no result: in a browser the user is sent to the MFA page,
   * and the `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error (its `details.attempt_code` goes with the TOTP code to the
   * MFA step) is thrown.
   * @example
   * const result = await app.signInWithCredential({ email, password, noRedirect: true });
   * if (result.status === "error") showError(result.error.message);
   */
  signInWithCredential(options: SignInOptions) {
    return signInWithCredential(this.ctx, options);
  }

  /**
   * The signed-in user, or what `or` says when there is none. Anonymous users count as signed out unless
   * `or: "anonymous"`; restricted users unless `includeRestricted`. A restricted user held in the cache is read
   * again first, so a restriction lifted elsewhere (the e-mail verified on another device) ends at once.
   * @example
   * const user = await app.getUser();                 // CurrentUser | null
   * const sure = await app.getUser({ or: "throw" });  // CurrentUser
   */
  getUser(options: GetUserOptions & { or: "throw" | "redirect" | "anonymous" }): Promise<CurrentUser>;
  getUser(options?: GetUserOptions): Promise<CurrentUser | null>;
  async getUser(options?: GetUserOptions): Promise<CurrentUser | null> {
    // The user object's code loads while the user is read, so a page that never reads a user does not download it.
    if (this.core.pendingAuth) await this.core.pendingAuth;
    const [found, { createCurrentUser }] = await Promise.all([resolveUser(this.ctx, options), import("./current-user")]);
    return found && createCurrentUser(this.ctx, found.session, found.user);
  }

  /**
   * What the stored access token says about the signed-in user, without any request (so it may be up to the
   * token's lifetime out of date): `{ id, displayName, primaryEmail, primaryEmailVerified, isAnonymous,
   * isMultiFactorRequired, isRestricted, restrictedReason }`, or null when signed out or the token has expired.
   * With `{ from: "convex", ctx }`, inside a Convex function: the same fields from `ctx.auth.getUserIdentity()` (the
   * token the Convex client sent, see `getConvexClientAuth`), or null without an identity or for another issuer's.
   * Anonymous users only with `or: "anonymous-if-exists"`.
   * @example
   * const partial = await app.getPartialUser({ from: "token" });
   * if (partial) showAvatarFor(partial.displayName ?? partial.primaryEmail);
   * const caller = await app.getPartialUser({ from: "convex", ctx }); // in a Convex query or mutation
   */
  getPartialUser(options: PartialUserOptions): Promise<TokenPartialUser | null> {
    return callLater<typeof import("../auth/partial-user").getPartialUser>(this.ctx, "getPartialUser", [options]);
  }

  /**
   * The project's id, name and enabled sign-in features.
   * @example
   * const { config } = await app.getProject();
   * if (config.magicLinkEnabled) showMagicLink();
   */
  getProject(): Promise<Project> {
    return Promise.all([this.projectCache.get([]), import("../resources/projects/client")]).then(([json, m]) => m.projectOf(json));
  }

  /**
   * Signs out: ends the session on the server, clears the tokens, then goes to `redirectUrl` or after-sign-out.
   * @example
   * await app.signOut({ redirectUrl: "/goodbye" });
   */
  signOut(options?: { redirectUrl?: URL | string } & StoreOption): Promise<void> {
    return import("../auth/sign-out").then((m) => m.signOut(this.ctx, options));
  }
}

// The capability groups of every app: the flows beyond the password sign-in, the Convex helpers, the `redirectTo*`
// helpers and the session's token reads (their code is put on the prototype above).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ClientApp extends ClientFlows, ClientConvex, ClientRedirects, ClientSessionReads {}
