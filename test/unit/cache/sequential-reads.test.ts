/**
 * A plain sequence of calls (read, read again; read, change, read) never waits on the read cache's 300 ms throttle:
 * each step costs its round trip and nothing more. Checked without measuring time: every timer the SDK starts is
 * recorded, and none may be a throttle wait (a delay between 1 and 300 ms). Before the fix, each second read of an
 * entry fetched less than 300 ms after the first waited for a 300 ms timer.
 */
import nock from "nock";
import { AdminApp, ServerApp } from "../../../src/index";
import { testClientApp, userJson } from "../../helpers/app";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  jest.restoreAllMocks();
});

const JSON_TYPE = { "content-type": "application/json" };
const USER = "3f1e0a52-0000-4000-8000-000000000001";
const retry = { sleep: async () => undefined, random: () => 0.5 };
const signedIn = { accessToken: fakeAccessToken(3600), refreshToken: fakeRefreshToken() };
const CLIENT_PROJECT = { id: PROJECT, display_name: "Acme", config: { sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false, client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false, oauth_providers: [], enabled_oauth_providers: [] } };
const ADMIN_PROJECT = {
  ...CLIENT_PROJECT, description: "", created_at_millis: 1735600000000, is_production_mode: false, owner_team_id: null,
  config: { ...CLIENT_PROJECT.config, allow_localhost: true, domains: [], email_config: { type: "shared" }, email_theme: "t", create_team_on_sign_up: false, team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [], oauth_account_merge_strategy: "link_method" },
};

/** Records the delay of every timer started from now on (the timers still run as usual). */
function recordTimers(): number[] {
  const delays: number[] = [];
  const real = globalThis.setTimeout;
  jest.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number) => {
    delays.push(ms ?? 0);
    return real(callback, ms);
  }) as typeof setTimeout);
  return delays;
}
const throttleWaits = (delays: number[]) => delays.filter((ms) => ms > 0 && ms <= 300);

/** Answers `count` requests of `method path` with `body`; returns how many were answered. */
function answer(method: "get" | "patch", path: string, body: object, count: number) {
  const seen = { count: 0 };
  nock(BASE)[method](`/api/v1${path}`).times(count).query(true).reply(() => (seen.count++, [200, JSON.stringify(body), JSON_TYPE]));
  return seen;
}

test("ClientApp: getProject() twice in a row", async () => {
  const { app } = testClientApp({ noAutomaticPrefetch: true });
  const reads = answer("get", "/projects/current", CLIENT_PROJECT, 2);
  const timers = recordTimers();
  await app.getProject();
  await app.getProject();
  expect(reads.count).toBe(2); // each read fetched (never older than the call)…
  expect(throttleWaits(timers)).toEqual([]); // …and none waited for the throttle
});

test("ClientApp: getUser(), update the user, getUser()", async () => {
  const { app } = testClientApp({ tokenStore: signedIn, noAutomaticPrefetch: true } as never);
  const reads = answer("get", "/users/me", userJson(), 2);
  const writes = answer("patch", "/users/me", userJson({ display_name: "Ada" }), 1);
  // The display name is an access-token claim: the next request first fetches a new access token.
  nock(BASE).post("/api/v1/auth/oauth/token").reply(200, { access_token: fakeAccessToken(3600) }, JSON_TYPE);
  const timers = recordTimers();
  const user = await app.getUser({ or: "throw" });
  await user.update({ displayName: "Ada" });
  expect((await app.getUser({ or: "throw" })).id).toBe(user.id);
  expect([reads.count, writes.count]).toEqual([2, 1]);
  expect(throttleWaits(timers)).toEqual([]);
});

test("AdminApp: getProject(), project.update(), getProject()", async () => {
  const admin = new AdminApp({ projectId: PROJECT, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: null, retry, noAutomaticPrefetch: true } as never);
  const reads = answer("get", "/internal/projects/current", ADMIN_PROJECT, 2);
  const writes = answer("patch", "/internal/projects/current", ADMIN_PROJECT, 1);
  const timers = recordTimers();
  const project = await admin.getProject();
  await project.update({ displayName: "Acme 2" });
  await admin.getProject();
  expect([reads.count, writes.count]).toEqual([2, 1]);
  expect(throttleWaits(timers)).toEqual([]);
});

test("ServerApp: getUser(id), user.update(), getUser(id)", async () => {
  const server = new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_unit", tokenStore: null, retry, noAutomaticPrefetch: true } as never);
  const json = { ...userJson({ id: USER }), primary_email_auth_enabled: true, server_metadata: null, last_active_at_millis: 0, restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: null, country_code: null };
  const reads = answer("get", `/users/${USER}`, json, 2);
  const writes = answer("patch", `/users/${USER}`, json, 1);
  const timers = recordTimers();
  const user = await server.getUser(USER);
  await user!.update({ displayName: "Ada" });
  await server.getUser(USER);
  expect([reads.count, writes.count]).toEqual([2, 1]);
  expect(throttleWaits(timers)).toEqual([]);
});

test("the recorder sees a throttle wait when there is one (a background refetch of a subscribed entry)", async () => {
  const { createCache } = await import("../../../src/cache");
  const cache = createCache(async (_key: string) => "v");
  const timers = recordTimers();
  const stop = cache.subscribe(["a"], () => {});
  await cache.get(["a"]);
  cache.invalidate(["a"]); // nobody awaits it: spaced 300 ms after the previous fetch
  expect(throttleWaits(timers)).toHaveLength(1);
  stop();
});
