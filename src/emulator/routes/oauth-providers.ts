import type { EmulatorCore } from "../core";
import { installOAuthProvidersHook, linkOAuthAccount, listOAuthAccounts, oauthAccountRecords, unlinkOAuthAccount, type OAuthAccountRecord } from "../domain/oauth-accounts";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, list, success } from "../http/reply";
import { CLIENT_OR_HIGHER, SERVER_OR_HIGHER, type AccessType, type RouteDef } from "../http/router";
import { t } from "../http/schema";

/** The wire shape of a user's OAuth provider; servers also see `account_id`. */
function providerRead(a: OAuthAccountRecord, access: AccessType): Record<string, unknown> {
  const out: Record<string, unknown> = { user_id: a.userId, id: a.id };
  if (a.email !== null) out.email = a.email;
  Object.assign(out, { provider_config_id: a.providerConfigId, type: a.providerConfigId, allow_sign_in: a.allowSignIn, allow_connected_accounts: a.allowConnectedAccounts });
  if (access !== "client") out.account_id = a.accountId;
  return out;
}

/** Client: only its own user (403 text with the verb); everyone: the user must exist in the project. */
function assertUser(ctx: RequestContext, userId: string | undefined, verb: string): void {
  const auth = authOf(ctx);
  if (auth.type === "client") {
    if (!auth.user) throw known("CANNOT_GET_OWN_USER_WITHOUT_USER");
    if (userId !== auth.user.id) throw new StatusError(403, `Client can only ${verb} OAuth providers for their own user.`);
  }
  if (userId === undefined) return;
  const user = ctx.core.store.users.get(userId);
  if (!user || user.projectId !== auth.project.id) throw known("USER_NOT_FOUND");
}

function findProvider(ctx: RequestContext, verb: string): OAuthAccountRecord {
  assertUser(ctx, ctx.params.user_id, verb);
  const a = listOAuthAccounts(ctx.core.store, ctx.params.user_id).find((x) => x.id === ctx.params.provider_id);
  if (!a) throw new StatusError(404, `OAuth provider ${ctx.params.provider_id} for user ${ctx.params.user_id} not found`);
  return a;
}

/**
 * The platform's uniqueness rules: one sign-in connection per provider and user, one connection per provider,
 * user and account id, and an account id used for sign-in by nobody else (`OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN`).
 */
function assertValid(ctx: RequestContext, o: { selfId?: string; providerConfigId: string; userId: string; accountId: string; allowSignIn: boolean }): void {
  const others = oauthAccountRecords(ctx.core.store).filter((a) => a.projectId === authOf(ctx).project.id && a.id !== o.selfId && a.providerConfigId === o.providerConfigId);
  if (o.allowSignIn && others.some((a) => a.userId === o.userId && a.allowSignIn)) {
    throw new StatusError(400, "The same provider type with sign-in enabled already exists for this user.");
  }
  if (others.some((a) => a.userId === o.userId && a.accountId === o.accountId)) {
    throw new StatusError(400, "The same provider type with the same account ID already exists for this user.");
  }
  if (o.allowSignIn && others.some((a) => a.accountId === o.accountId && a.allowSignIn)) throw known("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
}

function create(ctx: RequestContext) {
  const { project, type } = authOf(ctx);
  const b = ctx.body;
  if (!project.config.oauthProviders.some((p) => p.id === b.provider_config_id)) {
    throw new StatusError(404, `OAuth provider ${b.provider_config_id} not found or not configured`);
  }
  assertUser(ctx, b.user_id, "create");
  assertValid(ctx, { providerConfigId: b.provider_config_id, userId: b.user_id, accountId: b.account_id, allowSignIn: b.allow_sign_in });
  const record = linkOAuthAccount(ctx.core.store, {
    projectId: project.id,
    userId: b.user_id,
    providerId: b.provider_config_id,
    accountId: b.account_id,
    email: b.email ?? null,
    allowSignIn: b.allow_sign_in,
    allowConnectedAccounts: b.allow_connected_accounts,
  });
  ctx.effect("oauth_providers_created");
  return json(providerRead(record, type), 201);
}

function update(ctx: RequestContext) {
  const { type } = authOf(ctx);
  const a = findProvider(ctx, "update");
  const b = ctx.body ?? {};
  assertValid(ctx, { selfId: a.id, providerConfigId: a.providerConfigId, userId: a.userId, accountId: b.account_id ?? a.accountId, allowSignIn: b.allow_sign_in ?? a.allowSignIn });
  if (typeof b.allow_sign_in === "boolean") a.allowSignIn = b.allow_sign_in;
  if (typeof b.allow_connected_accounts === "boolean") a.allowConnectedAccounts = b.allow_connected_accounts;
  if (typeof b.email === "string") a.email = b.email;
  if (typeof b.account_id === "string") a.accountId = b.account_id;
  ctx.core.store.touch();
  return json(providerRead(a, type));
}

/**
 * `/oauth-providers` (wire §8.16): list (`?user_id=`; clients must name themselves), create (server, 201), read,
 * update (`allow_sign_in`, `allow_connected_accounts`; server also `email`, `account_id`) and delete. Also installs
 * the user-read hook so `oauth_providers` on user objects lists these connections.
 *
 * @example
 * core.router.addAll(oauthProviderRoutes(core));
 */
export function oauthProviderRoutes(_core: EmulatorCore): RouteDef[] {
  installOAuthProvidersHook();
  const params = t.object({ user_id: t.userIdOrMe().defined(), provider_id: t.string({ format: "uuid" }).defined() });
  return [
    {
      method: "GET",
      path: "/oauth-providers",
      access: CLIENT_OR_HIGHER,
      query: t.object({ user_id: t.userIdOrMe() }),
      handler: (ctx) => {
        const { project, type } = authOf(ctx);
        assertUser(ctx, ctx.query.user_id, "list");
        const items = oauthAccountRecords(ctx.core.store).filter(
          (a) => a.projectId === project.id && (ctx.query.user_id === undefined || a.userId === ctx.query.user_id) && ctx.core.store.users.has(a.userId),
        );
        return list(items.map((a) => providerRead(a, type)));
      },
    },
    {
      method: "POST",
      path: "/oauth-providers",
      access: SERVER_OR_HIGHER,
      body: t
        .object({
          user_id: t.userIdOrMe().defined(),
          provider_config_id: t.string().defined(),
          account_id: t.string().defined(),
          email: t.string(),
          allow_sign_in: t.boolean().defined(),
          allow_connected_accounts: t.boolean().defined(),
        })
        .defined(),
      handler: create,
    },
    { method: "GET", path: "/oauth-providers/:user_id/:provider_id", access: CLIENT_OR_HIGHER, params, handler: (ctx) => json(providerRead(findProvider(ctx, "read"), authOf(ctx).type)) },
    {
      method: "PATCH",
      path: "/oauth-providers/:user_id/:provider_id",
      access: CLIENT_OR_HIGHER,
      params,
      body: (auth) =>
        t.object({
          allow_sign_in: t.boolean(),
          allow_connected_accounts: t.boolean(),
          ...(auth?.type === "client" ? {} : { email: t.string(), account_id: t.string() }),
        }),
      handler: update,
    },
    {
      method: "DELETE",
      path: "/oauth-providers/:user_id/:provider_id",
      access: CLIENT_OR_HIGHER,
      params,
      handler: (ctx) => {
        unlinkOAuthAccount(ctx.core.store, findProvider(ctx, "delete").id);
        return success();
      },
    },
  ];
}
