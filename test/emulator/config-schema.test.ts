import * as official from "@stackframe/stack-shared/dist/config/schema";
import { normalize as officialNormalize, override as officialOverride, removeKeysFromConfig } from "@stackframe/stack-shared/dist/config/format";
import { applyConfigDefaults, normalizeConfig, overrideConfig, removeConfigKeys } from "../../src/emulator/domain/config-format";
import { configOverrideProblem, type ConfigLevel } from "../../src/emulator/domain/config-schema";
import { validateBranchSource } from "../../src/emulator/routes/config-source";

// The emulator's config validator and renderer against the official shared package (the platform's own code for
// the same checks): every case must give the same verdict and the same message, word for word.
const schemas: Record<ConfigLevel, unknown> = {
  project: official.projectConfigSchema,
  branch: official.branchConfigSchema,
  environment: official.environmentConfigSchema,
};

async function officialProblem(level: ConfigLevel, override: unknown): Promise<string | null> {
  const r = await official.getConfigOverrideErrors(schemas[level] as never, override as never);
  return r.status === "ok" ? null : (r.error as string);
}

const CASES: [ConfigLevel, unknown][] = [
  ["environment", {}],
  ["environment", { "auth.allowSignUp": false, "teams.allowClientTeamCreation": true }],
  ["environment", { "auth.allowSignUp": "yes" }],
  ["environment", { "auth.allowSignUp": [true] }],
  ["environment", { "auth.allowSignUp": null }],
  ["environment", { "foo.bar": 1 }],
  ["environment", { "auth.foo": 1 }],
  ["environment", { auth: { allowSignUp: 1 } }],
  ["environment", { auth: { foo: 1 } }],
  ["environment", { auth: { allowSignUp: 1, password: 5 } }],
  ["environment", { auth: { password: 5, allowSignUp: 1 } }],
  ["environment", { auth: [1] }],
  ["environment", { "emails.server": { host: 1, port: "x", senderEmail: 2 } }],
  ["environment", { "rbac.defaultPermissions.signUp": { a: "x", b: 1 } }],
  ["environment", { "auth.oauth.providers": { github: 5 } }],
  ["environment", { "apps.installed": { teams: { enabled: "x" } } }],
  ["environment", { "a.b": { "c.d": 1 } }],
  ["environment", { "-a": 1 }],
  ["environment", { "auth.oauth.accountMergeStrategy": "x" }],
  ["environment", { "auth.oauth.providers.github": { type: "github", isShared: false, clientId: "a", clientSecret: "b" } }],
  ["environment", { "auth.oauth.providers": { github: { type: "nope" } } }],
  ["environment", { auth: { oauth: { providers: { github: { type: "github", allowSignIn: "x" } } } } }],
  ["environment", { "rbac.defaultPermissions.signUp": { reader: true } }],
  ["environment", { "rbac.defaultPermissions.signUp": { reader: "y" } }],
  ["environment", { rbac: { defaultPermissions: { signUp: { reader: "y" } } } }],
  ["environment", { "rbac.defaultPermissions.signUp.x": "y" }],
  ["environment", { "rbac.permissions.Bad": {} }],
  ["environment", { "rbac.permissions.ok": { scope: "x", foo: 1 } }],
  ["environment", { "rbac.permissions.ok": { scope: "x" } }],
  ["environment", { "emails.themes.notuuid": {} }],
  ["environment", { "emails.themes": { notuuid: {} } }],
  ["environment", { "emails.server.port": "x" }],
  ["environment", { "emails.server": 5 }],
  ["environment", { "emails.selectedThemeId": 5 }],
  ["environment", { "domains.trustedDomains.a": { baseUrl: "https://a.example.com", handlerPath: "/handler" } }],
  ["environment", { "domains.trustedDomains.a": { baseUrl: 5 } }],
  ["environment", { "payments.autoPay.interval": [1, "x"] }],
  ["environment", { "payments.autoPay.interval": [1] }],
  ["environment", { "payments.autoPay.interval": "x" }],
  ["environment", { "payments.products.p.isAddOnTo": 5 }],
  ["environment", { "payments.products.p.prices": "include-by-default" }],
  ["environment", { "apps.installed.teams": { enabled: true } }],
  ["environment", { "apps.installed.nope": { enabled: true } }],
  ["environment", { "project.requirePublishableClientKey": true }],
  ["environment", { sourceOfTruth: { type: "hosted" } }],
  ["environment", { "a.b": 1, "auth.allowSignUp": "x" }],
  ["environment", { x: [null] }],
  ["branch", { "domains.allowLocalhost": true }],
  ["branch", { "domains.trustedDomains.a": { baseUrl: "https://a.example.com" } }],
  ["branch", { "emails.server.host": "smtp.example.com" }],
  ["branch", { "auth.oauth.providers.github": { type: "github", allowSignIn: true } }],
  ["branch", { "auth.oauth.providers.github": { type: "github", isShared: false, clientId: "a", clientSecret: "b" } }],
  ["branch", { "project.requirePublishableClientKey": true }],
  ["branch", { "auth.allowSignUp": false, "teams.createPersonalTeamOnSignUp": true }],
  ["project", { "project.requirePublishableClientKey": true }],
  ["project", { "project.requirePublishableClientKey": "yes" }],
  ["project", { "auth.allowSignUp": true }],
  ["environment", null],
  ["environment", []],
];

test.each(CASES.map((c, i) => [i, ...c] as const))("case %i (%s): same verdict and message as the platform", async (_i, level, override) => {
  expect(configOverrideProblem(level, override)).toBe(await officialProblem(level, override));
});

describe("override, reset and render semantics", () => {
  const overrides = [
    [{ a: 1, b: 2, "c.d": 3, "c.e.f": 4, "c.g": 5 }, { a: 9, "c.d": 10, "c.e": null }],
    [{ teams: { allowClientTeamCreation: true } }, { "teams.createPersonalTeamOnSignUp": true }],
    [{ "teams.allowClientTeamCreation": true, "teams.createPersonalTeamOnSignUp": true }, { teams: { allowClientTeamCreation: false } }],
  ] as const;
  test.each(overrides.map((o, i) => [i, ...o] as const))("override %i matches the platform", (_i, a, b) => {
    expect(overrideConfig(a as never, b as never)).toEqual(officialOverride(a as never, b as never));
  });

  const resets: [Record<string, unknown>, string[]][] = [
    [{ "a.b": 1, "a.b.c": 2, "a.d": 3 }, ["a.b"]],
    [{ teams: { allowClientTeamCreation: true, createPersonalTeamOnSignUp: true } }, ["teams.allowClientTeamCreation"]],
    [{ teams: { allowClientTeamCreation: true } }, ["teams.allowClientTeamCreation"]],
    [{ "teams.allowClientTeamCreation": true, teams: { createPersonalTeamOnSignUp: true } }, ["teams"]],
    [{ teams: { "a.b.c": 1 } }, ["teams.a.b"]],
    [{ a: "string" }, ["a.b"]],
    [{ a: { b: 1 }, c: { d: 2 } }, ["a.b", "c.d"]],
  ];
  test.each(resets.map((r, i) => [i, ...r] as const))("reset %i matches the platform", (_i, config, keys) => {
    expect(removeConfigKeys(config, keys)).toEqual(removeKeysFromConfig(config as never, keys));
  });

  const rendered: Record<string, unknown>[] = [
    {},
    { "auth.allowSignUp": false, "domains.allowLocalhost": true },
    { auth: { allowSignUp: false } },
    { "auth.password": null, "auth.otp.allowSignIn": true },
    { "auth.oauth.providers.github": { type: "github", allowSignIn: true }, "auth.oauth.providers.google.clientId": "dropped" },
    { "domains.trustedDomains.d1": { baseUrl: "https://a.example.com" }, "domains.trustedDomains.d1.handlerPath": "/auth" },
    { "rbac.defaultPermissions.teamCreator": { team_admin: true }, "rbac.permissions.team_admin": { scope: "team" } },
    { "auth.oauth.providers": { github: { type: "github" } }, "auth.oauth.providers.github": null },
    { "auth.oauth.providers.github": { type: "github" }, "auth.oauth.providers.github.allowSignIn": null },
  ];
  test.each(rendered.map((r, i) => [i, r] as const))("rendering %i matches the platform's defaults and normalization", (_i, override) => {
    const theirs = officialNormalize(official.applyOrganizationDefaults(override) as never, { onDotIntoNonObject: "ignore" }) as Record<string, any>;
    delete theirs.emails.themes;
    delete theirs.emails.templates;
    const ours = normalizeConfig(applyConfigDefaults(override)) as Record<string, any>;
    expect(ours).toEqual(theirs);
  });
});

describe("pushed-config source validation", () => {
  const sources: unknown[] = [
    { type: "pushed-from-github", owner: "o", repo: "r", branch: "b", commit_hash: "c", config_file_path: "f" },
    { type: "pushed-from-github", owner: "o", repo: "r", branch: "b", commit_hash: "c", config_file_path: "f", workflow_path: 5 },
    { type: "pushed-from-unknown" },
    { type: "unlinked" },
    { type: "x" },
    { type: "pushed-from-github" },
    { type: "unlinked", extra: 1 },
    { owner: {} },
    "str",
    null,
  ];
  test.each(sources.map((s, i) => [i, s] as const))("source %i: same problems as the platform", async (_i, source) => {
    const { branchConfigSourceSchema, yupObject, yupString, yupValidate } = await import("@stackframe/stack-shared/dist/schema-fields");
    const schema = yupObject({ body: yupObject({ config_string: yupString().defined(), source: branchConfigSourceSchema.optional() }).defined() });
    let theirs: string[] | null = null;
    try {
      await yupValidate(schema, { body: { config_string: "{}", source } }, { abortEarly: false, context: { noUnknownPathPrefixes: ["body"] } } as never);
    } catch (e) {
      const error = e as { inner?: { message: string }[]; message: string };
      theirs = error.inner?.length ? error.inner.map((i) => i.message) : [error.message];
    }
    expect(validateBranchSource(source, "body.source")).toEqual(theirs);
  });
});
