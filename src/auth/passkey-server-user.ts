import type { AppContext } from "../core/context";
import { checkRegistration, registerChecked } from "./passkey";
import type { RegisterPasskeyOptions, RegistrationFailure } from "./passkey";
import { err } from "../util/result";
import type { Result } from "../util/result";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../resources/server-cache-keys";

/** How long the session made for the ceremony lasts (the official SDK's two minutes). */
const CEREMONY_SESSION_MILLIS = 120_000;

/**
 * @internal `ServerUser.registerPasskey`: as the official SDK does, the server makes a short session for the user
 * (`POST /auth/sessions`, two minutes, not an impersonation) and runs the browser's registration ceremony with it.
 * It needs a page with WebAuthn like the client form; the checks come first, so without WebAuthn no session is made.
 * @example
 * const result = await registerServerUserPasskey(ctx, user.id, { hostname: "example.com" });
 */
export async function registerServerUserPasskey(
  ctx: AppContext,
  userId: string,
  options?: RegisterPasskeyOptions,
): Promise<Result<undefined, RegistrationFailure>> {
  const checked = checkRegistration(options);
  if ("error" in checked) return err(checked.error);
  const tokens = await ctx.core.request<{ access_token: string; refresh_token: string }>({
        expect: "access_token refresh_token",
    method: "POST",
    path: "/auth/sessions",
    body: { user_id: userId, expires_in_millis: CEREMONY_SESSION_MILLIS, is_impersonation: false },
  });
  const session = ctx.core.session({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  try {
    return await registerChecked(ctx, session, checked.rpId);
  } finally {
    // The user (passkeyAuthEnabled) and their sessions (the one made here) are read again; so are user lists.
    for (const name of [SERVER_CACHE.user, SERVER_CACHE.sessions]) ctx.caches.get(name)?.invalidateWhere(([id]) => id === userId);
    ctx.caches.get(SERVER_CACHE.list)?.invalidateWhere(() => true);
  }
}
