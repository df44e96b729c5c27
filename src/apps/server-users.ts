import type { ApiKey } from "../resources/api-keys/client";
import type { ServerUser, ServerUserPage } from "../resources/users/server-types";
import type { ListUsersOptions, ServerUserCreate } from "../resources/users/server-bodies";
import type { ConnectedAccountTokenRequest, ServerOAuthProvider, ServerOAuthProviderCreate } from "../resources/oauth-providers/server";
import type { OAuthAccessTokenError } from "../resources/connected-accounts/client";
import type { KnownErrors } from "../errors";
import type { Result } from "../util/result";
import { serverGroup } from "./server-delegations";

/**
 * The users part of {@link ServerApp}: creating and listing the project's users, checking API keys, and any user's
 * OAuth connections and connected accounts. Each method loads the server resource code on first use.
 *
 * @example
 * const user = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true });
 * const providers = await server.listOAuthProviders(user.id);
 */
export interface ServerUsers {
  /**
   * Creates a user (`POST /users`). Everything is optional; e-mail sign-in needs `primaryEmailAuthEnabled`.
   *
   * @example
   * const user = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true, password: "correct horse" });
   */
  createUser(data?: ServerUserCreate): Promise<ServerUser>;

  /**
   * One page of the project's users (`GET /users`), with the next page's cursor in `nextCursor` (null on the last
   * page). Anonymous and restricted users are left out unless asked for.
   *
   * @example
   * let page = await server.listUsers({ limit: 100 });
   * const all = [...page];
   * while (page.nextCursor) all.push(...(page = await server.listUsers({ limit: 100, cursor: page.nextCursor })));
   */
  listUsers(options?: ListUsersOptions): Promise<ServerUserPage>;

  /**
   * Checks a user or team API key: the key (with its owner's id) when valid, else an error result —
   * `API_KEY_NOT_FOUND`, `API_KEY_REVOKED`, `API_KEY_EXPIRED` or `WRONG_API_KEY_TYPE`. Keys the platform issued
   * carry a `user` / `team` marker that picks the check endpoint; a value without one is checked as a user key,
   * then as a team key.
   *
   * @example
   * const result = await server.checkApiKey(request.headers.get("x-api-key") ?? "");
   * if (result.status === "ok") console.log(result.data.type === "user" ? result.data.userId : result.data.teamId);
   */
  checkApiKey(value: string): Promise<Result<ApiKey<"user" | "team">, KnownErrors["ApiKeyNotValid"]>>;

  /**
   * Links an OAuth account to a user. An account id another user already signs in with comes back as an
   * `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` error result.
   * @example
   * const result = await server.createOAuthProvider({ userId, providerConfigId: "github", accountId: "583231", email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true });
   * if (result.status === "ok") console.log(result.data.id);
   */
  createOAuthProvider(
    data: ServerOAuthProviderCreate,
  ): Promise<Result<ServerOAuthProvider, KnownErrors["OAuthProviderAccountIdAlreadyUsedForSignIn"]>>;

  /**
   * Any user's OAuth connections (with the provider account ids), each with `update` and `delete`.
   * @example
   * const providers = await server.listOAuthProviders(userId);
   */
  listOAuthProviders(userId: string): Promise<ServerOAuthProvider[]>;

  /**
   * One of a user's OAuth connections by its id, or null (at once, without a request, for an id that is not a
   * UUID). A `userId` that is not a UUID (nor `"me"`) throws an `ArgumentError`.
   * @example
   * const provider = await server.getOAuthProvider(userId, providerId);
   */
  getOAuthProvider(userId: string, id: string): Promise<ServerOAuthProvider | null>;

  /**
   * A provider access token for any user's connected account, carrying `scopes` (default: what was granted).
   * A missing connection or scope, or no token held, comes back as an error result.
   * @example
   * const token = await server.getConnectedAccountAccessToken({ userId, provider: "github", scopes: ["repo"] });
   * if (token.status === "ok") await fetch(reposUrl, { headers: { authorization: `Bearer ${token.data.accessToken}` } });
   */
  getConnectedAccountAccessToken(request: ConnectedAccountTokenRequest): Promise<Result<{ accessToken: string }, OAuthAccessTokenError>>;
}

/** @internal The users part's code: each method calls the server resource function its row names. */
export const ServerUsers = /* @__PURE__ */ serverGroup<ServerUsers>({
  createUser: "createUser",
  listUsers: "listServerUsers",
  checkApiKey: "checkApiKey",
  createOAuthProvider: "createOAuthProvider",
  listOAuthProviders: "listServerOAuthProviders",
  getOAuthProvider: "getServerOAuthProvider",
  getConnectedAccountAccessToken: "getConnectedAccountAccessToken",
});
