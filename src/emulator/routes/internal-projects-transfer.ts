import type { EmulatorCore } from "../core";
import { membershipOrThrow, requireTeamPermission } from "../domain/team-members";
import { known, StatusError } from "../errors";
import { userOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

function transfer(ctx: RequestContext) {
  const user = userOf(ctx);
  const store = ctx.core.store;
  const project = store.projects.get(ctx.body.project_id);
  if (!project) throw known("PROJECT_NOT_FOUND", { project_id: ctx.body.project_id });
  if (!project.ownerTeamId) throw new StatusError(400, "Project must have an owner team to be transferred");
  // The user must administer the current owner team (team_admin, held directly or through another permission)…
  requireTeamPermission(store, "internal", project.ownerTeamId, user.id, "team_admin");
  // …and belong to the new one.
  membershipOrThrow(store, "internal", ctx.body.new_team_id, user.id);
  project.ownerTeamId = ctx.body.new_team_id;
  store.touch();
  ctx.effect("projects_transferred");
  return json({ success: "true" });
}

/**
 * `POST /internal/projects/transfer` `{ project_id, new_team_id }`: a signed-in dashboard user of the `internal`
 * project hands a project to another of its teams. Any access type; `auth.project.id` must be `internal` and a user
 * signed in (`SCHEMA_ERROR` otherwise). Unknown project → `PROJECT_NOT_FOUND`; no owner team → 400 text; not
 * `team_admin` of the current owner team → `TEAM_MEMBERSHIP_NOT_FOUND` / `TEAM_PERMISSION_REQUIRED`; not a member of
 * the new team → `TEAM_MEMBERSHIP_NOT_FOUND`. Answers 200 `{ "success": "true" }`.
 *
 * @example
 * core.router.addAll(internalProjectTransferRoutes(core));
 */
export function internalProjectTransferRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/internal/projects/transfer",
      access: CLIENT_OR_HIGHER,
      project: "internal",
      user: "required",
      body: t.object({ project_id: t.string().defined(), new_team_id: t.string().defined() }).defined(),
      handler: transfer,
    },
  ];
}
