import { currentUserJson } from "../resources/users/current";
import { optionalObject } from "../util/validate";
import type { Session } from "../session/session";
import type { TokenStoreInit } from "../token-stores/types";
import type { CurrentUserJson } from "../resources/users/current";
import type { AppContext } from "../core/context";

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

/** @internal Reads (through the cache) the user of `session`, applying the anonymous / restricted rules. */
export async function resolveUser(
  ctx: AppContext,
  options: GetUserOptions | undefined,
): Promise<{ session: Session; user: CurrentUserJson } | null> {
  const o = optionalObject(options, "getUser options");
  // An `or` other than the default loads its checks (an ArgumentError before anything is read) and its answer for a
  // missing user (get-user-or.ts): a page that never gives one does not download them.
  const other = o.or == null || o.or === "return-null" ? undefined : await import("./get-user-or");
  other?.checkGetUserOr(o);
  const anonymousOk = o.or === "anonymous" || o.or === "anonymous-if-exists[deprecated]";
  const session = ctx.core.session(o.tokenStore);
  const user = await currentUserJson(ctx, session);
  if (user && (anonymousOk || (!user.is_anonymous && (!!o.includeRestricted || !user.is_restricted)))) return { session, user };
  return other ? other.noUser(ctx, session, o.or!, user) : null;
}

/**
 * The token accessors shared by apps and current users.
 * @internal
 */
export async function authJson(session: Session): Promise<{ accessToken: string | null; refreshToken: string | null }> {
  return session.getTokens();
}

/**
 * @internal `"Bearer stackauth_<base64 JSON>"` for sending the session to your own server, or null when signed out.
 * The encoder loads on first use (with the tokens), so a page that never sends the header does not download it.
 */
export async function authorizationHeader(session: Session): Promise<string | null> {
  const [tokens, { encodeAuthorizationHeader }] = await Promise.all([session.getTokens(), import("../token-stores/authorization-header")]);
  return tokens.accessToken || tokens.refreshToken ? encodeAuthorizationHeader(tokens) : null;
}
