import type { RunningEmulator } from "../../../src/emulator";
import { call, type CallOptions } from "../helpers";

/**
 * What the fuzz test aims at: a project of its own (so the demo project stays untouched for the reads after the
 * run) with every key, a feature-rich config, two users with sessions, a team, a contact channel and a user API key.
 * Their ids seed the path parameters, so random requests reach deep into real records, not only "not found".
 */
export interface FuzzFixture {
  projectId: string;
  keys: { publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string };
  /** The internal project's dashboard admin (owner of the fuzz project). */
  adminAccessToken: string;
  user: { id: string; accessToken: string; refreshToken: string; sessionId: string };
  otherUserId: string;
  teamId: string;
  contactChannelId: string;
  apiKeyId: string;
}

async function ok(r: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const res = await r;
  if (res.status >= 300) throw new Error(`fuzz fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json as any;
}

/** Signs in the internal project's admin user. */
export async function internalAdminToken(em: RunningEmulator): Promise<string> {
  const { email, password } = em.internal.adminUser;
  return (await ok(call(em, "/auth/password/sign-in", { projectId: "internal", body: { email, password } }), "admin sign-in")).access_token;
}

/** Builds a fresh fixture (a new project each time, e.g. after the fuzz deleted the previous one). */
export async function createFixture(em: RunningEmulator): Promise<FuzzFixture> {
  const adminAccessToken = await internalAdminToken(em);
  const ownerTeamId = em.core.store.users.get(em.internal.adminUser.id)!.selectedTeamId!;
  const project = await ok(
    call(em, "/internal/projects", { projectId: "internal", accessToken: adminAccessToken, body: { display_name: "Fuzz target", owner_team_id: ownerTeamId } }),
    "project creation",
  );
  const projectId = project.id as string;
  const admin = (path: string, o: CallOptions = {}) => call(em, path, { projectId, access: "admin", ...o, headers: { "x-stack-admin-access-token": adminAccessToken, ...o.headers } });
  const created = await ok(
    admin("/internal/api-keys", {
      body: { description: "fuzz", expires_at_millis: Date.now() + 86_400_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true },
    }),
    "api keys",
  );
  const keys = { publishableClientKey: created.publishable_client_key, secretServerKey: created.secret_server_key, superSecretAdminKey: created.super_secret_admin_key };
  await ok(
    admin("/internal/projects/current", {
      method: "PATCH",
      body: {
        config: {
          magic_link_enabled: true,
          passkey_enabled: true,
          client_team_creation_enabled: true,
          client_user_deletion_enabled: true,
          allow_user_api_keys: true,
          allow_team_api_keys: true,
          create_team_on_sign_up: true,
          oauth_providers: [{ id: "github", type: "shared" }, { id: "google", type: "shared" }],
        },
      },
    }),
    "project config",
  );
  const server = (path: string, o: CallOptions = {}) => call(em, path, { projectId, access: "server", ...o, headers: { "x-stack-secret-server-key": keys.secretServerKey, ...o.headers } });
  const newUser = async (tag: string) =>
    (await ok(server("/users", { body: { primary_email: `${tag}-${Date.now()}@fuzz.example.com`, primary_email_verified: true, primary_email_auth_enabled: true, password: "fuzz-password-1" } }), "user")).id as string;
  const userId = await newUser("fuzz-user");
  const otherUserId = await newUser("fuzz-other");
  const session = await ok(server("/auth/sessions", { body: { user_id: userId } }), "session");
  const me = await ok(call(em, "/users/me", { projectId, headers: { "x-stack-publishable-client-key": keys.publishableClientKey }, accessToken: session.access_token }), "read me");
  const teamId = (await ok(server("/teams", { body: { display_name: "Fuzz team", creator_user_id: userId } }), "team")).id as string;
  const channels = await ok(server(`/contact-channels?user_id=${userId}`), "contact channels");
  const apiKey = await ok(server("/user-api-keys", { body: { user_id: userId, description: "fuzz", expires_at_millis: null } }), "user api key");
  const sessions = await ok(server(`/auth/sessions?user_id=${userId}`), "sessions");
  return {
    projectId,
    keys,
    adminAccessToken,
    user: { id: me.id, accessToken: session.access_token, refreshToken: session.refresh_token, sessionId: sessions.items[0].id },
    otherUserId,
    teamId,
    contactChannelId: channels.items[0].id,
    apiKeyId: apiKey.id,
  };
}

/** True while the fixture's project, user and team still exist (the fuzz may delete any of them). */
export function fixtureIntact(em: RunningEmulator, fx: FuzzFixture): boolean {
  const s = em.core.store;
  return s.projects.has(fx.projectId) && s.users.has(fx.user.id) && s.teams.has(fx.teamId) && s.sessions.has(fx.user.sessionId);
}
