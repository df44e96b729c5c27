import { optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import type { CurrentUserData } from "../resources/client/users";
import { internalSessionOf } from "../session/internal-session";
import type { TokenStoreInit } from "../token-stores/types";
import type { AuthContext } from "./context";

/**
 * Options of `getPartialUser`. Only `from: "token"` is available: the official SDK's `from: "convex"` reads a
 * Convex auth context, and latchkey has no Convex integration.
 *
 * @example
 * await app.getPartialUser({ from: "token", or: "anonymous-if-exists" });
 */
export interface PartialUserOptions {
  from: "token" | "convex";
  /** `"anonymous-if-exists"` also returns an anonymous user; default `"return-null"` treats one as signed out. */
  or?: "return-null" | "anonymous-if-exists";
  tokenStore?: TokenStoreInit;
}

/**
 * The user as the access token describes them (the official SDK's `TokenPartialUser`).
 *
 * @example
 * const partial: TokenPartialUser | null = await app.getPartialUser({ from: "token" });
 */
export type TokenPartialUser = Pick<
  CurrentUserData,
  "id" | "displayName" | "primaryEmail" | "primaryEmailVerified" | "isAnonymous" | "isMultiFactorRequired" | "isRestricted" | "restrictedReason"
>;

/**
 * @internal Decodes the stored access token (no request, no refresh); null when there is none, it expired, or
 * it is an anonymous user's and `or` is not `"anonymous-if-exists"`.
 */
export async function getPartialUser(ctx: AuthContext, options: PartialUserOptions): Promise<TokenPartialUser | null> {
  if (options === undefined) throw new ArgumentError('getPartialUser needs options: { from: "token" }.');
  const o = optionalObject(options, "getPartialUser options") as Partial<PartialUserOptions>;
  if (o.from === "convex") {
    throw new ArgumentError('getPartialUser({ from: "convex" }) reads a Convex auth context, and latchkey has no Convex integration: use { from: "token" }.');
  }
  if (o.from !== "token") throw new ArgumentError(`getPartialUser's "from" must be "token", got ${JSON.stringify(o.from)}.`);
  const or = o.or ?? "return-null";
  if (or !== "return-null" && or !== "anonymous-if-exists") {
    throw new ArgumentError(`getPartialUser's "or" must be "return-null" or "anonymous-if-exists", got ${JSON.stringify(or)}.`);
  }
  const session = ctx.core.session(o.tokenStore);
  await session.read();
  const claims = internalSessionOf(session).getAccessTokenIfNotExpiredYet(0, null)?.payload;
  if (!claims || typeof claims.sub !== "string" || (claims.is_anonymous && or !== "anonymous-if-exists")) return null;
  return {
    id: claims.sub,
    displayName: (claims.name as string | null | undefined) ?? null,
    primaryEmail: (claims.email as string | null | undefined) ?? null,
    primaryEmailVerified: claims.email_verified === true,
    isAnonymous: claims.is_anonymous === true,
    isMultiFactorRequired: claims.requires_totp_mfa === true,
    isRestricted: claims.is_restricted === true,
    restrictedReason: (claims.restricted_reason as TokenPartialUser["restrictedReason"] | undefined) ?? null,
  };
}
