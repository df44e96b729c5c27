import { forgetCurrentUser } from "../users/current";
import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { isUuid, requireUuid } from "../../util/uuid";
import { ArgumentError } from "../../errors/base";
import type { KnownErrors } from "../../errors";
import type { Result } from "../../util/result";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import type { OAuthAccessTokenError } from "../connected-accounts/client";
import type { OAuthProviderJson } from "./client";
import { SERVER_USER_CACHE } from "../server-cache-keys";

/** The error `createOAuthProvider` and `ServerOAuthProvider.update` return as a result. */
type AlreadyUsedForSignIn = KnownErrors["OAuthProviderAccountIdAlreadyUsedForSignIn"];

/** Server cache keys start with `null`: these reads carry no user session (see `SERVER` in `server-cache-keys.ts`). */
const SERVER = null;

/**
 * Changes a server may make to a user's OAuth connection.
 *
 * @example
 * await provider.update({ email: "ada@new.example", allowConnectedAccounts: false });
 */
export interface ServerOAuthProviderUpdate {
  accountId?: string;
  email?: string;
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
}

/**
 * An OAuth account linked to any user, as a server sees it (with the provider's `accountId`).
 *
 * @example
 * const [github] = await server.listOAuthProviders(userId);
 * const result = await github.update({ allowSignIn: true });
 * if (result.status === "error") console.log("another user signs in with this account");
 */
export interface ServerOAuthProvider {
  /** The connection's id (not the provider's). */
  readonly id: string;
  /** The provider config id, e.g. `"github"`. */
  readonly type: string;
  readonly userId: string;
  /** The account's id at the provider. */
  readonly accountId: string;
  readonly email?: string;
  readonly allowSignIn: boolean;
  readonly allowConnectedAccounts: boolean;
  /**
   * Changes the connection. Allowing sign-in with an account another user signs in with comes back as an
   * `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` error result.
   * @example
   * const result = await provider.update({ allowSignIn: false });
   */
  update(data: ServerOAuthProviderUpdate): Promise<Result<undefined, AlreadyUsedForSignIn>>;
  /**
   * Unlinks the account from the user.
   * @example
   * await provider.delete();
   */
  delete(): Promise<void>;
}

/**
 * What `ServerApp.createOAuthProvider` needs: the user, the provider config (enabled in the project) and the
 * account id at the provider.
 *
 * @example
 * await server.createOAuthProvider({ userId, providerConfigId: "github", accountId: "583231", email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true });
 */
export interface ServerOAuthProviderCreate {
  userId: string;
  accountId: string;
  providerConfigId: string;
  email: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

/**
 * Which provider access token `ServerApp.getConnectedAccountAccessToken` asks for.
 *
 * @example
 * const which: ConnectedAccountTokenRequest = { userId, provider: "github", scopes: ["repo"] };
 */
export interface ConnectedAccountTokenRequest {
  userId: string;
  /** The provider config id, e.g. `"github"`. */
  provider: string;
  /** One account of that provider; default: any of the user's accounts with the scopes. */
  providerAccountId?: string;
  scopes?: string[];
}

const providers = (ctx: AppContext) =>
  resourceCache(ctx, "server-oauth-providers", async (_s: null, userId: string) => {
    const list = await ctx.core.request<ListJson<OAuthProviderJson>>({ expect: "items[]", path: "/oauth-providers", query: { user_id: userId } });
    return list.items;
  });

const tokens = (ctx: AppContext) =>
  resourceCache(ctx, "server-oauth-access-tokens", async (_s: null, userId: string, provider: string, accountId: string, scope: string) => {
    const segments = [userId, provider, ...(accountId ? [accountId] : [])].map(encodeURIComponent).join("/");
    const path = `/connected-accounts/${segments}/access-token`;
    const answer = await ctx.core.request<{ access_token: string }>({ expect: "access_token", method: "POST", path, body: { scope: scope || undefined } });
    return { accessToken: answer.access_token };
  });

const NO_TOKEN_CODES = [
  "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
] as const;

/**
 * @internal What a change of `userId`'s connections alters: the server's list, connected accounts and tokens for
 * that user, and —
 * since the user may be signed in to this app — every session's connections, connected accounts, tokens and user.
 */
function changed(ctx: AppContext, userId: string): Promise<unknown> {
  forgetCurrentUser(ctx);
  tokens(ctx).invalidateWhere(([, u]) => u === userId);
  ctx.caches.get("oauth-access-tokens")?.invalidateWhere(() => true);
  return Promise.all([
    providers(ctx).refresh([SERVER, userId]),
    ctx.caches.get(SERVER_USER_CACHE.connectedAccounts)?.refresh([userId]),
    ctx.caches.get("oauth-providers")?.refreshWhere(() => true),
    ctx.caches.get("connected-accounts")?.refreshWhere(() => true),
  ]);
}

function checkBooleans(d: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) if (d[key] !== undefined && typeof d[key] !== "boolean") throw new ArgumentError(`${key} must be a boolean.`);
}

/**
 * @internal camelCase fields from the wire, and the connection's server actions.
 * @example
 * const provider = serverOAuthProviderFromJson(ctx, json);
 */
export function serverOAuthProviderFromJson(ctx: AppContext, p: OAuthProviderJson): ServerOAuthProvider {
  const path = `/oauth-providers/${encodeURIComponent(p.user_id)}/${encodeURIComponent(p.id)}`;
  return {
    id: p.id,
    type: p.type ?? p.provider_config_id,
    userId: p.user_id,
    accountId: p.account_id as string,
    email: p.email ?? undefined, // an own property even when absent, as on the official SDK's objects
    allowSignIn: p.allow_sign_in,
    allowConnectedAccounts: p.allow_connected_accounts,
    async update(data) {
      const d = optionalObject(data, "OAuth provider update") as Record<string, unknown>;
      checkBooleans(d, ["allowSignIn", "allowConnectedAccounts"]);
      if (d.accountId !== undefined) requireString(d.accountId, "accountId");
      if (d.email !== undefined) requireString(d.email, "email");
      const body = { account_id: d.accountId, email: d.email, allow_sign_in: d.allowSignIn, allow_connected_accounts: d.allowConnectedAccounts };
      const result = await ctx.core.expect<undefined, AlreadyUsedForSignIn>(async () => {
        await ctx.core.request({ method: "PATCH", path, body });
        return undefined;
      }, ["OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"]);
      if (result.status === "ok") await changed(ctx, p.user_id);
      return result;
    },
    async delete() {
      await ctx.core.request({ method: "DELETE", path });
      await changed(ctx, p.user_id);
    },
  };
}

/**
 * @internal `POST /oauth-providers` (server access). An account id another user signs in with comes back as
 * an error result; the user's connections are refreshed on success.
 */
export async function createOAuthProvider(
  ctx: AppContext,
  data: ServerOAuthProviderCreate,
): Promise<Result<ServerOAuthProvider, AlreadyUsedForSignIn>> {
  const d = optionalObject(data, "createOAuthProvider data") as Record<string, unknown>;
  requireUuid(d.userId, "userId", true);
  for (const key of ["accountId", "providerConfigId", "email"] as const) requireString(d[key], key);
  for (const key of ["allowSignIn", "allowConnectedAccounts"] as const) {
    if (typeof d[key] !== "boolean") throw new ArgumentError(`${key} must be a boolean.`);
  }
  const userId = d.userId as string;
  const result = await ctx.core.expect<OAuthProviderJson, AlreadyUsedForSignIn>(
    () =>
      ctx.core.request<OAuthProviderJson>({
                expect: "id",
        method: "POST",
        path: "/oauth-providers",
        body: {
          user_id: userId,
          provider_config_id: d.providerConfigId,
          account_id: d.accountId,
          email: d.email,
          allow_sign_in: d.allowSignIn,
          allow_connected_accounts: d.allowConnectedAccounts,
        },
      }),
    ["OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"],
  );
  if (result.status === "error") return result;
  await changed(ctx, userId);
  return { status: "ok", data: serverOAuthProviderFromJson(ctx, result.data) };
}

/** @internal Any user's OAuth connections (`GET /oauth-providers?user_id=`, cached per user). */
export async function listServerOAuthProviders(ctx: AppContext, userId: string): Promise<ServerOAuthProvider[]> {
  requireUuid(userId, "userId", true);
  return (await providers(ctx).get([SERVER, userId])).map((p) => serverOAuthProviderFromJson(ctx, p));
}

/** @internal One of a user's connections by id, from the cached list; null when there is none. */
export async function getServerOAuthProvider(ctx: AppContext, userId: string, id: string): Promise<ServerOAuthProvider | null> {
  requireUuid(userId, "userId", true);
  // A connection id is a UUID: any other matches none, so null comes back without a request.
  if (!isUuid(requireString(id, "id"))) return null;
  return (await listServerOAuthProviders(ctx, userId)).find((p) => p.id === id) ?? null;
}

/**
 * @internal A provider access token of any user's connected account (`POST /connected-accounts/{user}/{provider}
 * [/{account}]/access-token {scope}`, cached per user, account and scope set). "No token" cases come back as
 * an error result.
 */
export async function getConnectedAccountAccessToken(
  ctx: AppContext,
  request: ConnectedAccountTokenRequest,
): Promise<Result<{ accessToken: string }, OAuthAccessTokenError>> {
  const r = optionalObject(request, "getConnectedAccountAccessToken options") as Partial<ConnectedAccountTokenRequest>;
  const userId = requireUuid(r.userId, "userId", true);
  const provider = requireString(r.provider, "provider");
  const accountId = r.providerAccountId === undefined ? "" : requireString(r.providerAccountId, "providerAccountId");
  if (r.scopes !== undefined && (!Array.isArray(r.scopes) || r.scopes.some((s) => typeof s !== "string" || !s || /\s/.test(s)))) {
    throw new ArgumentError("scopes must be an array of scope names (non-empty strings without spaces).");
  }
  const scope = [...(r.scopes ?? [])].sort().join(" ");
  return ctx.core.expect<{ accessToken: string }, OAuthAccessTokenError>(
    () => tokens(ctx).get([SERVER, userId, provider, accountId, scope]),
    [...NO_TOKEN_CODES],
  );
}
