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
 * The encoder loads on first use (with the tokens), so a page that never sends the header does not download it.
 */
export async function authorizationHeader(session: Session): Promise<string | null> {
  const [tokens, { encodeAuthorizationHeader }] = await Promise.all([session.getTokens(), import("../token-stores/authorization-header")]);
  return tokens.accessToken || tokens.refreshToken ? encodeAuthorizationHeader(tokens) : null;
}
