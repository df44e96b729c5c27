import { ArgumentError } from "../errors/base";
import { createAccessTokenVerifier } from "../verify/verify-access-token";
import type { AccessTokenVerifier, VerifiedAccessToken, VerifyAccessTokenOptions } from "../verify/verify-access-token";
import type { RequestLike } from "../token-stores/types";
import type { CoreKeys } from "../core/app-core";
import { ClientApp, resolveUser, withInherited } from "./client-app";
import type { ClientAppOptions } from "./client-app";
import { readEnv } from "../util/env";
import type { GetUserOptions } from "../resources/users/current";
import type { ApiKeyUserOr, CurrentServerUser } from "./server-user-lookup";
import type { ServerUser } from "../resources/users/server-types";
import type { ServerUserJson } from "../resources/users/server-json";
import type { ConvexUserLookup } from "../auth/convex-server";
import { install } from "./capabilities";
import { serverResources as resources } from "./server-delegations";
import { ServerUsers } from "./server-users";
import { ServerTeams } from "./server-teams";
import { ServerEmailAndVault } from "./server-email-vault";

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
  // The members of its capability groups (their signatures and docs are in the interface below).
  private static readonly serverGroups = /* @__PURE__ */ install(this, ServerUsers, ServerTeams, ServerEmailAndVault);
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
    this.ctx.flows.registerServerUserPasskey = (...args) => import("../auth/passkey-server-user").then((m) => m.registerServerUserPasskey(this.ctx, ...args));
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
}

// The capability groups of a server app: users, teams, e-mail and the data vault (their code is put on the prototype
// above; each method loads the server resource code on first use).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ServerApp extends ServerUsers, ServerTeams, ServerEmailAndVault {}
