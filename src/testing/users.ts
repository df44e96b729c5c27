import { randomBytes } from "node:crypto";
import { serverRequest, type EmulatorTarget } from "./http";
import { totpAuthenticator, type TotpAuthenticator } from "./totp";

/**
 * The user `createUser` should make. Every field is optional.
 *
 * @example
 * const options: CreateUserOptions = { email: "ada@example.com", displayName: "Ada", verified: false, team: "Analytical Engines" };
 */
export interface CreateUserOptions {
  /** Default: a new unique `test-…@example.com`. */
  email?: string;
  /** Default: a new random password; `null` makes a user without one (e.g. OAuth or magic-link only). */
  password?: string | null;
  /** Whether the primary e-mail is verified (default true). */
  verified?: boolean;
  displayName?: string | null;
  /** `true` gives the user a TOTP second factor: `user.totp` then makes its codes. */
  totp?: boolean;
  /**
   * A team the user belongs to and has selected: a name makes a new team with the user as its creator (with the
   * project's creator permissions, `team_admin` by default); `{ id }` adds the user to an existing team.
   */
  team?: string | { id: string };
  /** Server metadata, client metadata and client read-only metadata, as the server API takes them. */
  serverMetadata?: unknown;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
}

/**
 * A user made by `createUser`, with what a test needs to act as them.
 *
 * @example
 * const user: TestUser = await createUser(); await signIn(page, user);
 */
export interface TestUser {
  id: string;
  projectId: string;
  email: string;
  /** The password to sign in with, or null for a user without one. */
  password: string | null;
  displayName: string | null;
  verified: boolean;
  /** The user's selected team (the one of the `team` option, else the personal team the project made, if any). */
  selectedTeamId: string | null;
  /** The team of the `team` option, or null. */
  team: { id: string; displayName: string } | null;
  /** The user's authenticator app when made with `totp: true`, else null. */
  totp: TotpAuthenticator | null;
}

/**
 * A session's tokens, as `tokensFor` returns them (what a token store keeps).
 *
 * @example
 * const { accessToken } = await tokensFor(user); fetch(url, { headers: { "x-stack-access-token": accessToken } });
 */
export interface TestTokens {
  accessToken: string;
  refreshToken: string;
}

const uniqueEmail = () => `test-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;

/**
 * Creates a user through the server API (no UI, no e-mail sent), in a known state: see {@link CreateUserOptions}.
 *
 * @example
 * const user = await createUserAt(target, { verified: false, totp: true });
 */
export async function createUserAt(target: EmulatorTarget, o: CreateUserOptions = {}): Promise<TestUser> {
  const email = o.email ?? uniqueEmail();
  const password = o.password === undefined ? `pw-${randomBytes(12).toString("base64url")}` : o.password;
  const verified = o.verified ?? true;
  const totp = o.totp ? totpAuthenticator() : null;
  const made = await serverRequest<{ id: string; display_name: string | null }>(target, "POST", "/users", {
    primary_email: email,
    primary_email_verified: verified,
    primary_email_auth_enabled: true,
    ...(password !== null ? { password } : {}),
    ...(o.displayName !== undefined ? { display_name: o.displayName } : {}),
    ...(totp ? { totp_secret_base64: Buffer.from(totp.secretBytes).toString("base64") } : {}),
    ...(o.serverMetadata !== undefined ? { server_metadata: o.serverMetadata } : {}),
    ...(o.clientMetadata !== undefined ? { client_metadata: o.clientMetadata } : {}),
    ...(o.clientReadOnlyMetadata !== undefined ? { client_read_only_metadata: o.clientReadOnlyMetadata } : {}),
  });
  let team: TestUser["team"] = null;
  if (o.team !== undefined) {
    if (typeof o.team === "string") {
      const t = await serverRequest<{ id: string; display_name: string }>(target, "POST", "/teams", { display_name: o.team, creator_user_id: made.id });
      team = { id: t.id, displayName: t.display_name };
    } else {
      await serverRequest(target, "POST", `/team-memberships/${encodeURIComponent(o.team.id)}/${made.id}`, {});
      const t = await serverRequest<{ id: string; display_name: string }>(target, "GET", `/teams/${encodeURIComponent(o.team.id)}`);
      team = { id: t.id, displayName: t.display_name };
    }
    await serverRequest(target, "PATCH", `/users/${made.id}`, { selected_team_id: team.id });
  }
  // Like the platform, the creation's answer has no selected team yet: the personal team made on sign-up is read back.
  const selectedTeamId = team?.id ?? (await serverRequest<{ selected_team_id: string | null }>(target, "GET", `/users/${made.id}`)).selected_team_id;
  return {
    id: made.id,
    projectId: target.projectId,
    email,
    password,
    displayName: made.display_name,
    verified,
    selectedTeamId,
    team,
    totp,
  };
}

/**
 * Opens a new session for a user through the server API (as `POST /auth/sessions` does: no sign-in, no second
 * factor) and returns its tokens. `expiresInMillis` sets the refresh token's lifetime (the platform's default
 * otherwise).
 *
 * @example
 * const tokens = await tokensAt(target, user.id);
 */
export async function tokensAt(target: EmulatorTarget, userId: string, o: { expiresInMillis?: number } = {}): Promise<TestTokens> {
  const made = await serverRequest<{ access_token: string; refresh_token: string }>(target, "POST", "/auth/sessions", {
    user_id: userId,
    ...(o.expiresInMillis !== undefined ? { expires_in_millis: o.expiresInMillis } : {}),
  });
  return { accessToken: made.access_token, refreshToken: made.refresh_token };
}
