import { contextOf } from "../core/context";
import { sessionReads } from "../session/auth-json";
import type { TokenStoreInit } from "../token-stores/types";
import { optionalObject } from "../util/validate";
import type { Group } from "./capabilities";

type StoreOption = { tokenStore?: TokenStoreInit };

/**
 * The session's tokens, for your own server or another process: each reads the session of `tokenStore` (default: the
 * app's), once a hosted OAuth callback this page came back from has finished signing in. The user object has the
 * same methods for its own session.
 */
export interface ClientSessionReads {
  /**
   * An access token valid for at least 20 s (refreshed if needed), or null when signed out. After a change to a
   * claim it carries (display name, primary e-mail or its verification, selected team, TOTP), it is a new one.
   * @example
   * const token = await app.getAccessToken();
   */
  getAccessToken(options?: StoreOption): Promise<string | null>;

  /**
   * The refresh token, or null when signed out.
   * @example
   * const refreshToken = await app.getRefreshToken();
   */
  getRefreshToken(options?: StoreOption): Promise<string | null>;

  /**
   * `{ accessToken, refreshToken }` of the session, e.g. to pass it to another process.
   * @example
   * socket.send(JSON.stringify(await app.getAuthJson()));
   */
  getAuthJson(options?: StoreOption): Promise<{ accessToken: string | null; refreshToken: string | null }>;

  /**
   * The session as the older `x-stack-auth` header (`{ accessToken, refreshToken }` as JSON), for servers that
   * read it (`getUser({ tokenStore: request })` does). Prefer {@link ClientApp.getAuthorizationHeader}.
   * @example
   * await fetch("/api/me", { headers: await app.getAuthHeaders() });
   */
  getAuthHeaders(options?: StoreOption): Promise<{ "x-stack-auth": string }>;

  /**
   * `"Bearer stackauth_…"` carrying the session for your own server, or null when signed out.
   * @example
   * const authorization = await app.getAuthorizationHeader();
   * await fetch("/api/me", { headers: authorization ? { authorization } : {} });
   */
  getAuthorizationHeader(options?: StoreOption): Promise<string | null>;
}

export const ClientSessionReads: Group<ClientSessionReads> = {
  prototype: /* @__PURE__ */ sessionReads<StoreOption>(async (app, options) => {
    const { core } = contextOf(app as object);
    if (core.pendingAuth) await core.pendingAuth;
    return core.session(optionalObject(options, "options").tokenStore);
  }),
};
