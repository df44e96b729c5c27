import { ArgumentError } from "../errors/base";
import type { AppCore } from "./app-core";
import type { ReadCache } from "../cache";
import type { Session } from "../session/session";
import type { KnownError } from "../errors";
import type { Result } from "../util/result";

/**
 * What auth flows need from an app: its core, and the cache of current users to refresh after a sign-in.
 * @internal
 */
export interface AppContext {
  core: AppCore;
  /** Read caches of the resource modules, created on first use (see `resources/cached.ts`). */
  caches: Map<string, ReadCache<readonly unknown[], unknown>>;
  /** The flows a resource's method may start, whose code is in auth/ (above resources): the app sets those it has. */
  flows: ResourceFlows;
}

/**
 * @internal Flows started from a resource's method. They are auth flows, a floor above the resources, so the app
 * hands them down here (each loads its module on first use).
 * @example
 * await ctx.flows.startLinking?.(session, "github", ["repo"]); // the page leaves for the provider
 */
export interface ResourceFlows {
  /** Sends the page to `provider` to link an account to the user of `session` (never resolves: the page leaves). */
  startLinking?(session: Session, provider: string, scopes: readonly string[]): Promise<never>;
  /** A server user's passkey registration: a short session for the user, then the browser's WebAuthn ceremony. */
  registerServerUserPasskey?(
    userId: string,
    options?: { hostname?: string },
  ): Promise<Result<undefined, KnownError<"PASSKEY_REGISTRATION_FAILED"> | KnownError<"PASSKEY_WEBAUTHN_ERROR">>>;
}

/**
 * Forgets everything cached for `session` (its user and every resource read through it), or for every session
 * when none is given: after a sign-in, sign-out or a refused refresh nothing of the previous identity may be
 * served, and a change whose owner is unknown (a verified e-mail link) may touch any session's data.
 * @internal
 */
export function forgetSession(ctx: AppContext, session?: Session): void {
  for (const cache of ctx.caches.values()) cache.invalidateWhere(([s]) => !session || s === session);
}

/** @internal The token answer of sign-up, sign-in, OTP, MFA and passkey endpoints. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  user_id?: string;
  is_new_user?: boolean;
}

/**
 * @internal Stores the tokens of a fresh sign-in (a platform token answer) in `session`.
 * @example
 * await storeTokens(session, await ctx.core.request<TokenResponse>({ method: "POST", path: "/auth/anonymous/sign-up", session }));
 */
export function storeTokens(session: Session, tokens: { access_token: string; refresh_token: string }): Promise<void> {
  return session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/**
 * Stores a fresh sign-in's tokens, drops the session's cached user, and (unless `noRedirect`) goes to the page's
 * `after_auth_return_to`, else after-sign-up for a new user or after-sign-in.
 * @internal
 */
export async function completeSignIn(
  ctx: AppContext,
  session: Session,
  tokens: TokenResponse,
  options: { noRedirect?: boolean; isNewUser?: boolean },
): Promise<void> {
  await storeTokens(session, tokens);
  forgetSession(ctx, session);
  if (!options.noRedirect) await ctx.core.redirectToHandler(options.isNewUser ? "afterSignUp" : "afterSignIn", { replace: true });
}

const contexts = /* @__PURE__ */ new WeakMap<object, AppContext>();

/**
 * @internal Makes `ctx` the context of `app` (the app's constructor does this once).
 * @example
 * bindContext(this, this.ctx);
 */
export function bindContext(app: object, ctx: AppContext): void {
  contexts.set(app, ctx);
}

/**
 * @internal The context of a latchkey app: the one door from an app to its core and caches for latchkey's layers
 * above the apps (React, Next.js), so none of them reaches for an app's private fields. Throws an ArgumentError for
 * anything that is not a latchkey app.
 * @example
 * await contextOf(app).core.redirect(app.urls.home);
 */
export function contextOf(app: object): AppContext {
  const ctx = contexts.get(app);
  if (!ctx) throw new ArgumentError("Not a latchkey app.");
  return ctx;
}
