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

/**
 * @internal The session's token reads, one code for `ClientApp`'s methods and the user object's:
 * `getAccessToken`, `getRefreshToken`, `getAuthJson`, `getAuthHeaders` and `getAuthorizationHeader`, each first asking
 * `sessionOf` (called with the object the method is called on and the method's options) for the session.
 * @example
 * Object.assign(user, sessionReads(() => session));
 * await user.getAuthHeaders(); // { "x-stack-auth": '{"accessToken":…,"refreshToken":…}' }
 */
export function sessionReads<O>(sessionOf: (self: unknown, options: O | undefined) => Session | Promise<Session>) {
  const of = async (self: unknown, options: O | undefined) => sessionOf(self, options);
  return {
    async getAccessToken(options?: O): Promise<string | null> {
      return (await (await of(this, options)).getTokens()).accessToken;
    },
    async getRefreshToken(options?: O): Promise<string | null> {
      return (await (await of(this, options)).store.get()).refreshToken;
    },
    async getAuthJson(options?: O): Promise<{ accessToken: string | null; refreshToken: string | null }> {
      return authJson(await of(this, options));
    },
    async getAuthHeaders(options?: O): Promise<{ "x-stack-auth": string }> {
      return { "x-stack-auth": JSON.stringify(await authJson(await of(this, options))) };
    },
    async getAuthorizationHeader(options?: O): Promise<string | null> {
      return authorizationHeader(await of(this, options));
    },
  };
}
