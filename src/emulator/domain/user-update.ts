import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import type { AuthInfo } from "../http/context";
import { countryCodeField, primaryEmailField, profileImageUrlField, totpSecretField } from "../http/platform-fields";
import { t, type Field } from "../http/schema";
import type { ProjectRecord, UserRecord } from "../store/types";
import { newId } from "../util/random";
import { passwordHashFromBody } from "./user-create";
import { isClientProfileImage, storeProfileImage } from "./profile-images";
import { applySignUpInfo } from "./user-read";
import { assertEmailFreeForAuth, primaryChannel, renamePersonalTeams } from "./users";

const clientFields = {
  display_name: t.string({ max: 256 }).nullable(),
  profile_image_url: profileImageUrlField(),
  client_metadata: t.json(),
  selected_team_id: t.string({ format: "uuid" }).nullable(),
  totp_secret_base64: totpSecretField(),
  otp_auth_enabled: t.boolean(),
  passkey_auth_enabled: t.boolean(),
  primary_email: primaryEmailField(),
};

const serverFields = {
  ...clientFields,
  client_read_only_metadata: t.json(),
  server_metadata: t.json(),
  primary_email_verified: t.boolean(),
  primary_email_auth_enabled: t.boolean(),
  password: t.string({ max: 70 }).nullable(),
  password_hash: t.string({ nonEmpty: true }),
  restricted_by_admin: t.boolean(),
  restricted_by_admin_reason: t.string().nullable(),
  restricted_by_admin_private_details: t.string().nullable(),
  country_code: countryCodeField(),
  /** Only `false`: turns an anonymous user into a regular one (the platform's `oneOf([false])`). */
  is_anonymous: t.boolean().refine((v) => v === false, (path) => `${path} must be one of the following values: false`),
  risk_scores: t.object({ sign_up: t.object({ bot: t.number({ integer: true, min: 0, max: 100 }).defined(), free_trial_abuse: t.number({ integer: true, min: 0, max: 100 }).defined() }).defined() }),
};

/**
 * The user update body for an access type: clients may only write client fields (others are unknown
 * properties → `SCHEMA_ERROR`); server and admin may write every field.
 *
 * @example
 * router.add({ method: "PATCH", path: "/users/me", body: userUpdateSchema, ... });
 */
export function userUpdateSchema(auth: AuthInfo | null): Field {
  return t.object(auth?.type === "client" ? clientFields : serverFields);
}

function updatePrimaryEmail(core: EmulatorCore, project: ProjectRecord, user: UserRecord, body: Record<string, unknown>): void {
  let primary = primaryChannel(core, user);
  if (body.primary_email === null) {
    if (primary) core.store.contactChannels.delete(primary.id);
    return;
  }
  if (typeof body.primary_email === "string" && body.primary_email !== primary?.value) {
    const usedForAuth = (body.primary_email_auth_enabled as boolean | undefined) ?? primary?.usedForAuth ?? false;
    if (usedForAuth) assertEmailFreeForAuth(core, project, body.primary_email, user.id);
    if (primary) core.store.contactChannels.delete(primary.id);
    primary = {
      id: newId(),
      projectId: project.id,
      userId: user.id,
      type: "email",
      value: body.primary_email,
      isPrimary: true,
      isVerified: false,
      usedForAuth,
      createdAtMillis: Date.now(),
    };
    core.store.contactChannels.set(primary.id, primary);
  }
  if (primary && typeof body.primary_email_verified === "boolean") primary.isVerified = body.primary_email_verified;
  if (primary && typeof body.primary_email_auth_enabled === "boolean" && body.primary_email_auth_enabled !== primary.usedForAuth) {
    if (body.primary_email_auth_enabled) assertEmailFreeForAuth(core, project, primary.value, user.id);
    primary.usedForAuth = body.primary_email_auth_enabled;
  }
}

/**
 * Applies a validated user update (client or server fields). Setting `password` or `password_hash` (server) revokes
 * the user's sessions, like the platform.
 *
 * @example
 * await applyUserUpdate(core, auth, user, ctx.body);
 */
export async function applyUserUpdate(core: EmulatorCore, auth: AuthInfo, user: UserRecord, body: Record<string, unknown>): Promise<void> {
  const project = auth.project;
  // like the platform, `password` / `password_hash` (bcrypt, checked like the platform) are read before anything
  // changes, so a refused hash changes nothing; either one revokes every session below
  const passwordHash = await passwordHashFromBody(body, core);
  if (auth.type === "client" && typeof body.profile_image_url === "string" && body.profile_image_url && !isClientProfileImage(body.profile_image_url)) {
    throw new StatusError(400, "Invalid profile image URL");
  }
  if (typeof body.selected_team_id === "string") {
    const member = core.store.membershipsOf(user.id).some((m) => m.teamId === body.selected_team_id);
    if (!member) throw new StatusError(400, "The user is not a member of the selected team.");
  }
  updatePrimaryEmail(core, project, user, body);

  const image = storeProfileImage(core, body.profile_image_url as string | null | undefined, "user-profile-images");
  // like the platform, an empty display name is stored as null
  if ("display_name" in body) user.displayName = (body.display_name as string | null) || null;
  if (image !== undefined) user.profileImageUrl = image;
  if ("client_metadata" in body) user.clientMetadata = body.client_metadata ?? null;
  if ("client_read_only_metadata" in body) user.clientReadOnlyMetadata = body.client_read_only_metadata ?? null;
  if ("server_metadata" in body) user.serverMetadata = body.server_metadata ?? null;
  if ("selected_team_id" in body) user.selectedTeamId = body.selected_team_id as string | null;
  if ("totp_secret_base64" in body) user.totpSecretBase64 = body.totp_secret_base64 as string | null;
  if (typeof body.otp_auth_enabled === "boolean") user.otpAuthEnabled = body.otp_auth_enabled;
  if (typeof body.passkey_auth_enabled === "boolean") user.passkeyAuthEnabled = body.passkey_auth_enabled;
  if (typeof body.restricted_by_admin === "boolean") user.restrictedByAdmin = body.restricted_by_admin;
  if ("restricted_by_admin_reason" in body) user.restrictedByAdminReason = body.restricted_by_admin_reason as string | null;
  if ("restricted_by_admin_private_details" in body) user.restrictedByAdminPrivateDetails = body.restricted_by_admin_private_details as string | null;
  applySignUpInfo(user, body);
  if (user.isAnonymous && body.is_anonymous === false) {
    user.isAnonymous = false;
    renamePersonalTeams(core, user, (body.display_name as string | null | undefined) ?? null, (body.primary_email as string | null | undefined) ?? null);
  }
  if (passwordHash !== undefined) {
    user.passwordHash = passwordHash;
    for (const s of core.store.sessionsOf(user.id)) core.store.sessions.delete(s.id);
  }
  core.store.touch();
}
