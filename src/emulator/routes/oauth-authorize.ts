import { findKeySet } from "../auth/checks";
import { PUBLIC_CLIENT_SENTINEL } from "../auth/resolve";
import type { EmulatorCore } from "../core";
import { OUTER_OAUTH_FLOW_LIFETIME_MS, randomUrlToken, s256Challenge, saveOAuthFlow, type OAuthFlowRecord } from "../domain/oauth-flows";
import { assertTrustedUrl } from "../domain/redirects";
import { known, StatusError } from "../errors";
import type { RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import type { RouteDef } from "../http/router";
import { t } from "../http/schema";
import { defaultScopesFor, splitScopes } from "../oauth/mock-accounts";
import { MOCK_OAUTH_PREFIX } from "../oauth/mock-routes";
import type { OAuthProviderConfig, ProjectRecord } from "../store/types";
import { verifyAccessToken } from "../tokens/access-token";

/**
 * Name of the cookie that ties a redirect-mode OAuth flow to the browser that started it.
 *
 * @example
 * res.headers["set-cookie"] = `${innerStateCookieName(state)}=true; Path=/`;
 */
export function innerStateCookieName(innerState: string): string {
  return `stack-oauth-inner-${innerState}`;
}

/**
 * The emulator's base URL as the browser sees it (the request's Host), so redirects and cookies stay on one host.
 *
 * @example
 * const callback = `${publicBaseUrl(ctx)}/api/v1/auth/oauth/callback/github`;
 */
export function publicBaseUrl(ctx: RequestContext): string {
  const host = ctx.req.headers.host;
  const proto = (ctx.header("x-forwarded-proto") ?? "http").split(",")[0].trim() || "http";
  return host ? `${proto}://${host}` : ctx.core.settings.baseUrl;
}

const url = t.string({ format: "url" });
const authorizeQuery = t.object(
  {
    type: t.string({ oneOf: ["authenticate", "link"] }),
    token: t.string(),
    provider_scope: t.string(),
    error_redirect_url: url,
    error_redirect_uri: url,
    after_callback_redirect_url: url,
    stack_response_mode: t.string({ oneOf: ["json", "redirect"] }),
    hexclave_response_mode: t.string({ oneOf: ["json", "redirect"] }),
    response_mode: t.string({ oneOf: ["json", "redirect"] }),
    client_id: t.string().defined(),
    client_secret: t.string().defined(),
    redirect_uri: url.defined(),
    scope: t.string().defined(),
    state: t.string().defined(),
    grant_type: t.string({ oneOf: ["authorization_code"] }).defined(),
    code_challenge: t.string().defined(),
    code_challenge_method: t.string().defined(),
    response_type: t.string().defined(),
  },
  { allowUnknown: true },
);

function projectOfClient(core: EmulatorCore, clientId: string): ProjectRecord {
  const [projectId, branchId = "main"] = clientId.split("#");
  const project = core.store.projects.get(projectId);
  if (!project || branchId !== "main") throw known("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  return project;
}

/**
 * Checks the publishable client key an OAuth client presents (empty or the public sentinel: only when the project
 * does not require one, `PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT`; otherwise it must be one of the project's,
 * `INVALID_PUBLISHABLE_CLIENT_KEY`).
 *
 * @example
 * checkClientSecret(project, q.client_secret);
 */
export function checkClientSecret(project: ProjectRecord, secret: string): void {
  if (!secret || secret === PUBLIC_CLIENT_SENTINEL) {
    if (project.config.requirePublishableClientKey) throw known("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", { project_id: project.id });
    return;
  }
  if (!findKeySet(project, "publishableClientKey", secret)) throw known("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: project.id });
}

async function tokenUserId(ctx: RequestContext, project: ProjectRecord, token: string): Promise<string> {
  const result = await verifyAccessToken(ctx.core.keys, ctx.core.settings.baseUrl, token);
  if (!result.ok) throw result.error;
  if (result.projectId !== project.id) throw new StatusError(403, "The access token is not valid for this project");
  return result.userId;
}

/** The mock provider's authorize URL for this flow (what a real provider's consent screen would be). */
function providerAuthorizeUrl(base: string, provider: OAuthProviderConfig, flow: OAuthFlowRecord): string {
  const target = new URL(`${base}${MOCK_OAUTH_PREFIX}/${encodeURIComponent(provider.id)}/authorize`);
  const scopes = [...new Set([...defaultScopesFor(provider.id), ...splitScopes(flow.providerScope)])];
  target.searchParams.set("client_id", provider.clientId ?? `latchkey-emulator-${provider.id}`);
  target.searchParams.set("scope", scopes.join(" "));
  target.searchParams.set("response_type", "code");
  target.searchParams.set("redirect_uri", flow.innerRedirectUri);
  target.searchParams.set("code_challenge_method", "S256");
  target.searchParams.set("code_challenge", s256Challenge(flow.innerCodeVerifier));
  target.searchParams.set("state", flow.innerState);
  return target.toString();
}

async function authorize(ctx: RequestContext): Promise<Reply> {
  const q = ctx.query as Record<string, string | undefined>;
  const project = projectOfClient(ctx.core, q.client_id!);
  checkClientSecret(project, q.client_secret!);
  const provider = project.config.oauthProviders.find((p) => p.id === ctx.params.provider_id);
  if (!provider) throw known("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const type = (q.type ?? "authenticate") as OAuthFlowRecord["type"];
  if (type === "link" && !q.token) throw new StatusError(400, "?token= query parameter is required for link type");
  if (q.after_callback_redirect_url) assertTrustedUrl(project, q.after_callback_redirect_url);
  if (q.provider_scope && provider.type === "shared") throw known("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  const projectUserId = q.token ? await tokenUserId(ctx, project, q.token) : null;

  const base = publicBaseUrl(ctx);
  const now = Date.now();
  const flow: OAuthFlowRecord = {
    innerState: randomUrlToken(),
    projectId: project.id,
    providerId: provider.id,
    publishableClientKey: q.client_secret!,
    redirectUri: q.redirect_uri!.split("#")[0],
    scope: q.scope!,
    state: q.state!,
    grantType: q.grant_type!,
    codeChallenge: q.code_challenge!,
    codeChallengeMethod: q.code_challenge_method!,
    responseType: q.response_type!,
    innerCodeVerifier: randomUrlToken(),
    innerRedirectUri: `${base}/api/v1/auth/oauth/callback/${encodeURIComponent(provider.id)}`,
    type,
    projectUserId,
    providerScope: q.provider_scope ?? null,
    errorRedirectUrl: q.error_redirect_uri || q.error_redirect_url || null,
    afterCallbackRedirectUrl: q.after_callback_redirect_url ?? null,
    responseMode: (q.stack_response_mode ?? q.hexclave_response_mode ?? q.response_mode ?? "redirect") as OAuthFlowRecord["responseMode"],
    createdAtMillis: now,
    expiresAtMillis: now + OUTER_OAUTH_FLOW_LIFETIME_MS,
  };
  saveOAuthFlow(ctx.core.store, flow);
  ctx.effect("oauth_flows_started");
  const location = providerAuthorizeUrl(base, provider, flow);
  if (flow.responseMode === "json") return json({ location });
  const maxAge = OUTER_OAUTH_FLOW_LIFETIME_MS / 1000;
  return {
    status: 307,
    empty: true,
    headers: { location, "set-cookie": `${innerStateCookieName(flow.innerState)}=true; Path=/; Max-Age=${maxAge}; HttpOnly` },
  };
}

/**
 * `GET /auth/oauth/authorize/{provider_id}` (wire §8.7): a browser navigation (no x-stack headers) that starts an
 * outer OAuth flow and sends the browser to the mock provider. `stack_response_mode=json` (what the SDK uses)
 * answers `{location}`; the default redirect mode answers 307 and sets the `stack-oauth-inner-<state>` cookie.
 *
 * @example
 * core.router.addAll(oauthAuthorizeRoutes(core));
 */
export function oauthAuthorizeRoutes(_core: EmulatorCore): RouteDef[] {
  return [{ method: "GET", path: "/auth/oauth/authorize/:provider_id", access: "any", query: authorizeQuery, handler: authorize }];
}
