import { ArgumentError } from "../errors/base";
import type { AdminOwnedProject, AdminProjectCreate } from "../resources/projects/admin-owned";
import type { AdminProject } from "../resources/projects/admin";
import type { AppContext } from "../core/context";
import type { Session } from "../session/session";
import type { AppCore } from "../core/app-core";
import type { TokenStoreInit } from "../token-stores/types";
import { withInherited } from "./client-app";
import { readEnv } from "../util/env";
import { optionalObject } from "../util/validate";
import { useProjectOwnerSession } from "./owner-session";
import type { ProjectOwnerSession } from "./owner-session";
import { provideOwnedProjectSupport } from "./owned-project-support";
import { ServerApp } from "./server-app";
import type { ServerAppOptions } from "./server-app";
import { install } from "./capabilities";
import { serverResources as resources } from "./server-delegations";
import { AdminEmail } from "./admin-email";
import { AdminPermissions } from "./admin-permissions";
import { AdminProjectTools } from "./admin-project-tools";

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
 * keys, permission definitions, e-mail themes, templates, drafts and the outbox (see `AdminEmail`), metrics,
 * webhooks and AI chat.
 *
 * @example
 * import { AdminApp } from "latchkey";
 * const admin = new AdminApp({ projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null });
 */
export class AdminApp extends ServerApp {
  // The members of its capability groups (their signatures and docs are in the interface below).
  private static readonly adminGroups = /* @__PURE__ */ install(this, AdminProjectTools, AdminPermissions, AdminEmail);
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

// The capability groups of an admin app: the project's tools, its permission definitions and its e-mail (their code is
// put on the prototype above; each method loads the admin resource code on first use).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface AdminApp extends AdminProjectTools, AdminPermissions, AdminEmail {}
