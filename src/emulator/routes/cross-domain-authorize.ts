import type { EmulatorCore } from "../core";
import { createAuthorizationCode } from "../domain/oauth-flows";
import { isTrustedUrl } from "../domain/redirects";
import { known, schemaError, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { ProjectRecord } from "../store/types";
import { checkClientSecret } from "./oauth-authorize";

const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
/** URL schemes of the platform's native apps, accepted as redirect targets without a trusted domain. */
const NATIVE_APP_SCHEMES = new Set(["stack-auth-mobile-oauth-url:", "hexclave-mobile-oauth-url:"]);

function acceptedTarget(project: ProjectRecord, raw: string): boolean {
  if (isTrustedUrl(project, raw)) return true;
  try {
    return NATIVE_APP_SCHEMES.has(new URL(raw).protocol);
  } catch {
    return false;
  }
}

/** The signed-in session whose refresh token the request carries, checked as the platform checks it. */
function handoffSession(ctx: RequestContext) {
  const auth = authOf(ctx);
  if (!auth.user) throw known("USER_AUTHENTICATION_REQUIRED");
  if (!auth.refreshTokenId) throw new StatusError(400, "Cross-domain auth handoff requires a refresh-token-bound session. Please sign in again.");
  const refreshToken = ctx.header("x-stack-refresh-token");
  if (!refreshToken) throw new StatusError(400, "Cross-domain auth handoff requires passing the current refresh token.");
  const session = ctx.core.store.sessionByRefreshToken(auth.project.id, refreshToken);
  if (!session || session.id !== auth.refreshTokenId || session.userId !== auth.user.id) {
    throw new StatusError(401, "Cross-domain auth handoff refresh token does not match the authenticated session.");
  }
  if (session.expiresAtMillis < Date.now()) throw new StatusError(401, "Cross-domain auth handoff refresh token is not valid.");
  return { project: auth.project, user: auth.user };
}

function authorizeHandoff(ctx: RequestContext): Reply {
  const body = ctx.body as { redirect_uri: string; state: string; code_challenge: string; after_callback_redirect_url?: string };
  if (!CODE_CHALLENGE.test(body.code_challenge)) {
    throw schemaError(ctx.method, ctx.pathname, [`body.code_challenge must match the following: "${CODE_CHALLENGE}"`]);
  }
  const { project, user } = handoffSession(ctx);
  checkClientSecret(project, ctx.header("x-stack-publishable-client-key") ?? "");
  if (!acceptedTarget(project, body.redirect_uri)) throw known("REDIRECT_URL_NOT_WHITELISTED");
  const after = body.after_callback_redirect_url;
  if (after && !acceptedTarget(project, after)) throw known("REDIRECT_URL_NOT_WHITELISTED");
  const redirectUri = body.redirect_uri.split("#")[0];
  const code = createAuthorizationCode(
    ctx.core.store,
    { projectId: project.id, redirectUri, afterCallbackRedirectUrl: after ?? null, codeChallenge: body.code_challenge, codeChallengeMethod: "S256", scope: "legacy" },
    { userId: user.id, newUser: false },
  );
  ctx.effect("oauth_codes_issued");
  const target = new URL(redirectUri);
  target.searchParams.set("code", code.code);
  target.searchParams.set("state", body.state);
  return json({ redirect_url: target.toString() });
}

/**
 * `POST /auth/oauth/cross-domain/authorize` `{ redirect_uri, state, code_challenge, code_challenge_method?,
 * after_callback_redirect_url? }` (client or higher, with the session's access and refresh tokens): hands a
 * signed-in session to another domain of the app. It answers `{ redirect_url }`, the `redirect_uri` with a one-time
 * authorization `code` and the `state`, which the other domain redeems at `POST /auth/oauth/token`
 * (`grant_type=authorization_code` with the PKCE verifier) for a session of the same user. A `redirect_uri` or
 * `after_callback_redirect_url` outside the trusted domains (and not a native-app URL) is refused with
 * `REDIRECT_URL_NOT_WHITELISTED`; no user → `USER_AUTHENTICATION_REQUIRED`; a missing or foreign refresh token →
 * 400 / 401 text, as on the platform.
 *
 * @example
 * core.router.addAll(crossDomainAuthorizeRoutes(core));
 */
export function crossDomainAuthorizeRoutes(_core: EmulatorCore): RouteDef[] {
  const url = t.string({ format: "url" });
  return [
    {
      method: "POST",
      path: "/auth/oauth/cross-domain/authorize",
      access: CLIENT_OR_HIGHER,
      body: t
        .object({
          redirect_uri: url.defined(),
          state: t.string({ min: 1, max: 512 }).defined(),
          code_challenge: t.string().defined(),
          code_challenge_method: t.string({ oneOf: ["S256"] }),
          after_callback_redirect_url: url,
        })
        .defined(),
      handler: authorizeHandoff,
    },
  ];
}
