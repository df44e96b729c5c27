// The public types of a user of the platform's `internal` project (a dashboard user): its owned projects come with
// an AdminApp each. Types only; the methods are built in `user-methods/internal.ts`.
import type { AdminApp } from "./admin-app";
import type { CurrentUser } from "./current-user";
import type { OwnedProjectMethods } from "./user-methods/internal";

/**
 * What the signed-in user of the platform's `internal` project (a dashboard user) can do with the projects its
 * teams own (the official `InternalUserExtra`). Each owned project comes with an `AdminApp` authenticated by this
 * user's session. Present on `getUser()` results only when the app's project is `internal`.
 *
 * @example
 * const dashboard = new ClientApp({ projectId: "internal", publishableClientKey, tokenStore: "cookie" });
 * const user = (await dashboard.getUser({ or: "throw" })) as CurrentInternalUser;
 * const project = await user.createProject({ displayName: "Acme", teamId: user.selectedTeam!.id });
 * await project.app.createInternalApiKey({ description: "CI", expiresAt: new Date(Date.now() + 864e5), hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
 */
export interface InternalUserMethods extends OwnedProjectMethods<AdminApp> {}

/**
 * The current user of an `internal`-project app, with {@link InternalUserMethods}.
 *
 * @example
 * const user = (await dashboard.getUser({ or: "throw" })) as CurrentInternalUser;
 * const projects = await user.listOwnedProjects();
 */
export type CurrentInternalUser<User = CurrentUser> = User & InternalUserMethods;
