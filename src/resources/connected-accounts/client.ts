import { currentUserJson } from "../users/current";
import type { AppContext } from "../../core/context";
import { optionalObject, requireString } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { KnownErrors } from "../../errors";
import type { Session } from "../../session/session";
import { err, ok } from "../../util/result";
import type { Result } from "../../util/result";
import { knownError } from "../../errors/lineage";
import { isKnownErrorOf } from "../../errors/known-error-of";
import { resourceCache } from "../cached";
import type { ListJson } from "../cached";

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
 * Server-side calls return these codes as they are; a client {@link OAuthConnection} reports them all as
 * `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE`, as the official SDK does.
 *
 * @example
 * const result = await server.getConnectedAccountAccessToken({ userId, provider: "github", providerAccountId, scopes: ["repo"] });
 * if (result.status === "error") console.log(result.error.code);
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
   * A provider access token carrying `scopes` (default: whatever was granted). When the platform has none (the
   * account is no longer connected, lacks a scope, or its refresh token was revoked) the result is an
   * `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE` error; other failures are thrown.
   */
  getAccessToken(options?: { scopes?: string[] }): Promise<Result<{ accessToken: string }, KnownErrors["OAuthAccessTokenNotAvailable"]>>;
}

/**
 * What the older `user.getConnectedAccount(providerId)` returns (the official SDK's `DeprecatedOAuthConnection`):
 * the user's account at that provider, whose `getAccessToken()` resolves the token or throws.
 *
 * @example
 * const github = await user.getConnectedAccount("github", { scopes: ["repo"] });
 * if (github) console.log((await github.getAccessToken()).accessToken);
 */
export interface DeprecatedOAuthConnection {
  readonly id: string;
  readonly provider: string;
  /** The account's id at the provider (`""` if the platform did not say). */
  readonly providerAccountId: string;
  /** A provider access token with the scopes asked for; throws `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE` when there is none. */
  getAccessToken(): Promise<{ accessToken: string }>;
}

const NO_TOKEN_CODES = ["OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE"] as const;

const accounts = (ctx: AppContext) =>
  resourceCache(ctx, "connected-accounts", async (session: Session) => {
    const list = await ctx.core.request<ListJson<ConnectedAccountJson>>({ expect: "items[]", path: "/connected-accounts/me", session });
    return list.items;
  });

// Tokens are reads too: the same connection and scope within the cache's lifetime reuse one token. An empty
// account id asks by provider only (the older endpoint, used by the deprecated lookup).
const tokens = (ctx: AppContext) =>
  resourceCache(ctx, "oauth-access-tokens", async (session: Session, provider: string, accountId: string, scope: string) => {
    const account = accountId ? `/${encodeURIComponent(accountId)}` : "";
    const path = `/connected-accounts/me/${encodeURIComponent(provider)}${account}/access-token`;
    const answer = await ctx.core.request<{ access_token: string }>({ expect: "access_token", method: "POST", path, session, body: { scope: scope || undefined } });
    return { accessToken: answer.access_token };
  });

/** A token, or null when the platform says it has none for this connection and scope; other errors are thrown. */
async function tokenOrNull(ctx: AppContext, session: Session, provider: string, accountId: string, scope: string) {
  try {
    return await tokens(ctx).get([session, provider, accountId, scope]);
  } catch (error) {
    if (NO_TOKEN_CODES.some((code) => isKnownErrorOf(error, code))) return null;
    throw error;
  }
}

/**
 * @internal The error an official `OAuthConnection.getAccessToken` reports when the platform has no token for the
 * account and scopes (whatever the platform's own reason).
 */
export const notAvailable = (provider: string, scope: string) => {
  const details =
    (scope ? `No token with the scopes [${scope}] can be had for this account.` : "The provider's refresh token was probably revoked or has expired.") +
    " The user has to link the account again.";
  const message = `Failed to retrieve an OAuth access token for the connected account (provider: ${provider}). ${details}`;
  return knownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", { provider, details }, message) as KnownErrors["OAuthAccessTokenNotAvailable"];
};

function scopeOf(options: { scopes?: string[] } | undefined, name = "getAccessToken options"): string {
  const o = optionalObject(options, name);
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
export function connectedAccountFromJson(ctx: AppContext, session: Session, a: ConnectedAccountJson): OAuthConnection {
  return {
    id: a.provider,
    provider: a.provider,
    providerAccountId: a.provider_account_id,
    async getAccessToken(options) {
      const scope = scopeOf(options);
      const token = await tokenOrNull(ctx, session, a.provider, a.provider_account_id, scope);
      return token ? ok(token) : err(notAvailable(a.provider, scope));
    },
  };
}

/**
 * @internal The user's connected accounts (`GET /connected-accounts/me`, cached per session).
 * @example
 * const accounts = await listConnectedAccounts(ctx, session);
 */
export async function listConnectedAccounts(ctx: AppContext, session: Session): Promise<OAuthConnection[]> {
  return (await accounts(ctx).get([session])).map((a) => connectedAccountFromJson(ctx, session, a));
}

/**
 * Which connected account to get: one exact account (`{ provider, providerAccountId }`), or, in the official
 * SDK's deprecated form, a provider id.
 *
 * @example
 * await user.getConnectedAccount({ provider: "github", providerAccountId: "583231" });
 * await user.getConnectedAccount("github", { scopes: ["repo"] });
 */
export type ConnectedAccountQuery = { provider: string; providerAccountId: string } | string;

/**
 * Options of the deprecated `getConnectedAccount(providerId, options)`. `or: "throw"` behaves like
 * `"return-null"` (as in the official SDK); with `or: "redirect"` a missing account (or one without `scopes`)
 * sends the browser through the OAuth linking flow, and the call never settles.
 *
 * @example
 * await user.getConnectedAccount("google", { scopes: ["https://www.googleapis.com/auth/drive.readonly"] });
 */
export interface DeprecatedConnectedAccountOptions {
  or?: "redirect" | "throw" | "return-null";
  scopes?: string[];
}

/**
 * @internal `{ provider, providerAccountId }`: that account from the cached list, or null. A provider id (the
 * deprecated form): the user's account at that provider if they have one and a token with `scopes` can be had
 * (`POST /connected-accounts/me/{provider}/access-token`), else null — or, with `or: "redirect"`, the OAuth linking
 * flow (which never settles).
 * @example
 * const account = await getConnectedAccount(ctx, session, { provider: "github", providerAccountId: "583231" });
 */
export async function getConnectedAccount(
  ctx: AppContext,
  session: Session,
  which: ConnectedAccountQuery,
  options?: DeprecatedConnectedAccountOptions,
): Promise<OAuthConnection | DeprecatedOAuthConnection | null> {
  if (typeof which === "string") return connectionByProvider(ctx, session, requireString(which, "provider id"), options);
  const w = optionalObject(which, "getConnectedAccount argument") as { provider: unknown; providerAccountId: unknown };
  const provider = requireString(w.provider, "provider");
  const accountId = requireString(w.providerAccountId, "providerAccountId");
  if (options !== undefined) throw new ArgumentError("getConnectedAccount({ provider, providerAccountId }) takes no options; pass scopes to getAccessToken.");
  return (await listConnectedAccounts(ctx, session)).find((a) => a.provider === provider && a.providerAccountId === accountId) ?? null;
}

async function connectionByProvider(
  ctx: AppContext,
  session: Session,
  provider: string,
  options: DeprecatedConnectedAccountOptions | undefined,
): Promise<DeprecatedOAuthConnection | null> {
  const o = optionalObject(options, "getConnectedAccount options");
  if (o.or !== undefined && o.or !== "redirect" && o.or !== "throw" && o.or !== "return-null") {
    throw new ArgumentError(`getConnectedAccount's "or" must be "redirect", "throw" or "return-null", got ${JSON.stringify(o.or)}.`);
  }
  const scope = scopeOf(o, "getConnectedAccount options");
  const linked = (await currentUserJson(ctx, session))?.oauth_providers?.find((p) => p.id === provider);
  if (!linked || !(await tokenOrNull(ctx, session, provider, "", scope))) {
    if (o.or !== "redirect") return null;
    // The OAuth linking flow (an auth flow the app hands down) loads only here: pages that never link do not download it.
    return ctx.flows.startLinking!(session, provider, scope ? scope.split(" ") : []);
  }
  return {
    id: provider,
    provider,
    providerAccountId: linked.account_id ?? "",
    async getAccessToken() {
      const token = await tokenOrNull(ctx, session, provider, "", scope);
      if (!token) throw notAvailable(provider, scope);
      return token;
    },
  };
}
