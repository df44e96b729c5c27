import type { AuthContext } from "../auth/context";
import { optionalObject, requireString } from "../apps/options";
import { ArgumentError } from "../errors/base";
import type { KnownErrors } from "../errors";
import type { Session } from "../session/session";
import type { Result } from "../util/result";
import { resourceCache } from "./cached";
import type { ListJson } from "./cached";

/**
 * @internal Wire shape of a connected account.
 * @example
 * const json: ConnectedAccountJson = { user_id, provider: "github", provider_account_id: "583231" };
 */
export interface ConnectedAccountJson {
  user_id: string;
  provider: string;
  provider_account_id: string;
}

/**
 * Why no provider access token could be had: the account is not (or no longer) connected, it was not granted
 * the scopes asked for, or the platform holds no token for it (e.g. the project uses shared OAuth keys).
 *
 * @example
 * const result = await account.getAccessToken({ scopes: ["repo"] });
 * if (result.status === "error") await askUserToReconnect(result.error.code);
 */
export type OAuthAccessTokenError =
  | KnownErrors["OAuthConnectionNotConnectedToUser"]
  | KnownErrors["OAuthConnectionDoesNotHaveRequiredScope"]
  | KnownErrors["OAuthAccessTokenNotAvailable"]
  | KnownErrors["OAuthAccessTokenNotAvailableWithSharedOAuthKeys"];

/**
 * An OAuth account the user connected (e.g. their Google account), through which the app can call the
 * provider's API on their behalf.
 *
 * @example
 * const account = await user.getConnectedAccount({ provider: "google", providerAccountId: "1234" });
 * const token = await account?.getAccessToken({ scopes: ["https://www.googleapis.com/auth/calendar.readonly"] });
 * if (token?.status === "ok") await fetch(calendarUrl, { headers: { authorization: `Bearer ${token.data.accessToken}` } });
 */
export interface OAuthConnection {
  /** The provider id, under the official SDK's older name (same as `provider`). */
  readonly id: string;
  /** The provider, e.g. `"google"`. */
  readonly provider: string;
  /** The account's id at the provider. */
  readonly providerAccountId: string;
  /**
   * A provider access token carrying `scopes` (default: whatever was granted). A missing connection, missing
   * scope or unavailable token comes back as an error result.
   */
  getAccessToken(options?: { scopes?: string[] }): Promise<Result<{ accessToken: string }, OAuthAccessTokenError>>;
}

const NO_TOKEN_CODES = [
  "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
] as const;

const accounts = (ctx: AuthContext) =>
  resourceCache(ctx, "connected-accounts", async (session: Session) => {
    const list = await ctx.core.request<ListJson<ConnectedAccountJson>>({ path: "/connected-accounts/me", session });
    return list.items;
  });

// Tokens are reads too: the same connection and scope within the cache's lifetime reuse one token.
const tokens = (ctx: AuthContext) =>
  resourceCache(ctx, "oauth-access-tokens", async (session: Session, provider: string, accountId: string, scope: string) => {
    const path = `/connected-accounts/me/${encodeURIComponent(provider)}/${encodeURIComponent(accountId)}/access-token`;
    const answer = await ctx.core.request<{ access_token: string }>({ method: "POST", path, session, body: { scope: scope || undefined } });
    return { accessToken: answer.access_token };
  });

function scopeOf(options: { scopes?: string[] } | undefined): string {
  const o = optionalObject(options, "getAccessToken options");
  if (o.scopes === undefined) return "";
  if (!Array.isArray(o.scopes) || o.scopes.some((s) => typeof s !== "string" || !s || /\s/.test(s))) {
    throw new ArgumentError("scopes must be an array of scope names (non-empty strings without spaces).");
  }
  return [...o.scopes].sort().join(" ");
}

/**
 * @internal camelCase fields from the wire, and `getAccessToken` bound to `session`.
 * @example
 * const token = await connectedAccountFromJson(ctx, session, json).getAccessToken({ scopes: ["repo"] });
 */
export function connectedAccountFromJson(ctx: AuthContext, session: Session, a: ConnectedAccountJson): OAuthConnection {
  return {
    id: a.provider,
    provider: a.provider,
    providerAccountId: a.provider_account_id,
    async getAccessToken(options) {
      const scope = scopeOf(options);
      return ctx.core.expect<{ accessToken: string }, OAuthAccessTokenError>(
        () => tokens(ctx).get([session, a.provider, a.provider_account_id, scope]),
        [...NO_TOKEN_CODES],
      );
    },
  };
}

/**
 * @internal The user's connected accounts (`GET /connected-accounts/me`, cached per session).
 * @example
 * const accounts = await listConnectedAccounts(ctx, session);
 */
export async function listConnectedAccounts(ctx: AuthContext, session: Session): Promise<OAuthConnection[]> {
  return (await accounts(ctx).get([session])).map((a) => connectedAccountFromJson(ctx, session, a));
}

/**
 * Which connected account to get: one exact account, or (the official SDK's older form) the first account of a
 * provider, optionally only if it can give a token with `scopes`.
 *
 * @example
 * await user.getConnectedAccount({ provider: "github", providerAccountId: "583231" });
 * await user.getConnectedAccount("github", { scopes: ["repo"] });
 */
export type ConnectedAccountQuery = { provider: string; providerAccountId: string } | string;

/**
 * @internal One connected account from the cached list, or null.
 * @example
 * const account = await getConnectedAccount(ctx, session, { provider: "github", providerAccountId: "583231" });
 */
export async function getConnectedAccount(
  ctx: AuthContext,
  session: Session,
  which: ConnectedAccountQuery,
  options?: { scopes?: string[] },
): Promise<OAuthConnection | null> {
  if (typeof which === "string") {
    const provider = requireString(which, "provider id");
    scopeOf(options);
    const found = (await listConnectedAccounts(ctx, session)).find((a) => a.provider === provider);
    if (!found || !options?.scopes) return found ?? null;
    return (await found.getAccessToken(options)).status === "ok" ? found : null;
  }
  const w = optionalObject(which, "getConnectedAccount argument") as { provider: unknown; providerAccountId: unknown };
  const provider = requireString(w.provider, "provider");
  const accountId = requireString(w.providerAccountId, "providerAccountId");
  if (options !== undefined) throw new ArgumentError("getConnectedAccount({ provider, providerAccountId }) takes no options; pass scopes to getAccessToken.");
  return (await listConnectedAccounts(ctx, session)).find((a) => a.provider === provider && a.providerAccountId === accountId) ?? null;
}
