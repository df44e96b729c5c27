import { createHash, timingSafeEqual } from "node:crypto";
import type { EmulatorCore } from "../core";
import type { Store } from "../store/store";
import { randomBase32 } from "../util/random";
import type { MockAccount } from "./mock-accounts";

/**
 * Key of the mock provider's codes and tokens in `store.extra`.
 *
 * @example
 * const grants = store.extra[MOCK_PROVIDER_FAMILY] ?? [];
 */
export const MOCK_PROVIDER_FAMILY = "mock-oauth-provider";
/**
 * Provider authorization codes live 10 minutes.
 *
 * @example
 * const expiresAt = Date.now() + PROVIDER_CODE_LIFETIME_MS;
 */
export const PROVIDER_CODE_LIFETIME_MS = 10 * 60 * 1000;
/**
 * Provider access tokens live one hour.
 *
 * @example
 * const expiresIn = PROVIDER_ACCESS_TOKEN_LIFETIME_MS / 1000; // 3600
 */
export const PROVIDER_ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

interface CodeGrant {
  kind: "code";
  value: string;
  providerId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  scopes: string[];
  account: MockAccount;
  expiresAtMillis: number;
}

interface TokenGrant {
  kind: "access_token" | "refresh_token";
  value: string;
  providerId: string;
  scopes: string[];
  account: MockAccount;
  /** `null` for refresh tokens (they do not expire). */
  expiresAtMillis: number | null;
}

/**
 * A provider access token as the mock provider knows it: whose it is and which scopes it carries.
 *
 * @example
 * const info = lookupProviderAccessToken(core, token); if (info?.scopes.includes("repo")) { ... }
 */
export interface ProviderAccessTokenInfo {
  providerId: string;
  account: MockAccount;
  scopes: string[];
  expiresAtMillis: number;
}

/**
 * What a successful code or refresh exchange answers (the provider's OAuth token response).
 *
 * @example
 * const r = exchangeProviderCode(core, input); if (r.ok) console.log(r.tokens.access_token);
 */
export interface ProviderTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/**
 * The result of a provider token request: tokens plus the account, or an OAuth error (`invalid_grant`, …).
 *
 * @example
 * if (!r.ok) return json({ error: r.error, error_description: r.description }, 400);
 */
export type ProviderExchangeResult =
  | { ok: true; tokens: ProviderTokens; account: MockAccount }
  | { ok: false; error: string; description: string };

type Grant = CodeGrant | TokenGrant;

function grants(store: Store): Grant[] {
  const now = Date.now();
  const list = (store.extra[MOCK_PROVIDER_FAMILY] ??= []) as Grant[];
  const live = list.filter((g) => g.expiresAtMillis === null || g.expiresAtMillis > now);
  if (live.length === list.length) return list;
  store.extra[MOCK_PROVIDER_FAMILY] = live;
  store.touch();
  return live;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function pkceMatches(challenge: string, method: string | null, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const expected = (method ?? "plain").toUpperCase() === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return sameText(expected, challenge);
}

/**
 * Records a provider authorization code after the person consented on the provider page.
 *
 * @example
 * const code = createProviderCode(core, { providerId: "github", clientId, redirectUri, codeChallenge, codeChallengeMethod: "S256", scopes, account });
 */
export function createProviderCode(
  core: EmulatorCore,
  o: Omit<CodeGrant, "kind" | "value" | "expiresAtMillis">,
): string {
  const value = `mockcode_${randomBase32(32)}`;
  grants(core.store).push({ kind: "code", value, ...o, expiresAtMillis: Date.now() + PROVIDER_CODE_LIFETIME_MS });
  core.store.touch();
  return value;
}

/**
 * Issues a fresh provider access token (one hour) for an account and scopes. The OAuth flow gets its tokens this
 * way; connected-account features may call it to mint a token with other scopes.
 *
 * @example
 * const token = issueProviderAccessToken(core, { providerId: "github", account, scopes: ["user:email", "repo"] });
 */
export function issueProviderAccessToken(core: EmulatorCore, o: { providerId: string; account: MockAccount; scopes: string[] }): string {
  const value = `mockat_${randomBase32(40)}`;
  grants(core.store).push({
    kind: "access_token",
    value,
    providerId: o.providerId,
    scopes: [...o.scopes],
    account: o.account,
    expiresAtMillis: Date.now() + PROVIDER_ACCESS_TOKEN_LIFETIME_MS,
  });
  core.store.touch();
  return value;
}

function tokensFor(core: EmulatorCore, providerId: string, account: MockAccount, scopes: string[]): ProviderTokens {
  const refresh = `mockrt_${randomBase32(40)}`;
  const access = issueProviderAccessToken(core, { providerId, account, scopes });
  grants(core.store).push({ kind: "refresh_token", value: refresh, providerId, scopes: [...scopes], account, expiresAtMillis: null });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: PROVIDER_ACCESS_TOKEN_LIFETIME_MS / 1000,
    refresh_token: refresh,
    scope: scopes.join(" "),
  };
}

/**
 * The provider's `authorization_code` grant: the code must be live, unused, of this provider, and redeemed with the
 * same `redirect_uri` and a matching PKCE verifier. Codes are single-use.
 *
 * @example
 * const r = exchangeProviderCode(core, { providerId: "github", code, redirectUri, codeVerifier });
 */
export function exchangeProviderCode(
  core: EmulatorCore,
  o: { providerId: string; code: string | undefined; redirectUri: string | undefined; codeVerifier: string | undefined },
): ProviderExchangeResult {
  const list = grants(core.store);
  const index = list.findIndex((g) => g.kind === "code" && g.value === o.code);
  const grant = index >= 0 ? (list[index] as CodeGrant) : undefined;
  const invalid = (description: string): ProviderExchangeResult => ({ ok: false, error: "invalid_grant", description });
  if (!o.code) return { ok: false, error: "invalid_request", description: "Missing parameter: `code`" };
  if (!grant || grant.providerId !== o.providerId) return invalid("The authorization code is invalid, expired or already used.");
  if (o.redirectUri !== grant.redirectUri) return invalid("The redirect_uri does not match the one of the authorization request.");
  if (grant.codeChallenge !== null && !pkceMatches(grant.codeChallenge, grant.codeChallengeMethod, o.codeVerifier)) {
    return invalid("The PKCE code verifier does not match the code challenge.");
  }
  list.splice(index, 1);
  core.store.touch();
  return { ok: true, tokens: tokensFor(core, grant.providerId, grant.account, grant.scopes), account: grant.account };
}

/**
 * The provider's `refresh_token` grant: a new access token with the refresh token's scopes (or a subset asked for).
 *
 * @example
 * const r = refreshProviderToken(core, { providerId: "github", refreshToken });
 */
export function refreshProviderToken(
  core: EmulatorCore,
  o: { providerId: string; refreshToken: string | undefined; scope?: string[] },
): ProviderExchangeResult {
  const grant = grants(core.store).find((g) => g.kind === "refresh_token" && g.value === o.refreshToken && g.providerId === o.providerId);
  if (!grant) return { ok: false, error: "invalid_grant", description: "The refresh token is invalid." };
  const extra = (o.scope ?? []).filter((s) => !grant.scopes.includes(s));
  if (extra.length > 0) return { ok: false, error: "invalid_scope", description: `Scopes not granted before: ${extra.join(" ")}` };
  const scopes = o.scope && o.scope.length > 0 ? o.scope : grant.scopes;
  const access = issueProviderAccessToken(core, { providerId: grant.providerId, account: grant.account, scopes });
  return {
    ok: true,
    account: grant.account,
    tokens: { access_token: access, token_type: "Bearer", expires_in: PROVIDER_ACCESS_TOKEN_LIFETIME_MS / 1000, refresh_token: grant.value, scope: scopes.join(" ") },
  };
}

/**
 * What the mock provider knows about one of its access tokens (`undefined` when unknown or expired).
 *
 * @example
 * lookupProviderAccessToken(core, token)?.scopes; // ["user:email"]
 */
export function lookupProviderAccessToken(core: EmulatorCore, token: string): ProviderAccessTokenInfo | undefined {
  const grant = grants(core.store).find((g) => g.kind === "access_token" && g.value === token);
  if (!grant || grant.expiresAtMillis === null) return undefined;
  return { providerId: grant.providerId, account: grant.account, scopes: [...grant.scopes], expiresAtMillis: grant.expiresAtMillis };
}
