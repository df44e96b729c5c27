import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, resultOf, startTestEmulator } from "./helpers";
import { APP_CALLBACK, callback, consent, pkce } from "./oauth-helpers";

// The platform's development seed enables shared OAuth providers on the `internal` project:
// apps/backend/.env.development sets `STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS=github,spotify,google,microsoft`, and
// apps/backend/prisma/seed.ts creates the project with `oauth_providers: oauthProviderIds.map((id) => ({ id, type: 'shared' }))`.
// Shared keys are served by the emulator's mock OAuth provider (the platform's STACK_OAUTH_MOCK_URL in development).
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const internalClient = () => ({ client_id: "internal", client_secret: em.internal.keys.publishableClientKey });

/** Authorize (json mode) on the internal project; returns the mock provider URL, the cookie and the PKCE verifier. */
async function authorizeInternal(provider: string) {
  const { verifier, challenge } = pkce();
  const q = new URLSearchParams({
    ...internalClient(),
    redirect_uri: APP_CALLBACK,
    scope: "legacy",
    state: "internal-state",
    grant_type: "authorization_code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: "http://localhost:3000/handler/error",
    stack_response_mode: "json",
  });
  const res = await fetch(`${em.url}/api/v1/auth/oauth/authorize/${provider}?${q}`, { redirect: "manual" });
  return { ...(await resultOf(res)), verifier, cookie: res.headers.get("set-cookie")?.split(";")[0] };
}

describe("the internal project's OAuth providers (the platform's development seed)", () => {
  test("github, spotify, google and microsoft are enabled, with shared keys", async () => {
    const client = await call(em, "/projects/current", { projectId: "internal" });
    expect(client.json.config.enabled_oauth_providers).toEqual([{ id: "github" }, { id: "google" }, { id: "microsoft" }, { id: "spotify" }]);
    const admin = await call(em, "/internal/projects/current", { projectId: "internal", access: "admin" });
    expect(admin.json.config.oauth_providers).toEqual(
      ["github", "google", "microsoft", "spotify"].map((id) => ({ provider_config_id: id, id, type: "shared" })),
    );
  });

  test("signing in with spotify on the internal project goes through the mock provider (no OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED)", async () => {
    const start = await authorizeInternal("spotify");
    expect(start.status).toBe(200);
    const back = await consent((start.json as { location: string }).location, { email: "dj@spotify.mock" });
    const cb = await callback(back, start.cookie);
    expect(cb.status).toBe(303);
    const code = new URL(cb.location!).searchParams.get("code")!;
    const token = await call(em, "/auth/oauth/token", {
      access: null,
      projectId: null,
      form: { grant_type: "authorization_code", code, redirect_uri: APP_CALLBACK, code_verifier: start.verifier, ...internalClient() },
    });
    expect(token.json).toMatchObject({ is_new_user: true, token_type: "Bearer" });
    const me = await call(em, "/users/me", { projectId: "internal", accessToken: token.json.access_token });
    expect(me.json.oauth_providers).toEqual([{ id: "spotify", account_id: expect.any(String), email: "dj@spotify.mock" }]);
  });

  test("a provider the seed does not enable is still refused", async () => {
    expectKnown(await authorizeInternal("discord"), 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  });
});
