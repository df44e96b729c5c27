// Sign-out loads on first use: a page that only signs in and reads the user never downloads it.
import { optionalObject } from "../util/validate";
import { ArgumentError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { TokenStoreInit } from "../token-stores/types";
import type { AppContext } from "../core/context";

/**
 * Signs out: ends the session on the server (errors about an already-ended session are ignored), clears the
 * tokens, forgets cached users, and navigates to `redirectUrl` (replacing the page) or after-sign-out.
 * @internal
 * @example
 * await signOut(ctx, { redirectUrl: "/goodbye" });
 */
export async function signOut(ctx: AppContext, options?: { redirectUrl?: URL | string; tokenStore?: TokenStoreInit }): Promise<void> {
  const o = optionalObject(options, "signOut options");
  const redirectUrl = o.redirectUrl instanceof URL ? o.redirectUrl.href : o.redirectUrl;
  if (redirectUrl !== undefined && (typeof redirectUrl !== "string" || !redirectUrl)) throw new ArgumentError("redirectUrl must be a URL or a non-empty string.");
  // An untrusted redirectUrl is refused before the session ends.
  if (redirectUrl !== undefined) await ctx.core.checkRedirect(redirectUrl);
  const session = ctx.core.session(o.tokenStore);
  const tokens = await session.getTokens();
  if (tokens.accessToken) {
    try {
      await ctx.core.request({ method: "DELETE", path: "/auth/sessions/current", session, body: {} });
    } catch (error) {
      if (!isKnownErrorOf(error, "REFRESH_TOKEN_ERROR") && !isKnownErrorOf(error, "INVALID_ACCESS_TOKEN")) throw error;
    }
  }
  await session.invalidate(); // its listener (the app's onSessionInvalidated) forgets what was cached for it
  if (redirectUrl !== undefined) await ctx.core.redirect(redirectUrl, true);
  else await ctx.core.redirectToHandler("afterSignOut");
}
