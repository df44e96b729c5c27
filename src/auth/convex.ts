// Convex integration, the app side: the access token a Convex client sends (Convex verifies it with the keys of
// `getConvexProvidersConfig`), and the user a Convex function's `ctx.auth.getUserIdentity()` describes. Loaded on
// first use of a Convex method, so apps without Convex never download it.
import { ArgumentError } from "../errors/base";
import { internalSessionOf } from "../session/internal-session";
import { optionalBoolean, optionalObject } from "../util/validate";
import type { AppContext } from "../core/context";
import type { TokenStoreInit } from "../token-stores/types";
import type { ConvexAuthOptions, ConvexFetchTokenArgs, ConvexUserIdentity } from "./convex-types";

/** A token with this much validity left is handed to Convex as it is; one with less is refreshed first. */
const MIN_VALIDITY_MS = 20_000;
/** A token issued longer ago than this is refreshed before it is handed out (its claims may be outdated). */
const MAX_AGE_MS = 75_000;

/**
 * @internal What the function of `ClientApp.getConvexClientAuth` answers Convex: with `forceRefreshToken`, a newly
 * refreshed access token; else one valid for at least 20 s and issued at most 75 s ago (refreshed otherwise). Null
 * when signed out (or, forced, when the session has no refresh token). `args` not being `{ forceRefreshToken }` with
 * a boolean throws an `ArgumentError`.
 */
export async function fetchConvexToken(ctx: AppContext, tokenStore: TokenStoreInit | undefined, args: ConvexFetchTokenArgs): Promise<string | null> {
  const { forceRefreshToken } = optionalObject(args, "The argument of Convex's fetchToken") as Partial<ConvexFetchTokenArgs>;
  optionalBoolean(forceRefreshToken, "forceRefreshToken");
  const session = internalSessionOf(ctx.core.session(tokenStore));
  const tokens = forceRefreshToken ? await session.fetchNewTokens() : await session.getOrFetchLikelyValidTokens(MIN_VALIDITY_MS, MAX_AGE_MS);
  return tokens?.accessToken.token ?? null;
}

/**
 * @internal The access token for a `ConvexHttpClient` (see `ClientApp.getConvexHttpClientAuth`): valid for at least
 * 20 s and issued at most 75 s ago (refreshed otherwise), or `""` when signed out.
 */
export async function convexHttpClientAuth(ctx: AppContext, options: ConvexAuthOptions | undefined): Promise<string> {
  const { tokenStore } = optionalObject(options, "getConvexHttpClientAuth options") as ConvexAuthOptions;
  const tokens = await internalSessionOf(ctx.core.session(tokenStore)).getOrFetchLikelyValidTokens(MIN_VALIDITY_MS, MAX_AGE_MS);
  return tokens?.accessToken.token ?? "";
}

/** The issuer folders of the platform's access tokens, by the kind of user they are for. */
const ISSUER_PATH = /^\/api\/v1\/(projects|projects-anonymous-users|projects-restricted-users)\/([^/]+)$/;

/**
 * @internal The identity `ctx.auth.getUserIdentity()` gives, or null when there is none or it is not one of
 * `projectId`'s users (its `issuer` is not one of the project's issuer URLs: another provider of the same Convex
 * deployment, or another project). `ctx` not being a Convex context, or an identity without a `subject`, throws an
 * `ArgumentError` naming `caller`.
 */
export async function readConvexIdentity(ctx: unknown, projectId: string, caller: string): Promise<ConvexUserIdentity | null> {
  const auth = typeof ctx === "object" && ctx !== null ? (ctx as { auth?: unknown }).auth : undefined;
  const read = typeof auth === "object" && auth !== null ? (auth as { getUserIdentity?: unknown }).getUserIdentity : undefined;
  if (typeof read !== "function") {
    throw new ArgumentError(`${caller}({ from: "convex" }) needs ctx: a Convex function's context, with ctx.auth.getUserIdentity().`);
  }
  const identity: unknown = await read.call(auth);
  if (identity === null || identity === undefined) return null;
  if (typeof identity !== "object" || typeof (identity as { subject?: unknown }).subject !== "string") {
    throw new ArgumentError(`${caller}({ from: "convex" }): ctx.auth.getUserIdentity() gave something that is not a user identity (no "subject").`);
  }
  const found = identity as ConvexUserIdentity;
  return found.issuer === undefined || convexIssuerKind(found.issuer, projectId) ? found : null;
}

/**
 * @internal `"projects"`, `"projects-anonymous-users"` or `"projects-restricted-users"` for an issuer URL of
 * `projectId`'s access tokens, else null.
 */
export function convexIssuerKind(issuer: unknown, projectId: string): string | null {
  if (typeof issuer !== "string") return null;
  try {
    const match = ISSUER_PATH.exec(new URL(issuer).pathname);
    return match && decodeURIComponent(match[2]) === projectId ? match[1] : null;
  } catch {
    return null; // not a URL, or a malformed escape in it
  }
}
