import { restrictedReasonOf } from "../auth/checks";
import type { EmulatorCore } from "../core";
import { known } from "../errors";
import type { ProjectRecord, SessionRecord, UserRecord } from "../store/types";
import { signAccessToken, type TokenKind } from "../tokens/access-token";
import { newId, randomBase32 } from "../util/random";
import { primaryChannel } from "./users";

/**
 * Refresh tokens (sessions) last a year unless said otherwise.
 *
 * @example
 * const expiresAt = Date.now() + DEFAULT_SESSION_LIFETIME_MS;
 */
export const DEFAULT_SESSION_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Signs an access token for a session with the platform's claims (wire §7): anonymous users get the anonymous
 * variant, restricted users the restricted one.
 *
 * @example
 * const accessToken = await accessTokenFor(core, project, user, session);
 */
export async function accessTokenFor(core: EmulatorCore, project: ProjectRecord, user: UserRecord, session: SessionRecord): Promise<string> {
  const reason = restrictedReasonOf(project, user, core.store);
  const kind: TokenKind = user.isAnonymous ? "anonymous" : reason ? "restricted" : "normal";
  const primary = primaryChannel(core, user);
  return await signAccessToken(core.keys, {
    baseUrl: core.settings.baseUrl,
    projectId: project.id,
    kind,
    ttlSeconds: core.settings.accessTokenTtlSeconds,
    claims: {
      sub: user.id,
      project_id: project.id,
      branch_id: "main",
      refresh_token_id: session.id,
      role: "authenticated",
      name: user.displayName,
      email: primary?.value ?? null,
      email_verified: primary?.isVerified ?? false,
      selected_team_id: user.selectedTeamId,
      signed_up_at: Math.floor(user.signedUpAtMillis / 1000),
      is_anonymous: user.isAnonymous,
      is_restricted: reason !== null,
      restricted_reason: reason,
      requires_totp_mfa: user.totpSecretBase64 !== null,
    },
  });
}

/**
 * Opens a session for a user: a new 45-character refresh token and an access token. Counts `sessions_created`.
 *
 * @example
 * const { refreshToken, accessToken } = await createSession(core, project, user, {}, ctx.effect);
 */
export async function createSession(
  core: EmulatorCore,
  project: ProjectRecord,
  user: UserRecord,
  o: { expiresInMillis?: number; isImpersonation?: boolean } = {},
  effect?: (name: string) => void,
): Promise<{ session: SessionRecord; refreshToken: string; accessToken: string }> {
  const now = Date.now();
  const session: SessionRecord = {
    id: newId(),
    projectId: project.id,
    userId: user.id,
    refreshToken: randomBase32(45),
    createdAtMillis: now,
    lastUsedAtMillis: now,
    expiresAtMillis: now + (o.expiresInMillis ?? DEFAULT_SESSION_LIFETIME_MS),
    isImpersonation: o.isImpersonation ?? false,
  };
  core.store.sessions.set(session.id, session);
  user.lastActiveAtMillis = now;
  core.store.touch();
  effect?.("sessions_created");
  return { session, refreshToken: session.refreshToken, accessToken: await accessTokenFor(core, project, user, session) };
}

/**
 * Finds a live session by refresh token (unknown, expired or of a deleted user → `REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED`)
 * and marks it used.
 *
 * @example
 * const { session, user } = liveSession(core, project.id, refreshToken);
 */
export function liveSession(core: EmulatorCore, projectId: string, refreshToken: string): { session: SessionRecord; user: UserRecord } {
  const session = core.store.sessionByRefreshToken(projectId, refreshToken);
  const user = session && core.store.users.get(session.userId);
  if (!session || !user || session.expiresAtMillis < Date.now()) throw known("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  const now = Date.now();
  session.lastUsedAtMillis = now;
  user.lastActiveAtMillis = now;
  core.store.touch();
  return { session, user };
}

/**
 * The sign-in answer: `{access_token, refresh_token, user_id}` plus `is_new_user` when asked.
 *
 * @example
 * return json(await signInResponse(core, project, user, { isNewUser: true }, ctx.effect));
 */
export async function signInResponse(
  core: EmulatorCore,
  project: ProjectRecord,
  user: UserRecord,
  o: { isNewUser?: boolean },
  effect?: (name: string) => void,
): Promise<Record<string, unknown>> {
  const { accessToken, refreshToken } = await createSession(core, project, user, {}, effect);
  effect?.("sign_ins");
  return o.isNewUser === undefined
    ? { access_token: accessToken, refresh_token: refreshToken, user_id: user.id }
    : { access_token: accessToken, is_new_user: o.isNewUser, refresh_token: refreshToken, user_id: user.id };
}
