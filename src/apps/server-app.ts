import { ArgumentError } from "../errors/base";
import { createAccessTokenVerifier } from "../verify/verify-access-token";
import type { AccessTokenVerifier, VerifiedAccessToken, VerifyAccessTokenOptions } from "../verify/verify-access-token";
import type { RequestLike } from "../token-stores/types";
import type { CoreKeys } from "../core/app-core";
import { ClientApp, resolveUser, withInherited } from "./client-app";
import type { ClientAppOptions } from "./client-app";
import { readEnv } from "../util/env";
import type { GetUserOptions } from "../resources/users/current";
import type { ApiKey } from "../resources/api-keys/client";
import type { ApiKeyUserOr, CurrentServerUser } from "./server-user-lookup";
import type { ServerTeam, ServerTeamPage, ServerUser, ServerUserPage } from "../resources/users/server-types";
import type { ListUsersOptions, ServerUserCreate } from "../resources/users/server-bodies";
import type { ServerUserJson } from "../resources/users/server-json";
import type { ServerListTeamsOptions, ServerTeamCreateOptions } from "../resources/teams/server";
import type { ListTeamMemberPermissionsOptions, TeamMemberPermission } from "../resources/teams/server-memberships";
import type { SendEmailOptions } from "../resources/emails/server";
import type { ConnectedAccountTokenRequest, ServerOAuthProvider, ServerOAuthProviderCreate } from "../resources/oauth-providers/server";
import type { OAuthAccessTokenError } from "../resources/connected-accounts/client";
import type { KnownErrors } from "../errors";
import type { Result } from "../util/result";
import type { DataVaultStore } from "../resources/data-vault/server";
import type { ConvexUserLookup } from "../auth/convex-server";
import type { EmailDeliveryInfo } from "../resources/emails/server-delivery";

let loaded: Promise<typeof import("./server-resources")> | undefined;
/**
 * @internal The resource code behind the methods of ServerApp, AdminEmailApp and AdminApp, loaded on first use (see
 * ./server-resources). The promise is kept: an `import()` of a loaded module still walks the module loader on every
 * call, which a request made per method call would pay each time. A load that failed is tried again.
 * @example
 * listUsers(options) { return serverResources().then((r) => r.listServerUsers(this.ctx, options)); }
 */
export const serverResources = () =>
  (loaded ??= import("./server-resources").catch((error: unknown) => {
    loaded = undefined; // a file that failed to load (a network blip in a browser) is tried again on the next call
    throw error;
  }));
const resources = serverResources;

/**
 * Options of {@link ServerApp}: the client options plus the project's secret server key.
 *
 * @example
 * const options: ServerAppOptions = { projectId, secretServerKey: process.env.STACK_SECRET_SERVER_KEY, tokenStore: "memory" };
 */
export interface ServerAppOptions extends ClientAppOptions {
  /** The secret server key (`ssk_…`). Env: `STACK_SECRET_SERVER_KEY`. Keep it on the server. */
  secretServerKey?: string;
}

/**
 * The app for your servers: everything `ClientApp` does, plus administering every user, team, permission,
 * session and API key of the project with the secret server key, and verifying access tokens locally.
 *
 * @example
 * import { ServerApp } from "latchkey";
 * const server = new ServerApp({ projectId, secretServerKey: process.env.STACK_SECRET_SERVER_KEY, tokenStore: "memory" });
 * const claims = await server.verifyAccessToken(request); // no network call per request
 */
export class ServerApp extends ClientApp {
  private verifier?: AccessTokenVerifier;

  /**
   * @param options - see {@link ServerAppOptions}
   * @param keys - @internal `AdminApp` passes its own access level and keys
   */
  constructor(options: ServerAppOptions = {}, keys?: CoreKeys) {
    if (typeof options !== "object" || options === null) throw new ArgumentError("The app options must be an object.");
    options = withInherited(options);
    const secretServerKey = options.secretServerKey ?? readEnv(() => process.env.STACK_SECRET_SERVER_KEY);
    if (!keys && !secretServerKey) {
      throw new ArgumentError("secretServerKey is required: pass { secretServerKey } or set STACK_SECRET_SERVER_KEY.");
    }
    super(options, keys ?? { accessType: "server", secretServerKey });
    this.ctx.flows.registerServerUserPasskey = (...args) => import("../auth/passkey-server-user").then((m) => m.registerServerUserPasskey(...args));
  }

  /**
   * Verifies an access token (or the one a request carries) against the project's published keys and returns
   * its claims. The keys are fetched once and cached, so verifying makes no network call per request. Anonymous
   * and restricted users' tokens are refused unless allowed.
   *
   * @example
   * const { userId, email } = await server.verifyAccessToken(request);
   * const anyone = await server.verifyAccessToken(token, { allowAnonymous: true });
   */
  verifyAccessToken(tokenOrRequest: string | RequestLike, options?: VerifyAccessTokenOptions): Promise<VerifiedAccessToken> {
    this.verifier ??= createAccessTokenVerifier({
      baseUrl: this.core.http.baseUrl,
      projectId: this.core.projectId,
      fetch: this.core.http.fetch,
    });
    return this.verifier.verify(tokenOrRequest, options);
  }

  // Users: by id, by API key, by Convex identity or the current one; lists and creation.

  /**
   * A user of the project:
   * - `getUser(id)`: any user by id (`GET /users/{id}`), or null when there is none; an id that is not a UUID (nor
   *   `"me"`) throws an `ArgumentError` without a request (the official SDK throws the platform's `SCHEMA_ERROR`);
   * - `getUser({ apiKey, or? })`: the owner of a user API key; when the key is unknown, revoked, expired or a
   *   team key, null (`or: "return-null"`, the default, or `"anonymous"`, which the official SDK also takes) or a
   *   thrown `NotSignedInError` (`or: "throw"`);
   * - `getUser({ from: "convex", ctx, or? })`: inside a Convex function, the user whose access token the Convex
   *   client sent (`ctx.auth.getUserIdentity()`'s subject), read with `GET /users/{id}`; null when there is no
   *   identity or it is another issuer's, and for an anonymous user unless `or: "anonymous"`;
   * - `getUser(options?)` / `getUser({ tokenStore: request })`: the signed-in user of that session, with the
   *   same `or` / `includeRestricted` rules as `ClientApp.getUser`, read in server form (server fields and actions).
   *
   * @example
   * const user = await server.getUser(userId);              // ServerUser | null
   * const owner = await server.getUser({ apiKey: token });  // ServerUser | null
   * const sure = await server.getUser({ apiKey: token, or: "throw" }); // ServerUser, or throws
   * const caller = await server.getUser({ from: "convex", ctx }); // ServerUser | null, in a Convex function
   * const me = await server.getUser({ tokenStore: request, or: "throw" }); // CurrentServerUser
   */
  override getUser(userId: string): Promise<ServerUser | null>;
  override getUser(options: { apiKey: string; or: "throw" }): Promise<ServerUser>;
  override getUser(options: { apiKey: string; or?: ApiKeyUserOr }): Promise<ServerUser | null>;
  override getUser(options: ConvexUserLookup): Promise<ServerUser | null>;
  override getUser(options: GetUserOptions & { or: "throw" | "redirect" | "anonymous" }): Promise<CurrentServerUser>;
  override getUser(options?: GetUserOptions): Promise<CurrentServerUser | null>;
  override async getUser(
    arg?: string | { apiKey: string; or?: ApiKeyUserOr } | ConvexUserLookup | GetUserOptions,
  ): Promise<ServerUser | CurrentServerUser | null> {
    if (typeof arg === "string") return resources().then((r) => r.getServerUser(this.ctx, arg));
    if (typeof arg === "object" && arg !== null && "apiKey" in arg) {
      const extra = Object.keys(arg).filter((k) => k !== "apiKey" && k !== "or");
      if (extra.length) throw new ArgumentError(`getUser({ apiKey }) takes only "or" besides (got ${extra.join(", ")}).`);
      return resources().then((r) => r.getUserByApiKey(this.ctx, arg.apiKey, arg.or ?? "return-null"));
    }
    if (typeof arg === "object" && arg !== null && "from" in arg && arg.from === "convex") {
      return import("../auth/convex-server").then((m) => m.getServerUserByConvex(this.ctx, arg));
    }
    if (arg !== undefined && (typeof arg !== "object" || arg === null)) {
      throw new ArgumentError("getUser takes a user id, { apiKey }, or the options of the signed-in user.");
    }
    const found = await resolveUser(this.ctx, arg);
    return found && (await resources()).createCurrentServerUser(this.ctx, found.session, found.user as unknown as ServerUserJson);
  }

  /**
   * The signed-in user of the app's token store, in server form: the same as `getUser()`.
   * @deprecated Use `getUser()`; kept for code written for the official SDK.
   * @example
   * const me = await server.getServerUser(); // CurrentServerUser | null
   */
  getServerUser(): Promise<CurrentServerUser | null> {
    return this.getUser();
  }

  /**
   * Creates a user (`POST /users`). Everything is optional; e-mail sign-in needs `primaryEmailAuthEnabled`.
   *
   * @example
   * const user = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true, password: "correct horse" });
   */
  createUser(data?: ServerUserCreate): Promise<ServerUser> {
    return resources().then((r) => r.createUser(this.ctx, data));
  }

  /**
   * One page of the project's users (`GET /users`), with the next page's cursor in `nextCursor` (null on the last
   * page). Anonymous and restricted users are left out unless asked for.
   *
   * @example
   * let page = await server.listUsers({ limit: 100 });
   * const all = [...page];
   * while (page.nextCursor) all.push(...(page = await server.listUsers({ limit: 100, cursor: page.nextCursor })));
   */
  listUsers(options?: ListUsersOptions): Promise<ServerUserPage> {
    return resources().then((r) => r.listServerUsers(this.ctx, options));
  }

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
  checkApiKey(value: string): Promise<Result<ApiKey<"user" | "team">, KnownErrors["ApiKeyNotValid"]>> {
    return resources().then((r) => r.checkApiKey(this.ctx, value));
  }

  // Teams, API keys, e-mail, OAuth providers. Server reads are cached per app (keys start with null: no user
  // session); each change refreshes what it affects. Team API keys live on ServerTeam (createApiKey / listApiKeys),
  // as in the official SDK.

  /**
   * Creates a team. With `creatorUserId` (a UUID, else an `ArgumentError` before any request), that user joins it
   * with the project's team-creator permissions.
   * @example
   * const team = await server.createTeam({ displayName: "Ops", creatorUserId: user.id });
   */
  createTeam(data: ServerTeamCreateOptions): Promise<ServerTeam> {
    return resources().then((r) => r.createServerTeam(this.ctx, data));
  }

  /**
   * A team by id (null when it does not exist, and at once, without a request, for an id that is not a UUID: the
   * official SDK also answers null for it), or the team owning a team API key (null when the key is
   * unknown, revoked, expired or a user key).
   * @example
   * const team = await server.getTeam(teamId);
   * const owner = await server.getTeam({ apiKey: request.headers.get("x-api-key")! });
   */
  getTeam(idOrApiKey: string | { apiKey: string }): Promise<ServerTeam | null> {
    if (typeof idOrApiKey === "object" && idOrApiKey !== null) return resources().then((r) => r.getServerTeamByApiKey(this.ctx, idOrApiKey.apiKey));
    return resources().then((r) => r.getServerTeam(this.ctx, idOrApiKey));
  }

  /**
   * Every team of the project, oldest first (newest with `desc`), or only the teams `userId` belongs to;
   * `query` matches part of the display name. With `limit` or `cursor` one page comes back, with the next
   * page's cursor in `nextCursor` (null on the last page or when not paginated). A `userId` or `cursor` that is
   * not a UUID throws an `ArgumentError` before any request.
   * @example
   * const all = await server.listTeams();
   * const hers = await server.listTeams({ userId: user.id });
   * const page = await server.listTeams({ limit: 20, desc: true, query: "ops" });
   * if (page.nextCursor) await server.listTeams({ limit: 20, desc: true, query: "ops", cursor: page.nextCursor });
   */
  listTeams(options?: ServerListTeamsOptions): Promise<ServerTeamPage> {
    return resources().then((r) => r.listServerTeams(this.ctx, options));
  }

  /**
   * The permissions every member holds in a team, as `{ userId, permissionId }` pairs. `recursive: true` adds the
   * permissions contained in the granted ones (default false, as in the official SDK). A `teamId` that is not a
   * UUID throws an `ArgumentError` before any request.
   * @example
   * const admins = (await server.listTeamMemberPermissions(teamId)).filter((p) => p.permissionId === "team_admin");
   */
  listTeamMemberPermissions(teamId: string, options?: ListTeamMemberPermissionsOptions): Promise<TeamMemberPermission[]> {
    return resources().then((r) => r.listTeamMemberPermissions(this.ctx, teamId, options));
  }

  /**
   * Sends an e-mail to some users (`userIds`) or all (`allUsers: true`), from raw `html`, a `templateId` (with
   * `variables`) or a `draftId`, now or at `scheduledAt`. Before any request, a combination the platform refuses
   * (no content or two kinds of it, `variables` without `templateId`, a template or theme id it does not read,
   * neither or both recipient forms) throws the platform's own `SCHEMA_ERROR` (`KnownErrors.SchemaError`, with the
   * platform's message), and a value of the wrong type, or a user or draft id that is not a UUID, an
   * `ArgumentError`. The
   * platform's refusals are thrown as known errors, as the official SDK does: `REQUIRES_CUSTOM_EMAIL_SERVER` while
   * the project uses the shared e-mail server, `USER_ID_DOES_NOT_EXIST`, an unknown template or draft. Each
   * e-mail then goes through the project's outbox (`AdminApp.listOutboxEmails`): a template that fails to render
   * shows there as `render-error`, a user without a primary e-mail as `skipped`.
   * @example
   * await server.sendEmail({ userIds: [user.id], subject: "Welcome", html: "<p>Hello!</p>" });
   * await server.sendEmail({ allUsers: true, templateId, variables: { month: "May" }, notificationCategoryName: "Marketing" });
   */
  sendEmail(options: SendEmailOptions): Promise<void> {
    return resources().then((r) => r.sendEmail(this.ctx, options));
  }

  /**
   * Links an OAuth account to a user. An account id another user already signs in with comes back as an
   * `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` error result.
   * @example
   * const result = await server.createOAuthProvider({ userId, providerConfigId: "github", accountId: "583231", email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true });
   * if (result.status === "ok") console.log(result.data.id);
   */
  createOAuthProvider(
    data: ServerOAuthProviderCreate,
  ): Promise<Result<ServerOAuthProvider, KnownErrors["OAuthProviderAccountIdAlreadyUsedForSignIn"]>> {
    return resources().then((r) => r.createOAuthProvider(this.ctx, data));
  }

  /**
   * Any user's OAuth connections (with the provider account ids), each with `update` and `delete`.
   * @example
   * const providers = await server.listOAuthProviders(userId);
   */
  listOAuthProviders(userId: string): Promise<ServerOAuthProvider[]> {
    return resources().then((r) => r.listServerOAuthProviders(this.ctx, userId));
  }

  /**
   * One of a user's OAuth connections by its id, or null (at once, without a request, for an id that is not a
   * UUID). A `userId` that is not a UUID (nor `"me"`) throws an `ArgumentError`.
   * @example
   * const provider = await server.getOAuthProvider(userId, providerId);
   */
  getOAuthProvider(userId: string, id: string): Promise<ServerOAuthProvider | null> {
    return resources().then((r) => r.getServerOAuthProvider(this.ctx, userId, id));
  }

  /**
   * A provider access token for any user's connected account, carrying `scopes` (default: what was granted).
   * A missing connection or scope, or no token held, comes back as an error result.
   * @example
   * const token = await server.getConnectedAccountAccessToken({ userId, provider: "github", scopes: ["repo"] });
   * if (token.status === "ok") await fetch(reposUrl, { headers: { authorization: `Bearer ${token.data.accessToken}` } });
   */
  getConnectedAccountAccessToken(request: ConnectedAccountTokenRequest): Promise<Result<{ accessToken: string }, OAuthAccessTokenError>> {
    return resources().then((r) => r.getConnectedAccountAccessToken(this.ctx, request));
  }

  // Data vault and e-mail delivery.

  /**
   * A data vault store of the project (declared in its configuration as `dataVault.stores.<id>`): `setValue` and
   * `getValue` with a secret that encrypts the key and value before they leave your server (the official SDK's
   * format). No request is made until a value is read or written; an undeclared store then throws
   * `DATA_VAULT_STORE_DOES_NOT_EXIST`. A missing key, or another secret, reads as null.
   * @example
   * const vault = await server.getDataVaultStore("oauth-tokens");
   * await vault.setValue(`github:${user.id}`, token, { secret: process.env.VAULT_SECRET! });
   * const token = await vault.getValue(`github:${user.id}`, { secret: process.env.VAULT_SECRET! }); // string | null
   */
  async getDataVaultStore(id: string): Promise<DataVaultStore> {
    return resources().then((r) => r.dataVaultStore(this.ctx, id));
  }

  /**
   * How many e-mails the project sent in the last hour, day, week and month, and how fast it may send now
   * (snake_case, as the platform and the official SDK give it). Cached; `sendEmail` refreshes it.
   * @example
   * const { stats, capacity } = await server.getEmailDeliveryStats();
   * console.log(stats.day.sent, Math.floor(capacity.rate_per_second * 3600), "per hour");
   */
  getEmailDeliveryStats(): Promise<EmailDeliveryInfo> {
    return resources().then((r) => r.getEmailDeliveryStats(this.ctx));
  }

  /**
   * Multiplies the sending capacity by 4 for 4 hours. While a boost runs, another throws
   * `EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE` (with `details.expires_at`).
   * @example
   * await server.activateEmailCapacityBoost();
   * (await server.getEmailDeliveryStats()).capacity.is_boost_active; // true
   */
  activateEmailCapacityBoost(): Promise<void> {
    return resources().then((r) => r.activateEmailCapacityBoost(this.ctx));
  }
}
