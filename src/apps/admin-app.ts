import { ArgumentError } from "../errors/base";
import type { InternalApiKey, InternalApiKeyCreate, InternalApiKeyFirstView } from "../resources/api-keys/admin-internal";
import type { AdminMetrics, ChatContextType, ChatMessage } from "../resources/admin-misc";
import type { AdminOwnedProject, AdminProjectCreate } from "../resources/projects/admin-owned";
import type {
  AdminPermissionDefinitionCreate,
  AdminPermissionDefinitionUpdate,
  AdminProjectPermissionDefinition,
  AdminTeamPermissionDefinition,
  PermissionDefinitionPage,
} from "../resources/permissions/admin-definitions";
import type { AdminProject } from "../resources/projects/admin";
import type { AppContext } from "../core/context";
import type { Session } from "../session/session";
import type { AppCore } from "../core/app-core";
import type { TokenStoreInit } from "../token-stores/types";
import type { Result } from "../util/result";
import { AdminEmailApp } from "./admin-email-app";
import { withInherited } from "./client-app";
import { readEnv } from "../util/env";
import { optionalObject } from "../util/validate";
import { useProjectOwnerSession } from "./owner-session";
import type { ProjectOwnerSession } from "./owner-session";
import { provideOwnedProjectSupport } from "./user-methods/internal";
import type { ServerAppOptions } from "./server-app";
import { serverResources } from "./server-app";

/** The resource code behind the methods, loaded on first use (see ./server-resources). */
const resources = serverResources;

/**
 * Options of {@link AdminApp}: the server options plus the super secret admin key, or instead a project
 * owner's session.
 *
 * @example
 * const options: AdminAppOptions = { projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null };
 */
export interface AdminAppOptions extends ServerAppOptions {
  /** The super secret admin key (`sak_…`). Env: `STACK_SUPER_SECRET_ADMIN_KEY`. */
  superSecretAdminKey?: string;
  /**
   * Instead of the admin key: a project owner, i.e. a user of the platform's `internal` project who owns this
   * project. Their session (`user._internalSession`), a function returning their access token, or their tokens
   * (`{ accessToken, refreshToken }`) / a token store (see {@link ProjectOwnerSession}). Sent as
   * `x-stack-admin-access-token`.
   */
  projectOwnerSession?: ProjectOwnerSession;
}

/**
 * The app for project owners: everything `ServerApp` does, plus project settings, configuration, internal API
 * keys, permission definitions, e-mail themes, templates, drafts and the outbox (see `AdminEmailApp`), metrics,
 * webhooks and AI chat.
 *
 * @example
 * import { AdminApp } from "latchkey";
 * const admin = new AdminApp({ projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null });
 */
export class AdminApp extends AdminEmailApp {
  // The current user of an `internal`-project app builds its projects' admin apps with this. It is registered when
  // the class is defined, and marked pure so that a bundle which never uses AdminApp drops both.
  private static readonly ownedProjectSupport = /* @__PURE__ */ provideOwnedProjectSupport({
    makeApp: (core, projectId, owner) => AdminApp.owned(core, projectId, owner),
    // The owned-project code comes with the rest of the admin resources, on first use.
    load: resources,
  });

  /** @param options - see {@link AdminAppOptions} */
  constructor(options: AdminAppOptions = {}) {
    if (typeof options !== "object" || options === null) throw new ArgumentError("The app options must be an object.");
    options = withInherited(options);
    const superSecretAdminKey = options.superSecretAdminKey ?? readEnv(() => process.env.STACK_SUPER_SECRET_ADMIN_KEY);
    if (!superSecretAdminKey && !options.projectOwnerSession) {
      throw new ArgumentError(
        "AdminApp needs superSecretAdminKey (or STACK_SUPER_SECRET_ADMIN_KEY), or a projectOwnerSession.",
      );
    }
    super(options, {
      accessType: "admin",
      secretServerKey: options.secretServerKey ?? readEnv(() => process.env.STACK_SECRET_SERVER_KEY),
      superSecretAdminKey,
    });
    if (options.projectOwnerSession) useProjectOwnerSession(this.core, options.projectOwnerSession);
  }

  /**
   * The project with every setting an owner sees, and `update`, `delete`, `getProductionModeErrors` and the config
   * methods (`getConfig`, `updateConfig`, `pushConfig`, `getConfigOverride`, …). Cached; changes made through it
   * refresh it.
   * @example
   * const project = await admin.getProject();
   * if ((await project.getProductionModeErrors()).length === 0) await project.update({ isProductionMode: true });
   */
  override getProject(): Promise<AdminProject> {
    return resources().then((r) => r.getAdminProject(this.ctx));
  }

  /**
   * Creates a set of project keys. The full key values are in the answer only; later lists show the last four.
   * @example
   * const key = await admin.createInternalApiKey({ description: "CI", expiresAt: new Date(Date.now() + 30 * 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   */
  createInternalApiKey(data: InternalApiKeyCreate): Promise<InternalApiKeyFirstView> {
    return resources().then((r) => r.createInternalApiKey(this.ctx, data));
  }

  /**
   * The project's key sets, newest first, each key shown by its last four characters.
   * @example
   * const stale = (await admin.listInternalApiKeys()).filter((k) => k.whyInvalid() === "expired");
   */
  listInternalApiKeys(): Promise<InternalApiKey[]> {
    return resources().then((r) => r.listInternalApiKeys(this.ctx));
  }

  /**
   * Team-scope permission definitions, system ones (`$update_team`, …) included.
   * @example
   * const ids = (await admin.listTeamPermissionDefinitions()).map((d) => d.id);
   */
  listTeamPermissionDefinitions(): Promise<AdminTeamPermissionDefinition[]> {
    return resources().then((r) => r.listPermissionDefinitions(this.ctx, "team"));
  }

  /**
   * One page of team-scope permission definitions, sorted by id (`limit` 1–200); `query` matches id or description
   * (case-insensitive). Pass `nextCursor` as `cursor` for the next page.
   * @example
   * const { items, nextCursor } = await admin.listTeamPermissionDefinitionsPaginated({ limit: 50, query: "billing" });
   */
  listTeamPermissionDefinitionsPaginated(options: { limit: number; cursor?: string; query?: string }): Promise<PermissionDefinitionPage> {
    return resources().then((r) => r.listPermissionDefinitionsPaginated(this.ctx, "team", options));
  }

  /**
   * Defines a team permission. A taken id gives `PERMISSION_ID_ALREADY_EXISTS`.
   * @example
   * await admin.createTeamPermissionDefinition({ id: "moderator", containedPermissionIds: ["$read_members"] });
   */
  createTeamPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminTeamPermissionDefinition> {
    return resources().then((r) => r.createPermissionDefinition(this.ctx, "team", data));
  }

  /**
   * Changes a team permission definition (id, description, contained permissions).
   * @example
   * await admin.updateTeamPermissionDefinition("moderator", { description: "Keeps order" });
   */
  updateTeamPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void> {
    return resources().then((r) => r.updatePermissionDefinition(this.ctx, "team", permissionId, data));
  }

  /**
   * Deletes a team permission definition.
   * @example
   * await admin.deleteTeamPermissionDefinition("moderator");
   */
  deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    return resources().then((r) => r.deletePermissionDefinition(this.ctx, "team", permissionId));
  }

  /**
   * Project-scope permission definitions.
   * @example
   * const ids = (await admin.listProjectPermissionDefinitions()).map((d) => d.id);
   */
  listProjectPermissionDefinitions(): Promise<AdminProjectPermissionDefinition[]> {
    return resources().then((r) => r.listPermissionDefinitions(this.ctx, "project"));
  }

  /**
   * Defines a project permission.
   * @example
   * await admin.createProjectPermissionDefinition({ id: "billing_admin", description: "Billing", containedPermissionIds: [] });
   */
  createProjectPermissionDefinition(data: AdminPermissionDefinitionCreate): Promise<AdminProjectPermissionDefinition> {
    return resources().then((r) => r.createPermissionDefinition(this.ctx, "project", data));
  }

  /**
   * Changes a project permission definition.
   * @example
   * await admin.updateProjectPermissionDefinition("billing_admin", { containedPermissionIds: ["billing_read"] });
   */
  updateProjectPermissionDefinition(permissionId: string, data: AdminPermissionDefinitionUpdate): Promise<void> {
    return resources().then((r) => r.updatePermissionDefinition(this.ctx, "project", permissionId, data));
  }

  /**
   * Deletes a project permission definition.
   * @example
   * await admin.deleteProjectPermissionDefinition("billing_admin");
   */
  deleteProjectPermissionDefinition(permissionId: string): Promise<void> {
    return resources().then((r) => r.deletePermissionDefinition(this.ctx, "project", permissionId));
  }

  /**
   * The project's metrics as the platform sends them (`total_users`, `daily_users`, …).
   * @example
   * const { total_users } = await admin.getMetrics();
   */
  getMetrics(options?: { includeAnonymous?: boolean }): Promise<AdminMetrics> {
    return resources().then((r) => r.getMetrics(this.ctx, options));
  }

  /**
   * A token for the webhook management portal.
   * @example
   * const token = await admin.getSvixToken();
   */
  getSvixToken(): Promise<string> {
    return resources().then((r) => r.getSvixToken(this.ctx));
  }

  /**
   * Sends a test event to one webhook endpoint. An endpoint that is gone or does not answer 2xx is an error result
   * with the platform's `errorMessage`, not a throw. (The latchkey emulator keeps endpoints under
   * `/emulator/webhook-endpoints` and really posts the signed event.)
   * @example
   * const result = await admin.sendTestWebhook({ endpointId: "ep_2a…" });
   * if (result.status === "error") console.log(result.error.errorMessage);
   */
  sendTestWebhook(options: { endpointId: string }): Promise<Result<undefined, { errorMessage: string }>> {
    return resources().then((r) => r.sendTestWebhook(this.ctx, options));
  }

  /**
   * Asks the AI assistant about a thread's conversation and returns its answer's content.
   * @example
   * const { content } = await admin.sendChatMessage(threadId, "email-theme", [{ role: "user", content: "Make it blue" }]);
   */
  sendChatMessage(threadId: string, contextType: ChatContextType, messages: ChatMessage[]): Promise<{ content: unknown }> {
    return resources().then((r) => r.sendChatMessage(this.ctx, threadId, contextType, messages));
  }

  /**
   * Stores one message in an AI-chat thread.
   * @example
   * await admin.saveChatMessage(threadId, { role: "user", content: "Make it blue" });
   */
  saveChatMessage(threadId: string, message: unknown): Promise<void> {
    return resources().then((r) => r.saveChatMessage(this.ctx, threadId, message));
  }

  /**
   * The stored messages of an AI-chat thread.
   * @example
   * const { messages } = await admin.listChatMessages(threadId);
   */
  listChatMessages(threadId: string): Promise<{ messages: unknown[] }> {
    return resources().then((r) => r.listChatMessages(this.ctx, threadId));
  }

  /**
   * Creates a project owned by `teamId` (default: the user's selected team) with the given settings (`config`,
   * `isDevelopmentEnvironment`, logos, …). Only on the `internal` project with a signed-in user (the app's token
   * store, or `tokenStore` here); elsewhere refused locally, before any request, with the platform's
   * `EXPECTED_INTERNAL_PROJECT` error. The same is on the signed-in user: `(await app.getUser()).createProject`.
   * @example
   * const dashboard = new AdminApp({ projectId: "internal", superSecretAdminKey, tokenStore: { accessToken, refreshToken } });
   * const project = await dashboard.createProject({ displayName: "Acme", config: { signUpEnabled: false } });
   * await project.app.createTeamPermissionDefinition({ id: "editor", containedPermissionIds: [] });
   */
  createProject(data: AdminProjectCreate, options?: { tokenStore?: TokenStoreInit }): Promise<AdminOwnedProject<AdminApp>> {
    return resources().then((r) => r.createProject(this.ctx, () => this.core.session(optionalObject(options, "options").tokenStore), data, this.#ownedApp));
  }

  /**
   * The projects the signed-in user's teams own, each with an `AdminApp` (owner session, no token store). Same
   * conditions as `createProject`.
   * @example
   * for (const p of await dashboard.listOwnedProjects()) console.log(p.displayName, p.id);
   */
  listOwnedProjects(options?: { tokenStore?: TokenStoreInit }): Promise<AdminOwnedProject<AdminApp>[]> {
    return resources().then((r) => r.listOwnedProjects(this.ctx, () => this.core.session(optionalObject(options, "options").tokenStore), this.#ownedApp));
  }

  /** The admin app of an owned project: same API origin and transport, the owner's session, no token store. */
  readonly #ownedApp = (projectId: string, owner: Session) => AdminApp.owned(this.core, projectId, owner);

  /**
   * @internal The admin app of project `projectId` owned by `owner` (an `internal`-project user's session), with
   * the transport of `core` and no token store, and its resource context.
   * @example
   * const { app } = AdminApp.owned(core, projectId, session);
   */
  static owned(core: AppCore, projectId: string, owner: Session): { app: AdminApp; ctx: AppContext } {
    const { baseUrl, extraRequestHeaders, fetch, sleep, random, maxAttempts } = core.http;
    const retry = { sleep, random, maxAttempts };
    const app = new AdminApp({ projectId, baseUrl, extraRequestHeaders, fetch, retry, urls: core.options.urls, redirectMethod: core.redirectMethod, projectOwnerSession: owner.store, tokenStore: null });
    return { app, ctx: app.ctx };
  }
}

