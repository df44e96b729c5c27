// Wire shapes for tests, with no import of latchkey itself (so a test can load only the modules it means to).

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
