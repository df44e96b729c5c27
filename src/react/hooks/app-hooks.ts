import type { ClientApp } from "../../apps/client-app";
import type { GetUserOptions } from "../../auth/session-flows";
import type { CurrentUser } from "../../apps/current-user";
import type { Project } from "../../resources/client/projects";
import type { AdminApp } from "../../apps/admin-app";
import type { ServerApp } from "../../apps/server-app";
import type { CurrentServerUser } from "../../apps/server-user-lookup";
import type { ServerTeam, ServerUser } from "../../resources/server/server-types";
import { ANY } from "../store";
import type { Watch } from "../store";
import { augmentEach } from "./augment";
import { argKey, useRead } from "./use-read";
import { withTeamHooks } from "./team-hooks";
import type { TeamHooks } from "./team-hooks";
import { withUserHooks } from "./user-hooks";
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

type Of<A, K extends keyof A> = A[K] extends (...args: any[]) => Promise<infer R> ? R : never;
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

type Any = any;
const installed = /* @__PURE__ */ new WeakSet<object>();
const SESSION: Watch[] = [["user"], ["request"]];

/**
 * Adds the {@link AppHooks} (and the server and admin ones when `app` has their methods) to `app` itself, as
 * non-enumerable members, once.
 * @internal
 * @example
 * installAppHooks(app); app.useProject();
 */
export function installAppHooks(app: ClientApp): asserts app is ClientApp & AppHooks {
  if (installed.has(app)) return;
  installed.add(app);
  const a = app as Any;
  const read = <T>(key: string, watch: Watch[], load: () => Promise<T>) => useRead(app, key, watch, load);
  const user = (value: unknown) => withUserHooks(app, value as object | null);
  const hooks: Record<string, (...args: Any[]) => unknown> = {
    useUser: (options?: Any) => {
      if (typeof options === "string") return read(`server-user:${options}`, [["server-user", options], ["request"]], async () => user(await a.getUser(options)));
      if (options && typeof options === "object" && "apiKey" in options)
        return read(`api-key-user:${argKey(options)}`, [["api-keys"], ["request"]], async () => user(await a.getUser(options)));
      return read(`user:${argKey(options ?? {})}`, [["user"]], async () => user(await a.getUser(options)));
    },
    useProject: () => read("project", [["admin-project"], ["request", "PATCH"]], () => a.getProject()),
    // Through the app's redirect method (and its trusted-redirect check), e.g. your router's navigate; the promise
    // rejects for an untrusted URL.
    useNavigate: () => (url: string) => a.core.redirect(url).then(() => undefined),
    useAccessToken: () => read("access-token", SESSION, () => a.getAccessToken()),
    useRefreshToken: () => read("refresh-token", SESSION, () => a.getRefreshToken()),
    useAuthorizationHeader: () => read("authorization-header", SESSION, () => a.getAuthorizationHeader()),
    useAuthJson: () => read("auth-json", SESSION, () => a.getAuthJson()),
  };
  if (typeof a.listUsers === "function") {
    const page = <T>(value: T & { nextCursor?: unknown }, wrap: (x: Any) => unknown) => {
      const items = augmentEach(value as Any, wrap) as Any;
      if (Array.isArray(value) && "nextCursor" in value) items.nextCursor = value.nextCursor;
      return items as T;
    };
    const team = (t: Any) => withTeamHooks(app, t) as TeamHooks;
    Object.assign(hooks, {
      useUsers: (options?: Any) => read(`users:${argKey(options)}`, [["server-user-list"], ["server-user"], ["request"]], async () => page(await a.listUsers(options), user)),
      useTeams: (options?: Any) => read(`teams:${argKey(options)}`, [["server-teams"], ["server-team"]], async () => page(await a.listTeams(options), team)),
      useTeam: (id: Any) => read(`team:${argKey(id)}`, [["server-team"], ["server-teams"], ["request"]], async () => augmentEach(await a.getTeam(id), team)),
      useTeamMemberPermissions: (teamId: string, options?: Any) =>
        read(`team-member-permissions:${argKey([teamId, options])}`, [["server-team-member-permissions", ANY, teamId], ["request"]], () => a.listTeamMemberPermissions(teamId, options)),
      useEmailDeliveryStats: () => read("email-delivery-stats", [["server-email-delivery-info"], ["request"]], () => a.getEmailDeliveryStats()),
    });
  }
  if (typeof a.listInternalApiKeys === "function") {
    const admin = (name: string, method: string, cache: string) => (...args: Any[]) =>
      read(`admin:${name}:${argKey(args)}`, [[cache], ["request"]], () => a[method](...args));
    Object.assign(hooks, {
      useInternalApiKeys: admin("internal-api-keys", "listInternalApiKeys", "admin-internal-api-keys"),
      useTeamPermissionDefinitions: admin("team-permission-definitions", "listTeamPermissionDefinitions", "admin-permission-definitions"),
      useProjectPermissionDefinitions: admin("project-permission-definitions", "listProjectPermissionDefinitions", "admin-permission-definitions"),
      useEmailThemes: admin("email-themes", "listEmailThemes", "admin-email-themes"),
      useEmailTheme: admin("email-theme", "getEmailTheme", "admin-email-theme"),
      useEmailTemplates: admin("email-templates", "listEmailTemplates", "admin-email-templates"),
      useEmailDrafts: admin("email-drafts", "listEmailDrafts", "admin-email-drafts"),
      useSvixToken: admin("svix-token", "getSvixToken", "admin-svix"),
    });
  }
  for (const name of Object.keys(hooks)) {
    if (name in app && !(name === "useUser" || name === "useProject")) continue;
    Object.defineProperty(app, name, { value: hooks[name], enumerable: false, configurable: true, writable: true });
  }
}
