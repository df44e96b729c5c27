import { forgetCurrentUser } from "../users/current";
import type { AppContext } from "../../core/context";
import { optionalBoolean, optionalObject, requireString } from "../../util/validate";
import type { KnownErrors } from "../../errors";
import type { Session } from "../../session/session";
import type { Result } from "../../util/result";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

/**
 * @internal Wire shape of one of the user's OAuth connections (`account_id` only for server access).
 * @example
 * const json: OAuthProviderJson = { id, user_id, type: "github", allow_sign_in: true, allow_connected_accounts: true };
 */
export interface OAuthProviderJson {
  id: string;
  user_id: string;
  provider_config_id?: string;
  type: string;
  account_id?: string;
  email?: string | null;
  allow_sign_in: boolean;
  allow_connected_accounts: boolean;
}

/**
 * One OAuth account linked to the user (e.g. their GitHub account), and what it may be used for.
 *
 * @example
 * const [github] = (await user.listOAuthProviders()).filter((p) => p.type === "github");
 * if (github) await github.update({ allowSignIn: false });
 */
export interface OAuthProvider {
  /** The connection's id (not the provider's). */
  readonly id: string;
  /** The provider, e.g. `"github"`. */
  readonly type: string;
  readonly userId: string;
  /** The account id at the provider; the platform only shows it to servers. */
  readonly accountId?: string;
  readonly email?: string;
  /** The user can sign in with this account. */
  readonly allowSignIn: boolean;
  /** The app may get provider access tokens for this account (see `user.listConnectedAccounts()`). */
  readonly allowConnectedAccounts: boolean;
  /**
   * Changes what the account may be used for. Allowing sign-in with an account another user already signs in
   * with comes back as an `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` error result.
   */
  update(data: { allowSignIn?: boolean; allowConnectedAccounts?: boolean }): Promise<
    Result<undefined, KnownErrors["OAuthProviderAccountIdAlreadyUsedForSignIn"]>
  >;
  /** Unlinks the account from the user. */
  delete(): Promise<void>;
}

const providers = (ctx: AppContext) =>
  resourceCache(ctx, "oauth-providers", async (session: Session) => {
    const list = await ctx.core.request<ListJson<OAuthProviderJson>>({ expect: "items[]", path: "/oauth-providers", query: { user_id: "me" }, session });
    return list.items;
  });

/**
 * @internal What a change of a connection can alter: the connection list, the connected accounts and their
 * cached access tokens, and the user (its `oauthProviders` field).
 */
async function changed(ctx: AppContext, session: Session): Promise<void> {
  forgetCurrentUser(ctx, session);
  ctx.caches.get("oauth-access-tokens")?.invalidateWhere(([s]) => s === session);
  await Promise.all([providers(ctx).refresh([session]), ctx.caches.get("connected-accounts")?.refresh([session])]);
}

/**
 * @internal camelCase fields from the wire, and the connection's actions bound to `session`.
 * @example
 * await oauthProviderFromJson(ctx, session, json).update({ allowSignIn: false });
 */
export function oauthProviderFromJson(ctx: AppContext, session: Session, p: OAuthProviderJson): OAuthProvider {
  const path = `/oauth-providers/me/${encodeURIComponent(p.id)}`;
  return {
    id: p.id,
    type: p.type ?? p.provider_config_id,
    userId: p.user_id,
    ...(p.account_id !== undefined ? { accountId: p.account_id } : {}),
    email: p.email ?? undefined,
    allowSignIn: p.allow_sign_in,
    allowConnectedAccounts: p.allow_connected_accounts,
    async update(data) {
      const d = optionalObject(data, "OAuth provider update");
      for (const key of ["allowSignIn", "allowConnectedAccounts"] as const) optionalBoolean(d[key], key);
      const body = { allow_sign_in: d.allowSignIn, allow_connected_accounts: d.allowConnectedAccounts };
      const result = await ctx.core.expect<undefined, KnownErrors["OAuthProviderAccountIdAlreadyUsedForSignIn"]>(async () => {
        await ctx.core.request({ method: "PATCH", path, session, body });
        return undefined;
      }, ["OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"]);
      if (result.status === "ok") await changed(ctx, session);
      return result;
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path, session });
      await changed(ctx, session);
    },
  };
}

/**
 * @internal The user's OAuth connections (`GET /oauth-providers?user_id=me`, cached per session).
 * @example
 * const providers = await listOAuthProviders(ctx, session);
 */
export async function listOAuthProviders(ctx: AppContext, session: Session): Promise<OAuthProvider[]> {
  return (await providers(ctx).get([session])).map((p) => oauthProviderFromJson(ctx, session, p));
}

/**
 * @internal One connection by its id, from the cached list; null when the user has none with that id.
 * @example
 * const provider = await getOAuthProvider(ctx, session, id); // or null
 */
export async function getOAuthProvider(ctx: AppContext, session: Session, id: string): Promise<OAuthProvider | null> {
  requireString(id, "id");
  return (await listOAuthProviders(ctx, session)).find((p) => p.id === id) ?? null;
}
