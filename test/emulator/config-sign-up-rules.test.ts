import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, startTestEmulator, type CallOptions } from "./helpers";

// Config validation as the platform does it (packages/stack-shared/src/config/schema.ts), over real HTTP: unknown
// fields and environment-only fields refused at branch level, and the rendered config with auth.signUpRules and
// auth.signUpRulesDefaultAction (defaults, a pushed rule filled with the rule defaults, their allowed values).
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const admin = (path: string, o: CallOptions = {}) => call(em, path, { access: "admin", ...o });
const server = (path: string, o: CallOptions = {}) => call(em, path, { access: "server", ...o });
const rendered = async () => JSON.parse((await admin("/internal/config")).json.config_string);
const pushBranch = (config: unknown, as = server) =>
  as("/internal/config/override/branch", { method: "PUT", body: { config_string: JSON.stringify(config), source: { type: "pushed-from-unknown" } } });
const patch = (level: string, config: unknown) => admin(`/internal/config/override/${level}`, { method: "PATCH", body: { config_override_string: JSON.stringify(config) } });

test("the rendered config has auth.signUpRules and auth.signUpRulesDefaultAction with the platform's defaults", async () => {
  const auth = (await rendered()).auth;
  expect(auth.signUpRules).toEqual({});
  expect(auth.signUpRulesDefaultAction).toBe("allow");
});

test("a pushed sign-up rule renders with the rule defaults; the environment can change the default action", async () => {
  expect((await pushBranch({ "auth.signUpRules.block_spam": { condition: 'email.endsWith("@spam.test")', action: { type: "reject", message: "No spam" } } })).json).toEqual({ success: true });
  expect((await patch("environment", { "auth.signUpRulesDefaultAction": "reject" })).json).toEqual({ success: true });
  const auth = (await rendered()).auth;
  expect(auth.signUpRules).toEqual({
    block_spam: { enabled: false, priority: 0, condition: 'email.endsWith("@spam.test")', action: { type: "reject", message: "No spam" } },
  });
  expect(auth.signUpRulesDefaultAction).toBe("reject");
  // reset, so later tests see the defaults again
  await pushBranch({});
  await admin("/internal/config/override/environment/reset-keys", { body: { keys: ["auth.signUpRulesDefaultAction"] } });
  expect((await rendered()).auth.signUpRulesDefaultAction).toBe("allow");
});

test("sign-up rules are validated with the platform's values and messages", async () => {
  const cases: [unknown, string][] = [
    [{ "auth.signUpRules.r1.action.type": "block" }, "auth.signUpRules.r1.action.type must be one of the following values: allow, reject, restrict, log"],
    [{ "auth.signUpRulesDefaultAction": "restrict" }, "auth.signUpRulesDefaultAction must be one of the following values: allow, reject"],
    [{ "auth.signUpRules.r1": { priority: "high" } }, 'auth.signUpRules.r1.priority must be a `number` type, but the final value was: `"high"`.'],
    [{ "auth.signUpRules.r1": { when: "always" } }, "auth.signUpRules.r1 contains unknown properties: when"],
  ];
  for (const [config, message] of cases) {
    const r = await pushBranch(config);
    expect([r.status, r.text]).toEqual([400, message]);
  }
});

test("unknown fields are refused at every level, environment-only fields at branch level", async () => {
  const unknown = await pushBranch({ "auth.signUpMode": "open" });
  expect([unknown.status, unknown.text]).toEqual([400, 'The key "auth.signUpMode" is not valid (nested object not found in schema: "auth.signUpMode").']);
  const nested = await patch("environment", { auth: { password: { allowSignIn: true, minLength: 8 } } });
  expect([nested.status, nested.text]).toEqual([400, "auth.password contains unknown properties: minLength"]);
  // secrets, e-mail servers and domains live in the environment; a branch (what a config push writes) cannot set them
  for (const [key, prefix] of [
    ["auth.oauth.providers.github.clientSecret", "auth.oauth.providers.github.clientSecret"],
    ["emails.server.password", "emails.server"],
    ["domains.trustedDomains.main.baseUrl", "domains.trustedDomains"],
  ]) {
    const r = await pushBranch({ [key]: "x" });
    expect([r.status, r.text]).toEqual([400, `The key ${JSON.stringify(key)} is not valid (nested object not found in schema: ${JSON.stringify(prefix)}).`]);
  }
  expect((await patch("environment", { "auth.oauth.providers.github.clientSecret": "x" })).json).toEqual({ success: true });
  // nothing refused was stored
  expect(JSON.parse((await server("/internal/config/override/branch")).json.config_string)).toEqual({});
  expectKnown(await server("/internal/config"), 401, "INSUFFICIENT_ACCESS_TYPE");
});
