import nock from "nock";
import { AdminApp, ArgumentError } from "../../../src/index";
import { productionModeErrors } from "../../../src/resources/projects/admin";
import { BASE, PROJECT } from "../../helpers/http";

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
  owner_team_id: "team-1",
  is_development_environment: true,
  onboarding_status: "auth_setup",
  logo_url: "https://cdn.example.com/logo.png",
  logo_full_url: null,
  config: {
    allow_localhost: true,
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    client_team_creation_enabled: true,
    client_user_deletion_enabled: false,
    allow_user_api_keys: false,
    allow_team_api_keys: true,
    oauth_providers: [
      { provider_config_id: "facebook", id: "facebook", type: "standard", client_id: "cid", client_secret: "cs", facebook_config_id: "fb1" },
      { provider_config_id: "github", id: "github", type: "shared" },
    ],
    enabled_oauth_providers: [{ id: "facebook" }, { id: "github" }],
    domains: [{ domain: "https://app.example.com", handler_path: "/handler" }],
    email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Acme", sender_email: "no@example.com" },
    email_theme: "theme-1",
    create_team_on_sign_up: false,
    team_creator_default_permissions: [{ id: "team_admin" }],
    team_member_default_permissions: [{ id: "team_member" }],
    user_default_permissions: [],
    oauth_account_merge_strategy: "link_method",
  },
};

test("the admin wire shape maps to camelCase, with admin headers", async () => {
  nock(BASE, { reqheaders: { "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": "sak_unit", "x-stack-project-id": PROJECT } })
    .get("/api/v1/internal/projects/current")
    .reply(...json(wire));
  const project = await admin().getProject();
  const methods = Object.entries(project).filter(([, v]) => typeof v === "function").map(([k]) => k).sort();
  expect(methods).toEqual([
    "delete", "getConfig", "getConfigOverride", "getProductionModeErrors", "getPushedConfigSource", "pushConfig", "replaceConfigOverride",
    "resetConfigOverrideKeys", "unlinkPushedConfigSource", "update", "updateConfig", "updatePushedConfig",
  ]);
  expect(Object.fromEntries(Object.entries(project).filter(([, v]) => typeof v !== "function"))).toStrictEqual({
    id: PROJECT,
    displayName: "Acme",
    description: "",
    createdAt: new Date(1735600000000),
    isProductionMode: false,
    isDevelopmentEnvironment: true,
    ownerTeamId: "team-1",
    onboardingStatus: "auth_setup",
    logoUrl: "https://cdn.example.com/logo.png",
    logoFullUrl: null,
    logoDarkModeUrl: undefined,
    logoFullDarkModeUrl: undefined,
    config: {
      signUpEnabled: true,
      credentialEnabled: true,
      magicLinkEnabled: false,
      passkeyEnabled: false,
      clientTeamCreationEnabled: true,
      clientUserDeletionEnabled: false,
      allowUserApiKeys: false,
      allowTeamApiKeys: true,
      allowLocalhost: true,
      oauthAccountMergeStrategy: "link_method",
      oauthProviders: [
        { id: "facebook", type: "standard", clientId: "cid", clientSecret: "cs", facebookConfigId: "fb1" },
        { id: "github", type: "shared" },
      ],
      emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Acme", senderEmail: "no@example.com" },
      emailTheme: "theme-1",
      domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }],
      createTeamOnSignUp: false,
      teamCreatorDefaultPermissions: [{ id: "team_admin" }],
      teamMemberDefaultPermissions: [{ id: "team_member" }],
      userDefaultPermissions: [],
    },
  });
});

test("a server that omits the newer fields reads as their defaults", async () => {
  const { is_development_environment: _d, onboarding_status: _o, logo_url: _l, logo_full_url: _f, ...old } = wire;
  nock(BASE).get("/api/v1/internal/projects/current").reply(...json(old));
  const project = await admin().getProject();
  expect([project.isDevelopmentEnvironment, project.onboardingStatus, project.logoUrl]).toEqual([false, "completed", undefined]);
});

test("update sends only the given fields in snake_case, then refreshes the project", async () => {
  let body: unknown;
  nock(BASE)
    .get("/api/v1/internal/projects/current").reply(...json(wire))
    .patch("/api/v1/internal/projects/current", (b) => ((body = b), true)).reply(...json(wire))
    .get("/api/v1/internal/projects/current").reply(...json({ ...wire, display_name: "Renamed" }));
  const app = admin();
  const project = await app.getProject();
  await project.update({
    displayName: "Renamed",
    description: null,
    config: {
      allowLocalhost: false,
      clientUserDeletionEnabled: true,
      oauthAccountMergeStrategy: "allow_duplicates",
      oauthProviders: [{ id: "microsoft", type: "standard", clientId: "c", clientSecret: "s", microsoftTenantId: "t1" }, { id: "google", type: "shared" }],
      emailConfig: { type: "standard", host: "h", port: 25, username: "u", password: "p", senderName: "N", senderEmail: "e@example.com" },
      emailTheme: "theme-2",
      domains: [{ domain: "https://a.example.com", handlerPath: "/auth" }],
      createTeamOnSignUp: true,
      teamCreatorDefaultPermissions: [{ id: "team_admin" }],
      teamMemberDefaultPermissions: [],
      userDefaultPermissions: [{ id: "reader" }],
    },
  });
  expect(body).toEqual({
    display_name: "Renamed",
    description: null,
    config: {
      allow_localhost: false,
      client_user_deletion_enabled: true,
      oauth_account_merge_strategy: "allow_duplicates",
      oauth_providers: [{ id: "microsoft", type: "standard", client_id: "c", client_secret: "s", microsoft_tenant_id: "t1" }, { id: "google", type: "shared" }],
      email_config: { type: "standard", host: "h", port: 25, username: "u", password: "p", sender_name: "N", sender_email: "e@example.com" },
      email_theme: "theme-2",
      domains: [{ domain: "https://a.example.com", handler_path: "/auth" }],
      create_team_on_sign_up: true,
      team_creator_default_permissions: [{ id: "team_admin" }],
      team_member_default_permissions: [],
      user_default_permissions: [{ id: "reader" }],
    },
  });
  expect((await app.getProject()).displayName).toBe("Renamed");
});

test("getConfig parses config_string; updateConfig merges into the environment level", async () => {
  let body: unknown;
  nock(BASE)
    .get("/api/v1/internal/projects/current").reply(...json(wire))
    .get("/api/v1/internal/config").reply(...json({ config_string: JSON.stringify({ auth: { allowSignUp: true } }) }))
    .patch("/api/v1/internal/config/override/environment", (b) => ((body = b), true)).reply(...json({ success: true }))
    .get("/api/v1/internal/projects/current").reply(...json(wire));
  const project = await admin().getProject();
  expect(await project.getConfig()).toEqual({ auth: { allowSignUp: true } });
  await project.updateConfig({ "auth.allowSignUp": false });
  expect(body).toEqual({ config_override_string: JSON.stringify({ "auth.allowSignUp": false }) });
});

describe("production-mode errors", () => {
  const fix = `/projects/${PROJECT}/domains`;
  test("all five messages, exact text and fix link", () => {
    const errors = productionModeErrors(PROJECT, {
      allowLocalhost: true,
      domains: [
        { domain: "not a url", handlerPath: "/handler" },
        { domain: "https://localhost:3000", handlerPath: "/handler" },
        { domain: "https://192.168.0.10", handlerPath: "/handler" },
        { domain: "http://app.example.com", handlerPath: "/handler" },
      ],
    });
    expect(errors).toEqual([
      { message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl: fix },
      { message: "Trusted domain is not a valid URL: not a url", relativeFixUrl: fix },
      { message: "Localhost domains are not allowed to be trusted in production mode: https://localhost:3000", relativeFixUrl: fix },
      { message: "Direct IPs are not valid for trusted domains in production mode: https://192.168.0.10", relativeFixUrl: fix },
      { message: "Trusted domains should be HTTPS: http://app.example.com", relativeFixUrl: fix },
    ]);
  });

  test("each domain reports its first problem only; subdomains of localhost and 127.x count as localhost; wildcard ports and hosts are judged by the host", () => {
    const errors = productionModeErrors(PROJECT, {
      allowLocalhost: false,
      domains: [
        { domain: "http://localhost:3000", handlerPath: "/h" },
        { domain: "http://127.0.0.1", handlerPath: "/h" },
        { domain: "https://dev.localhost", handlerPath: "/h" },
        { domain: "http://10.0.0.1", handlerPath: "/h" },
        { domain: "http://localhost:*", handlerPath: "/h" },
        { domain: "https://*.example.com:*", handlerPath: "/h" },
      ],
    });
    expect(errors.map((e) => e.message)).toEqual([
      "Localhost domains are not allowed to be trusted in production mode: http://localhost:3000",
      "Localhost domains are not allowed to be trusted in production mode: http://127.0.0.1",
      "Localhost domains are not allowed to be trusted in production mode: https://dev.localhost",
      "Direct IPs are not valid for trusted domains in production mode: http://10.0.0.1",
      "Localhost domains are not allowed to be trusted in production mode: http://localhost:*",
    ]);
  });

  test("a clean HTTPS config (wildcards included) has no errors", () => {
    expect(
      productionModeErrors(PROJECT, {
        allowLocalhost: false,
        domains: [
          { domain: "https://app.example.com", handlerPath: "/handler" },
          { domain: "https://*.example.com", handlerPath: "/handler" },
        ],
      }),
    ).toEqual([]);
    expect(productionModeErrors(PROJECT, { allowLocalhost: false, domains: [] })).toEqual([]);
  });

  test("the project object reports them, and update({ isProductionMode: true }) is refused before any request", async () => {
    const dirty = { ...wire, config: { ...wire.config, domains: [{ domain: "http://app.example.com", handler_path: "/handler" }] } };
    const scope = nock(BASE).get("/api/v1/internal/projects/current").reply(...json(dirty));
    const project = await admin().getProject();
    expect((await project.getProductionModeErrors()).map((e) => e.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      "Trusted domains should be HTTPS: http://app.example.com",
    ]);
    const refused = project.update({ isProductionMode: true });
    await expect(refused).rejects.toThrow(ArgumentError);
    await expect(refused).rejects.toThrow(/Trusted domains should be HTTPS: http:\/\/app\.example\.com \(fix: \/projects\/.*\/domains\)/);
    expect(scope.isDone()).toBe(true);
    // a change that fixes everything in the same update goes through
    let body: unknown;
    nock(BASE)
      .patch("/api/v1/internal/projects/current", (b) => ((body = b), true)).reply(...json(wire))
      .get("/api/v1/internal/projects/current").reply(...json(wire));
    await project.update({ isProductionMode: true, config: { allowLocalhost: false, domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }] } });
    expect(body).toMatchObject({ is_production_mode: true, config: { allow_localhost: false } });
  });
});

test("bad update arguments are ArgumentErrors before any request", async () => {
  nock(BASE).get("/api/v1/internal/projects/current").reply(...json(wire));
  const project = await admin().getProject();
  const bad: unknown[] = [
    { displayName: "" },
    { isProductionMode: "yes" },
    { config: { signUpEnabled: 1 } },
    { config: { oauthAccountMergeStrategy: "merge" } },
    { config: { domains: [{ domain: "https://a.example.com" }] } },
    { config: { oauthProviders: [{ id: "github", type: "standard" }] } },
    { config: { emailConfig: { type: "standard", host: "h", port: 70000, username: "u", password: "p", senderName: "n", senderEmail: "e" } } },
    { config: { userDefaultPermissions: ["reader"] } },
    { description: 5 },
    { onboardingStatus: "done" },
    { logoUrl: "not a url" },
    { logoDarkModeUrl: 5 },
    { requirePublishableClientKey: "yes" },
    "nope",
  ];
  for (const data of bad) await expect(project.update(data as never)).rejects.toThrow(ArgumentError);
  await expect(project.updateConfig(null as never)).rejects.toThrow(ArgumentError);
  expect(nock.pendingMocks()).toEqual([]);
});

test("the constructor needs an admin key or a project owner session", () => {
  const saved = process.env.STACK_SUPER_SECRET_ADMIN_KEY;
  delete process.env.STACK_SUPER_SECRET_ADMIN_KEY;
  try {
    expect(() => new AdminApp({ projectId: PROJECT, baseUrl: BASE, tokenStore: null })).toThrow(ArgumentError);
  } finally {
    if (saved !== undefined) process.env.STACK_SUPER_SECRET_ADMIN_KEY = saved;
  }
});
