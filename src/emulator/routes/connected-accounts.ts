import type { EmulatorCore } from "../core";
import { listOAuthAccounts } from "../domain/oauth-accounts";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/**
 * Splits a scope string (space or comma separated) into scopes.
 *
 * @example
 * extractScopes("repo, user:email read"); // ["repo", "user:email", "read"]
 */
export function extractScopes(scope: string | undefined): string[] {
  return (scope ?? "").split(/[\s,]+/).filter(Boolean);
}

function assertUser(ctx: RequestContext, message: string): void {
  const auth = authOf(ctx);
  if (auth.type === "client" && auth.user?.id !== ctx.params.user_id) throw new StatusError(403, message);
  const user = ctx.core.store.users.get(ctx.params.user_id);
  if (!user || user.projectId !== auth.project.id) throw known("USER_NOT_FOUND");
}

function accessToken(ctx: RequestContext) {
  assertUser(ctx, "Client can only access its own connected accounts");
  const { project } = authOf(ctx);
  const providerId: string = ctx.params.provider_id;
  if (!project.config.oauthProviders.some((p) => p.id === providerId)) throw known("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const accounts = listOAuthAccounts(ctx.core.store, ctx.params.user_id).filter(
    (a) => a.providerConfigId === providerId && a.allowConnectedAccounts && (ctx.params.provider_account_id === undefined || a.accountId === ctx.params.provider_account_id),
  );
  if (accounts.length === 0) throw known("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  const wanted = extractScopes(ctx.body?.scope);
  const usable = accounts.filter((a) => wanted.every((s) => a.scopes.includes(s)));
  if (usable.length === 0) throw known("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
  const withToken = usable.find((a) => a.accessToken !== null);
  if (!withToken) {
    throw known("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", {
      provider: providerId,
      details: "The connected account has no stored provider token. The user needs to re-authorize this connected account.",
    });
  }
  ctx.effect("oauth_access_tokens_issued");
  return json({ access_token: withToken.accessToken }, 201);
}

/**
 * Connected accounts (wire §8.16): `GET /connected-accounts/{user_id}` and provider access tokens
 * `POST /connected-accounts/{user_id}/{provider_id}[/{provider_account_id}]/access-token` (201 with the mock provider
 * token kept on the connection). The requested `scope` must be among the granted scopes.
 *
 * @example
 * core.router.addAll(connectedAccountRoutes(core));
 */
export function connectedAccountRoutes(_core: EmulatorCore): RouteDef[] {
  const body = t.object({ scope: t.string() });
  const user = { user_id: t.userIdOrMe().defined() };
  return [
    {
      method: "GET",
      path: "/connected-accounts/:user_id",
      access: CLIENT_OR_HIGHER,
      params: t.object(user),
      handler: (ctx) => {
        assertUser(ctx, "Client can only list connected accounts for their own user.");
        const items = listOAuthAccounts(ctx.core.store, ctx.params.user_id)
          .filter((a) => a.allowConnectedAccounts)
          .map((a) => ({ user_id: a.userId, provider: a.providerConfigId, provider_account_id: a.accountId }));
        return list(items);
      },
    },
    {
      method: "POST",
      path: "/connected-accounts/:user_id/:provider_id/access-token",
      access: CLIENT_OR_HIGHER,
      params: t.object({ ...user, provider_id: t.string().defined() }),
      body,
      handler: accessToken,
    },
    {
      method: "POST",
      path: "/connected-accounts/:user_id/:provider_id/:provider_account_id/access-token",
      access: CLIENT_OR_HIGHER,
      params: t.object({ ...user, provider_id: t.string().defined(), provider_account_id: t.string().defined() }),
      body,
      handler: accessToken,
    },
  ];
}
