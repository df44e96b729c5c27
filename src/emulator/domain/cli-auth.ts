import { StatusError } from "../errors";
import type { Store } from "../store/store";
import type { SessionRecord, UserRecord } from "../store/types";
import { newId, randomBase32 } from "../util/random";

/**
 * Key of the CLI login attempts in `store.extra`.
 *
 * @example
 * const attempts = store.extra[CLI_AUTH_FAMILY] ?? [];
 */
export const CLI_AUTH_FAMILY = "cli-auth";
/**
 * A CLI login attempt lives two hours unless asked otherwise.
 *
 * @example
 * const expiresAt = Date.now() + (body.expires_in_millis ?? CLI_AUTH_DEFAULT_LIFETIME_MS);
 */
export const CLI_AUTH_DEFAULT_LIFETIME_MS = 2 * 60 * 60 * 1000;
/**
 * …and at most a day.
 *
 * @example
 * t.number({ max: CLI_AUTH_MAX_LIFETIME_MS });
 */
export const CLI_AUTH_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * One CLI login attempt: the CLI polls with `pollingCode`; the browser completes it with `loginCode`.
 *
 * @example
 * const attempt = cliAttemptByPollingCode(store, projectId, body.polling_code);
 */
export interface CliAuthAttempt {
  id: string;
  projectId: string;
  pollingCode: string;
  loginCode: string;
  expiresAtMillis: number;
  /** The browser session handed to the CLI, once completed. */
  refreshToken: string | null;
  /** The CLI's own anonymous session, if it had one (claimable once by the browser). */
  anonRefreshToken: string | null;
  usedAtMillis: number | null;
  createdAtMillis: number;
}

function attempts(store: Store): CliAuthAttempt[] {
  return (store.extra[CLI_AUTH_FAMILY] ??= []) as CliAuthAttempt[];
}

/**
 * Creates a login attempt with fresh 45-character polling and login codes.
 *
 * @example
 * const attempt = createCliAttempt(store, project.id, { expiresInMillis: 7_200_000, anonRefreshToken: null });
 */
export function createCliAttempt(store: Store, projectId: string, o: { expiresInMillis: number; anonRefreshToken: string | null }): CliAuthAttempt {
  const now = Date.now();
  const attempt: CliAuthAttempt = {
    id: newId(),
    projectId,
    pollingCode: randomBase32(45),
    loginCode: randomBase32(45),
    expiresAtMillis: now + o.expiresInMillis,
    refreshToken: null,
    anonRefreshToken: o.anonRefreshToken,
    usedAtMillis: null,
    createdAtMillis: now,
  };
  attempts(store).push(attempt);
  store.touch();
  return attempt;
}

/**
 * The attempt of a polling code in a project.
 *
 * @example
 * const attempt = cliAttemptByPollingCode(store, project.id, code);
 */
export function cliAttemptByPollingCode(store: Store, projectId: string, pollingCode: string): CliAuthAttempt | undefined {
  return attempts(store).find((a) => a.projectId === projectId && a.pollingCode === pollingCode);
}

/**
 * The still-pending attempt of a login code (not completed, not used, not expired), else the platform's 400 text.
 *
 * @example
 * const attempt = pendingCliAttempt(store, project.id, body.login_code);
 */
export function pendingCliAttempt(store: Store, projectId: string, loginCode: string): CliAuthAttempt {
  const attempt = attempts(store).find((a) => a.projectId === projectId && a.loginCode === loginCode);
  if (!attempt || attempt.refreshToken !== null || attempt.usedAtMillis !== null || attempt.expiresAtMillis < Date.now()) {
    throw new StatusError(400, "Invalid login code or the code has expired");
  }
  return attempt;
}

/**
 * A refresh token's session and user looked up across projects, so callers can tell "unknown" from "other
 * project". Expired sessions and deleted users count as unknown.
 *
 * @example
 * const found = findRefreshSession(store, token); if (found?.session.projectId !== project.id) { ... }
 */
export function findRefreshSession(store: Store, refreshToken: string): { session: SessionRecord; user: UserRecord | undefined; expired: boolean } | undefined {
  for (const session of store.sessions.values()) {
    if (session.refreshToken !== refreshToken) continue;
    return { session, user: store.users.get(session.userId), expired: session.expiresAtMillis < Date.now() };
  }
  return undefined;
}
