import {
  AdminApp,
  ArgumentError,
  ClientApp,
  defineHexclaveConfig,
  defineStackConfig,
  getPagePrompt,
  HexclaveAdminApp,
  HexclaveClientApp,
  HexclaveServerApp,
  ServerApp,
  StackAdminApp,
  StackClientApp,
  StackServerApp,
} from "../../../src/index";

const PROJECT = "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";

test("the official app names are latchkey's classes, so instanceof and statics work either way", () => {
  expect(StackClientApp).toBe(ClientApp);
  expect(StackServerApp).toBe(ServerApp);
  expect(StackAdminApp).toBe(AdminApp);
  expect(HexclaveClientApp).toBe(ClientApp);
  expect(HexclaveServerApp).toBe(ServerApp);
  expect(HexclaveAdminApp).toBe(AdminApp);
  const server = new StackServerApp({ projectId: PROJECT, secretServerKey: "ssk_test", tokenStore: "memory" });
  expect(server).toBeInstanceOf(ServerApp);
  expect(server).toBeInstanceOf(StackClientApp);
  expect(server.projectId).toBe(PROJECT);
});

test("defineStackConfig returns the config unchanged and refuses what is not a config", () => {
  const config = { "auth.allowSignUp": false, teams: { allowClientTeamCreation: true } };
  expect(defineStackConfig(config)).toBe(config);
  expect(defineHexclaveConfig("show-onboarding")).toBe("show-onboarding");
  expect(defineStackConfig(Object.create(null))).toEqual({});
  for (const bad of [null, [], "other", 3, new Date(), () => ({})]) {
    expect(() => defineStackConfig(bad as never)).toThrow(ArgumentError);
  }
});

test("getPagePrompt describes every handler page (version 1), with upgrade text only for older versions", () => {
  const pages = ["signIn", "signUp", "signOut", "emailVerification", "passwordReset", "forgotPassword", "oauthCallback", "magicLinkCallback", "accountSettings", "teamInvitation", "cliAuthConfirm", "mfa", "error", "onboarding"];
  for (const page of pages) {
    const prompt = getPagePrompt(page);
    expect(prompt).toMatchObject({ title: expect.any(String), latestVersion: 1 });
    expect(prompt!.fullPrompt).toContain(`urls: { ${page}: { type: "custom"`);
    expect(prompt!.upgradePrompt).toBe(prompt!.fullPrompt);
    expect(getPagePrompt(page, 0)!.upgradePrompt).toBe(prompt!.fullPrompt);
    expect(getPagePrompt(page, 1)!.upgradePrompt).toBeNull();
  }
  expect(getPagePrompt("signIn")!.fullPrompt).toContain("signInWithCredential");
  expect(getPagePrompt("handler")).toBeNull();
  expect(getPagePrompt("toString")).toBeNull();
});
