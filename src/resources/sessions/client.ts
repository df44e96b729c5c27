import type { AppContext } from "../../core/context";
import { requireUuid } from "../../util/uuid";
import type { Session } from "../../session/session";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/**
 * @internal Wire shape of a session (`created_at` / `last_used_at` are ms since the epoch).
 * @example
 * const json: ActiveSessionJson = { id, user_id, created_at: 0, last_used_at: null, is_impersonation: false, is_current_session: true };
 */
export interface ActiveSessionJson {
  id: string;
  user_id: string;
  created_at: number;
  last_used_at?: number | null;
  is_impersonation: boolean;
  is_current_session?: boolean;
  /** camelCase inside on the wire already. */
  last_used_at_end_user_ip_info?: GeoInfo | null;
}

/**
 * Where a session was last used from, as the platform resolved the end user's IP address.
 *
 * @example
 * const where = session.geoInfo ? `${session.geoInfo.cityName}, ${session.geoInfo.countryCode}` : "unknown";
 */
export interface GeoInfo {
  ip: string;
  countryCode?: string | null;
  regionCode?: string | null;
  cityName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  tzIdentifier?: string | null;
}

/**
 * One signed-in session of the user (a device or browser), as listed by `user.getActiveSessions()`.
 *
 * @example
 * for (const s of await user.getActiveSessions()) {
 *   console.log(s.isCurrentSession ? "this device" : s.id, s.lastUsedAt?.toISOString() ?? "never used");
 * }
 */
export interface ActiveSession {
  id: string;
  userId: string;
  createdAt: Date;
  isImpersonation: boolean;
  /** When the session was last used; `undefined` if the platform has no record of it. */
  lastUsedAt: Date | undefined;
  /** True for the session these calls are made with. */
  isCurrentSession: boolean;
  /** Where it was last used from, when the platform knows. */
  geoInfo?: GeoInfo;
}

const sessions = (ctx: AppContext) =>
  resourceCache(ctx, "sessions", async (session: Session) => {
    const list = await ctx.core.request<ListJson<ActiveSessionJson>>({ expect: "items[]", path: "/auth/sessions", query: { user_id: "me" }, session });
    return list.items;
  });

/**
 * @internal camelCase fields from the wire, millis → Date.
 * @example
 * activeSessionFromJson(json).createdAt; // a Date
 */
export function activeSessionFromJson(s: ActiveSessionJson): ActiveSession {
  return {
    id: s.id,
    userId: s.user_id,
    createdAt: new Date(s.created_at),
    isImpersonation: s.is_impersonation,
    lastUsedAt: s.last_used_at ? new Date(s.last_used_at) : undefined,
    isCurrentSession: s.is_current_session ?? false,
    geoInfo: s.last_used_at_end_user_ip_info ?? undefined,
  };
}

/**
 * @internal The user's sessions (`GET /auth/sessions?user_id=me`, cached per session).
 * @example
 * const sessions = await getActiveSessions(ctx, session);
 */
export async function getActiveSessions(ctx: AppContext, session: Session): Promise<ActiveSession[]> {
  return (await sessions(ctx).get([session])).map(activeSessionFromJson);
}

/**
 * @internal `DELETE /auth/sessions/{id}?user_id=me`, then the list is refetched. An id that is not a UUID (the
 * platform's rule) is an ArgumentError, with no request. The current session cannot be revoked this way: the
 * platform's `CANNOT_DELETE_CURRENT_SESSION` is thrown (sign out instead).
 * @example
 * await revokeSession(ctx, session, other.id);
 */
export async function revokeSession(ctx: AppContext, session: Session, sessionId: string): Promise<void> {
  const id = requireUuid(sessionId, "sessionId");
  await ctx.core.request({ method: "DELETE", path: `/auth/sessions/${encodeURIComponent(id)}`, query: { user_id: "me" }, session });
  await sessions(ctx).refresh([session]);
}
