import { requireString } from "../util/validate";
import type { OAuthConnection } from "../resources/connected-accounts/client";
import { listConnectedAccounts } from "../resources/connected-accounts/client";
import type { Session } from "../session/session";
import type { AppContext } from "../core/context";
import { startLinking } from "./oauth";
import { scopesOption } from "./oauth-urls";

/**
 * @internal `user.linkConnectedAccount`: the OAuth linking flow for the user of `session` (see `startLinking`).
 * Never settles once the browser is on its way.
 * @example
 * await linkConnectedAccount(ctx, session, "github", { scopes: ["repo"] });
 */
export async function linkConnectedAccount(ctx: AppContext, session: Session, provider: string, options?: { scopes?: string[] }): Promise<void> {
  const id = requireString(provider, "provider");
  const scopes = scopesOption(options, "linkConnectedAccount options");
  return startLinking(ctx, session, id, scopes);
}

/**
 * @internal `user.getOrLinkConnectedAccount`: the first of the user's accounts at `provider` whose access token
 * with `scopes` the platform can give, else the linking flow (which never settles).
 * @example
 * const github = await getOrLinkConnectedAccount(ctx, session, "github", { scopes: ["repo"] });
 */
export async function getOrLinkConnectedAccount(
  ctx: AppContext,
  session: Session,
  provider: string,
  options?: { scopes?: string[] },
): Promise<OAuthConnection> {
  const id = requireString(provider, "provider");
  const scopes = scopesOption(options, "getOrLinkConnectedAccount options");
  for (const account of await listConnectedAccounts(ctx, session)) {
    if (account.provider === id && (await account.getAccessToken({ scopes })).status === "ok") return account;
  }
  return startLinking(ctx, session, id, scopes);
}
