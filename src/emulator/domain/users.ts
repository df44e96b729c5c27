import type { EmulatorCore } from "../core";
import { known } from "../errors";
import type { ContactChannelRecord, ProjectRecord, UserRecord } from "../store/types";
import { newId } from "../util/random";
import { grantProjectPermission } from "./permissions";
import { createTeam } from "./teams";

/**
 * Server-only sign-up fields a user record may carry (written by `POST /users` and `PATCH /users/{id}`); absent
 * means the platform's defaults (`country_code: null`, risk scores 0).
 *
 * @example
 * (user as UserWithSignUpInfo).countryCode = "CH";
 */
export type UserWithSignUpInfo = UserRecord & {
  countryCode?: string | null;
  riskScores?: { bot: number; freeTrialAbuse: number };
};

/**
 * What a new (or upgraded anonymous) user starts with.
 *
 * @example
 * const u = createUser(core, project, { email: "ada@example.com", emailAuth: true, passwordHash });
 */
export interface NewUserFields {
  email?: string | null;
  emailVerified?: boolean;
  /** The e-mail is used for sign-in (password / OTP); it must then be unused by other users. */
  emailAuth?: boolean;
  passwordHash?: string | null;
  displayName?: string | null;
  isAnonymous?: boolean;
  otpAuthEnabled?: boolean;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  /** The sign-up country (from the request's geo headers, see `signUpCountryCode`). */
  countryCode?: string | null;
}

/**
 * The user's primary e-mail channel, if any.
 *
 * @example
 * const email = primaryChannel(core, user)?.value ?? null;
 */
export function primaryChannel(core: EmulatorCore, user: UserRecord): ContactChannelRecord | undefined {
  return core.store.channelsOf(user.id).find((c) => c.type === "email" && c.isPrimary);
}

/**
 * Throws `USER_EMAIL_ALREADY_EXISTS` when another user of the project signs in with this e-mail.
 *
 * @example
 * assertEmailFreeForAuth(core, project, email, user.id);
 */
export function assertEmailFreeForAuth(core: EmulatorCore, project: ProjectRecord, email: string, exceptUserId?: string): void {
  const taken = core.store.authChannel(project.id, email);
  if (taken && taken.userId !== exceptUserId) throw known("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
}

function addPrimaryEmail(core: EmulatorCore, user: UserRecord, f: NewUserFields): void {
  if (!f.email) return;
  for (const c of core.store.channelsOf(user.id)) c.isPrimary = false;
  const channel: ContactChannelRecord = {
    id: newId(),
    projectId: user.projectId,
    userId: user.id,
    type: "email",
    value: f.email,
    isPrimary: true,
    isVerified: f.emailVerified ?? false,
    usedForAuth: f.emailAuth ?? false,
    createdAtMillis: Date.now(),
  };
  core.store.contactChannels.set(channel.id, channel);
}

const DEFAULT_PERSONAL_TEAM_NAME = "Personal Team";

/**
 * The name of a user's personal team: "<display name or e-mail>'s Team", or "Personal Team".
 *
 * @example
 * personalTeamName("Ada", null); // "Ada's Team"
 */
export function personalTeamName(displayName: string | null | undefined, email: string | null | undefined): string {
  const name = displayName || email;
  return name ? `${name}'s Team` : DEFAULT_PERSONAL_TEAM_NAME;
}

/**
 * Creates a user with an optional primary e-mail and, when the project creates teams on sign-up, a personal team
 * that becomes the selected team. Counts `users_created`.
 *
 * @example
 * const user = createUser(core, project, { email, emailAuth: true, passwordHash }, ctx.effect);
 */
export function createUser(core: EmulatorCore, project: ProjectRecord, f: NewUserFields, effect?: (name: string) => void): UserRecord {
  if (f.email && f.emailAuth) assertEmailFreeForAuth(core, project, f.email);
  const now = Date.now();
  const user: UserRecord = {
    id: newId(),
    projectId: project.id,
    displayName: f.displayName ?? null,
    profileImageUrl: f.profileImageUrl ?? null,
    clientMetadata: f.clientMetadata ?? null,
    clientReadOnlyMetadata: f.clientReadOnlyMetadata ?? null,
    serverMetadata: f.serverMetadata ?? null,
    signedUpAtMillis: now,
    lastActiveAtMillis: now,
    passwordHash: f.passwordHash ?? null,
    otpAuthEnabled: f.otpAuthEnabled ?? false,
    passkeyAuthEnabled: false,
    isAnonymous: f.isAnonymous ?? false,
    selectedTeamId: null,
    totpSecretBase64: null,
    restrictedByAdmin: false,
    restrictedByAdminReason: null,
    restrictedByAdminPrivateDetails: null,
  };
  if (f.countryCode) (user as UserWithSignUpInfo).countryCode = f.countryCode;
  core.store.users.set(user.id, user);
  for (const id of project.config.userDefaultPermissions) grantProjectPermission(core.store, project.id, user.id, id);
  addPrimaryEmail(core, user, f);
  if (project.config.createTeamOnSignUp) {
    const team = createTeam(core, project, { displayName: personalTeamName(user.displayName, f.email), creatorUserId: user.id });
    user.selectedTeamId = team.id;
  }
  core.store.touch();
  effect?.("users_created");
  return user;
}

/**
 * Turns an anonymous user into a regular one in place (same id), e.g. on password sign-up with the anonymous
 * user's token. Counts `users_upgraded`.
 *
 * @example
 * const user = upgradeAnonymousUser(core, project, anon, { email, emailAuth: true, passwordHash }, ctx.effect);
 */
export function upgradeAnonymousUser(
  core: EmulatorCore,
  project: ProjectRecord,
  user: UserRecord,
  f: NewUserFields,
  effect?: (name: string) => void,
): UserRecord {
  if (f.email && f.emailAuth) assertEmailFreeForAuth(core, project, f.email, user.id);
  user.isAnonymous = false;
  if (f.passwordHash !== undefined) user.passwordHash = f.passwordHash;
  if (f.displayName !== undefined) user.displayName = f.displayName;
  if (f.otpAuthEnabled !== undefined) user.otpAuthEnabled = f.otpAuthEnabled;
  addPrimaryEmail(core, user, f);
  renamePersonalTeams(core, user, f.displayName ?? null, f.email ?? null);
  // an anonymous user's own sign-up country is kept
  const u = user as UserWithSignUpInfo;
  if (f.countryCode && !u.countryCode) u.countryCode = f.countryCode;
  core.store.touch();
  effect?.("users_upgraded");
  return user;
}

/**
 * Like the platform when an anonymous user becomes a regular one: the user's teams still named "Personal Team" get
 * the name of a personal team for the new display name or e-mail (`"{name}'s Team"`).
 *
 * @example
 * renamePersonalTeams(core, user, null, "ada@example.com"); // "Personal Team" → "ada@example.com's Team"
 */
export function renamePersonalTeams(core: EmulatorCore, user: UserRecord, displayName: string | null, email: string | null): void {
  for (const m of core.store.membershipsOf(user.id)) {
    const team = core.store.teams.get(m.teamId);
    if (team && team.displayName === DEFAULT_PERSONAL_TEAM_NAME) team.displayName = personalTeamName(displayName, email);
  }
}

/**
 * Creates a user, or upgrades the current anonymous user when there is one.
 *
 * @example
 * const user = createOrUpgradeUser(core, auth.project, auth.user, fields, ctx.effect);
 */
export function createOrUpgradeUser(
  core: EmulatorCore,
  project: ProjectRecord,
  currentUser: UserRecord | undefined,
  f: NewUserFields,
  effect?: (name: string) => void,
): UserRecord {
  return currentUser?.isAnonymous ? upgradeAnonymousUser(core, project, currentUser, f, effect) : createUser(core, project, f, effect);
}
