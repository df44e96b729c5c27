// The shapes the Convex integration speaks (Convex's own types, as much of them as is read), apart from the code so
// that option types can name them without loading it.
import type { TokenStoreInit } from "../token-stores/types";

/**
 * The user identity Convex derives from a verified access token (Convex's `UserIdentity`): `subject` is the `sub`
 * claim (the user id), `issuer` the `iss` claim, the OIDC claims in camelCase (`emailVerified`), and the platform's
 * own claims under their names (`is_anonymous`, `is_restricted`, `restricted_reason`, `requires_totp_mfa`, …).
 *
 * @example
 * const identity: ConvexUserIdentity | null = await ctx.auth.getUserIdentity();
 */
export interface ConvexUserIdentity {
  readonly subject: string;
  readonly issuer?: string;
  readonly tokenIdentifier?: string;
  readonly name?: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
  readonly [claim: string]: unknown;
}

/**
 * A Convex function's context (query, mutation, action), or anything with its `auth.getUserIdentity()`.
 *
 * @example
 * export const me = query({ handler: (ctx: ConvexCtx) => app.getPartialUser({ from: "convex", ctx }) });
 */
export interface ConvexCtx {
  auth: { getUserIdentity(): Promise<ConvexUserIdentity | null> };
}

/**
 * What Convex passes to the function set with `convex.setAuth(...)`: `forceRefreshToken` is true when Convex wants
 * a token other than the last one (the server refused it, or it is about to expire).
 *
 * @example
 * const token = await fetchToken({ forceRefreshToken: false } satisfies ConvexFetchTokenArgs);
 */
export interface ConvexFetchTokenArgs {
  forceRefreshToken: boolean;
}

/**
 * Options of `getConvexClientAuth` and `getConvexHttpClientAuth`: the token store of the session whose access
 * tokens Convex gets (default: the app's).
 *
 * @example
 * convex.setAuth(app.getConvexClientAuth({ tokenStore: "cookie" } satisfies ConvexAuthOptions));
 */
export interface ConvexAuthOptions {
  tokenStore?: TokenStoreInit;
}
