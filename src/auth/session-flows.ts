import { optionalObject } from "../util/validate";
import { ArgumentError, LatchkeyError } from "../errors/base";
import type { Session } from "../session/session";
import type { TokenStoreInit } from "../token-stores/types";
import type { CurrentUserJson } from "../resources/client/users";
import { leaving } from "../urls/redirect";
import type { AuthContext } from "./context";

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

const OR_VALUES = ["return-null", "throw", "redirect", "anonymous", "anonymous-if-exists[deprecated]"];

/** @internal Reads (through the cache) the user of `session`, applying the anonymous / restricted rules. */
export async function resolveUser(
  ctx: AuthContext,
  options: GetUserOptions | undefined,
): Promise<{ session: Session; user: CurrentUserJson } | null> {
  const o = optionalObject(options, "getUser options");
  const or = o.or ?? "return-null";
  if (!OR_VALUES.includes(or)) {
    throw new ArgumentError(`getUser's "or" must be one of ${OR_VALUES.join(", ")}; got ${JSON.stringify(or)}.`);
  }
  if (or === "anonymous" && o.includeRestricted === false) {
    // The official SDK's message, word for word.
    throw new ArgumentError(
      "Cannot use { or: 'anonymous' } with { includeRestricted: false }. Anonymous users implicitly include restricted users.",
    );
  }
  const anonymousOk = or === "anonymous" || or === "anonymous-if-exists[deprecated]";
  const session = ctx.core.session(o.tokenStore);
  const user = await ctx.users.get(session);
  const eligible = (u: CurrentUserJson | null): u is CurrentUserJson =>
    !!u && (anonymousOk || (!u.is_anonymous && (!!o.includeRestricted || !u.is_restricted)));
  // A signed-in user who still has to finish onboarding (e.g. verify their e-mail): "redirect" sends them there.
  const onboarding = !!user && !user.is_anonymous && !!user.is_restricted;
  if (eligible(user)) return { session, user };
  if (or === "anonymous") {
    // Loads with the sign-up code: a page that never asks for an anonymous user does not download it.
    return { session, user: await (await import("./sign-up")).signUpAnonymously(ctx, session) };
  }
  if (or === "throw") {
    throw new LatchkeyError('No user is signed in, and getUser was called with { or: "throw" }.', "NotSignedInError");
  }
  if (or === "redirect") {
    // A page already leaving (signing out goes to after-sign-out) starts no second navigation, to sign-in.
    if (leaving || (await ctx.core.redirectToHandler(onboarding ? "onboarding" : "signIn", { replace: true }))) return new Promise(() => {});
    throw new LatchkeyError(
      'No user is signed in, and getUser({ or: "redirect" }) cannot navigate here (redirectMethod is "none").',
      "NotSignedInError",
    );
  }
  return null;
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
