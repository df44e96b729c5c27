import type { AuthContext } from "../auth/context";
import { optionalObject, requireString } from "../apps/options";
import { ArgumentError } from "../errors/base";
import { KnownErrors } from "../errors/known-errors";
import type { Session } from "../session/session";
import { adminProjectFromJson } from "./admin-project";
import type { AdminProject, AdminProjectJson } from "./admin-project";
import type { ListJson } from "./cached";

/**
 * A project the signed-in dashboard user owns, with an admin app for it (authenticated by that user's session as
 * project owner, without a token store of its own). The project's actions go through `app`.
 *
 * @example
 * for (const project of await dashboard.listOwnedProjects()) console.log(project.displayName, (await project.app.listInternalApiKeys()).length);
 */
export interface AdminOwnedProject<App = unknown> extends AdminProject {
  app: App;
}

/**
 * What a new project needs. `teamId` (the owning team, which the user must belong to) defaults to the user's
 * selected team.
 *
 * @example
 * await dashboard.createProject({ displayName: "Acme", description: "Production app", teamId });
 */
export interface AdminProjectCreate {
  displayName: string;
  description?: string;
  teamId?: string;
}

/**
 * Builds the admin app of an owned project from the owner's session and returns its resource context.
 * @internal
 */
export type OwnedAppFactory<App> = (projectId: string, owner: Session) => { app: App; ctx: AuthContext };

/** Projects and project creation exist only on the platform's `internal` project: refused locally elsewhere. */
function assertInternal(ctx: AuthContext): void {
  if (ctx.core.projectId !== "internal") {
    throw new KnownErrors.ExpectedInternalProject(undefined, "The project ID is expected to be internal.");
  }
}

function ownedFromJson<App>(p: AdminProjectJson, session: Session, makeApp: OwnedAppFactory<App>): AdminOwnedProject<App> {
  const { app, ctx } = makeApp(p.id, session);
  return { ...adminProjectFromJson(ctx, p), app };
}

/**
 * @internal `GET /internal/projects` as the signed-in dashboard user. Not cached: owned apps can delete their
 * project, which this app would not notice.
 */
export async function listOwnedProjects<App>(ctx: AuthContext, session: () => Session, makeApp: OwnedAppFactory<App>): Promise<AdminOwnedProject<App>[]> {
  assertInternal(ctx);
  const s = session();
  const list = await ctx.core.request<ListJson<AdminProjectJson>>({ path: "/internal/projects", session: s });
  return list.items.map((p) => ownedFromJson(p, s, makeApp));
}

/** @internal `POST /internal/projects` as the signed-in dashboard user. */
export async function createProject<App>(
  ctx: AuthContext,
  session: () => Session,
  data: AdminProjectCreate,
  makeApp: OwnedAppFactory<App>,
): Promise<AdminOwnedProject<App>> {
  assertInternal(ctx);
  const d = optionalObject(data, "createProject data") as AdminProjectCreate;
  const display_name = requireString(d.displayName, "displayName");
  if (d.description !== undefined && typeof d.description !== "string") throw new ArgumentError("description must be a string.");
  if (d.teamId !== undefined) requireString(d.teamId, "teamId");
  const s = session();
  let teamId = d.teamId;
  if (teamId === undefined) {
    const user = await ctx.users.get(s);
    if (!user) throw new KnownErrors.UserAuthenticationRequired();
    teamId = user.selected_team?.id;
    if (!teamId) throw new ArgumentError("createProject needs { teamId }: the signed-in user has no selected team.");
  }
  const created = await ctx.core.request<AdminProjectJson>({
    method: "POST",
    path: "/internal/projects",
    session: s,
    body: { display_name, description: d.description, owner_team_id: teamId },
  });
  return ownedFromJson(created, s, makeApp);
}
