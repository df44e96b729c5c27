import type { AppCore } from "../../core/app-core";
import type { AppContext } from "../../core/context";
import { resourceCache } from "../cached";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { accessTokenClaims } from "../../session/jwt";
import type { Session } from "../../session/session";
import type { TokenStoreInit } from "../../token-stores/types";

/** @internal The client read shape of `GET /users/me` (wire snake_case). */
export interface CurrentUserJson {
  id: string;
  display_name: string | null;
  primary_email: string | null;
  primary_email_verified: boolean;
  profile_image_url: string | null;
  signed_up_at_millis: number;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  has_password: boolean;
  auth_with_email: boolean;
  otp_auth_enabled: boolean;
  passkey_auth_enabled: boolean;
  requires_totp_mfa: boolean;
  is_anonymous: boolean;
  is_restricted?: boolean;
  restricted_reason?: RestrictedReason | null;
  oauth_providers: { id: string; account_id?: string; email?: string | null }[];
  selected_team_id: string | null;
  selected_team: TeamJson | null;
  restricted_by_admin: boolean;
  restricted_by_admin_reason: string | null;
}

/**
 * Why a user counts as restricted: anonymous, e-mail not verified yet, or restricted by an administrator.
 *
 * @example
 * if (user.restrictedReason?.type === "email_not_verified") showVerifyEmailBanner();
 */
export type RestrictedReason = { type: "anonymous" | "email_not_verified" | "restricted_by_administrator" };

/** @internal The client read shape of a team. */
export interface TeamJson {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
}

/**
 * A team as the client sees it.
 *
 * @example
 * const team = user.selectedTeam; // { id, displayName, profileImageUrl, clientMetadata, clientReadOnlyMetadata } | null
 */
export interface TeamData {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
}

/**
 * The signed-in user's fields, camelCase, dates as `Date`.
 *
 * @example
 * const user = await app.getUser();
 * if (user) console.log(user.primaryEmail, user.signedUpAt.toISOString());
 */
export interface CurrentUserData {
  id: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  profileImageUrl: string | null;
  signedUpAt: Date;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  hasPassword: boolean;
  emailAuthEnabled: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  isMultiFactorRequired: boolean;
  isAnonymous: boolean;
  isRestricted: boolean;
  restrictedReason: RestrictedReason | null;
  oauthProviders: { id: string; accountId?: string; email?: string | null }[];
  selectedTeam: TeamData | null;
}

/** @internal */
export const teamFromJson = (t: TeamJson): TeamData => ({
  id: t.id,
  displayName: t.display_name,
  profileImageUrl: t.profile_image_url,
  clientMetadata: t.client_metadata,
  clientReadOnlyMetadata: t.client_read_only_metadata,
});

/** @internal */
export const currentUserFromJson = (u: CurrentUserJson): CurrentUserData => ({
  id: u.id,
  displayName: u.display_name,
  primaryEmail: u.primary_email,
  primaryEmailVerified: u.primary_email_verified,
  profileImageUrl: u.profile_image_url,
  signedUpAt: new Date(u.signed_up_at_millis),
  clientMetadata: u.client_metadata,
  clientReadOnlyMetadata: u.client_read_only_metadata,
  hasPassword: u.has_password,
  emailAuthEnabled: u.auth_with_email,
  otpAuthEnabled: u.otp_auth_enabled,
  passkeyAuthEnabled: u.passkey_auth_enabled,
  isMultiFactorRequired: u.requires_totp_mfa,
  isAnonymous: u.is_anonymous,
  isRestricted: !!u.is_restricted,
  restrictedReason: u.restricted_reason ?? null,
  oauthProviders: (u.oauth_providers ?? []).map((p) => ({ id: p.id, accountId: p.account_id, email: p.email })),
  selectedTeam: u.selected_team ? teamFromJson(u.selected_team) : null,
});

/**
 * `GET /users/me` for `session`, or null when nobody is signed in (no tokens, or the server says the request
 * carries no user).
 * @internal
 */
export async function fetchCurrentUser(core: AppCore, session: Session): Promise<CurrentUserJson | null> {
  const { accessToken } = await session.getTokens();
  if (!accessToken) return null;
  let user: CurrentUserJson;
  try {
    user = await core.request<CurrentUserJson>({ expect: "id", path: "/users/me", session });
  } catch (error) {
    if (isKnownErrorOf(error, "CANNOT_GET_OWN_USER_WITHOUT_USER")) return null;
    throw error;
  }
  // A change made elsewhere (another app, device or the server) shows here first: the token is then outdated.
  if (claimsOutdated(accessToken, user)) session.markAccessTokenExpired(accessToken);
  return user;
}

/**
 * Whether a claim `accessToken` carries disagrees with `user` as just read (claims the token lacks, as very old
 * tokens do, are not compared): the token was issued before a change to the user.
 * @internal
 * @example
 * if (claimsOutdated(accessToken, user)) session.markAccessTokenExpired(accessToken);
 */
export function claimsOutdated(accessToken: string, user: CurrentUserJson): boolean {
  const claims = accessTokenClaims(accessToken);
  const now = claimValues(user);
  // The platform copies these claims from the user read, so equal JSON means equal values.
  return !!claims && Object.keys(now).some((k) => k in claims && now[k] !== undefined && JSON.stringify(claims[k]) !== JSON.stringify(now[k]));
}

/**
 * @internal The access-token claims the platform copies from `user`, by claim name.
 * @example
 * claimValues(user).email; // user.primary_email
 */
export const claimValues = (user: CurrentUserJson): Record<string, unknown> => ({
  name: user.display_name,
  email: user.primary_email,
  email_verified: user.primary_email_verified,
  selected_team_id: user.selected_team?.id ?? null,
  is_anonymous: user.is_anonymous,
  is_restricted: user.is_restricted,
  restricted_reason: user.restricted_reason,
  requires_totp_mfa: user.requires_totp_mfa,
});

/** The name of the current-user cache (entries keyed by a session and the identity it holds). */
export const USER_CACHE = "user" as const;

/**
 * @internal The app's current-user cache (made on first use; a client app makes it with its context, so sign-ins and
 * sign-outs are told to change listeners as cache "user" from the start).
 * @example
 * userCache(ctx).invalidateWhere(() => true);
 */
export const userCache = (ctx: AppContext) =>
  resourceCache(ctx, USER_CACHE, (session: Session, _identity: string | null) => fetchCurrentUser(ctx.core, session));

/**
 * @internal The cached current user of `session` (fetched when none is held). Entries are keyed by the session and
 * the identity it holds (its refresh token), so a new sign-in reads a new entry instead of sharing (or queueing
 * behind) the old one's fetch.
 * @example
 * const json = await currentUserJson(ctx, session);
 */
export async function currentUserJson(ctx: AppContext, session: Session): Promise<CurrentUserJson | null> {
  return userCache(ctx).get(await userKey(session));
}

/**
 * @internal The current-user cache's key for `session`: the session and the identity it holds now.
 * @example
 * const user = await userCache(ctx).get(await userKey(session));
 */
export async function userKey(session: Session): Promise<[Session, string | null]> {
  const { accessToken, refreshToken } = await session.store.get();
  return [session, refreshToken ?? accessToken];
}

/**
 * @internal Forgets the cached user of `session`, or of every session when none is given (the next read fetches).
 * @example
 * forgetCurrentUser(ctx, session); // hasPassword changed
 */
export function forgetCurrentUser(ctx: AppContext, session?: Session): void {
  userCache(ctx).invalidateWhere(([s]) => !session || s === session);
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
export function currentUserChanged(ctx: AppContext, session?: Session): void {
  forgetCurrentUser(ctx, session);
  ctx.core.markTokensStale(session);
}

/**
 * Options of `getUser`: what to do when nobody (eligible) is signed in, and which session to read.
 *
 * @example
 * const user = await app.getUser({ or: "redirect" }); // never null: sends signed-out visitors to sign-in
 */
export interface GetUserOptions {
  /**
   * When there is no user: `"return-null"` (default), `"throw"`, `"redirect"` to the sign-in page (a restricted
   * user to the onboarding page), or `"anonymous"` to sign up an anonymous user. The deprecated
   * `"anonymous-if-exists[deprecated]"` returns an existing anonymous or restricted user and null otherwise.
   */
  or?: "return-null" | "throw" | "redirect" | "anonymous" | "anonymous-if-exists[deprecated]";
  /** Count restricted users (e.g. e-mail not yet verified) as signed in. Default false. */
  includeRestricted?: boolean;
  tokenStore?: TokenStoreInit;
}
