/**
 * Garbage answers: every SDK method of ClientApp, of the signed-in user and ServerApp's own, given a 2xx whose body is an HTML page,
 * truncated JSON, wrong field types, an empty object, an empty body or `null`, throws an UnexpectedResponseError
 * (status, method and URL, a short excerpt) — never a raw TypeError/SyntaxError and never success with missing data.
 *
 * The table is checked against the methods the objects really have: a method added to ClientApp, ServerApp or the user
 * without a row here (or a reason it sends nothing / needs a browser) fails the "every method has a row" test.
 */
import nock from "nock";
import { ServerApp } from "../../../src/index";
import type { ClientApp, CurrentUser } from "../../../src/index";
import { testClientApp, userJson } from "../../helpers/app";
import { BASE, PROJECT } from "../../helpers/http";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";
import { GARBAGE_CASES as cases, check, methodsOf } from "./garbage-helpers";
import type { Row } from "./garbage-helpers";

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const TEAM = "2a1e0a52-0000-4000-8000-000000000002";
/** A well-formed (45-character) code: a shorter one is answered before any request, so never reaches decoding. */
const CODE = "c".repeat(45);
const APP_ROWS: Record<string, Row<ClientApp>> = {
  getUser: { call: (a) => a.getUser() },
  getProject: { call: (a) => a.getProject() },
  signInWithCredential: { call: (a) => a.signInWithCredential({ email: "ada@example.com", password: "password-123", noRedirect: true }) },
  signUpWithCredential: { call: (a) => a.signUpWithCredential({ email: "ada@example.com", password: "password-123", noRedirect: true, noVerificationCallback: true }) },
  sendForgotPasswordEmail: { call: (a) => a.sendForgotPasswordEmail("ada@example.com", { callbackUrl: "https://app.example/reset" }), void: true },
  sendMagicLinkEmail: { call: (a) => a.sendMagicLinkEmail("ada@example.com", { callbackUrl: "https://app.example/magic" }) },
  signInWithMagicLink: { call: (a) => a.signInWithMagicLink(CODE, { noRedirect: true }) },
  signInWithMfa: { call: (a) => a.signInWithMfa("123456", CODE, { noRedirect: true }) },
  verifyPasswordResetCode: { call: (a) => a.verifyPasswordResetCode(CODE), void: true },
  resetPassword: { call: (a) => a.resetPassword({ code: CODE, password: "password-456" }), void: true },
  verifyEmail: { call: (a) => a.verifyEmail(CODE), void: true },
  verifyTeamInvitationCode: { call: (a) => a.verifyTeamInvitationCode(CODE), void: true },
  acceptTeamInvitation: { call: (a) => a.acceptTeamInvitation(CODE), void: true },
  getTeamInvitationDetails: { call: (a) => a.getTeamInvitationDetails(CODE) },
  signOut: { call: (a) => a.signOut({ noRedirect: true } as never), void: true },
  confirmCliLogin: { call: (a) => a.confirmCliLogin("login-code"), void: true },
  claimCliAnonymousSession: { call: (a) => a.claimCliAnonymousSession("login-code") },
  getCliLoginState: { call: (a) => a.getCliLoginState("login-code") },
  promptCliLogin: { call: (a) => a.promptCliLogin({ appUrl: "https://app.example", promptLink: () => undefined, waitTimeMillis: 0, maxAttempts: 1 }) },
};

const USER_ROWS: Record<string, Row<CurrentUser>> = {
  update: { call: (u) => u.update({ displayName: "Ada" }), void: true },
  setDisplayName: { call: (u) => u.setDisplayName("Ada"), void: true },
  setClientMetadata: { call: (u) => u.setClientMetadata({ a: 1 }), void: true },
  setSelectedTeam: { call: (u) => u.setSelectedTeam(TEAM), void: true },
  delete: { call: (u) => u.delete(), void: true },
  signOut: { call: (u) => u.signOut({ noRedirect: true } as never), void: true },
  setPassword: { call: (u) => u.setPassword({ password: "password-123" }), void: true },
  updatePassword: { call: (u) => u.updatePassword({ oldPassword: "password-123", newPassword: "password-456" }), void: true },
  sendVerificationEmail: { call: (u) => u.sendVerificationEmail({ callbackUrl: "https://app.example/verify" }), void: true },
  listContactChannels: { call: (u) => u.listContactChannels() },
  createContactChannel: { call: (u) => u.createContactChannel({ type: "email", value: "b@example.com", usedForAuth: false }) },
  listTeams: { call: (u) => u.listTeams() },
  getTeam: { call: (u) => u.getTeam(TEAM) },
  createTeam: { call: (u) => u.createTeam({ displayName: "T" }) },
  leaveTeam: { call: (u) => u.leaveTeam({ id: TEAM } as never), void: true },
  getTeamProfile: { call: (u) => u.getTeamProfile({ id: TEAM } as never) },
  listTeamInvitations: { call: (u) => u.listTeamInvitations() },
  listPermissions: { call: (u) => u.listPermissions({ id: TEAM } as never) },
  getPermission: { call: (u) => u.getPermission({ id: TEAM } as never, "admin") },
  hasPermission: { call: (u) => u.hasPermission({ id: TEAM } as never, "admin") },
  listApiKeys: { call: (u) => u.listApiKeys() },
  createApiKey: { call: (u) => u.createApiKey({ description: "k", expiresAt: null }) },
  getActiveSessions: { call: (u) => u.getActiveSessions() },
  revokeSession: { call: (u) => u.revokeSession("5e551011-0000-4000-8000-000000000001"), void: true },
  listOAuthProviders: { call: (u) => u.listOAuthProviders() },
  getOAuthProvider: { call: (u) => u.getOAuthProvider("p-1") },
  listConnectedAccounts: { call: (u) => u.listConnectedAccounts() },
  getConnectedAccount: { call: (u) => u.getConnectedAccount({ provider: "github", providerAccountId: "1" }) },
  listNotificationCategories: { call: (u) => u.listNotificationCategories() },
};

const USER = "3f1e0a52-0000-4000-8000-000000000001";
/** ServerApp's own methods (those it shares with ClientApp are in APP_ROWS). */
const SERVER_ROWS: Record<string, Row<ServerApp>> = {
  getServerUser: { call: (a) => a.getServerUser() },
  createUser: { call: (a) => a.createUser({ primaryEmail: "b@example.com" }) },
  listUsers: { call: (a) => a.listUsers() },
  checkApiKey: { call: (a) => a.checkApiKey("api-key") },
  createTeam: { call: (a) => a.createTeam({ displayName: "T" }) },
  getTeam: { call: (a) => a.getTeam(TEAM) },
  listTeams: { call: (a) => a.listTeams() },
  listTeamMemberPermissions: { call: (a) => a.listTeamMemberPermissions(TEAM) },
  sendEmail: { call: (a) => a.sendEmail({ userIds: [USER], html: "<p>Hi</p>", subject: "Hi" }), void: true },
  createOAuthProvider: { call: (a) => a.createOAuthProvider({ userId: USER, providerConfigId: "github", accountId: "1", email: "a@example.com", allowSignIn: true, allowConnectedAccounts: true }) },
  listOAuthProviders: { call: (a) => a.listOAuthProviders(USER) },
  getOAuthProvider: { call: (a) => a.getOAuthProvider(USER, "5c5c5c5c-0000-4000-8000-000000000001") },
  getConnectedAccountAccessToken: { call: (a) => a.getConnectedAccountAccessToken({ userId: USER, provider: "github" }) },
  getDataVaultStore: { call: async (a) => (await a.getDataVaultStore("vault")).getValue("k", { secret: "a secret of enough length" }) },
  getEmailDeliveryStats: { call: (a) => a.getEmailDeliveryStats() },
  activateEmailCapacityBoost: { call: (a) => a.activateEmailCapacityBoost(), void: true },
};

/** Methods that send nothing here (tokens read locally, or navigation only) or need a browser page (covered by browser tests). */
const NOT_HTTP = new Set([
  "getAccessToken", "getRefreshToken", "getAuthJson", "getAuthHeaders", "getAuthorizationHeader", "getPartialUser", "toClientJson",
  // the session's access token for Convex: read locally, or refreshed through the session (the token rows' refresh)
  "getConvexClientAuth", "getConvexHttpClientAuth",
  "verifyAccessToken", // verified locally against the project's JWKS, fetched and checked by jose
  "callOAuthCallback", "signInWithOAuth", "signInWithPasskey", "registerPasskey", "linkConnectedAccount", "getOrLinkConnectedAccount",
]);
const isRedirect = (name: string) => name.startsWith("redirectTo");

function signedInApp() {
  return testClientApp({ tokenStore: { accessToken: fakeAccessToken(3600), refreshToken: fakeRefreshToken() }, noAutomaticPrefetch: true } as never).app;
}

async function signedInUser(): Promise<CurrentUser> {
  nock(BASE).get("/api/v1/users/me").reply(200, userJson(), { "content-type": "application/json" });
  const user = await signedInApp().getUser({ or: "throw" });
  nock.cleanAll();
  return user;
}

describe("ClientApp methods", () => {
  test.each(cases(APP_ROWS))("%s given %s", async (name, kind) => {
    await check(APP_ROWS[name] as Row<never>, signedInApp() as never, kind);
  });
});

describe("ServerApp methods", () => {
  test.each(cases(SERVER_ROWS))("%s given %s", async (name, kind) => {
    const app = new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: { accessToken: fakeAccessToken(3600), refreshToken: fakeRefreshToken() }, retry: { sleep: async () => {}, random: () => 0.5 }, noAutomaticPrefetch: true } as never);
    await check(SERVER_ROWS[name] as Row<never>, app as never, kind);
  });
});

describe("the signed-in user's methods", () => {
  test.each(cases(USER_ROWS))("user.%s given %s", async (name, kind) => {
    const user = await signedInUser();
    await check(USER_ROWS[name] as Row<never>, user as never, kind);
  });
});

test("every method has a row (or a reason it sends nothing here), so a new method is covered", async () => {
  const app = signedInApp();
  const user = await signedInUser();
  const uncovered = [
    ...methodsOf(app).filter((m) => !(m in APP_ROWS) && !NOT_HTTP.has(m) && !isRedirect(m)),
    ...methodsOf(user).filter((m) => !(m in USER_ROWS) && !NOT_HTTP.has(m)).map((m) => `user.${m}`),
    ...methodsOf(new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: null }))
      .filter((m) => !(m in SERVER_ROWS) && !(m in APP_ROWS) && !NOT_HTTP.has(m) && !isRedirect(m))
      .map((m) => `server.${m}`),
  ];
  expect(uncovered).toEqual([]);
});
