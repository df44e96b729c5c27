import type { AppContext } from "../core/context";
import type { AppCore } from "../core/app-core";
import type { Session } from "../session/session";

// An `internal`-project user's owned-project methods (user-methods/internal.ts, loaded on first use) build each
// project's AdminApp, and the AdminApp module provides that here when it loads: the user's methods reach admin code
// only through this, so a client-only bundle never carries it. The slot is in the client core (scripts/browser-tree.mjs,
// CORE_SEEDS), a few bytes a page keeps only with those methods: AdminApp's class, which `import("latchkey")` defines,
// registers itself without loading the client's lazy group.

/**
 * @internal What the `AdminApp` module provides when it loads: how to build an owned project's admin app, and the
 * owned-project resource code.
 */
export interface OwnedProjectSupport {
  makeApp(core: AppCore, projectId: string, owner: Session): { app: unknown; ctx: AppContext };
  load(): Promise<Pick<typeof import("../resources/projects/admin-owned"), "createProject" | "listOwnedProjects">>;
}
let support: OwnedProjectSupport | undefined;

/**
 * @internal Called when the `AdminApp` module loads (see {@link OwnedProjectSupport}).
 * @example
 * provideOwnedProjectSupport({ makeApp: (core, id, owner) => AdminApp.owned(core, id, owner), load: () => import("…") });
 */
export function provideOwnedProjectSupport(provided: OwnedProjectSupport): OwnedProjectSupport {
  return (support = provided);
}

/**
 * @internal What the `AdminApp` module provided, if it is loaded.
 * @example
 * const provided = providedOwnedProjectSupport(); // undefined in a bundle without AdminApp
 */
export const providedOwnedProjectSupport = (): OwnedProjectSupport | undefined => support;
