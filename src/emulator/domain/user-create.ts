import type { EmulatorCore } from "../core";
import { StatusError } from "../errors";
import { countryCodeField, primaryEmailField, profileImageUrlField, totpSecretField } from "../http/platform-fields";
import { t, type Field } from "../http/schema";
import type { ProjectRecord, UserRecord } from "../store/types";
import { linkOAuthAccount } from "./oauth-accounts";
import { passwordHashAlgorithm } from "./imported-password-hashes";
import { hashPassword } from "./passwords";
import { storeProfileImage } from "./profile-images";
import { applySignUpInfo } from "./user-read";
import { createUser } from "./users";

/**
 * The body of `POST /users` (server): the server update fields without `selected_team_id`, plus `password_hash`,
 * `is_anonymous` and `oauth_providers` (`packages/stack-shared/src/interface/crud/users.ts`).
 *
 * @example
 * router.add({ method: "POST", path: "/users", body: userCreateSchema, ... });
 */
export const userCreateSchema: Field = t.object({
  display_name: t.string().nullable(),
  profile_image_url: profileImageUrlField(),
  client_metadata: t.json(),
  client_read_only_metadata: t.json(),
  server_metadata: t.json(),
  primary_email: primaryEmailField(),
  primary_email_verified: t.boolean(),
  primary_email_auth_enabled: t.boolean(),
  passkey_auth_enabled: t.boolean(),
  password: t.string({ max: 70 }).nullable(),
  password_hash: t.string({ nonEmpty: true }),
  otp_auth_enabled: t.boolean(),
  totp_secret_base64: totpSecretField(),
  is_anonymous: t.boolean(),
  restricted_by_admin: t.boolean(),
  restricted_by_admin_reason: t.string().nullable(),
  restricted_by_admin_private_details: t.string().nullable(),
  country_code: countryCodeField(),
  risk_scores: t.object({ sign_up: t.object({ bot: t.number({ integer: true, min: 0, max: 100 }).defined(), free_trial_abuse: t.number({ integer: true, min: 0, max: 100 }).defined() }).defined() }),
  oauth_providers: t.array(t.object({ id: t.string().defined(), account_id: t.string().defined(), email: t.string().nullable() }).defined()),
}).defined();

/**
 * The password hash a user create or update body asks for, like the platform's `getPasswordHashFromData`
 * (`apps/backend/src/app/api/latest/users/crud.tsx`): `password` is hashed (`null` removes the password),
 * `password_hash` must be a hash the platform accepts (bcrypt, see `imported-password-hashes.ts`), both at once is a
 * 400, and neither gives `undefined` (no change).
 *
 * @example
 * const passwordHash = await passwordHashFromBody(ctx.body, ctx.core); // string | null | undefined
 */
export async function passwordHashFromBody(b: Record<string, unknown>, core: EmulatorCore): Promise<string | null | undefined> {
  if (b.password !== undefined) {
    if (b.password_hash !== undefined) throw new StatusError(400, "Cannot set both password and password_hash at the same time.");
    // like the platform, the server API applies no password rules beyond the 70-character limit of the schema
    return b.password === null ? null : hashPassword(b.password as string, core.settings.passwordHashing);
  }
  if (b.password_hash !== undefined) {
    if (!(await passwordHashAlgorithm(b.password_hash as string))) {
      throw new StatusError(400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.");
    }
    return b.password_hash as string;
  }
  return undefined;
}

function checkCombinations(project: ProjectRecord, b: Record<string, unknown>, hasPassword: boolean): void {
  if (!b.primary_email && b.primary_email_auth_enabled) throw new StatusError(400, "primary_email_auth_enabled cannot be true without primary_email");
  if (!b.primary_email && b.primary_email_verified) throw new StatusError(400, "primary_email_verified cannot be true without primary_email");
  if (!b.restricted_by_admin) {
    if (b.restricted_by_admin_reason) throw new StatusError(400, "restricted_by_admin_reason requires restricted_by_admin=true");
    if (b.restricted_by_admin_private_details) throw new StatusError(400, "restricted_by_admin_private_details requires restricted_by_admin=true");
  }
  const providers = (b.oauth_providers as { id: string }[] | undefined) ?? [];
  const missing = providers.find((p) => !project.config.oauthProviders.some((c) => c.id === p.id));
  if (missing) throw new StatusError(400, `OAuth provider ${missing.id} not found`);
  if (hasPassword && !project.config.credentialEnabled) throw new StatusError(400, "Password auth not enabled in the project");
  if (b.otp_auth_enabled && !project.config.magicLinkEnabled) throw new StatusError(400, "OTP auth not enabled in the project");
}

/**
 * Creates a user from a validated `POST /users` body with the platform's checks (plain-text 400s for conflicting
 * fields, `USER_EMAIL_ALREADY_EXISTS` when the e-mail is used for sign-in elsewhere). The user gets a personal team
 * when the project creates one on sign-up, and the project's `user_default_permissions`.
 *
 * @example
 * const user = await createUserFromBody(core, project, ctx.body, ctx.effect);
 */
export async function createUserFromBody(
  core: EmulatorCore,
  project: ProjectRecord,
  b: Record<string, unknown>,
  effect?: (name: string) => void,
): Promise<UserRecord> {
  const passwordHash = (await passwordHashFromBody(b, core)) ?? null;
  checkCombinations(project, b, passwordHash !== null);
  const user = createUser(core, project, {
    email: (b.primary_email as string | null | undefined) ?? null,
    emailVerified: b.primary_email_verified === true,
    emailAuth: b.primary_email_auth_enabled === true,
    passwordHash,
    displayName: (b.display_name as string | null | undefined) || null,
    isAnonymous: b.is_anonymous === true,
    otpAuthEnabled: b.otp_auth_enabled === true,
    profileImageUrl: storeProfileImage(core, b.profile_image_url as string | null | undefined, "user-profile-images") ?? null,
    clientMetadata: b.client_metadata,
    clientReadOnlyMetadata: b.client_read_only_metadata,
    serverMetadata: b.server_metadata,
  }, effect);
  if (typeof b.passkey_auth_enabled === "boolean") user.passkeyAuthEnabled = b.passkey_auth_enabled;
  if (typeof b.totp_secret_base64 === "string") user.totpSecretBase64 = b.totp_secret_base64;
  if (b.restricted_by_admin === true) {
    user.restrictedByAdmin = true;
    user.restrictedByAdminReason = (b.restricted_by_admin_reason as string | null | undefined) || null;
    user.restrictedByAdminPrivateDetails = (b.restricted_by_admin_private_details as string | null | undefined) || null;
  }
  applySignUpInfo(user, b);
  for (const p of (b.oauth_providers as { id: string; account_id: string; email?: string | null }[] | undefined) ?? []) {
    linkOAuthAccount(core.store, { projectId: project.id, userId: user.id, providerId: p.id, accountId: p.account_id, email: p.email ?? null });
  }
  core.store.touch();
  return user;
}
