import nock from "nock";
import { AdminApp, ArgumentError, ServerApp } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

test("ServerApp needs a secret server key (option or STACK_SECRET_SERVER_KEY) and sends it", async () => {
  delete process.env.STACK_SECRET_SERVER_KEY;
  expect(() => new ServerApp({ projectId: PROJECT, baseUrl: BASE })).toThrow(ArgumentError);
  expect(() => new ServerApp(null as never)).toThrow(ArgumentError);
  process.env.STACK_SECRET_SERVER_KEY = "ssk_from_env";
  let seen: Record<string, unknown> = {};
  nock(BASE)
    .get("/api/v1/projects/current")
    .reply(function () {
      seen = this.req.headers;
      return [200, JSON.stringify({ id: PROJECT, display_name: "x", config: { enabled_oauth_providers: [] } }), { "content-type": "application/json" }];
    });
  await new ServerApp({ projectId: PROJECT, baseUrl: BASE }).getProject();
  expect(seen["x-stack-access-type"]).toBe("server");
  expect(seen["x-stack-secret-server-key"]).toBe("ssk_from_env");
});

const adminProject = {
  id: PROJECT, display_name: "x", description: "", created_at_millis: 1, is_production_mode: false, owner_team_id: null,
  config: {
    allow_localhost: true, sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
    client_team_creation_enabled: false, client_user_deletion_enabled: false, allow_user_api_keys: false, allow_team_api_keys: false,
    oauth_providers: [], enabled_oauth_providers: [], domains: [], email_config: { type: "shared" }, email_theme: "t",
    create_team_on_sign_up: false, team_creator_default_permissions: [], team_member_default_permissions: [],
    user_default_permissions: [], oauth_account_merge_strategy: "link_method",
  },
};

test("AdminApp needs the admin key or a project owner's session", async () => {
  delete process.env.STACK_SUPER_SECRET_ADMIN_KEY;
  expect(() => new AdminApp({ projectId: PROJECT, baseUrl: BASE })).toThrow(/superSecretAdminKey/);
  let seen: Record<string, unknown> = {};
  nock(BASE)
    .get("/api/v1/internal/projects/current")
    .reply(function () {
      seen = this.req.headers;
      return [200, JSON.stringify(adminProject), { "content-type": "application/json" }];
    });
  const owner = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
  await new AdminApp({ projectId: PROJECT, baseUrl: BASE, projectOwnerSession: owner }).getProject();
  expect(seen["x-stack-access-type"]).toBe("admin");
  expect(seen["x-stack-admin-access-token"]).toBe(owner.accessToken);
  expect(seen["x-stack-super-secret-admin-key"]).toBeUndefined();
});

test("a project owner's expired token is refreshed against the internal project", async () => {
  let form = "";
  const fresh = fakeAccessToken(600);
  nock(BASE)
    .post("/api/v1/auth/oauth/token", (b) => ((form = new URLSearchParams(b).toString()), true))
    .reply(200, JSON.stringify({ access_token: fresh }), { "content-type": "application/json" })
    .get("/api/v1/internal/projects/current")
    .matchHeader("x-stack-admin-access-token", fresh)
    .reply(200, JSON.stringify(adminProject), { "content-type": "application/json" });
  const owner = { accessToken: fakeAccessToken(5), refreshToken: fakeRefreshToken() };
  await new AdminApp({ projectId: PROJECT, baseUrl: BASE, projectOwnerSession: owner }).getProject();
  expect(new URLSearchParams(form).get("client_id")).toBe("internal");
});
