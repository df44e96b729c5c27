import { managedProjectIds } from "../auth/checks";
import type { EmulatorCore } from "../core";
import { createProject, deleteProjectData } from "../domain/project-lifecycle";
import { adminProjectRead } from "../domain/project-read";
import { known } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { UserRecord } from "../store/types";
import { applyProjectBody, projectPatchBody } from "./internal-projects";

/** The dashboard user of a request on the `internal` project, or the platform's errors (user first, then project). */
function dashboardUser(ctx: RequestContext): UserRecord {
  const { project, user } = authOf(ctx);
  if (!user) throw known("USER_AUTHENTICATION_REQUIRED");
  if (project.id !== "internal") throw known("EXPECTED_INTERNAL_PROJECT");
  return user;
}

function create(ctx: RequestContext) {
  const user = dashboardUser(ctx);
  const b = ctx.body as Record<string, unknown>;
  const teamId = String(b.owner_team_id);
  if (!ctx.core.store.membershipsOf(user.id).some((m) => m.teamId === teamId)) {
    throw known("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: user.id });
  }
  const project = createProject(ctx.core.store, { displayName: String(b.display_name), ownerTeamId: teamId });
  try {
    applyProjectBody(ctx.core, project, b, ctx);
  } catch (e) {
    deleteProjectData(ctx.core.store, project.id);
    throw e;
  }
  ctx.effect("projects_created");
  return json(adminProjectRead(project), 201);
}

/**
 * `GET|POST /internal/projects` (wire §8.18): a signed-in dashboard user of the `internal` project lists the
 * projects its teams own and creates new ones (201, admin shape; the body's `config` is applied, and
 * `is_development_environment`, `onboarding_status` and the logo URLs are stored). No user →
 * `USER_AUTHENTICATION_REQUIRED`; other projects → `EXPECTED_INTERNAL_PROJECT`; an owner team the user is not in → `TEAM_MEMBERSHIP_NOT_FOUND`.
 *
 * @example
 * core.router.addAll(internalProjectListRoutes(core));
 */
export function internalProjectListRoutes(_core: EmulatorCore): RouteDef[] {
  const createBody = t
    .object({
      ...projectPatchBody.spec.fields,
      display_name: t.string({ min: 1 }).defined(),
      owner_team_id: t.string({ format: "uuid" }).defined(),
      is_development_environment: t.boolean(),
    })
    .defined();
  return [
    {
      method: "GET",
      path: "/internal/projects",
      access: CLIENT_OR_HIGHER,
      handler: (ctx) => {
        const user = dashboardUser(ctx);
        const ids = new Set(managedProjectIds(ctx.core.store, user.id));
        const items = [...ctx.core.store.projects.values()].filter((p) => ids.has(p.id)).map(adminProjectRead);
        return json({ items, is_paginated: false });
      },
    },
    { method: "POST", path: "/internal/projects", access: CLIENT_OR_HIGHER, body: createBody, handler: create },
  ];
}
