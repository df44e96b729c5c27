import type { AppContext } from "../../core/context";
import { emailCallbackUrl } from "../../urls/email-callback";
import { checkNewPassword } from "../../util/password-rules";
import { optionalObject, requireText } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { KnownErrors } from "../../errors";
import type { SessionLike } from "../../http/types";
import { listServerContactChannels } from "../contact-channels/server";
import type { Result } from "../../util/result";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../server-cache-keys";
import { updateServerUser, userChanged } from "./server-requests";

type PasswordError = KnownErrors["PasswordRequirementsNotMet"];
type UpdatePasswordError = KnownErrors["PasswordConfirmationMismatch"] | KnownErrors["PasswordRequirementsNotMet"];

/** A session created only to make one request as the user; it ends right after (see `updateServerUserPassword`). */
const SHORT_SESSION_MILLIS = 2 * 60 * 1000;

/**
 * @internal Sets (or replaces) the password of user `userId` with the server key (`PATCH /users/{id} {password}`),
 * as the official SDK's `ServerUser.setPassword` does; a password outside the platform's bounds is returned.
 * @example
 * const error = await setServerUserPassword(ctx, userId, { password: "correct horse" });
 */
export async function setServerUserPassword(ctx: AppContext, userId: string, options: { password: string }): Promise<PasswordError | undefined> {
  const o = optionalObject(options, "setPassword options") as { password?: unknown };
  const password = requireText(o.password, "password"); // "" is returned as PASSWORD_TOO_SHORT, as the platform answers
  const problem = checkNewPassword(password) as PasswordError | null;
  if (problem) return problem;
  const result = await ctx.core.expect<void, PasswordError>(() => updateServerUser(ctx, userId, { password }), ["PASSWORD_REQUIREMENTS_NOT_MET"]);
  return result.status === "error" ? result.error : undefined;
}

/**
 * @internal Changes the password of user `userId` after checking the old one, through the platform's
 * `POST /auth/password/update` (the only endpoint that checks a password without signing in): a two-minute
 * session is created for the user (`POST /auth/sessions`, marked as impersonation so the user never sees it),
 * the update is made with its access token and without a refresh token (so the platform ends every session of
 * the user, the short one included), and on failure the short session is signed out. A wrong old password and a
 * new one outside the bounds are returned; a user without a password gets `USER_DOES_NOT_HAVE_PASSWORD` thrown.
 * @example
 * const error = await updateServerUserPassword(ctx, userId, { oldPassword, newPassword });
 */
export async function updateServerUserPassword(
  ctx: AppContext,
  userId: string,
  options: { oldPassword: string; newPassword: string },
): Promise<UpdatePasswordError | undefined> {
  const o = optionalObject(options, "updatePassword options") as { oldPassword?: unknown; newPassword?: unknown };
  if (typeof o.oldPassword !== "string") throw new ArgumentError("oldPassword must be a string.");
  const newPassword = requireText(o.newPassword, "newPassword"); // "" is returned as PASSWORD_TOO_SHORT
  const problem = checkNewPassword(newPassword) as PasswordError | null;
  if (problem) return problem;
  const tokens = await ctx.core.request<{ access_token: string; refresh_token: string }>({
        expect: "access_token refresh_token",
    method: "POST",
    path: "/auth/sessions",
    body: { user_id: userId, expires_in_millis: SHORT_SESSION_MILLIS, is_impersonation: true },
  });
  const asUser: SessionLike = { getTokens: async () => ({ accessToken: tokens.access_token, refreshToken: null }), markAccessTokenExpired() {} };
  const body = { old_password: o.oldPassword, new_password: newPassword };
  let result: Result<unknown, UpdatePasswordError> | undefined;
  try {
    result = await ctx.core.expect<unknown, UpdatePasswordError>(
      () => ctx.core.request({ method: "POST", path: "/auth/password/update", session: asUser, body }),
      ["PASSWORD_CONFIRMATION_MISMATCH", "PASSWORD_REQUIREMENTS_NOT_MET"],
    );
  } finally {
    if (result?.status !== "ok") await endShortSession(ctx, tokens);
  }
  if (result.status === "error") return result.error;
  await Promise.all([
    userChanged(ctx, userId),
    ctx.caches.get(SERVER_CACHE.sessions)?.refresh([userId]),
    ctx.caches.get("sessions")?.refreshWhere(() => true),
  ]);
  return undefined;
}

/** Signs the short session out; a failure there must not hide the answer of the update. */
async function endShortSession(ctx: AppContext, tokens: { access_token: string; refresh_token: string }): Promise<void> {
  const session: SessionLike = { getTokens: async () => ({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }), markAccessTokenExpired() {} };
  await ctx.core.request({ method: "DELETE", path: "/auth/sessions/current", session }).catch(() => undefined);
}

/**
 * @internal E-mails a verification link for the primary e-mail of user `userId`
 * (`POST /contact-channels/{userId}/{channelId}/send-verification-code`); an already verified address comes back
 * as `EMAIL_ALREADY_VERIFIED`. A user without a primary e-mail gets an ArgumentError (nothing is sent).
 * @example
 * await sendServerUserVerificationEmail(ctx, userId, { callbackUrl: "https://app.example/handler/email-verification" });
 */
export async function sendServerUserVerificationEmail(
  ctx: AppContext,
  userId: string,
  options?: { callbackUrl?: string },
): Promise<KnownErrors["EmailAlreadyVerified"] | undefined> {
  const o = optionalObject(options, "sendVerificationEmail options");
  const callbackUrl = emailCallbackUrl(o.callbackUrl, ctx.core.urls.emailVerification, "sendVerificationEmail");
  const primary = (await listServerContactChannels(ctx, userId)).find((c) => c.type === "email" && c.isPrimary);
  if (!primary) throw new ArgumentError("sendVerificationEmail needs a primary e-mail address, and this user has none.");
  const result = await ctx.core.expect<void, KnownErrors["EmailAlreadyVerified"]>(
    () => primary.sendVerificationEmail({ callbackUrl }),
    ["EMAIL_ALREADY_VERIFIED"],
  );
  return result.status === "error" ? result.error : undefined;
}
