import type { EmulatorCore } from "../core";
import { mfaRequired } from "../domain/mfa";
import { findAuthorizationCode, pkceVerifies, revokeAuthorizationCode } from "../domain/oauth-flows";
import { createSession } from "../domain/sessions";
import { known, StatusError } from "../errors";
import type { RequestContext } from "../http/context";
import { json, type Reply } from "../http/reply";
import { oauthClient, oauthError } from "./oauth-token";

const TOKEN_HEADERS = { "cache-control": "no-store", pragma: "no-cache" };
const REDIRECT_MISMATCH = "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code.";

function isUrl(raw: string): boolean {
  try {
    new URL(raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * The `authorization_code` grant of `POST /auth/oauth/token` (wire §8.7), checked in the OAuth library's order:
 * client → code (unknown, expired, other project or deleted user → `INVALID_AUTHORIZATION_CODE`) → `redirect_uri`
 * (must equal the authorize one; 400 text) → PKCE verifier (`INVALID_AUTHORIZATION_CODE`). The code is then
 * revoked; TOTP users get `MULTI_FACTOR_AUTHENTICATION_REQUIRED` instead of tokens.
 *
 * @example
 * const reply = await authorizationCodeGrant(ctx, { grant_type: "authorization_code", code, redirect_uri, code_verifier, client_id });
 */
export async function authorizationCodeGrant(ctx: RequestContext, body: Record<string, string>): Promise<Reply> {
  const client = oauthClient(ctx, body);
  if ("reply" in client) return client.reply;
  const { project } = client;
  const store = ctx.core.store;
  if (!body.code) return oauthError("invalid_request", "Missing parameter: `code`");
  const record = findAuthorizationCode(store, body.code);
  const user = record && store.users.get(record.userId);
  if (!record || !user || record.projectId !== project.id || record.expiresAtMillis < Date.now()) throw known("INVALID_AUTHORIZATION_CODE");
  const redirectUri = body.redirect_uri;
  if (!redirectUri || !isUrl(redirectUri)) return oauthError("invalid_request", "Invalid request: `redirect_uri` is not a valid URI");
  if (redirectUri !== record.redirectUri) throw new StatusError(400, REDIRECT_MISMATCH);
  if (!pkceVerifies(record.codeChallenge, record.codeChallengeMethod, body.code_verifier)) throw known("INVALID_AUTHORIZATION_CODE");
  revokeAuthorizationCode(store, record.code);
  if (user.totpSecretBase64) throw mfaRequired(ctx.core, project, user, false);
  const { accessToken, refreshToken } = await createSession(ctx.core, project, user, {}, ctx.effect);
  ctx.effect("sign_ins");
  return json(
    {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      refresh_token: refreshToken,
      scope: record.scope,
      newUser: record.newUser,
      is_new_user: record.newUser,
      afterCallbackRedirectUrl: record.afterCallbackRedirectUrl,
      after_callback_redirect_url: record.afterCallbackRedirectUrl,
    },
    200,
    TOKEN_HEADERS,
  );
}

/**
 * Registers the `authorization_code` grant in `core.oauthGrants` (the token route dispatches to it).
 *
 * @example
 * registerAuthorizationCodeGrant(core);
 */
export function registerAuthorizationCodeGrant(core: EmulatorCore): void {
  core.oauthGrants.set("authorization_code", authorizationCodeGrant);
}
