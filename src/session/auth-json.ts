import type { Session } from "./session";

/**
 * The token accessors shared by apps and current users.
 * @internal
 */
export async function authJson(session: Session): Promise<{ accessToken: string | null; refreshToken: string | null }> {
  return session.getTokens();
}

/**
 * @internal `"Bearer stackauth_<base64 JSON>"` for sending the session to your own server, or null when signed out.
 * Its code loads on first use, so a page that never sends the header does not download it.
 * @example
 * const authorization = await authorizationHeader(session);
 */
export const authorizationHeader = (session: Session): Promise<string | null> =>
  import("../token-stores/authorization-header").then((m) => m.authorizationHeaderOf(session));
