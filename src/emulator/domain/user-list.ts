import { restrictedReasonOf } from "../auth/checks";
import type { Store } from "../store/store";
import type { ProjectRecord, UserRecord } from "../store/types";
import { paginate } from "./paginate";

/**
 * The validated query of `GET /users` (wire §8.9).
 *
 * @example
 * const q: UserListQuery = { limit: 10, order_by: "signed_up_at", desc: "true" };
 */
export interface UserListQuery {
  limit?: number;
  cursor?: string;
  order_by?: "signed_up_at" | "last_active_at";
  desc?: "true" | "false";
  query?: string;
  team_id?: string;
  include_restricted?: "true" | "false";
  include_anonymous?: "true" | "false";
  only_anonymous?: "true" | "false";
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function matchesSearch(store: Store, user: UserRecord, search: string): boolean {
  const needle = search.toLowerCase();
  const idCandidate = search.replace(/[^a-zA-Z0-9\-_.]/g, "");
  if (UUID_RE.test(idCandidate) && user.id === idCandidate.toLowerCase()) return true;
  if (user.displayName?.toLowerCase().includes(needle)) return true;
  return store.channelsOf(user.id).some((c) => c.value.toLowerCase().includes(needle));
}

/**
 * Filters, sorts and pages a project's users like the platform: anonymous users only with `include_anonymous`
 * (`only_anonymous` for nothing else), restricted users only with `include_restricted` or `include_anonymous`;
 * `query` matches the exact id, or part of the display name or of any e-mail (case-insensitive); sorted by
 * `signed_up_at` (then creation order), ascending unless `desc=true`; `cursor` is the first id of the page.
 *
 * @example
 * const { items, nextCursor } = listProjectUsers(store, project, { limit: 2 });
 */
export function listProjectUsers(store: Store, project: ProjectRecord, q: UserListQuery): { items: UserRecord[]; nextCursor: string | null } {
  const includeAnonymous = q.include_anonymous === "true";
  const onlyAnonymous = q.only_anonymous === "true";
  const includeRestricted = q.include_restricted === "true" || includeAnonymous;
  const teamMembers = q.team_id
    ? new Set(store.memberships.filter((m) => m.projectId === project.id && m.teamId === q.team_id).map((m) => m.userId))
    : null;
  const users = store.usersOf(project.id).filter((u) => {
    if (teamMembers && !teamMembers.has(u.id)) return false;
    if (onlyAnonymous ? !u.isAnonymous : !includeAnonymous && u.isAnonymous) return false;
    if (!includeRestricted && restrictedReasonOf(project, u, store) !== null) return false;
    return !q.query || matchesSearch(store, u, q.query);
  });
  const key = (u: UserRecord) => (q.order_by === "last_active_at" ? u.lastActiveAtMillis : u.signedUpAtMillis);
  const sign = q.desc === "true" ? -1 : 1;
  // The platform's timestamps have microsecond precision, so users created one after another never tie there;
  // here two can share a millisecond, and creation order (the store's order) breaks the tie as it would.
  const rank = new Map(users.map((u, i) => [u.id, i]));
  users.sort((a, b) => sign * (key(a) - key(b) || rank.get(a.id)! - rank.get(b.id)!));
  return paginate(users, (u) => u.id, { limit: q.limit, cursor: q.cursor });
}
