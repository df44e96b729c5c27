import type { AppCore } from "../apps/app-core";
import type { ReadCache } from "../cache";
import type { Session } from "../session/session";
import type { CurrentUserJson } from "../resources/client/users";

/**
 * The cached current user of each session. Entries are keyed by the session and the identity it holds (its
 * refresh token), so a new sign-in reads a new entry instead of sharing (or queueing behind) the old one's fetch.
 * @internal
 */
export interface UserCache {
  get(session: Session): Promise<CurrentUserJson | null>;
  /** Forgets the cached user of `session`, or of every session when none is given. */
  invalidate(session?: Session): void;
}

/**
 * What auth flows need from an app: its core, and the cache of current users to refresh after a sign-in.
 * @internal
 */
export interface AuthContext {
  core: AppCore;
  users: UserCache;
  /** Read caches of the resource modules, created on first use (see `resources/cached.ts`). */
  caches: Map<string, ReadCache<readonly unknown[], unknown>>;
}

/**
 * Forgets everything cached for `session` (its user and every resource read through it), or for every session
 * when none is given: after a sign-in, sign-out or a refused refresh nothing of the previous identity may be
 * served, and a change whose owner is unknown (a verified e-mail link) may touch any session's data.
 * @internal
 */
export function forgetSession(ctx: AuthContext, session?: Session): void {
  ctx.users.invalidate(session);
  for (const cache of ctx.caches.values()) cache.invalidateWhere(([s]) => !session || s === session);
}

/**
 * The user of `session` changed — or, without a session, a user any of this app's sessions may hold — in a way
 * an access token carries as a claim (name, primary e-mail and its verification, selected team, restriction,
 * TOTP): the cached user is forgotten and the access token marked stale, so the next `getUser()` and the next
 * request or `getAccessToken()` see the change. Nothing is fetched until then.
 * @internal
 * @example
 * await ctx.core.request({ method: "PATCH", path: "/users/me", session, body: { display_name: "Ada" } });
 * currentUserChanged(ctx, session);
 */
export function currentUserChanged(ctx: AuthContext, session?: Session): void {
  ctx.users.invalidate(session);
  ctx.core.markTokensStale(session);
}

/** @internal The token answer of sign-up, sign-in, OTP, MFA and passkey endpoints. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  user_id?: string;
  is_new_user?: boolean;
}

/**
 * Stores a fresh sign-in's tokens, drops the session's cached user, and (unless `noRedirect`) goes to the page's
 * `after_auth_return_to`, else after-sign-up for a new user or after-sign-in.
 * @internal
 */
export async function completeSignIn(
  ctx: AuthContext,
  session: Session,
  tokens: TokenResponse,
  options: { noRedirect?: boolean; isNewUser?: boolean },
): Promise<void> {
  await ctx.core.signIn(session, tokens);
  forgetSession(ctx, session);
  if (!options.noRedirect) await ctx.core.redirectToHandler(options.isNewUser ? "afterSignUp" : "afterSignIn", { replace: true });
}
