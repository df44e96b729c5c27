import { restrictedReasonOf } from "../auth/checks";
import type { EmulatorCore } from "../core";
import { normalizeCountryCode } from "../http/platform-fields";
import type { AccessType } from "../http/router";
import type { UserRecord } from "../store/types";
import { clientTeamRead, serverTeamRead } from "./teams";
import { primaryChannel } from "./users";
import type { UserWithSignUpInfo } from "./users";

/**
 * Connected OAuth accounts shown in `oauth_providers` (`{id, account_id, email}`); the OAuth route family
 * replaces this to list real connections.
 *
 * @example
 * oauthProvidersOfUser.current = (core, user) => [...];
 */
export const oauthProvidersOfUser: {
  current: (core: EmulatorCore, user: UserRecord) => { id: string; account_id: string; email: string | null }[];
} = { current: () => [] };

/**
 * Stores `country_code` / `risk_scores` of a validated create or update body on the record.
 *
 * @example
 * applySignUpInfo(user, ctx.body);
 */
export function applySignUpInfo(user: UserRecord, body: Record<string, unknown>): void {
  const u = user as UserWithSignUpInfo;
  if ("country_code" in body) u.countryCode = typeof body.country_code === "string" ? normalizeCountryCode(body.country_code) : null;
  const scores = body.risk_scores as { sign_up: { bot: number; free_trial_abuse: number } } | undefined;
  if (scores) u.riskScores = { bot: scores.sign_up.bot, freeTrialAbuse: scores.sign_up.free_trial_abuse };
}

/**
 * The client read shape of a user (wire §8.9).
 *
 * @example
 * json(clientUserRead(core, user));
 */
export function clientUserRead(core: EmulatorCore, user: UserRecord): Record<string, unknown> {
  const project = core.store.projects.get(user.projectId);
  const primary = primaryChannel(core, user);
  const team = user.selectedTeamId ? core.store.teams.get(user.selectedTeamId) : undefined;
  const reason = project ? restrictedReasonOf(project, user, core.store) : null;
  return {
    id: user.id,
    primary_email: primary?.value ?? null,
    primary_email_verified: primary?.isVerified ?? false,
    display_name: user.displayName,
    client_metadata: user.clientMetadata,
    client_read_only_metadata: user.clientReadOnlyMetadata,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAtMillis,
    has_password: user.passwordHash !== null,
    // the platform's (deprecated) flag: a password or OTP sign-in method, whatever the contact channels say
    auth_with_email: user.passwordHash !== null || user.otpAuthEnabled,
    oauth_providers: oauthProvidersOfUser.current(core, user),
    selected_team_id: team ? team.id : null,
    selected_team: team ? clientTeamRead(team) : null,
    requires_totp_mfa: user.totpSecretBase64 !== null,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: user.passkeyAuthEnabled,
    is_anonymous: user.isAnonymous,
    is_restricted: reason !== null,
    restricted_reason: reason,
    restricted_by_admin: user.restrictedByAdmin,
    restricted_by_admin_reason: user.restrictedByAdmin ? user.restrictedByAdminReason : null,
  };
}

/**
 * The server/admin read shape of a user (client shape plus server fields).
 *
 * @example
 * json(serverUserRead(core, user));
 */
export function serverUserRead(core: EmulatorCore, user: UserRecord): Record<string, unknown> {
  const team = user.selectedTeamId ? core.store.teams.get(user.selectedTeamId) : undefined;
  const primary = primaryChannel(core, user);
  return {
    ...clientUserRead(core, user),
    selected_team: team ? serverTeamRead(team) : null,
    primary_email_auth_enabled: primary?.usedForAuth ?? false,
    server_metadata: user.serverMetadata,
    last_active_at_millis: user.lastActiveAtMillis,
    restricted_by_admin_private_details: user.restrictedByAdmin ? user.restrictedByAdminPrivateDetails : null,
    country_code: (user as UserWithSignUpInfo).countryCode ?? null,
    risk_scores: {
      sign_up: { bot: (user as UserWithSignUpInfo).riskScores?.bot ?? 0, free_trial_abuse: (user as UserWithSignUpInfo).riskScores?.freeTrialAbuse ?? 0 },
    },
  };
}

/**
 * The read shape for an access type: client, or server for server/admin.
 *
 * @example
 * json(userRead(core, auth.type, user));
 */
export function userRead(core: EmulatorCore, type: AccessType, user: UserRecord): Record<string, unknown> {
  return type === "client" ? clientUserRead(core, user) : serverUserRead(core, user);
}
