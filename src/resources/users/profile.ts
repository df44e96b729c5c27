import { claimsOutdated, claimValues, currentUserChanged, forgetCurrentUser } from "./current";
import type { CurrentUserJson } from "./current";
import { accessTokenClaims } from "../../session/jwt";
import type { AppContext } from "../../core/context";
import { forgetSession } from "../../core/context";
import { emailCallbackUrl } from "../../urls/email-callback";
import { checkNewPassword } from "../../util/password-rules";
import { optionalBoolean, optionalObject, requireText } from "../../util/validate";
import { ArgumentError } from "../../errors/base";
import type { KnownErrors } from "../../errors";
import type { Session } from "../../session/session";

/**
 * Fields the signed-in user can change on their own account. Absent fields are left as they are.
 *
 * @example
 * await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" } });
 * await user.update({ totpMultiFactorSecret: null }); // turns TOTP off
 */
export interface UserUpdate {
  displayName?: string | null;
  /** Any JSON value; replaces the stored one. */
  clientMetadata?: unknown;
  /** The team to select, or null for none. */
  selectedTeamId?: string | null;
  /** The raw TOTP secret to require as a second factor (sent base64-encoded), or null to stop requiring one. */
  totpMultiFactorSecret?: Uint8Array | null;
  /** Clients may only send a base64 `data:` URL; the platform refuses other URLs. */
  profileImageUrl?: string | null;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
  /** Replaces the primary e-mail (it starts unverified). */
  primaryEmail?: string | null;
}

const nullableString = (value: unknown, name: string) => {
  if (value !== undefined && value !== null && typeof value !== "string") throw new ArgumentError(`${name} must be a string or null.`);
};

/** Standard base64 of raw bytes, without Node's Buffer so it runs in browsers too. */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * @internal The validated snake_case body of `PATCH /users/me`.
 * @example
 * userUpdateBody({ displayName: "Ada" }); // { display_name: "Ada", …undefined fields }
 */
export function userUpdateBody(data: UserUpdate): Record<string, unknown> {
  const d = optionalObject(data, "user update") as UserUpdate;
  for (const key of ["displayName", "selectedTeamId", "profileImageUrl", "primaryEmail"] as const) nullableString(d[key], key);
  optionalBoolean(d.otpAuthEnabled, "otpAuthEnabled");
  optionalBoolean(d.passkeyAuthEnabled, "passkeyAuthEnabled");
  const secret = d.totpMultiFactorSecret;
  if (secret !== undefined && secret !== null && !(secret instanceof Uint8Array)) {
    throw new ArgumentError("totpMultiFactorSecret must be a Uint8Array (the raw secret) or null.");
  }
  if (typeof d.clientMetadata === "function") throw new ArgumentError("clientMetadata must be a JSON value.");
  return {
    display_name: d.displayName,
    client_metadata: d.clientMetadata,
    selected_team_id: d.selectedTeamId,
    totp_secret_base64: secret === undefined ? undefined : secret && base64(secret),
    profile_image_url: d.profileImageUrl,
    otp_auth_enabled: d.otpAuthEnabled,
    passkey_auth_enabled: d.passkeyAuthEnabled,
    primary_email: d.primaryEmail,
  };
}

/**
 * @internal `PATCH /users/me`, then the user (and, for a new primary e-mail, the contact channels) is refetched.
 * The session's access token is marked stale unless every claim it carries (name, e-mail and its verification,
 * restriction, selected team, TOTP) is what the answer, the user as the update left it, says: whatever the update
 * held (even `{}`), a claim changed since the token was issued, here or elsewhere (a server verifying the e-mail),
 * makes the next token read carry it as it is now. An update no claim reflects (metadata, a profile image) keeps
 * the token, so a burst of them costs no refresh.
 * @example
 * await updateUser(ctx, session, { displayName: "Ada" });
 */
export async function updateUser(ctx: AppContext, session: Session, data: UserUpdate): Promise<void> {
  const body = userUpdateBody(data);
  const user = await ctx.core.request<CurrentUserJson | undefined>({ method: "PATCH", path: "/users/me", session, body });
  if (claimsCurrent(session.known.accessToken, user)) forgetCurrentUser(ctx, session);
  else currentUserChanged(ctx, session);
  if (body.primary_email !== undefined) await ctx.caches.get("contact-channels")?.refresh([session]);
}

/**
 * Whether `accessToken` carries every claim of `user` (the answer to an update) and none is outdated (see
 * `claimsOutdated`, which compares the claims both have).
 */
function claimsCurrent(accessToken: string | null, user: CurrentUserJson | undefined): boolean {
  const claims = accessToken ? accessTokenClaims(accessToken) : null;
  if (!claims || typeof user?.id !== "string") return false;
  const all = Object.entries(claimValues(user)).every(([k, v]) => k in claims && v !== undefined);
  return all && !claimsOutdated(accessToken!, user);
}

/**
 * @internal `update({ displayName })`.
 * @example
 * await setDisplayName(ctx, session, "Ada");
 */
export function setDisplayName(ctx: AppContext, session: Session, displayName: string | null): Promise<void> {
  if (displayName !== null && typeof displayName !== "string") throw new ArgumentError("displayName must be a string or null.");
  return updateUser(ctx, session, { displayName });
}

/**
 * @internal `update({ clientMetadata })`.
 * @example
 * await setClientMetadata(ctx, session, { theme: "dark" });
 */
export function setClientMetadata(ctx: AppContext, session: Session, metadata: unknown): Promise<void> {
  if (metadata === undefined) throw new ArgumentError("setClientMetadata needs the metadata (any JSON value; null clears it).");
  return updateUser(ctx, session, { clientMetadata: metadata });
}

/**
 * @internal `DELETE /users/me` (the project must allow client user deletion; the platform answers a 400 text
 * otherwise), then the tokens are cleared and everything cached for the session is forgotten.
 * @example
 * await deleteUser(ctx, session);
 */
export async function deleteUser(ctx: AppContext, session: Session): Promise<void> {
  await ctx.core.request({ method: "DELETE", path: "/users/me", session });
  await session.invalidate();
  forgetSession(ctx, session);
}

/**
 * @internal `POST /auth/password/update`. New-password bounds are checked first; a wrong old password comes back
 * as `PASSWORD_CONFIRMATION_MISMATCH`. The platform then ends the user's other sessions, so the session list is
 * refetched.
 * @example
 * const error = await updatePassword(ctx, session, { oldPassword, newPassword });
 */
export async function updatePassword(
  ctx: AppContext,
  session: Session,
  options: { oldPassword: string; newPassword: string },
): Promise<KnownErrors["PasswordConfirmationMismatch"] | KnownErrors["PasswordRequirementsNotMet"] | undefined> {
  const o = optionalObject(options, "updatePassword options") as { oldPassword: unknown; newPassword: unknown };
  if (typeof o.oldPassword !== "string") throw new ArgumentError("oldPassword must be a string.");
  const newPassword = requireText(o.newPassword, "newPassword"); // "" is returned as PASSWORD_TOO_SHORT, as the platform answers
  const problem = checkNewPassword(newPassword) as KnownErrors["PasswordRequirementsNotMet"] | null;
  if (problem) return problem;
  const result = await ctx.core.expect<unknown, KnownErrors["PasswordConfirmationMismatch"] | KnownErrors["PasswordRequirementsNotMet"]>(
    () => ctx.core.request({ method: "POST", path: "/auth/password/update", session, body: { old_password: o.oldPassword, new_password: newPassword } }),
    ["PASSWORD_CONFIRMATION_MISMATCH", "PASSWORD_REQUIREMENTS_NOT_MET"],
  );
  if (result.status === "error") return result.error;
  await ctx.caches.get("sessions")?.refresh([session]);
  return undefined;
}

/**
 * @internal `POST /auth/password/set` for a user without a password (one who has one gets a 400 text, thrown).
 * @example
 * const error = await setPassword(ctx, session, { password });
 */
export async function setPassword(
  ctx: AppContext,
  session: Session,
  options: { password: string },
): Promise<KnownErrors["PasswordRequirementsNotMet"] | undefined> {
  const o = optionalObject(options, "setPassword options") as { password: unknown };
  const password = requireText(o.password, "password"); // "" is returned as PASSWORD_TOO_SHORT
  const problem = checkNewPassword(password) as KnownErrors["PasswordRequirementsNotMet"] | null;
  if (problem) return problem;
  const result = await ctx.core.expect<unknown, KnownErrors["PasswordRequirementsNotMet"]>(
    () => ctx.core.request({ method: "POST", path: "/auth/password/set", session, body: { password } }),
    ["PASSWORD_REQUIREMENTS_NOT_MET"],
  );
  if (result.status === "error") return result.error;
  forgetCurrentUser(ctx, session); // hasPassword changed
  return undefined;
}

/**
 * @internal E-mails a verification link for the user's primary e-mail (`POST /contact-channels/send-verification-code`),
 * the address the user object was read with (as the official SDK). An already verified address comes back as
 * `EMAIL_ALREADY_VERIFIED`.
 * @example
 * await sendVerificationEmail(ctx, session, "ada@example.com", { callbackUrl: "https://app.example/handler/email-verification" });
 */
export async function sendVerificationEmail(
  ctx: AppContext,
  session: Session,
  email: string | null,
  options?: { callbackUrl?: string },
): Promise<KnownErrors["EmailAlreadyVerified"] | undefined> {
  const o = optionalObject(options, "sendVerificationEmail options");
  const callback_url = emailCallbackUrl(o.callbackUrl, ctx.core.urls.emailVerification, "sendVerificationEmail");
  if (!email) throw new ArgumentError("sendVerificationEmail needs a primary e-mail address, and this user has none.");
  const result = await ctx.core.expect<unknown, KnownErrors["EmailAlreadyVerified"]>(
    () => ctx.core.request({ method: "POST", path: "/contact-channels/send-verification-code", session, body: { email, callback_url } }),
    ["EMAIL_ALREADY_VERIFIED"],
  );
  return result.status === "error" ? result.error : undefined;
}
