import type { EmulatorCore } from "../core";
import { consumeCode } from "../domain/codes";
import { signInResponse } from "../domain/sessions";
import { verifyTotp } from "../domain/totp";
import { known } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { checkCodeHandler } from "./check-code";

const attemptCode = t.string({ length: 45 }).defined();

async function signIn(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const body = ctx.body as { code: string; totp: string };
  const code = consumeCode(ctx.core, project.id, "mfa_attempt", body.code, "check");
  const user = ctx.core.store.users.get(String(code.data.user_id));
  if (!user || user.projectId !== project.id) throw known("USER_NOT_FOUND");
  const secret = user.totpSecretBase64 ? Buffer.from(user.totpSecretBase64, "base64") : null;
  if (!secret || !verifyTotp(secret, body.totp)) throw known("INVALID_TOTP_CODE");
  code.usedAtMillis = Date.now();
  ctx.core.store.touch();
  ctx.effect("mfa_sign_ins");
  return json(await signInResponse(ctx.core, project, user, { isNewUser: code.data.is_new_user === true }, ctx.effect));
}

/**
 * The MFA family (wire §8.3): `POST /auth/mfa/sign-in` `{type: "totp", totp, code}` redeems the attempt code of a
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error (5 minutes) with a TOTP of the user's `totp_secret_base64`
 * (RFC 6238: SHA-1, 30 s, 6 digits, one step of drift either way) and answers sign-in tokens with `is_new_user`.
 * A wrong TOTP is `INVALID_TOTP_CODE` and leaves the attempt code usable. `POST /auth/mfa/sign-in/check-code`
 * checks an attempt code without using it.
 *
 * @example
 * core.router.addAll(mfaRoutes(core));
 */
export function mfaRoutes(_core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/auth/mfa/sign-in",
      access: CLIENT_OR_HIGHER,
      body: t.object({ type: t.string({ oneOf: ["totp"] }).defined(), totp: t.string().defined(), code: attemptCode }).defined(),
      handler: signIn,
    },
    {
      method: "POST",
      path: "/auth/mfa/sign-in/check-code",
      access: CLIENT_OR_HIGHER,
      body: t.object({ code: attemptCode, type: t.string({ oneOf: ["totp"] }), totp: t.string() }).defined(),
      handler: checkCodeHandler("mfa_attempt"),
    },
  ];
}
