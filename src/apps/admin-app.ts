import { ArgumentError } from "../errors/base";
import type { TokenStoreInit } from "../token-stores/types";
import { readEnv } from "./options";
import { ServerApp } from "./server-app";
import type { ServerAppOptions } from "./server-app";

/**
 * Options of {@link AdminApp}: the server options plus the super secret admin key, or instead a project
 * owner's session.
 *
 * @example
 * const options: AdminAppOptions = { projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null };
 */
export interface AdminAppOptions extends ServerAppOptions {
  /** The super secret admin key (`sak_…`). Env: `STACK_SUPER_SECRET_ADMIN_KEY`. */
  superSecretAdminKey?: string;
  /**
   * Instead of the admin key: the session of a user of the platform's `internal` project who owns this project
   * (e.g. `{ accessToken, refreshToken }` from a dashboard sign-in). Sent as `x-stack-admin-access-token`.
   */
  projectOwnerSession?: TokenStoreInit;
}

/**
 * The app for project owners: everything `ServerApp` does, plus project settings, configuration, internal API
 * keys, permission definitions, e-mail themes and templates, metrics, webhooks and AI chat.
 *
 * @example
 * import { AdminApp } from "latchkey";
 * const admin = new AdminApp({ projectId, superSecretAdminKey: process.env.STACK_SUPER_SECRET_ADMIN_KEY, tokenStore: null });
 */
export class AdminApp extends ServerApp {
  /** @param options - see {@link AdminAppOptions} */
  constructor(options: AdminAppOptions = {}) {
    if (typeof options !== "object" || options === null) throw new ArgumentError("The app options must be an object.");
    const superSecretAdminKey = options.superSecretAdminKey ?? readEnv("superSecretAdminKey");
    if (!superSecretAdminKey && !options.projectOwnerSession) {
      throw new ArgumentError(
        "AdminApp needs superSecretAdminKey (or STACK_SUPER_SECRET_ADMIN_KEY), or a projectOwnerSession.",
      );
    }
    super(options, {
      accessType: "admin",
      secretServerKey: options.secretServerKey ?? readEnv("secretServerKey"),
      superSecretAdminKey,
    });
    if (options.projectOwnerSession) this.core.useProjectOwnerSession(options.projectOwnerSession);
  }
}
