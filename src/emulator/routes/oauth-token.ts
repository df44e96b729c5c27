import { findKeySet } from "../auth/checks";
import { PUBLIC_CLIENT_SENTINEL } from "../auth/resolve";
import type { EmulatorCore } from "../core";
import { accessTokenFor, liveSession } from "../domain/sessions";
import { known, schemaError } from "../errors";
import type { RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import type { RouteDef } from "../http/router";
import type { ProjectRecord } from "../store/types";

const TOKEN_HEADERS = { "cache-control": "no-store", pragma: "no-cache" };
/**
 * The grants `/auth/oauth/token` knows; a grant without a registered handler answers `unsupported_grant_type`.
 *
 * @example
 * OAUTH_GRANT_TYPES.includes(body.grant_type);
 */
export const OAUTH_GRANT_TYPES = ["authorization_code", "refresh_token"];

/**
 * An OAuth-style error answer (`{"error","error_description"}`, status 400, no known-error header).
 *
 * @example
 * return oauthError("invalid_request", "Missing parameter: `refresh_token`");
 */
export function oauthError(error: string, description: string, status = 400): Reply {
  return json({ error, error_description: description }, status, TOKEN_HEADERS);
}

/**
 * The OAuth client of a token request: `client_id` (project id, optionally `#branch`) and `client_secret`
 * (publishable key or the sentinel) from the body or HTTP Basic. Errors are the platform's.
 *
 * @example
 * const client = oauthClient(ctx, body); if ("reply" in client) return client.reply;
 */
export function oauthClient(ctx: RequestContext, body: Record<string, string>): { project: ProjectRecord } | { reply: Reply } {
  let clientId = body.client_id;
  let clientSecret = body.client_secret;
  const basic = /^Basic\s+(.+)$/i.exec(ctx.header("authorization") ?? "");
  if (basic) {
    const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    clientId ??= decodeURIComponent(id ?? "");
    clientSecret ??= decodeURIComponent(secret ?? "");
  }
  if (!clientId) return { reply: oauthError("invalid_request", "Missing parameter: `client_id`") };
  const projectId = clientId.split("#")[0];
  const project = ctx.core.store.projects.get(projectId);
  if (!project) throw known("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  if (!clientSecret || clientSecret === PUBLIC_CLIENT_SENTINEL) {
    if (project.config.requirePublishableClientKey) throw known("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", { project_id: projectId });
  } else if (!findKeySet(project, "publishableClientKey", clientSecret)) {
    throw known("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  }
  return { project };
}

async function refreshTokenGrant(ctx: RequestContext, body: Record<string, string>): Promise<Reply> {
  const client = oauthClient(ctx, body);
  if ("reply" in client) return client.reply;
  if (!body.refresh_token) return oauthError("invalid_request", "Missing parameter: `refresh_token`");
  const { session, user } = liveSession(ctx.core, client.project.id, body.refresh_token);
  const accessToken = await accessTokenFor(ctx.core, client.project, user, session);
  ctx.effect("access_tokens_issued");
  return json(
    {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null,
    },
    200,
    TOKEN_HEADERS,
  );
}

/**
 * `POST /auth/oauth/token` (wire §8.7): form-encoded or JSON, unknown fields allowed, no x-stack headers needed.
 * Grants are looked up in `core.oauthGrants` (`refresh_token` is registered here; the OAuth family registers
 * `authorization_code`).
 *
 * @example
 * core.router.addAll(oauthTokenRoutes(core));
 */
export function oauthTokenRoutes(core: EmulatorCore): RouteDef[] {
  core.oauthGrants.set("refresh_token", refreshTokenGrant);
  return [
    {
      method: "POST",
      path: "/auth/oauth/token",
      access: "any",
      handler: async (ctx) => {
        const raw = ctx.body;
        const body: Record<string, string> = {};
        if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
          for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v !== undefined && v !== null) body[k] = String(v);
        }
        const grantType = body.grant_type;
        if (!grantType) throw schemaError(ctx.method, ctx.pathname, ["body.grant_type must be defined"]);
        if (!OAUTH_GRANT_TYPES.includes(grantType)) {
          throw schemaError(ctx.method, ctx.pathname, [`body.grant_type must be one of the following values: ${OAUTH_GRANT_TYPES.join(", ")}`]);
        }
        const grant = ctx.core.oauthGrants.get(grantType);
        if (!grant) return oauthError("unsupported_grant_type", "Unsupported grant type: `grant_type` is invalid");
        return await grant(ctx, body);
      },
    },
  ];
}
