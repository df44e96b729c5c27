import { currentUserJson } from "../users/current";
import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import { knownError } from "../../errors/lineage";
import type { Session } from "../../session/session";
import { adminProjectFromJson, adminProjectUpdateToJson, setRequirePublishableClientKey } from "./admin";
import type { AdminProject, AdminProjectJson, AdminProjectUpdate } from "./admin";
import type { ListJson } from "../cached";

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
 * What a new project needs (the official `AdminProjectCreateOptions`): a display name, and the fields of
 * {@link AdminProjectUpdate} (`config` included). `teamId` (the owning team, which the user must belong to)
 * defaults to the user's selected team. `isDevelopmentEnvironment` is fixed at creation.
 *
 * @example
 * await user.createProject({ displayName: "Acme", teamId, isDevelopmentEnvironment: false, config: { signUpEnabled: false } });
 */
export interface AdminProjectCreate extends Omit<AdminProjectUpdate, "displayName"> {
  displayName: string;
  teamId?: string;
  isDevelopmentEnvironment?: boolean;
}

/**
 * Builds the admin app of an owned project from the owner's session and returns its resource context.
 * @internal
 */
export type OwnedAppFactory<App> = (projectId: string, owner: Session) => { app: App; ctx: AppContext };

/**
 * Projects and project creation exist only on the platform's `internal` project: refused locally elsewhere. (Errors
 * are built without the catalogue, which a page that loads this module lazily should not pull in.)
 */
function assertInternal(ctx: AppContext): void {
  if (ctx.core.projectId !== "internal") {
    throw knownError("EXPECTED_INTERNAL_PROJECT", undefined, "The project ID is expected to be internal.", 401);
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
export async function listOwnedProjects<App>(ctx: AppContext, session: () => Session, makeApp: OwnedAppFactory<App>): Promise<AdminOwnedProject<App>[]> {
  assertInternal(ctx);
  const s = session();
  const list = await ctx.core.request<ListJson<AdminProjectJson>>({ expect: "items[]", path: "/internal/projects", session: s });
  return list.items.map((p) => ownedFromJson(p, s, makeApp));
}

/**
 * @internal `POST /internal/projects` as the signed-in dashboard user, with every given field (`config` too);
 * `requirePublishableClientKey` is then set through the new project's admin app.
 */
export async function createProject<App>(
  ctx: AppContext,
  session: () => Session,
  data: AdminProjectCreate,
  makeApp: OwnedAppFactory<App>,
): Promise<AdminOwnedProject<App>> {
  assertInternal(ctx);
  const { teamId: givenTeam, isDevelopmentEnvironment, displayName, ...rest } = optionalObject(data, "createProject options") as AdminProjectCreate;
  const body = { ...adminProjectUpdateToJson(rest), display_name: requireString(displayName, "displayName") };
  if (givenTeam !== undefined) requireUuid(givenTeam, "teamId");
  if (isDevelopmentEnvironment !== undefined && typeof isDevelopmentEnvironment !== "boolean") throw new ArgumentError("isDevelopmentEnvironment must be a boolean.");
  const s = session();
  let teamId = givenTeam;
  if (teamId === undefined) {
    const user = await currentUserJson(ctx, s);
    if (!user) throw knownError("USER_AUTHENTICATION_REQUIRED", undefined, "User authentication required for this endpoint.", 401);
    teamId = user.selected_team?.id;
    if (!teamId) throw new ArgumentError("createProject needs { teamId }: the signed-in user has no selected team.");
  }
  const created = await ctx.core.request<AdminProjectJson>({
        expect: "id",
    method: "POST",
    path: "/internal/projects",
    session: s,
    body: { ...body, owner_team_id: teamId, ...(isDevelopmentEnvironment === undefined ? {} : { is_development_environment: isDevelopmentEnvironment }) },
  });
  const { app, ctx: owned } = makeApp(created.id, s);
  if (rest.requirePublishableClientKey !== undefined) await setRequirePublishableClientKey(owned, rest.requirePublishableClientKey);
  return { ...adminProjectFromJson(owned, created), app };
}

