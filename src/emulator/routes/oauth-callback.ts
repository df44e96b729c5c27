import type { EmulatorCore } from "../core";
import { createAuthorizationCode, findOAuthFlow, type OAuthFlowRecord } from "../domain/oauth-flows";
import { signUpCountryCode } from "../domain/end-user";
import { resolveOAuthUser } from "../domain/oauth-sign-in";
import { isTrustedUrl } from "../domain/redirects";
import { known, KnownError, StatusError } from "../errors";
import type { RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import type { RouteDef } from "../http/router";
import { exchangeProviderCode } from "../oauth/mock-provider";
import type { ProjectRecord } from "../store/types";
import { innerStateCookieName } from "./oauth-authorize";
import { registerAuthorizationCodeGrant } from "./oauth-code-grant";

const INVALID_STATE = "Invalid OAuth state. Please try signing in again.";
const COOKIE_NOT_FOUND =
  "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again";
const INVALID_GRANT = "Inner OAuth callback failed due to invalid grant. Please try again.";

function stringMap(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === "object" && !Buffer.isBuffer(raw)) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v !== undefined && v !== null) out[k] = String(v);
  }
  return out;
}

function readCookie(ctx: RequestContext, name: string): string | undefined {
  for (const part of (ctx.req.headers.cookie ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** Checks the outer OAuth request the way the platform's OAuth library does when it issues the code. */
function checkOuterRequest(project: ProjectRecord, flow: OAuthFlowRecord): void {
  if (!isTrustedUrl(project, flow.redirectUri)) throw known("REDIRECT_URL_NOT_WHITELISTED");
  if (flow.responseType !== "code") throw new StatusError(400, "Unsupported response type: `response_type` is not supported");
  if (!["S256", "plain"].includes(flow.codeChallengeMethod)) throw new StatusError(400, "Invalid parameter: `code_challenge_method`");
  if (flow.scope.split(" ").some((s) => s !== "legacy")) throw new StatusError(400, "Invalid scope requested. Please check the scopes you are requesting.");
}

/** Where a known error is sent: the app's redirect URI when trusted, else the error redirect URL when trusted. */
function errorTarget(project: ProjectRecord, flow: OAuthFlowRecord): string | null {
  if (isTrustedUrl(project, flow.redirectUri)) return flow.redirectUri;
  if (flow.errorRedirectUrl && isTrustedUrl(project, flow.errorRedirectUrl)) return flow.errorRedirectUrl;
  return null;
}

function knownErrorReply(e: KnownError, headers: Record<string, string>): Reply {
  return { status: e.status, raw: e.toBody(), contentType: "application/json; charset=utf-8", headers: { "x-stack-known-error": e.code, ...headers } };
}

async function complete(ctx: RequestContext, project: ProjectRecord, flow: OAuthFlowRecord, params: Record<string, string>): Promise<string> {
  if (flow.expiresAtMillis < Date.now()) throw known("OUTER_OAUTH_TIMEOUT");
  const providerId = String(ctx.params.provider_id);
  if (!project.config.oauthProviders.some((p) => p.id === providerId)) throw known("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  if (params.error) {
    if (params.error === "access_denied" || params.error === "consent_required") throw known("OAUTH_PROVIDER_ACCESS_DENIED");
    throw new StatusError(400, `The OAuth provider answered with an error: ${params.error}${params.error_description ? ` (${params.error_description})` : ""}`);
  }
  const exchanged = exchangeProviderCode(ctx.core, {
    providerId,
    code: params.code,
    redirectUri: flow.innerRedirectUri,
    codeVerifier: flow.innerCodeVerifier,
  });
  if (!exchanged.ok) throw new StatusError(400, INVALID_GRANT);
  checkOuterRequest(project, flow);
  const { account } = exchanged;
  const { userId, newUser } = resolveOAuthUser(
    ctx.core,
    project,
    flow,
    {
      accountId: account.accountId,
      email: account.email,
      emailVerified: account.emailVerified,
      displayName: account.name,
      profileImageUrl: null,
      scopes: exchanged.tokens.scope.split(" ").filter(Boolean),
      accessToken: exchanged.tokens.access_token,
    },
    ctx.effect,
    signUpCountryCode(ctx.req),
  );
  const code = createAuthorizationCode(ctx.core.store, flow, { userId, newUser });
  ctx.effect("oauth_codes_issued");
  const target = new URL(flow.redirectUri);
  target.searchParams.set("code", code.code);
  target.searchParams.set("state", flow.state);
  return target.toString();
}

async function callback(ctx: RequestContext): Promise<Reply> {
  const query = stringMap(ctx.query);
  const body = stringMap(ctx.body);
  const innerState = query.state ?? body.state ?? "";
  const flow = findOAuthFlow(ctx.core.store, innerState);
  if (!flow) throw new StatusError(400, INVALID_STATE);
  const cookie = innerStateCookieName(innerState);
  const clear = { "set-cookie": `${cookie}=; Path=/; Max-Age=0; HttpOnly` };
  if (flow.responseMode === "redirect" && readCookie(ctx, cookie) !== "true") throw new StatusError(400, COOKIE_NOT_FOUND, clear);
  const project = ctx.core.store.projects.get(flow.projectId);
  if (!project) throw new StatusError(400, INVALID_STATE, clear);
  try {
    const location = await complete(ctx, project, flow, { ...query, ...body });
    return json({}, 303, { location, ...clear });
  } catch (e) {
    if (e instanceof KnownError) {
      const target = e.code === "REDIRECT_URL_NOT_WHITELISTED" ? null : errorTarget(project, flow);
      if (!target) return knownErrorReply(e, clear);
      const url = new URL(target);
      url.searchParams.set("error", "server_error");
      url.searchParams.set("error_description", e.message);
      url.searchParams.set("errorCode", e.code);
      url.searchParams.set("message", e.message);
      url.searchParams.set("details", JSON.stringify(e.details ?? {}));
      return { status: 307, empty: true, headers: { location: url.toString(), ...clear } };
    }
    if (e instanceof StatusError) throw new StatusError(e.status, e.message, { ...e.headers, ...clear });
    throw e;
  }
}

/**
 * `GET|POST /auth/oauth/callback/{provider_id}` (wire §8.7, hidden): the mock provider sends the browser back here.
 * The provider code is exchanged (PKCE), the user is signed in / signed up / linked, and the browser goes to
 * `redirect_uri?code=<authorization code>&state=<state>` (303). Known errors go to the app as
 * `?error=server_error&error_description&errorCode&message&details` (307). Also registers the
 * `authorization_code` grant of `POST /auth/oauth/token`.
 *
 * @example
 * core.router.addAll(oauthCallbackRoutes(core));
 */
export function oauthCallbackRoutes(core: EmulatorCore): RouteDef[] {
  registerAuthorizationCodeGrant(core);
  const path = "/auth/oauth/callback/:provider_id";
  return [
    { method: "GET", path, access: "any", handler: callback },
    { method: "POST", path, access: "any", handler: callback },
  ];
}
