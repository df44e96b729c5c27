import type { EmulatorCore } from "../core";
import { accessTokenFor, createSession, liveSession } from "../domain/sessions";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type AuthInfo, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { SessionRecord } from "../store/types";

/**
 * The longest server-created session: 367 days.
 *
 * @example
 * t.number({ max: MAX_SESSION_MILLIS });
 */
export const MAX_SESSION_MILLIS = 31708800000;

function sessionRead(s: SessionRecord, auth: AuthInfo): Record<string, unknown> {
  return {
    id: s.id,
    user_id: s.userId,
    created_at: s.createdAtMillis,
    last_used_at: s.lastUsedAtMillis,
    is_impersonation: s.isImpersonation,
    is_current_session: s.id === auth.refreshTokenId,
  };
}

async function refresh(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const token = ctx.header("x-stack-refresh-token");
  if (!token) throw schemaError(ctx.method, ctx.pathname, ["headers.x-stack-refresh-token must be defined"]);
  const { session, user } = liveSession(ctx.core, project.id, token);
  ctx.effect("access_tokens_issued");
  return json({ access_token: await accessTokenFor(ctx.core, project, user, session) });
}

function deleteCurrent(ctx: RequestContext) {
  const auth = authOf(ctx);
  if (!auth.refreshTokenId) {
    throw known("ACCESS_TOKEN_EXPIRED", { expired_at_millis: null, project_id: null, user_id: null, refresh_token_id: null });
  }
  const session = ctx.core.store.sessions.get(auth.refreshTokenId);
  if (!session || session.projectId !== auth.project.id) throw known("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  ctx.core.store.sessions.delete(session.id);
  ctx.core.store.touch();
  ctx.effect("sessions_revoked");
  return success();
}

function listSessions(ctx: RequestContext) {
  const auth = authOf(ctx);
  const userId = ctx.query.user_id as string;
  if (auth.type === "client" && userId !== auth.user?.id) throw new StatusError(403, "Client can only list sessions for their own user.");
  const now = Date.now();
  const items = ctx.core.store
    .sessionsOf(userId)
    .filter((s) => s.projectId === auth.project.id && s.expiresAtMillis > now && (auth.type === "admin" || !s.isImpersonation))
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
    .map((s) => sessionRead(s, auth));
  return list(items);
}

function deleteSession(ctx: RequestContext) {
  const auth = authOf(ctx);
  if (auth.type === "client" && !auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
  const userId = (ctx.query.user_id as string | undefined) ?? (auth.type === "client" ? auth.user?.id : undefined);
  if (auth.type === "client" && userId !== auth.user?.id) throw new StatusError(403, "Client can only delete sessions for their own user.");
  const session = ctx.core.store.sessions.get(ctx.params.session_id);
  if (!session || session.projectId !== auth.project.id || (userId !== undefined && session.userId !== userId)) {
    throw new StatusError(404, "Session not found.");
  }
  if (session.id === auth.refreshTokenId) throw known("CANNOT_DELETE_CURRENT_SESSION");
  ctx.core.store.sessions.delete(session.id);
  ctx.core.store.touch();
  ctx.effect("sessions_revoked");
  return success();
}

async function createServerSession(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const userId = ctx.body.user_id as string;
  const user = ctx.core.store.users.get(userId);
  if (!user || user.projectId !== project.id) throw known("USER_ID_DOES_NOT_EXIST", { user_id: userId });
  const { refreshToken, accessToken } = await createSession(
    ctx.core,
    project,
    user,
    { expiresInMillis: ctx.body.expires_in_millis, isImpersonation: ctx.body.is_impersonation },
    ctx.effect,
  );
  return json({ refresh_token: refreshToken, access_token: accessToken });
}

/**
 * The sessions family (wire §8.6): refresh, sign-out of the current session, list, revoke, server create.
 *
 * @example
 * core.router.addAll(sessionRoutes(core));
 */
export function sessionRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    { method: "POST", path: "/auth/sessions/current/refresh", access: CLIENT_OR_HIGHER, handler: refresh },
    { method: "DELETE", path: "/auth/sessions/current", access: CLIENT_OR_HIGHER, handler: deleteCurrent },
    {
      method: "GET",
      path: "/auth/sessions",
      access: CLIENT_OR_HIGHER,
      query: t.object({ user_id: t.userIdOrMe().defined() }),
      handler: listSessions,
    },
    {
      method: "DELETE",
      path: "/auth/sessions/:session_id",
      access: CLIENT_OR_HIGHER,
      params: t.object({ session_id: t.string({ format: "uuid" }).defined() }),
      query: t.object({ user_id: t.userIdOrMe() }),
      handler: deleteSession,
    },
    {
      method: "POST",
      path: "/auth/sessions",
      access: SERVER_OR_HIGHER,
      body: t
        .object({
          user_id: t.userIdOrMe().defined(),
          expires_in_millis: t.number({ min: 0, max: MAX_SESSION_MILLIS }),
          is_impersonation: t.boolean(),
        })
        .defined(),
      handler: createServerSession,
    },
  ];
}
