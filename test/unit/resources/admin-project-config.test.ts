import nock from "nock";
import { AdminApp, ArgumentError } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";

// The exact requests of the AdminProject config methods and of update's requirePublishableClientKey.
afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const admin = () =>
  new AdminApp({ projectId: PROJECT, baseUrl: BASE, superSecretAdminKey: "sak_unit", tokenStore: null, retry: { sleep: async () => undefined, random: () => 0.5 } });
const wire = {
  id: PROJECT,
  display_name: "Acme",
  description: "",
  created_at_millis: 1735600000000,
  is_production_mode: false,
  owner_team_id: null,
  config: {
    allow_localhost: true, sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
    client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false,
    oauth_providers: [], enabled_oauth_providers: [], domains: [], email_config: { type: "shared" }, email_theme: "t", create_team_on_sign_up: false,
    team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [], oauth_account_merge_strategy: "link_method",
  },
};
const GITHUB_WIRE = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commit_hash: "abc", config_file_path: "stack.config.ts", workflow_path: "ci.yml" };
const GITHUB = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commitHash: "abc", configFilePath: "stack.config.ts", workflowPath: "ci.yml" } as const;

/** The project; its re-reads after each change (throttled by the read cache) are always answered. */
async function project() {
  nock(BASE).get("/api/v1/internal/projects/current").reply(...json(wire)).persist();
  return admin().getProject();
}
/** Records the body of one request and answers success. */
function expectWrite(method: "put" | "patch" | "post" | "delete", path: string) {
  const seen: { body?: unknown } = {};
  nock(BASE)[method](`/api/v1${path}`, (b) => ((seen.body = b), true)).reply(...json({ success: true }));
  return seen;
}
const pending = () => nock.pendingMocks().filter((m) => !m.endsWith("/internal/projects/current"));

test("pushConfig and updatePushedConfig write the branch level, with the source in snake_case", async () => {
  const p = await project();
  const push = expectWrite("put", "/internal/config/override/branch");
  await p.pushConfig({ "auth.allowSignUp": false }, { source: GITHUB });
  expect(push.body).toEqual({ config_string: JSON.stringify({ "auth.allowSignUp": false }), source: GITHUB_WIRE });
  const patch = expectWrite("patch", "/internal/config/override/branch");
  await p.updatePushedConfig({ teams: { allowClientTeamCreation: true } });
  expect(patch.body).toEqual({ config_override_string: JSON.stringify({ teams: { allowClientTeamCreation: true } }) });
  expect(pending()).toEqual([]);
});

test("source read and unlink; overrides read per level; reset-keys; replace keeps the branch source", async () => {
  const p = await project();
  nock(BASE).get("/api/v1/internal/config/source").reply(...json({ source: GITHUB_WIRE }));
  expect(await p.getPushedConfigSource()).toEqual(GITHUB);
  nock(BASE).get("/api/v1/internal/config/source").reply(...json({ source: { type: "unlinked" } }));
  expect(await p.getPushedConfigSource()).toEqual({ type: "unlinked" });
  const unlink = expectWrite("delete", "/internal/config/source");
  await p.unlinkPushedConfigSource();
  expect(unlink.body).toBeFalsy();
  nock(BASE).get("/api/v1/internal/config/override/environment").reply(...json({ config_string: '{"auth.allowSignUp":false}' }));
  expect(await p.getConfigOverride("environment")).toEqual({ "auth.allowSignUp": false });
  const reset = expectWrite("post", "/internal/config/override/environment/reset-keys");
  await p.resetConfigOverrideKeys("environment", ["auth.allowSignUp", "teams"]);
  expect(reset.body).toEqual({ keys: ["auth.allowSignUp", "teams"] });
  nock(BASE).get("/api/v1/internal/config/source").reply(...json({ source: GITHUB_WIRE }));
  const replaceBranch = expectWrite("put", "/internal/config/override/branch");
  await p.replaceConfigOverride("branch", { "auth.otp.allowSignIn": true });
  expect(replaceBranch.body).toEqual({ config_string: '{"auth.otp.allowSignIn":true}', source: GITHUB_WIRE });
  const replaceEnv = expectWrite("put", "/internal/config/override/environment");
  await p.replaceConfigOverride("environment", {});
  expect(replaceEnv.body).toEqual({ config_string: "{}" });
  expect(pending()).toEqual([]);
});

test("update: requirePublishableClientKey goes to the project level; nothing given sends nothing", async () => {
  const p = await project();
  const level = expectWrite("patch", "/internal/config/override/project");
  await p.update({ requirePublishableClientKey: true });
  expect(level.body).toEqual({ config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) });
  await p.update({ config: {} }); // no PATCH is mocked: one would fail the call
  let body: unknown;
  nock(BASE).patch("/api/v1/internal/projects/current", (b) => ((body = b), true)).reply(...json(wire));
  await p.update({ onboardingStatus: "welcome", logoUrl: "data:image/png;base64,AAAA", logoFullUrl: null });
  expect(body).toEqual({ onboarding_status: "welcome", logo_url: "data:image/png;base64,AAAA", logo_full_url: null });
  expect(pending()).toEqual([]);
});

test("bad arguments are ArgumentErrors before any request", async () => {
  const p = await project();
  const calls: (() => Promise<unknown>)[] = [
    () => p.updateConfig([] as never),
    () => p.updateConfig({ a: () => 1 } as never),
    () => p.updateConfig({ when: new Date() }),
    () => p.updateConfig({ n: Number.NaN }),
    () => p.pushConfig({}, undefined as never),
    () => p.pushConfig({}, { source: { type: "pushed-from-git" } } as never),
    () => p.pushConfig({}, { source: { type: "pushed-from-github", owner: "a" } } as never),
    () => p.updatePushedConfig("x" as never),
    () => p.resetConfigOverrideKeys("project" as never, []),
    () => p.resetConfigOverrideKeys("branch", "auth" as never),
    () => p.resetConfigOverrideKeys("branch", [""]),
    () => p.getConfigOverride("staging" as never),
    () => p.replaceConfigOverride("environment", null as never),
    () => p.replaceConfigOverride("prod" as never, {}),
  ];
  for (const call of calls) await expect(call()).rejects.toThrow(ArgumentError);
  expect(pending()).toEqual([]);
});
