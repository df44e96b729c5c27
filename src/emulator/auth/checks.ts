import type { Store } from "../store/store";
import type { ApiKeySetRecord, ProjectRecord, UserRecord } from "../store/types";

/**
 * The valid (unrevoked, unexpired) key set of a project that holds this key, if any.
 *
 * @example
 * if (!findKeySet(project, "secretServerKey", key)) throw known("INVALID_SECRET_SERVER_KEY", { project_id });
 */
export function findKeySet(
  project: ProjectRecord,
  field: "publishableClientKey" | "secretServerKey" | "superSecretAdminKey",
  key: string,
): ApiKeySetRecord | undefined {
  const now = Date.now();
  return project.apiKeySets.find(
    (s) => s[field] === key && s.manuallyRevokedAtMillis === null && s.expiresAtMillis > now,
  );
}

/**
 * Ids of the projects an `internal`-project user manages: those owned by a team the user belongs to.
 *
 * @example
 * managedProjectIds(store, adminUserId); // ["3f9c2a6e-…"]
 */
export function managedProjectIds(store: Store, internalUserId: string): string[] {
  const teamIds = new Set(store.membershipsOf(internalUserId).map((m) => m.teamId));
  return [...store.projects.values()].filter((p) => p.ownerTeamId !== null && teamIds.has(p.ownerTeamId)).map((p) => p.id);
}

/**
 * Why a user is restricted, or `null`: anonymous users, users restricted by an admin, and users with an unverified
 * primary e-mail when the project requires verification.
 *
 * @example
 * const reason = restrictedReasonOf(project, user, store); // { type: "anonymous" } | null
 */
export function restrictedReasonOf(
  project: ProjectRecord,
  user: UserRecord,
  store?: Store,
): { type: "anonymous" | "email_not_verified" | "restricted_by_administrator" } | null {
  if (user.isAnonymous) return { type: "anonymous" };
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" };
  if (project.config.requireEmailVerification && store) {
    const primary = store.channelsOf(user.id).find((c) => c.isPrimary && c.type === "email");
    if (!primary?.isVerified) return { type: "email_not_verified" };
  }
  return null;
}
