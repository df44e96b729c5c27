import type { AppContext } from "../../core/context";
import { requireString } from "../../util/validate";
import { LatchkeyError } from "../../errors/base";
import type { AdminOwnedProject, AdminProjectCreate } from "../../resources/projects/admin-owned";
import type { Session } from "../../session/session";
import { providedOwnedProjectSupport, type OwnedProjectSupport } from "../owned-project-support";

/**
 * @internal The owned-project methods of an `internal`-project user, over any admin app type `App` (the public
 * `InternalUserMethods` in `../internal-user.ts` is these with `AdminApp`; this module cannot name that class, which
 * registers itself in `../owned-project-support.ts`).
 * @example
 * const methods: OwnedProjectMethods<AdminApp> = internalUserMethods(ctx, session) as OwnedProjectMethods<AdminApp>;
 */
export interface OwnedProjectMethods<App> {
  /**
   * Creates a project owned by `teamId` (default: the selected team, which the user must belong to) with the
   * given settings; the new project's `app` manages it.
   * @example
   * const project = await user.createProject({ displayName: "Shop", teamId, config: { magicLinkEnabled: true } });
   */
  createProject(options: AdminProjectCreate): Promise<AdminOwnedProject<App>>;
  /**
   * The projects owned by the user's teams.
   * @example
   * for (const p of await user.listOwnedProjects()) console.log(p.displayName, p.ownerTeamId);
   */
  listOwnedProjects(): Promise<AdminOwnedProject<App>[]>;
  /**
   * Hands a project to another team: the user must be `team_admin` of its current owner team and a member of
   * `newTeamId` (else `TEAM_PERMISSION_REQUIRED` / `TEAM_MEMBERSHIP_NOT_FOUND`).
   * @example
   * await user.transferProject(project.id, otherTeam.id);
   */
  transferProject(projectId: string, newTeamId: string): Promise<void>;
}

function loaded(): OwnedProjectSupport {
  const support = providedOwnedProjectSupport();
  if (!support) {
    throw new LatchkeyError(
      'Owned projects come with an AdminApp, and this bundle does not include it: import { AdminApp } from "latchkey" in the code that manages owned projects (bundlers keep it once it is used).',
      "AdminAppNotLoaded",
    );
  }
  return support;
}

/**
 * @internal The internal-user methods for `session` when the app's project is `internal`, else nothing. The
 * owned-project code comes with `AdminApp` (see {@link OwnedProjectSupport}); a transfer is one request.
 */
export function internalUserMethods(ctx: AppContext, session: Session): OwnedProjectMethods<unknown> | Record<string, never> {
  if (ctx.core.projectId !== "internal") return {};
  const owned = (s: OwnedProjectSupport) => (projectId: string, owner: Session) => s.makeApp(ctx.core, projectId, owner);
  return {
    async createProject(options) {
      const s = loaded();
      return (await s.load()).createProject(ctx, () => session, options, owned(s));
    },
    async listOwnedProjects() {
      const s = loaded();
      return (await s.load()).listOwnedProjects(ctx, () => session, owned(s));
    },
    async transferProject(projectId, newTeamId) {
      const body = { project_id: requireString(projectId, "projectId"), new_team_id: requireString(newTeamId, "newTeamId") };
      await ctx.core.request({ method: "POST", path: "/internal/projects/transfer", session, body });
    },
  };
}
