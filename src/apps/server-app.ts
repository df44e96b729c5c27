import { ArgumentError } from "../errors/base";
import { createAccessTokenVerifier } from "../server/verify-access-token";
import type { AccessTokenVerifier, VerifiedAccessToken, VerifyAccessTokenOptions } from "../server/verify-access-token";
import type { RequestLike } from "../token-stores/types";
import type { CoreKeys } from "./app-core";
import { ClientApp } from "./client-app";
import type { ClientAppOptions } from "./options";
import { readEnv } from "./options";

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
    const secretServerKey = options.secretServerKey ?? readEnv("secretServerKey");
    if (!keys && !secretServerKey) {
      throw new ArgumentError("secretServerKey is required: pass { secretServerKey } or set STACK_SECRET_SERVER_KEY.");
    }
    super(options, keys ?? { accessType: "server", secretServerKey });
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
}
