import { restrictedReasonOf } from "../auth/checks";
import type { EmulatorCore } from "../core";
import {
  CLI_AUTH_DEFAULT_LIFETIME_MS,
  CLI_AUTH_MAX_LIFETIME_MS,
  cliAttemptByPollingCode,
  createCliAttempt,
  findRefreshSession,
  pendingCliAttempt,
} from "../domain/cli-auth";
import { accessTokenFor } from "../domain/sessions";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { ProjectRecord, SessionRecord, UserRecord } from "../store/types";

/** The largest distance from 1970 a JavaScript date can have (±100,000,000 days). */
const MAX_DATE_MILLIS = 8.64e15;

function start(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const body = (ctx.body ?? {}) as { expires_in_millis?: number; anon_refresh_token?: string };
  const expiresInMillis = body.expires_in_millis ?? CLI_AUTH_DEFAULT_LIFETIME_MS;
  // The platform sets no lower bound (a negative lifetime is an attempt that has already expired), but its expiry
  // must still be a date: one before the earliest date there is would fail its database write.
  if (Number.isNaN(new Date(Date.now() + expiresInMillis).getTime())) {
    throw schemaError(ctx.method, ctx.pathname, [`body.expires_in_millis must be greater than or equal to ${-MAX_DATE_MILLIS - Date.now()}`]);
  }
  let anonRefreshToken: string | null = null;
  if (body.anon_refresh_token) {
    const found = findRefreshSession(ctx.core.store, body.anon_refresh_token);
    if (!found) throw new StatusError(400, "Invalid anon refresh token");
    if (found.session.projectId !== project.id) throw new StatusError(400, "Anon refresh token does not belong to this project");
    if (found.expired) throw new StatusError(400, "The provided anon refresh token has expired");
    if (!found.user) throw new StatusError(400, "User not found for provided refresh token");
    if (!found.user.isAnonymous) throw new StatusError(400, "The provided refresh token does not belong to an anonymous user");
    anonRefreshToken = body.anon_refresh_token;
  }
  const attempt = createCliAttempt(ctx.core.store, project.id, {
    expiresInMillis,
    anonRefreshToken,
  });
  ctx.effect("cli_logins_started");
  return json({ polling_code: attempt.pollingCode, login_code: attempt.loginCode, expires_at: new Date(attempt.expiresAtMillis).toISOString() });
}

function poll(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const attempt = cliAttemptByPollingCode(ctx.core.store, project.id, ctx.body.polling_code);
  if (!attempt) throw known("INVALID_POLLING_CODE");
  if (attempt.expiresAtMillis < Date.now()) return json({ status: "expired" });
  if (attempt.usedAtMillis !== null) return json({ status: "used" });
  if (attempt.refreshToken === null) return json({ status: "waiting" });
  attempt.usedAtMillis = Date.now();
  ctx.core.store.touch();
  ctx.effect("cli_logins_completed");
  return json({ status: "success", refresh_token: attempt.refreshToken }, 201);
}

/** The CLI's anonymous session of an attempt, if it still exists and still belongs to an anonymous user. */
function anonymousSession(ctx: RequestContext, project: ProjectRecord, token: string | null): { session: SessionRecord; user: UserRecord } | null {
  if (token === null) return null;
  const found = findRefreshSession(ctx.core.store, token);
  if (!found) return null;
  if (found.session.projectId !== project.id) throw new StatusError(400, "Refresh token does not belong to this project");
  if (found.expired || !found.user?.isAnonymous) return null;
  return { session: found.session, user: found.user };
}

async function complete(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const body = ctx.body as { login_code: string; mode?: "check" | "claim-anon-session" | "complete"; refresh_token?: string };
  const attempt = pendingCliAttempt(ctx.core.store, project.id, body.login_code);
  const mode = body.mode ?? "complete";
  if (mode === "check") {
    return json({ cli_session_state: anonymousSession(ctx, project, attempt.anonRefreshToken) ? "anonymous" : "none" });
  }
  if (mode === "claim-anon-session") {
    const anon = anonymousSession(ctx, project, attempt.anonRefreshToken);
    if (!anon) throw new StatusError(400, "No anonymous session associated with this code");
    attempt.anonRefreshToken = null;
    ctx.core.store.touch();
    const accessToken = await accessTokenFor(ctx.core, project, anon.user, anon.session);
    return json({ access_token: accessToken, refresh_token: anon.session.refreshToken });
  }
  if (!body.refresh_token) throw new StatusError(400, "refresh_token is required when mode is 'complete'");
  const browser = findRefreshSession(ctx.core.store, body.refresh_token);
  if (browser && browser.session.projectId !== project.id) throw new StatusError(400, "Refresh token does not belong to this project");
  if (!browser || browser.expired || !browser.user) throw new StatusError(400, "Invalid refresh token");
  const reason = restrictedReasonOf(project, browser.user, ctx.core.store);
  if (reason) throw known("RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: reason });
  attempt.refreshToken = body.refresh_token;
  attempt.anonRefreshToken = null;
  ctx.core.store.touch();
  return success();
}

/**
 * The CLI login family (wire §8.8): `POST /auth/cli` starts an attempt (`expires_in_millis` default 2 h, max 24 h,
 * optional `anon_refresh_token` of the CLI's anonymous user); `POST /auth/cli/poll` answers `waiting`, `expired`,
 * `used`, or — once — **201** `success` with the browser's refresh token; `POST /auth/cli/complete` (browser side)
 * `check`s the attempt, lets the browser `claim-anon-session` once, or `complete`s it with its refresh token.
 *
 * @example
 * core.router.addAll(cliAuthRoutes(core));
 */
export function cliAuthRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/auth/cli",
      access: CLIENT_OR_HIGHER,
      body: t.object({ expires_in_millis: t.number({ max: CLI_AUTH_MAX_LIFETIME_MS }), anon_refresh_token: t.string() }),
      handler: start,
    },
    {
      method: "POST",
      path: "/auth/cli/poll",
      access: CLIENT_OR_HIGHER,
      body: t.object({ polling_code: t.string().defined() }).defined(),
      handler: poll,
    },
    {
      method: "POST",
      path: "/auth/cli/complete",
      access: CLIENT_OR_HIGHER,
      body: t
        .object({
          login_code: t.string().defined(),
          mode: t.string({ oneOf: ["check", "claim-anon-session", "complete"] }),
          refresh_token: t.string(),
        })
        .defined(),
      handler: complete,
    },
  ];
}
