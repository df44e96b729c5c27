import { createContext, useContext, useSyncExternalStore } from "react";
import type { ClientApp } from "../../apps/client-app";
import { contextOf } from "../../core/context";
import { ReadObserver } from "../../cache/observer";
import type { ReadState } from "../../cache/observer";
import { useProvidedApp } from "../context";
import type { GetUserOptions } from "../../resources/users/current";
import type { CurrentUser } from "../../apps/current-user";
import type { Project, ProjectJson } from "../../resources/projects/client";
import type { AdminApp } from "../../apps/admin-app";
import type { ServerApp } from "../../apps/server-app";
import type { CurrentServerUser } from "../../apps/server-user-lookup";
import type { ServerTeam, ServerUser } from "../../resources/users/server-types";
import { ANY } from "../../cache/observer";
import type { CacheName } from "../../resources/cache-names";
import { coreOf } from "../ui/navigation";
import { argKey } from "./reader";
import type { Reader, ReadWatch } from "./reader";
import { withTeamHooks } from "./team-hooks";
import type { TeamHooks } from "./team-hooks";
import { withUserHooks } from "./user-hooks";
import type { AnyUser } from "./user-hooks";
import type { UserHooks } from "./user-hooks";

/**
 * The hooks an app given to `<LatchkeyProvider>` has (official names), beside its `get…`/`list…` methods. A
 * `ServerApp` also has `useUsers`, `useTeams`, `useTeam`, `useTeamMemberPermissions` and
 * `useEmailDeliveryStats`; an `AdminApp` `useInternalApiKeys`, `useTeamPermissionDefinitions`,
 * `useProjectPermissionDefinitions`, `useEmailThemes`, `useEmailTheme`, `useEmailTemplates`, `useEmailDrafts`
 * and `useSvixToken`.
 *
 * @example
 * const app = useApp();
 * const project = app.useProject();
 * const user = app.useUser({ or: "redirect" });
 */
export interface AppHooks {
  /** `getUser(options)` as a hook: the user (with {@link UserHooks}) or null, re-rendered on sign-in and sign-out. */
  useUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): CurrentUser & UserHooks;
  useUser(options?: GetUserOptions): (CurrentUser & UserHooks) | null;
  /** `getProject()` as a hook. */
  useProject(): Project;
  /**
   * A function that navigates the way the app's `redirectMethod` does (for links inside your app); it resolves
   * once navigated, and rejects for a URL the project does not trust.
   */
  useNavigate(): (url: string) => Promise<void>;
  /** The current access token (valid for 20 s at least), or null. */
  useAccessToken(): string | null;
  /** The current refresh token, or null. */
  useRefreshToken(): string | null;
  /** `"Bearer …"` for your own API, or null. */
  useAuthorizationHeader(): string | null;
  /** `{ accessToken, refreshToken }` of the session. */
  useAuthJson(): { accessToken: string | null; refreshToken: string | null };
}

type Of<A, K extends keyof A> = A[K] extends (...args: never[]) => Promise<infer R> ? R : never;
type Page<T> = T[] & { nextCursor: string | null };
type ServerTeamWithHooks = ServerTeam & TeamHooks<Of<ServerTeam, "listUsers">[number]>;

/**
 * The hooks of a `ServerApp` given to the provider (for trusted UIs such as an internal dashboard), beside the
 * {@link AppHooks}: users and teams (with their hooks), a team's member permissions and e-mail delivery.
 *
 * @example
 * const server = useApp<ServerApp>();
 * const users = server.useUsers({ limit: 20 });
 * const ada = server.useUser(userId);
 */
export interface ServerAppHooks extends Omit<AppHooks, "useUser"> {
  useUser(userId: string): (ServerUser & UserHooks) | null;
  useUser(options: { apiKey: string; or?: "return-null" | "throw" | "anonymous" }): (ServerUser & UserHooks) | null;
  useUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): CurrentServerUser & UserHooks;
  useUser(options?: GetUserOptions): (CurrentServerUser & UserHooks) | null;
  /** `listUsers(options)` as a hook: one page, with `nextCursor`. */
  useUsers(options?: Parameters<ServerApp["listUsers"]>[0]): Page<ServerUser & UserHooks>;
  /** `listTeams(options)` as a hook: one page, with `nextCursor`. */
  useTeams(options?: Parameters<ServerApp["listTeams"]>[0]): Page<ServerTeamWithHooks>;
  /** `getTeam(id)` (or `{ apiKey }`) as a hook. */
  useTeam(idOrApiKey: string | { apiKey: string }): ServerTeamWithHooks | null;
  /** `listTeamMemberPermissions(teamId, options)` as a hook. */
  useTeamMemberPermissions(teamId: string, options?: Parameters<ServerApp["listTeamMemberPermissions"]>[1]): Of<ServerApp, "listTeamMemberPermissions">;
  /** `getEmailDeliveryStats()` as a hook. */
  useEmailDeliveryStats(): Of<ServerApp, "getEmailDeliveryStats">;
}

/**
 * The hooks of an `AdminApp` given to the provider, beside the {@link ServerAppHooks}: the project (admin view),
 * internal API keys, permission definitions, e-mail themes, templates and drafts.
 *
 * @example
 * const admin = useApp<AdminApp>();
 * const definitions = admin.useTeamPermissionDefinitions();
 */
export interface AdminAppHooks extends Omit<ServerAppHooks, "useProject"> {
  useProject(): Of<AdminApp, "getProject">;
  useInternalApiKeys(): Of<AdminApp, "listInternalApiKeys">;
  useTeamPermissionDefinitions(): Of<AdminApp, "listTeamPermissionDefinitions">;
  useProjectPermissionDefinitions(): Of<AdminApp, "listProjectPermissionDefinitions">;
  useEmailThemes(): Of<AdminApp, "listEmailThemes">;
  useEmailTheme(id: string): Of<AdminApp, "getEmailTheme">;
  useEmailTemplates(): Of<AdminApp, "listEmailTemplates">;
  useEmailDrafts(): Of<AdminApp, "listEmailDrafts">;
  useSvixToken(): Of<AdminApp, "getSvixToken">;
}

/**
 * The hooks an app of type `A` has under the provider: {@link AdminAppHooks}, {@link ServerAppHooks} or
 * {@link AppHooks}.
 * @example
 * const admin = useApp<AdminApp>(); // AdminApp & AdminAppHooks
 */
export type HooksOf<A> = A extends AdminApp ? AdminAppHooks : A extends ServerApp ? ServerAppHooks : AppHooks;

const stores = /* @__PURE__ */ new WeakMap<object, ReadObserver>();

/**
 * The React layer's read store of `app`, listening to the change signals of the app's caches.
 * @internal
 * @example
 * const store = readStoreOf(app);
 */
export function readStoreOf(app: ClientApp): ReadObserver {
  let store = stores.get(app);
  if (!store) {
    const ctx = contextOf(app);
    stores.set(app, (store = new ReadObserver([ctx, ctx.core])));
  }
  return store;
}

/**
 * The read store a provider hands to the hooks below it, for its app. In a browser it is the app's shared store
 * ({@link readStoreOf}); in a server render each provider makes its own, so one request's reads (its user, say)
 * are never served to another request rendering with the same app.
 * @internal
 */
export const StoreContext = /* @__PURE__ */ createContext<{ app: ClientApp; store: ReadObserver } | null>(null);

/**
 * @internal What {@link useReadState} gives: the read's state (`"pending"` while its first load runs), and the
 * promise a render that suspends on it waits for.
 */
export interface ReadView<S> {
  state: ReadState<S>;
  pending: () => Promise<void>;
}

/**
 * {@link useRead} without suspending or throwing: the state of the read, for a component that shows its own
 * placeholder while it loads (a Suspense fallback, once shown, holds the content back for React's 300 ms).
 * @internal
 * @example
 * const { state } = useReadState(app, "project", [], () => app.getProject());
 * if (state.status === "pending") return <Loading />;
 */
export function useReadState<T, S = T>(app: ClientApp, key: string, watch: readonly ReadWatch[], load: () => Promise<T>, present?: (value: T) => S, hold?: () => boolean): ReadView<S> {
  const provided = useContext(StoreContext);
  const store = provided?.app === app ? provided.store : readStoreOf(app);
  const entry = store.entry(key, watch, load, present, hold);
  const state = useSyncExternalStore(entry.subscribe, entry.getSnapshot, entry.getSnapshot) as ReadState<S>;
  return { state, pending: () => store.pending(entry) };
}

/**
 * The value of a {@link ReadView}: suspends while it loads, throws its error.
 * @internal
 * @example
 * const project = valueOf(useProjectRead(app));
 */
export function valueOf<S>({ state, pending }: ReadView<S>): S {
  if (state.status === "pending") throw pending();
  if (state.status === "error") throw state.error;
  return state.value as S;
}

/**
 * Reads `load()` through the app's read observer under `key` (what it hands out is `present(value)`, once per load): suspends while the first load runs, throws its error
 * to the nearest error boundary, and re-renders only when a cache entry matching `watch` changed and the data
 * read again differs. `hold` says when the read's session has ended: it is then not read again, and a re-read that
 * failed keeps the value shown (the page is about to leave).
 * @internal
 * @example
 * const teams = useRead(app, `user:${user.id}:teams`, [["teams", ANY]], () => user.listTeams());
 */
export function useRead<T, S = T>(app: ClientApp, key: string, watch: readonly ReadWatch[], load: () => Promise<T>, present?: (value: T) => S, hold?: () => boolean): S {
  return valueOf(useReadState(app, key, watch, load, present, hold));
}

/** @internal The {@link Reader} of `app`: its hooks' reads through {@link useRead}. */
const readerOf = (app: ClientApp): Reader => (key, watch, load, present, hold) => useRead(app, key, watch, load, present, hold);

/** `app.getUser(options)` as a hook: the app's read observer loads it; the user handed out has the user hooks. */
function useUserOf(app: ClientApp, options?: GetUserOptions): (CurrentUser & UserHooks) | null {
  return valueOf(useUserRead(app, options));
}

/**
 * @internal The read behind `useUser(options)`, as a {@link ReadView}.
 * @example
 * const { state } = useUserRead(app, { includeRestricted: true });
 */
export function useUserRead(app: ClientApp, options?: GetUserOptions): ReadView<(CurrentUser & UserHooks) | null> {
  return useReadState(app, `user:${argKey(options ?? {})}`, [["user"]], app.getUser.bind(app, options), (user) => withUserHooks(readerOf(app), user));
}

/**
 * @internal The read behind a client app's `useProject()`, as a {@link ReadView}: the project as the app holds it
 * (the read it prefetched when made, or is making), as the official hook reads its cache, else read afresh.
 * @example
 * const { state } = useProjectRead(app);
 */
export function useProjectRead(app: ClientApp): ReadView<Project> {
  return useReadState(app, "project", PROJECT_WATCH, () => heldProject(app));
}

const PROJECT_WATCH: ReadWatch[] = [["admin-project"], ["request", "PATCH"]];

function heldProject(app: ClientApp): Promise<Project> {
  const held = contextOf(app).core.projectHeld?.();
  if (!held) return app.getProject();
  return Promise.all([held, import("../../resources/projects/client")]).then(
    ([json, m]) => m.projectOf(json as ProjectJson),
    () => app.getProject(),
  );
}

/**
 * The signed-in user, read as `app.getUser(options)` does (`or: "redirect" | "throw" | "return-null" |
 * "anonymous"`, `includeRestricted`), with the {@link UserHooks}. Suspends while loading; re-renders on sign-in,
 * sign-out and changes to the user.
 *
 * @example
 * function Profile() {
 *   const user = useUser({ or: "redirect" });
 *   return <p>Signed in as {user.displayName ?? user.primaryEmail}</p>;
 * }
 */
export function useUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): CurrentUser & UserHooks;
export function useUser(options?: GetUserOptions): (CurrentUser & UserHooks) | null;
export function useUser(options?: GetUserOptions): (CurrentUser & UserHooks) | null {
  return useUserOf(useProvidedApp(), options);
}

const SESSION: ReadWatch[] = [["user"], ["request"]];

/** A page of a server list with each item given its hooks (the page's `nextCursor` kept). */
function page<T, R>(items: T[] & { nextCursor?: string | null }, wrap: (item: T) => R): R[] & { nextCursor: string | null } {
  return Object.assign(items.map(wrap), { nextCursor: items.nextCursor ?? null });
}

/** A read of `app` without `present` (the value handed out as loaded). */
const read = <T>(app: ClientApp, key: string, watch: ReadWatch[], load: () => Promise<T>) => useRead(app, key, watch, load);

/** The {@link AppHooks}, as methods of any app (`this`), each reading through the app's observer. */
const clientHooks: AppHooks & ThisType<ClientApp> = {
  useUser: function (this: ClientApp, options?: GetUserOptions) {
    return useUserOf(this, options);
  } as AppHooks["useUser"],
  useProject() {
    return valueOf(useProjectRead(this));
  },
  // Through the app's redirect method (and its trusted-redirect check), e.g. your router's navigate; the promise
  // rejects for an untrusted URL.
  useNavigate() {
    return (url: string) => coreOf(this).redirect(url).then(() => undefined);
  },
  useAccessToken() {
    return read(this, "access-token", SESSION, () => this.getAccessToken());
  },
  useRefreshToken() {
    return read(this, "refresh-token", SESSION, () => this.getRefreshToken());
  },
  useAuthorizationHeader() {
    return read(this, "authorization-header", SESSION, () => this.getAuthorizationHeader());
  },
  useAuthJson() {
    return read(this, "auth-json", SESSION, () => this.getAuthJson());
  },
};

type ServerOnlyHooks = Omit<ServerAppHooks, keyof AppHooks>;
type ServerUserArg = Parameters<ServerAppHooks["useUser"]>[0];

/** A server user or team as a hook hands it out: with its hooks, reading through `app`. */
const serverUser = (app: ServerApp) => <U extends AnyUser>(value: U | null) => withUserHooks(readerOf(app), value);
const serverTeam = (app: ServerApp) => (team: ServerTeam) => withTeamHooks(readerOf(app), team);

/** The hooks a `ServerApp` adds (and its `useUser`, which also takes a user id or `{ apiKey }`), as its methods. */
const serverHooks: ServerOnlyHooks & Pick<ServerAppHooks, "useUser"> & ThisType<ServerApp> = {
  useUser: function (this: ServerApp, arg?: ServerUserArg) {
    const user = serverUser(this);
    if (typeof arg === "string") return useRead(this, `server-user:${arg}`, [["server-user", arg], ["request"]], () => this.getUser(arg), user);
    if (arg && typeof arg === "object" && "apiKey" in arg) return useRead(this, `api-key-user:${argKey(arg)}`, [["api-keys"], ["request"]], () => this.getUser(arg), user);
    return useRead(this, `user:${argKey(arg ?? {})}`, [["user"]], () => this.getUser(arg), user);
  } as ServerAppHooks["useUser"],
  useUsers(options) {
    const reader = readerOf(this);
    return read(this, `users:${argKey(options)}`, [["server-user-list"], ["server-user"], ["request"]], async () => page(await this.listUsers(options), (u) => withUserHooks(reader, u)));
  },
  useTeams(options) {
    const team = serverTeam(this);
    return read(this, `teams:${argKey(options)}`, [["server-teams"], ["server-team"]], async () => page(await this.listTeams(options), team));
  },
  useTeam(id) {
    const team = serverTeam(this);
    return read(this, `team:${argKey(id)}`, [["server-team"], ["server-teams"], ["request"]], async () => {
      const found = await this.getTeam(id);
      return found && team(found);
    });
  },
  useTeamMemberPermissions(teamId, options) {
    return read(this, `team-member-permissions:${argKey([teamId, options])}`, [["server-team-member-permissions", ANY, teamId], ["request"]], () =>
      this.listTeamMemberPermissions(teamId, options),
    );
  },
  useEmailDeliveryStats() {
    return read(this, "email-delivery-stats", [["server-email-delivery-info"], ["request"]], () => this.getEmailDeliveryStats());
  },
};

type AdminOnlyHooks = Omit<AdminAppHooks, keyof ServerAppHooks>;

/** An admin read: `load` under `admin:<name>:<args>`, watching cache `cache` (or only writes, for `null`). */
const adminRead = <T>(app: AdminApp, name: string, cache: CacheName | null, load: () => Promise<T>, args: unknown[] = []) =>
  useRead(app, `admin:${name}:${argKey(args)}`, cache ? [[cache], ["request"]] : [["request"]], load);

/** The hooks an `AdminApp` adds, as its methods. */
const adminHooks: AdminOnlyHooks & Pick<AdminAppHooks, "useProject"> & ThisType<AdminApp> = {
  useProject() {
    return read(this, "project", PROJECT_WATCH, () => this.getProject());
  },
  useInternalApiKeys() {
    return adminRead(this, "internal-api-keys", "admin-internal-api-keys", () => this.listInternalApiKeys());
  },
  useTeamPermissionDefinitions() {
    return adminRead(this, "team-permission-definitions", "admin-permission-definitions", () => this.listTeamPermissionDefinitions());
  },
  useProjectPermissionDefinitions() {
    return adminRead(this, "project-permission-definitions", "admin-permission-definitions", () => this.listProjectPermissionDefinitions());
  },
  useEmailThemes() {
    return adminRead(this, "email-themes", "admin-email-themes", () => this.listEmailThemes());
  },
  useEmailTheme(id) {
    return adminRead(this, "email-theme", "admin-email-theme", () => this.getEmailTheme(id), [id]);
  },
  useEmailTemplates() {
    return adminRead(this, "email-templates", "admin-email-templates", () => this.listEmailTemplates());
  },
  useEmailDrafts() {
    return adminRead(this, "email-drafts", "admin-email-drafts", () => this.listEmailDrafts());
  },
  // The portal token is no cached read: it is read again after any write.
  useSvixToken() {
    return adminRead(this, "svix-token", null, () => this.getSvixToken());
  },
};

const isServerApp = (app: ClientApp): app is ServerApp => "listUsers" in app;
const isAdminApp = (app: ClientApp): app is AdminApp => "listInternalApiKeys" in app;

/** The hook methods installed so far (a member of another name, or one the app's class defines itself, is not). */
const ours = /* @__PURE__ */ new WeakSet<object>();
const done = /* @__PURE__ */ new WeakSet<object>();

/**
 * Gives the class of `app` (its prototype, once) the {@link AppHooks} as methods, and the server and admin ones
 * when `app` is a `ServerApp` or an `AdminApp`: every app of that class has them from then on, as the official
 * classes do. A member the class (or a subclass of yours) defines itself is kept.
 * @internal
 * @example
 * installAppHooks(app); app.useProject();
 */
export function installAppHooks(app: ClientApp): asserts app is ClientApp & AppHooks {
  const proto = Object.getPrototypeOf(app) as Record<string, unknown>;
  if (done.has(proto)) return;
  done.add(proto);
  const groups = [clientHooks, isServerApp(app) && serverHooks, isAdminApp(app) && adminHooks];
  for (const hooks of groups) {
    for (const [name, hook] of Object.entries(hooks || {})) {
      if (name in proto && !ours.has(proto[name] as object)) continue;
      ours.add(hook);
      Object.defineProperty(proto, name, { value: hook, configurable: true, writable: true });
    }
  }
}
