import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, signUp } from "./helpers";

/** A signed-up user whose personal team (team_admin) is known. */
export async function userWithTeam(em: RunningEmulator) {
  const user = await signUp(em);
  const me = await call(em, "/users/me", { accessToken: user.access_token });
  return { ...user, teamId: me.json.selected_team_id as string };
}

/** Creates a team on the server (optionally with a creator) and returns its id. */
export async function serverTeam(em: RunningEmulator, displayName = "Server Team", creatorUserId?: string): Promise<string> {
  const r = await call(em, "/teams", { access: "server", body: { display_name: displayName, ...(creatorUserId ? { creator_user_id: creatorUserId } : {}) } });
  expect(r.status).toBe(201);
  return r.json.id;
}

/** Adds a user to a team on the server (member default permissions). */
export async function addMember(em: RunningEmulator, teamId: string, userId: string): Promise<void> {
  const r = await call(em, `/team-memberships/${teamId}/${userId}`, { access: "server", body: {} });
  expect(r.status).toBe(201);
}

/** Revokes a team permission on the server. */
export async function revokeTeamPermission(em: RunningEmulator, teamId: string, userId: string, permissionId: string): Promise<void> {
  const r = await call(em, `/team-permissions/${teamId}/${userId}/${permissionId}`, { access: "server", method: "DELETE", body: {} });
  expect(r.json).toEqual({ success: true });
}

/** Creates a user with a verified e-mail and a password on the server, then signs in; returns tokens and e-mail. */
export async function verifiedUser(em: RunningEmulator, email = freshEmail("verified")) {
  const created = await call(em, "/users", {
    access: "server",
    body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, password: "password123" },
  });
  expect(created.status).toBe(201);
  const r = await call(em, "/auth/password/sign-in", { body: { email, password: "password123" } });
  expect(r.status).toBe(200);
  return { email, user_id: r.json.user_id as string, access_token: r.json.access_token as string };
}

/** The ids of a user's team permissions in a team (recursive unless told otherwise). */
export async function teamPermissionIds(em: RunningEmulator, teamId: string, userId: string, recursive = true): Promise<string[]> {
  const r = await call(em, `/team-permissions?team_id=${teamId}&user_id=${userId}&recursive=${recursive}`, { access: "server" });
  expect(r.status).toBe(200);
  return (r.json.items as { id: string }[]).map((p) => p.id);
}
