import { setTimeout as sleep } from "node:timers/promises";
import type { EmulatorCore } from "../core";
import { consumeCode, createCode } from "../domain/codes";
import { sendPasswordResetEmail, sendVerificationEmail } from "../domain/emails";
import { mfaRequired, completeSignIn } from "../domain/mfa";
import { assertPasswordAllowed, hashPassword, verifyPassword } from "../domain/passwords";
import { assertTrustedUrl } from "../domain/redirects";
import { signInResponse } from "../domain/sessions";
import { signUpCountryCode } from "../domain/end-user";
import { createOrUpgradeUser } from "../domain/users";
import { known, StatusError } from "../errors";
import { authOf, userOf, type RequestContext } from "../http/context";
import { json, success } from "../http/reply";
import { CLIENT_OR_HIGHER, type RouteDef } from "../http/router";
import { t } from "../http/schema";
import type { UserRecord } from "../store/types";
import { checkCodeHandler } from "./check-code";

const email = t.string({ format: "email" }).defined();
/** Sign-in refuses an empty e-mail (`emailSchema.defined().nonEmpty()`). */
const signInEmail = t.string({ format: "email", nonEmpty: true }).defined();
/** Sign-up e-mails follow the platform's stricter `signInEmailSchema`. */
const signUpEmail = t.string({ format: "strictEmail" }).defined();
const password = t.string().defined();
const code45 = t.string({ length: 45 }).defined();

/**
 * Bot-challenge fields the SDKs may send with sign-up requests (accepted, not checked).
 *
 * @example
 * t.object({ email, ...botChallengeFields });
 */
export const botChallengeFields = {
  bot_challenge_token: t.string(),
  bot_challenge_phase: t.string({ oneOf: ["invisible", "visible"] }),
  bot_challenge_unavailable: t.string({ oneOf: ["true"] }),
  turnstile_token: t.string(),
  turnstile_phase: t.string({ oneOf: ["invisible", "visible"] }),
  turnstile_previous_result: t.string(),
};

async function signUp(ctx: RequestContext) {
  const { project, user: currentUser } = authOf(ctx);
  const b = ctx.body as { email: string; password: string; verification_callback_url?: string };
  if (!project.config.credentialEnabled) throw known("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  if (b.verification_callback_url) assertTrustedUrl(project, b.verification_callback_url);
  if (!project.config.signUpEnabled) throw known("SIGN_UP_NOT_ENABLED");
  assertPasswordAllowed(b.password);
  const passwordHash = await hashPassword(b.password, ctx.core.settings.passwordHashing);
  const user = createOrUpgradeUser(ctx.core, project, currentUser, { email: b.email, emailAuth: true, emailVerified: false, passwordHash, countryCode: signUpCountryCode(ctx.req) }, ctx.effect);
  if (b.verification_callback_url) {
    const { record, link } = createCode(ctx.core, {
      project,
      type: "contact_channel_verification",
      method: { email: b.email },
      data: { user_id: user.id },
      callbackUrl: b.verification_callback_url,
    });
    sendVerificationEmail(ctx.core, project, { to: b.email, link: link!, code: record.code, userId: user.id }, ctx.effect);
  }
  if (user.totpSecretBase64) throw mfaRequired(ctx.core, project, user, true);
  return json(await signInResponse(ctx.core, project, user, {}, ctx.effect));
}

async function signIn(ctx: RequestContext) {
  const { project } = authOf(ctx);
  if (!project.config.credentialEnabled) throw known("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  const channel = ctx.core.store.authChannel(project.id, ctx.body.email);
  const user = channel && ctx.core.store.users.get(channel.userId);
  if (!user || !(await verifyPassword(ctx.body.password, user.passwordHash))) throw known("EMAIL_PASSWORD_MISMATCH");
  const { is_new_user: _ignored, ...tokens } = await completeSignIn(ctx.core, project, user, { isNewUser: false }, ctx.effect);
  return json(tokens);
}

async function sendResetCode(ctx: RequestContext) {
  const { project } = authOf(ctx);
  if (!project.config.credentialEnabled) throw known("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  const channel = ctx.core.store.authChannel(project.id, ctx.body.email);
  const user = channel && ctx.core.store.users.get(channel.userId);
  if (!channel || !user) {
    if (ctx.core.settings.unknownEmailDelayMs > 0) await sleep(ctx.core.settings.unknownEmailDelayMs);
    return json({ success: "maybe, only if user with e-mail exists" });
  }
  const { record, link } = createCode(ctx.core, {
    project,
    type: "password_reset",
    method: { email: channel.value },
    data: { user_id: user.id },
    callbackUrl: ctx.body.callback_url,
  });
  sendPasswordResetEmail(ctx.core, project, { to: channel.value, link: link!, code: record.code, userId: user.id }, ctx.effect);
  return json({ success: "maybe, only if user with e-mail exists" });
}

async function reset(ctx: RequestContext) {
  const { project } = authOf(ctx);
  assertPasswordAllowed(ctx.body.password);
  const code = consumeCode(ctx.core, project.id, "password_reset", ctx.body.code, "use");
  const user = ctx.core.store.users.get(String(code.data.user_id));
  if (!user) throw known("USER_NOT_FOUND");
  await storePassword(ctx, user, ctx.body.password, "passwords_reset");
  return success();
}

/** The signed-in user, about to change their password: password sign-in must be on and `newPassword` allowed. */
function passwordChanger(ctx: RequestContext, newPassword: string): UserRecord {
  const user = userOf(ctx);
  if (!authOf(ctx).project.config.credentialEnabled) throw known("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  assertPasswordAllowed(newPassword);
  return user;
}

/** Saves `password` (hashed) as the user's password and counts `effect`. */
async function storePassword(ctx: RequestContext, user: UserRecord, password: string, effect: string): Promise<void> {
  user.passwordHash = await hashPassword(password, ctx.core.settings.passwordHashing);
  ctx.core.store.touch();
  ctx.effect(effect);
}

async function update(ctx: RequestContext) {
  const user = passwordChanger(ctx, ctx.body.new_password);
  if (!user.passwordHash) throw known("USER_DOES_NOT_HAVE_PASSWORD");
  if (!(await verifyPassword(ctx.body.old_password, user.passwordHash))) throw known("PASSWORD_CONFIRMATION_MISMATCH");
  await storePassword(ctx, user, ctx.body.new_password, "passwords_updated");
  // every other session of the user ends (the one that asked stays)
  const keep = ctx.header("x-stack-refresh-token");
  for (const s of ctx.core.store.sessionsOf(user.id)) {
    if (s.refreshToken !== keep) ctx.core.store.sessions.delete(s.id);
  }
  return success();
}

async function setPassword(ctx: RequestContext) {
  const user = passwordChanger(ctx, ctx.body.password);
  if (user.passwordHash) throw new StatusError(400, "User already has a password set.");
  await storePassword(ctx, user, ctx.body.password, "passwords_set");
  return success();
}

/**
 * The password family (wire §8.1): sign-up (upgrades an anonymous user in place), sign-in, reset codes, update, set.
 *
 * @example
 * core.router.addAll(passwordRoutes(core));
 */
export function passwordRoutes(_core: EmulatorCore): RouteDef[] {
  const post = (path: string, body: RouteDef["body"], handler: RouteDef["handler"], user?: "required"): RouteDef => ({
    method: "POST",
    path: `/auth/password${path}`,
    access: CLIENT_OR_HIGHER,
    body,
    handler,
    user,
  });
  return [
    post("/sign-up", t.object({ email: signUpEmail, password, verification_callback_url: t.string({ format: "url" }), ...botChallengeFields }).defined(), signUp),
    post("/sign-in", t.object({ email: signInEmail, password }).defined(), signIn),
    post("/send-reset-code", t.object({ email, callback_url: t.string({ format: "url" }).defined() }).defined(), sendResetCode),
    post("/reset", t.object({ code: code45, password }).defined(), reset),
    post("/reset/check-code", t.object({ code: code45 }).defined(), checkCodeHandler("password_reset")),
    post("/update", t.object({ old_password: password, new_password: password }).defined(), update, "required"),
    post("/set", t.object({ password }).defined(), setPassword, "required"),
  ];
}
