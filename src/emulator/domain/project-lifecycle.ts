import type { Store } from "../store/store";
import type { ProjectRecord } from "../store/types";
import { defaultProjectConfig } from "../store/seed";
import { newId } from "../util/random";

/**
 * Creates a project owned by a team of the `internal` project, with the platform's defaults for new projects
 * (`allow_localhost` on, shared e-mail, no OAuth providers). Like the platform it gets no key set: the owner's
 * admin access token works right away and key sets are made with `POST /internal/api-keys`.
 *
 * @example
 * const project = createProject(store, { displayName: "Shop", ownerTeamId: team.id });
 */
export function createProject(store: Store, o: { displayName: string; ownerTeamId: string; description?: string | null }): ProjectRecord {
  const project: ProjectRecord = {
    id: newId(),
    displayName: o.displayName,
    description: o.description ?? "",
    createdAtMillis: Date.now(),
    isProductionMode: false,
    ownerTeamId: o.ownerTeamId,
    logoUrl: null,
    config: defaultProjectConfig({ allowLocalhost: true }),
    apiKeySets: [],
  };
  store.projects.set(project.id, project);
  store.touch();
  return project;
}

/**
 * Deletes a project and everything recorded for it: users (with their channels and sessions), teams, memberships,
 * codes, captured e-mails and every `store.extra` record carrying its `projectId`.
 *
 * @example
 * deleteProjectData(store, project.id);
 */
export function deleteProjectData(store: Store, projectId: string): void {
  for (const user of store.usersOf(projectId)) store.deleteUser(user.id);
  for (const [id, team] of store.teams) if (team.projectId === projectId) store.teams.delete(id);
  for (const [id, code] of store.verificationCodes) if (code.projectId === projectId) store.verificationCodes.delete(id);
  for (const [id, s] of store.sessions) if (s.projectId === projectId) store.sessions.delete(id);
  store.memberships = store.memberships.filter((m) => m.projectId !== projectId);
  store.emails = store.emails.filter((e) => e.projectId !== projectId);
  for (const [family, records] of Object.entries(store.extra)) {
    store.extra[family] = records.filter((r) => !(r && typeof r === "object" && (r as { projectId?: unknown }).projectId === projectId));
  }
  store.projects.delete(projectId);
  store.touch();
}
