import { optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import type { CurrentUserData } from "../resources/users/current";
import { internalSessionOf } from "../session/internal-session";
import type { TokenStoreInit } from "../token-stores/types";
import type { AppContext } from "../core/context";
import type { ConvexCtx } from "./convex-types";

/**
 * Options of `getPartialUser`: where the user is read from.
 * - `from: "token"`: the access token of the session's store (`tokenStore`, default the app's);
 * - `from: "convex"`: the identity a Convex function's `ctx.auth.getUserIdentity()` gives, i.e. the access token
 *   the Convex client sent with the call (see `getConvexClientAuth` and `getConvexProvidersConfig`).
 *
 * @example
 * await app.getPartialUser({ from: "token", or: "anonymous-if-exists" });
 * await app.getPartialUser({ from: "convex", ctx }); // in a Convex query, mutation or action
 */
export type PartialUserOptions =
  | {
      from: "token";
      /** `"anonymous-if-exists"` also returns an anonymous user; default `"return-null"` treats one as signed out. */
      or?: "return-null" | "anonymous-if-exists";
      tokenStore?: TokenStoreInit;
    }
  | {
      from: "convex";
      /** The Convex function's context (its `auth.getUserIdentity()` is read). */
      ctx: ConvexCtx;
      /** `"anonymous-if-exists"` also returns an anonymous user; default `"return-null"` treats one as signed out. */
      or?: "return-null" | "anonymous-if-exists";
      /** Not read (the user comes from `ctx`); taken because the official SDK's typings ask for it on apps without a store. */
      tokenStore?: TokenStoreInit;
    };

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
 * @internal Decodes the stored access token (no request, no refresh), or with `from: "convex"` reads the Convex
 * identity of `options.ctx`; null when there is none, it expired, or it is an anonymous user's and `or` is not
 * `"anonymous-if-exists"`.
 */
export async function getPartialUser(ctx: AppContext, options: PartialUserOptions): Promise<TokenPartialUser | null> {
  if (options === undefined) throw new ArgumentError('getPartialUser needs options: { from: "token" } or { from: "convex", ctx }.');
  const o = optionalObject(options, "getPartialUser options") as { from?: unknown; or?: unknown; tokenStore?: TokenStoreInit; ctx?: unknown };
  if (o.from !== "token" && o.from !== "convex") {
    throw new ArgumentError(`getPartialUser's "from" must be "token" or "convex", got ${JSON.stringify(o.from)}.`);
  }
  const or = o.or ?? "return-null";
  if (or !== "return-null" && or !== "anonymous-if-exists") {
    throw new ArgumentError(`getPartialUser's "or" must be "return-null" or "anonymous-if-exists", got ${JSON.stringify(or)}.`);
  }
  if (o.from === "convex") {
    return partialUserFromConvex(o.ctx, ctx.core.projectId, or);
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

/**
 * The partial user of the Convex identity of `convexCtx` (null without one, or for another issuer's); an anonymous
 * user only when `or` is `"anonymous-if-exists"`. Convex hands the token's claims over as the identity's fields.
 */
async function partialUserFromConvex(convexCtx: unknown, projectId: string, or: string): Promise<TokenPartialUser | null> {
  const { convexIssuerKind, readConvexIdentity } = await import("./convex");
  const identity = await readConvexIdentity(convexCtx, projectId, "getPartialUser");
  if (!identity) return null;
  const isAnonymous = identity.is_anonymous === true || convexIssuerKind(identity.issuer, projectId) === "projects-anonymous-users";
  if (isAnonymous && or !== "anonymous-if-exists") return null;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const reason = identity.restricted_reason;
  return {
    id: identity.subject,
    displayName: text(identity.name),
    primaryEmail: text(identity.email),
    // Convex renames the OIDC claim `email_verified` to `emailVerified`; a hand-made identity may keep the claim name.
    primaryEmailVerified: (identity.emailVerified ?? identity.email_verified) === true,
    isAnonymous,
    isMultiFactorRequired: identity.requires_totp_mfa === true,
    isRestricted: identity.is_restricted === true,
    restrictedReason: typeof reason === "object" && reason !== null ? (reason as TokenPartialUser["restrictedReason"]) : null,
  };
}
