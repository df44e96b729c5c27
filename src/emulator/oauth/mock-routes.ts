import type { EmulatorCore } from "../core";
import type { RequestContext } from "../http/context";
import { html, json, type Reply } from "../http/reply";
import type { RouteDef } from "../http/router";
import { accountFor, fakeAccounts, splitScopes, type MockAccount } from "./mock-accounts";
import { renderConsentPage } from "./mock-page";
import { createProviderCode, exchangeProviderCode, lookupProviderAccessToken, refreshProviderToken } from "./mock-provider";
import { takeNextIdentity } from "./next-identity";

/**
 * Path prefix of the mock OAuth provider (outside `/api`): `/emulator/oauth/<provider_id>/{authorize,token,userinfo,tokeninfo}`.
 *
 * @example
 * const authorizeUrl = `${baseUrl}${MOCK_OAUTH_PREFIX}/github/authorize`;
 */
export const MOCK_OAUTH_PREFIX = "/emulator/oauth";

/** The OAuth request parameters the consent page carries through its forms. */
const CARRIED = ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method"];
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function stringMap(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === "object" && !Buffer.isBuffer(raw)) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v !== undefined && v !== null) out[k] = String(v);
  }
  return out;
}

function redirectTo(url: URL, status: 302 | 303): Reply {
  return { status, empty: true, headers: { location: url.toString() } };
}

function validRedirectUri(raw: string | undefined): URL | null {
  try {
    return raw ? new URL(raw) : null;
  } catch {
    return null;
  }
}

/** Answers the client's redirect URI with `error=…` (and the state), like a provider that refuses. */
function refuse(redirectUri: URL, params: Record<string, string>, error: string, description: string, status: 302 | 303): Reply {
  const target = new URL(redirectUri);
  target.searchParams.set("error", error);
  target.searchParams.set("error_description", description);
  if (params.state !== undefined) target.searchParams.set("state", params.state);
  return redirectTo(target, status);
}

function grant(core: EmulatorCore, providerId: string, params: Record<string, string>, redirectUri: URL, account: MockAccount, status: 302 | 303): Reply {
  const code = createProviderCode(core, {
    providerId,
    clientId: params.client_id ?? "",
    redirectUri: params.redirect_uri,
    codeChallenge: params.code_challenge || null,
    codeChallengeMethod: params.code_challenge_method || null,
    scopes: splitScopes(params.scope),
    account,
  });
  const target = new URL(redirectUri);
  target.searchParams.set("code", code);
  if (params.state !== undefined) target.searchParams.set("state", params.state);
  return redirectTo(target, status);
}

function authorize(ctx: RequestContext, params: Record<string, string>, interactive: boolean): Reply {
  const providerId = String(ctx.params.provider_id);
  const redirectUri = validRedirectUri(params.redirect_uri);
  const page = (error?: string, status = 200) => {
    const carried = Object.fromEntries(CARRIED.filter((k) => params[k] !== undefined).map((k) => [k, params[k]]));
    const action = `${MOCK_OAUTH_PREFIX}/${encodeURIComponent(providerId)}/authorize`;
    return html(renderConsentPage({ providerId, action, params: carried, accounts: fakeAccounts(providerId), scopes: splitScopes(params.scope), error }), status);
  };
  if (!redirectUri) return page("The request has no valid redirect_uri, so the provider cannot send you back.", 400);
  const status = ctx.method === "POST" ? 303 : 302;
  if ((params.response_type ?? "code") !== "code") return refuse(redirectUri, params, "unsupported_response_type", "Only response_type=code is supported.", status);
  if (params.decision === "deny" || params.deny === "1" || params.deny === "true") {
    return refuse(redirectUri, params, "access_denied", "The user denied access.", status);
  }
  // A test chose who signs in next (POST /emulator/oauth/<provider>/next-identity): no page, once.
  const chosen = takeNextIdentity(ctx.core, providerId);
  if (chosen) return grant(ctx.core, providerId, params, redirectUri, chosen, status);
  if (interactive) return page();
  const email = params.email || params.login_hint;
  if (!email && ctx.method === "POST") return page("Type an e-mail address or choose one of the accounts.", 400);
  // The auto path treats a missing email_verified as verified; an unticked form checkbox sends nothing (= unverified).
  const verified = params.email_verified === undefined ? ctx.method === "GET" : params.email_verified === "true" || params.email_verified === "1";
  const account = email ? accountFor(providerId, { email, name: params.name, emailVerified: verified }) : fakeAccounts(providerId)[0];
  return grant(ctx.core, providerId, params, redirectUri, account, status);
}

function token(ctx: RequestContext): Reply {
  const providerId = String(ctx.params.provider_id);
  const body = stringMap(ctx.body);
  const fail = (error: string, description: string) => json({ error, error_description: description }, 400, NO_STORE);
  let result;
  if (body.grant_type === "authorization_code") {
    result = exchangeProviderCode(ctx.core, { providerId, code: body.code, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier });
  } else if (body.grant_type === "refresh_token") {
    result = refreshProviderToken(ctx.core, { providerId, refreshToken: body.refresh_token, scope: body.scope ? splitScopes(body.scope) : undefined });
  } else {
    return fail("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
  }
  return result.ok ? json(result.tokens, 200, NO_STORE) : fail(result.error, result.description);
}

function userinfo(ctx: RequestContext): Reply {
  const providerId = String(ctx.params.provider_id);
  const bearer = /^Bearer\s+(.+)$/i.exec(ctx.req.headers.authorization ?? "")?.[1] ?? ctx.query.access_token;
  const info = bearer ? lookupProviderAccessToken(ctx.core, String(bearer)) : undefined;
  if (!info || info.providerId !== providerId) {
    return json({ error: "invalid_token", error_description: "The access token is invalid or expired." }, 401, { "www-authenticate": 'Bearer error="invalid_token"' });
  }
  const a = info.account;
  return json({ sub: a.accountId, id: a.accountId, name: a.name, email: a.email, email_verified: a.emailVerified, picture: null, scope: info.scopes.join(" ") });
}

/**
 * The mock OAuth provider (outside `/api`), so the platform's OAuth redirect flow runs in a browser with no internet.
 * Any provider id works (`github`, `google`, `microsoft`, or one configured through the admin API):
 *
 * - `GET /emulator/oauth/:provider_id/authorize?client_id&redirect_uri&response_type=code&scope&state&code_challenge&code_challenge_method`
 *   shows a consent page listing ready-made accounts ("Ada Lovelace <ada@github.mock>", …) plus a form for any
 *   name and e-mail; choosing one redirects to `redirect_uri?code=…&state=…`, "Deny" to `?error=access_denied`.
 * - Non-interactive path for tests: add `auto=1` (optionally `login_hint=<email>` or `email=`, `name=`,
 *   `email_verified=false`, `deny=1`) and the provider redirects at once (302) without a page.
 * - `POST /emulator/oauth/:provider_id/token` (form or JSON): `authorization_code` (PKCE checked) and `refresh_token` grants.
 * - `GET /emulator/oauth/:provider_id/userinfo` with `Authorization: Bearer <token>`: `{sub, id, name, email, email_verified, picture, scope}`.
 * - `GET /emulator/oauth/:provider_id/tokeninfo?access_token=…`: the token's account, scopes and remaining lifetime.
 *
 * @example
 * core.router.addAll(mockOAuthProviderRoutes(core));
 */
export function mockOAuthProviderRoutes(_core: EmulatorCore): RouteDef[] {
  const route = (method: "GET" | "POST", suffix: string, handler: RouteDef["handler"]): RouteDef => ({
    method,
    path: `${MOCK_OAUTH_PREFIX}/:provider_id/${suffix}`,
    scope: "root",
    access: "any",
    handler,
  });
  return [
    route("GET", "authorize", (ctx) => {
      const params = stringMap(ctx.query);
      return authorize(ctx, params, !(params.auto === "1" || params.auto === "true"));
    }),
    route("POST", "authorize", (ctx) => authorize(ctx, stringMap(ctx.body), false)),
    route("POST", "token", token),
    route("GET", "userinfo", userinfo),
    route("GET", "tokeninfo", (ctx) => {
      const info = lookupProviderAccessToken(ctx.core, String(ctx.query.access_token ?? ""));
      if (!info || info.providerId !== ctx.params.provider_id) return json({ error: "invalid_token" }, 400);
      return json({
        provider_id: info.providerId,
        account_id: info.account.accountId,
        email: info.account.email,
        scope: info.scopes.join(" "),
        expires_in: Math.max(0, Math.floor((info.expiresAtMillis - Date.now()) / 1000)),
      });
    }),
  ];
}
