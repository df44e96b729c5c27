import type { EmulatorCore } from "../core";
import { consumeCode, createCode } from "../domain/codes";
import { sendMagicLinkEmail } from "../domain/emails";
import { completeSignIn } from "../domain/mfa";
import { assertTrustedUrl } from "../domain/redirects";
import { signUpCountryCode } from "../domain/end-user";
import { createOrUpgradeUser } from "../domain/users";
import { known, StatusError } from "../errors";
import { authOf, type RequestContext } from "../http/context";
import { json } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import { checkCodeHandler } from "./check-code";
import { botChallengeFields } from "./password";

function sendSignInCode(ctx: RequestContext) {
  const { project } = authOf(ctx);
  const { email, callback_url: callbackUrl } = ctx.body as { email: string; callback_url: string };
  if (!project.config.magicLinkEnabled) throw new StatusError(403, "OTP sign-in is not enabled for this project");
  assertTrustedUrl(project, callbackUrl);
  const channel = ctx.core.store.authChannel(project.id, email);
  const existing = channel && ctx.core.store.users.get(channel.userId);
  if (existing && channel && !channel.isVerified) {
    throw known("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: true });
  }
  if (!existing && !project.config.signUpEnabled) throw known("SIGN_UP_NOT_ENABLED");
  const { record, link } = createCode(ctx.core, {
    project,
    type: "otp_sign_in",
    method: { email, type: "standard" },
    // the platform keeps the send request's sign-up context with the code (`serializeStoredSignUpRequestContext`)
    data: { user_id: existing?.id ?? null, is_new_user: !existing, sign_up_country_code: signUpCountryCode(ctx.req) },
    callbackUrl,
  });
  const otp = record.code.slice(0, 6).toUpperCase();
  sendMagicLinkEmail(ctx.core, project, { to: email, link: link!, code: record.code, otp, userId: existing?.id ?? null }, ctx.effect);
  return json({ nonce: record.code.slice(6) });
}

async function signIn(ctx: RequestContext) {
  const { project, user: currentUser } = authOf(ctx);
  const code = consumeCode(ctx.core, project.id, "otp_sign_in", ctx.body.code, "use");
  const email = String(code.method.email);
  const channel = ctx.core.store.authChannel(project.id, email);
  let user = channel ? ctx.core.store.users.get(channel.userId) : undefined;
  const isNewUser = !user;
  if (!user) {
    if (!project.config.signUpEnabled) throw known("SIGN_UP_NOT_ENABLED");
    // the sign-up country is the send request's, stored with the code; the sign-in request's is never read
    const stored = code.data.sign_up_country_code;
    const countryCode = typeof stored === "string" ? stored : null;
    user = createOrUpgradeUser(ctx.core, project, currentUser, { email, emailAuth: true, emailVerified: true, otpAuthEnabled: true, countryCode }, ctx.effect);
  } else if (channel) {
    channel.isVerified = true;
    user.otpAuthEnabled = true;
    ctx.core.store.touch();
  }
  return json(await completeSignIn(ctx.core, project, user, { isNewUser }, ctx.effect));
}

/**
 * The OTP / magic-link family (wire §8.2): one e-mail carries a link with the 45-character code and a 6-character
 * code (its first 6 characters upper-cased); the answer's `nonce` is the other 39.
 *
 * @example
 * core.router.addAll(otpRoutes(core));
 */
export function otpRoutes(_core: EmulatorCore): RouteDef[] {
  const code = t.object({ code: t.string({ length: 45 }).defined() }).defined();
  return [
    {
      method: "POST",
      path: "/auth/otp/send-sign-in-code",
      access: CLIENT_OR_HIGHER,
      body: t.object({ email: t.string({ format: "strictEmail" }).defined(), callback_url: t.string({ format: "url" }).defined(), ...botChallengeFields }).defined(),
      handler: sendSignInCode,
    },
    { method: "POST", path: "/auth/otp/sign-in", access: CLIENT_OR_HIGHER, body: code, handler: signIn },
    { method: "POST", path: "/auth/otp/sign-in/check-code", access: CLIENT_OR_HIGHER, body: code, handler: checkCodeHandler("otp_sign_in") },
  ];
}
