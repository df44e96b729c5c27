import { ClientApp } from "../../src/index";
import type { ClientAppOptions } from "../../src/index";
import { BASE, PROJECT } from "./http";

/** A ClientApp against the nock'd base URL, with instant retries. */
export function testClientApp(options: ClientAppOptions = {}) {
  const waits: number[] = [];
  const app = new ClientApp({
    projectId: PROJECT,
    baseUrl: BASE,
    tokenStore: "memory",
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    ...options,
  });
  return { app, waits };
}

/** The client read shape of a user, as `GET /users/me` returns it. */
export function userJson(overrides: Record<string, unknown> = {}) {
  return {
    id: "3f1e0a52-0000-4000-8000-000000000001",
    primary_email: "ada@example.com",
    primary_email_verified: false,
    display_name: null,
    client_metadata: null,
    client_read_only_metadata: null,
    profile_image_url: null,
    signed_up_at_millis: 1735600000000,
    has_password: true,
    auth_with_email: true,
    oauth_providers: [],
    selected_team_id: null,
    selected_team: null,
    requires_totp_mfa: false,
    otp_auth_enabled: false,
    passkey_auth_enabled: false,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    restricted_by_admin: false,
    restricted_by_admin_reason: null,
    ...overrides,
  };
}
