import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError, LatchkeyError } from "../../errors/base";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";
import type { ConnectedAccountJson, DeprecatedOAuthConnection, OAuthConnection } from "./client";
import { notAvailable } from "./client";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { err } from "../../util/result";
import { getConnectedAccountAccessToken } from "../oauth-providers/server";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";

/**
 * Options of the provider-id form of a server user's `getConnectedAccount`. `or` says what happens when the user
 * has no connected account of that provider that can give a token with `scopes`: null (`"return-null"`, the
 * default) or the platform's reason thrown (`"throw"`). `"redirect"` exists for code written for the official
 * SDK: a server cannot send the user to the provider, so it throws then too (the official SDK does the same).
 *
 * @example
 * const github = await user.getConnectedAccount("github", { scopes: ["repo"], or: "throw" });
 */
export interface ServerConnectedAccountOptions {
  or?: "return-null" | "throw" | "redirect";
  scopes?: string[];
}

const accountsOf = (ctx: AppContext) =>
  resourceCache(ctx, SERVER_CACHE.connectedAccounts, async (userId: string) => {
    const path = `/connected-accounts/${encodeURIComponent(userId)}`;
    return (await ctx.core.request<ListJson<ConnectedAccountJson>>({ expect: "items[]", path })).items;
  });

/**
 * @internal Any user's connected accounts (`GET /connected-accounts/{userId}`, cached per user); each account's
 * `getAccessToken` asks the server for that account's token (`…/{provider}/{accountId}/access-token`).
 * @example
 * const accounts = await listServerConnectedAccounts(ctx, userId);
 */
export async function listServerConnectedAccounts(ctx: AppContext, userId: string): Promise<OAuthConnection[]> {
  return (await accountsOf(ctx).get([userId])).map((a) => ({
    id: a.provider,
    provider: a.provider,
    providerAccountId: a.provider_account_id,
    // As on the client: a missing token, whatever the platform's reason, is the official OAUTH_ACCESS_TOKEN_NOT_AVAILABLE
    // result; the shared-keys refusal is thrown.
    getAccessToken: async (options) => {
      const { scopes } = optionalObject(options, "getAccessToken options");
      const result = await getConnectedAccountAccessToken(ctx, { userId, provider: a.provider, providerAccountId: a.provider_account_id, scopes });
      if (result.status === "ok") return result;
      if (isKnownErrorOf(result.error, "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")) throw result.error;
      return err(notAvailable(a.provider, [...(scopes ?? [])].sort().join(" ")));
    },
  }));
}

/**
 * @internal `getConnectedAccount` of a server user: `{ provider, providerAccountId }` → that account or null;
 * a provider id → the user's first account of that provider as a {@link DeprecatedOAuthConnection}, or null when
 * the platform can give no token with `scopes` for that provider (not connected, scope missing, no token held).
 * @example
 * const account = await getServerConnectedAccount(ctx, userId, "github", { scopes: ["repo"] });
 */
export async function getServerConnectedAccount(
  ctx: AppContext,
  userId: string,
  which: { provider: string; providerAccountId: string } | string,
  options?: ServerConnectedAccountOptions,
): Promise<OAuthConnection | DeprecatedOAuthConnection | null> {
  if (typeof which !== "string") {
    const w = optionalObject(which, "getConnectedAccount argument") as { provider?: unknown; providerAccountId?: unknown };
    const provider = requireString(w.provider, "provider");
    const accountId = requireString(w.providerAccountId, "providerAccountId");
    if (options !== undefined) throw new ArgumentError("getConnectedAccount({ provider, providerAccountId }) takes no options; pass scopes to getAccessToken.");
    const accounts = await listServerConnectedAccounts(ctx, userId);
    return accounts.find((a) => a.provider === provider && a.providerAccountId === accountId) ?? null;
  }
  const provider = requireString(which, "provider");
  const o = optionalObject(options, "getConnectedAccount options");
  if (o.or !== undefined && !["return-null", "throw", "redirect"].includes(o.or)) {
    throw new ArgumentError(`getConnectedAccount's "or" must be "return-null", "throw" or "redirect", got ${JSON.stringify(o.or)}.`);
  }
  const token = () => getConnectedAccountAccessToken(ctx, { userId, provider, scopes: o.scopes });
  const first = await token(); // validates scopes before any request
  if (first.status === "error") {
    if (o.or === "throw") throw first.error;
    if (o.or === "redirect") {
      throw new LatchkeyError(
        `No usable ${provider} account is connected to this user, and a server cannot send the user to ${provider} to connect one: call getConnectedAccount with { or: "redirect" } on the signed-in user in the browser.`,
        "ConnectedAccountRedirectError",
        { cause: first.error },
      );
    }
    return null;
  }
  const account = (await listServerConnectedAccounts(ctx, userId)).find((a) => a.provider === provider);
  if (!account) return null;
  return {
    id: provider,
    provider,
    providerAccountId: account.providerAccountId,
    async getAccessToken() {
      const result = await token();
      if (result.status === "error") throw result.error;
      return result.data;
    },
  };
}
