// Malformed codes and ids are answered before any request (the emulator's /emulator/stats counts every request it
// gets): a verification code of any length but 45 is the VERIFICATION_CODE_NOT_FOUND error result an unknown code
// gets; a user, team, session or e-mail theme / template / draft id that is not a UUID is an ArgumentError, or null
// where the official SDK answers null.
import { AdminApp, ArgumentError, KnownErrors } from "../../src/index";
import type { ClientApp, KnownError, ServerApp, ServerTeam, ServerUser } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** Every request the emulator has received so far, over all routes. */
async function allRequests(): Promise<number> {
  const stats = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  return Object.values(stats.routes as Record<string, { requests: number }>).reduce((n, r) => n + r.requests, 0);
}

/** Runs `call`, and checks it sent no request. */
async function withoutRequests<T>(call: () => Promise<T>): Promise<T> {
  const before = await allRequests();
  const out = await call();
  expect(await allRequests()).toBe(before);
  return out;
}

const TRUNCATED = "k".repeat(44);
const TOO_LONG = "k".repeat(46);
const UNKNOWN = "k".repeat(45);

type CodeCall = (app: ClientApp, code: string) => Promise<{ status: "ok" | "error"; error?: unknown }>;
const codeMethods: [string, CodeCall][] = [
  ["verifyEmail", (app, code) => app.verifyEmail(code)],
  ["signInWithMagicLink", (app, code) => app.signInWithMagicLink(code, { noRedirect: true })],
  ["verifyPasswordResetCode", (app, code) => app.verifyPasswordResetCode(code)],
  ["resetPassword", (app, code) => app.resetPassword({ code, password: "a good new password" })],
  ["signInWithMfa", (app, code) => app.signInWithMfa("123456", code, { noRedirect: true })],
  ["verifyTeamInvitationCode", (app, code) => app.verifyTeamInvitationCode(code)],
  ["acceptTeamInvitation", (app, code) => app.acceptTeamInvitation(code)],
  ["getTeamInvitationDetails", (app, code) => app.getTeamInvitationDetails(code)],
];

describe.each(codeMethods)("%s", (_name, call) => {
  test("a code of 44 or 46 characters is the unknown code's error result, without a request", async () => {
    const { app } = await signedInUser(emulator, "codes");
    for (const code of [TRUNCATED, TOO_LONG, "abc", TRUNCATED.toUpperCase()]) {
      const result = await withoutRequests(() => call(app, code));
      expect(result.status).toBe("error");
      const error = result.error as KnownError;
      expect(KnownErrors.VerificationCodeNotFound.isInstance(error)).toBe(true);
      expect(KnownErrors.VerificationError.isInstance(error)).toBe(true); // the family the methods return
      expect([error.code, error.status, error.message]).toEqual(["VERIFICATION_CODE_NOT_FOUND", 404, "The verification code does not exist for this project."]);
    }
  });

  test("an unknown 45-character code is sent, and the platform's answer is the same kind of result", async () => {
    const { app } = await signedInUser(emulator, "codes");
    const before = await allRequests();
    const result = await call(app, UNKNOWN);
    expect(await allRequests()).toBeGreaterThan(before);
    expect(result.status).toBe("error");
    expect((result.error as KnownError).code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  test("a code that is not a non-empty string throws an ArgumentError, without a request", async () => {
    const { app } = await signedInUser(emulator, "codes");
    for (const bad of ["", 45, null, undefined]) {
      const error = await withoutRequests(() => caught(call(app, bad as never)));
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/^code must be a non-empty string/);
    }
  });
});

describe("a signed-in user's session ids", () => {
  test("revokeSession(id): an id that is not a UUID throws an ArgumentError without a request; another session is revoked", async () => {
    const { app, email, user } = await signedInUser(emulator, "sessions");
    for (const id of ["not-a-uuid", "3241a285-8329-4d69-8f3d-316e08cf140", "../users/me", ""]) {
      const error = await withoutRequests(() => caught(user.revokeSession(id)));
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(id ? "sessionId must be a UUID." : "sessionId must be a non-empty string.");
    }
    // A second sign-in gives the user another session, which a well-formed id revokes.
    const other = clientFor(emulator).app;
    expect((await other.signInWithCredential({ email, password: "teams are fun", noRedirect: true })).status).toBe("ok");
    const others = (await user.getActiveSessions()).filter((s) => !s.isCurrentSession);
    expect(others).toHaveLength(1);
    await user.revokeSession(others[0]!.id);
    expect((await user.getActiveSessions()).filter((s) => !s.isCurrentSession)).toEqual([]);
    expect(await app.getUser()).not.toBeNull(); // its own session is untouched
  });
});

describe("ServerApp ids", () => {
  const NOT_UUIDS = ["not-a-uuid", "3241a285-8329-4d69-8f3d-316e08cf140", "3241a285832949d698f3d316e08cf140c0", "../teams"];

  test("getUser(id): an id that is not a UUID (nor \"me\") throws an ArgumentError without a request; a UUID is sent", async () => {
    const server = serverFor(emulator);
    for (const id of NOT_UUIDS) {
      const error = await withoutRequests(() => caught(server.getUser(id)));
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe('userId must be a UUID or "me".');
    }
    const before = await allRequests();
    expect(await server.getUser("3241a285-8329-4d69-8f3d-316e08cf140c")).toBeNull(); // well-formed, unknown
    expect(await allRequests()).toBe(before + 1);
  });

  test("getTeam(id): null for an id that is not a UUID, without a request (as the official SDK answers)", async () => {
    const server = serverFor(emulator);
    for (const id of NOT_UUIDS) expect(await withoutRequests(() => server.getTeam(id))).toBeNull();
    expect(ArgumentError.isInstance(await caught(server.getTeam("")))).toBe(true);
    const team = await server.createTeam({ displayName: "Well-formed" });
    expect((await serverFor(emulator).getTeam(team.id))?.displayName).toBe("Well-formed");
  });

  test("listTeamMemberPermissions(teamId): an ArgumentError for a non-UUID, without a request", async () => {
    const server = serverFor(emulator);
    for (const id of NOT_UUIDS) {
      const error = await withoutRequests(() => caught(server.listTeamMemberPermissions(id)));
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe("teamId must be a UUID.");
    }
  });
});

describe("server and admin ids the platform requires as UUIDs", () => {
  const BAD = ["not-a-uuid", "3241a285-8329-4d69-8f3d-316e08cf140", "../users"];
  const WELL_FORMED = "3241a285-8329-4d69-8f3d-316e08cf140c"; // no such user, team, session, theme, …
  type Subjects = { server: ServerApp; admin: AdminApp; user: ServerUser; team: ServerTeam };
  let subjects: Subjects;
  beforeAll(async () => {
    const server = serverFor(emulator);
    const admin = new AdminApp({
      projectId: emulator.projectId,
      baseUrl: emulator.url,
      superSecretAdminKey: emulator.keys.superSecretAdminKey,
      tokenStore: null,
      retry: { sleep: async () => undefined, random: () => 0.5 },
    });
    const user = await server.createUser({ primaryEmail: uniqueEmail("uuids"), primaryEmailAuthEnabled: true });
    subjects = { server, admin, user, team: await server.createTeam({ displayName: "UUIDs" }) };
  });

  const ME = ' or "me"';
  const calls: [string, string, (s: Subjects, id: string) => Promise<unknown>][] = [
    ["listTeams({ userId })", `userId must be a UUID${ME}.`, ({ server }, id) => server.listTeams({ userId: id })],
    ["listTeams({ cursor })", "cursor must be a UUID.", ({ server }, id) => server.listTeams({ limit: 2, cursor: id })],
    ["createTeam({ creatorUserId })", `creatorUserId must be a UUID${ME}.`, ({ server }, id) => server.createTeam({ displayName: "X", creatorUserId: id })],
    ["team.addUser", `userId must be a UUID${ME}.`, ({ team }, id) => team.addUser(id)],
    ["team.removeUser", `userId must be a UUID${ME}.`, ({ team }, id) => team.removeUser(id)],
    ["listUsers({ teamId })", "teamId must be a UUID.", ({ server }, id) => server.listUsers({ teamId: id })],
    ["listUsers({ cursor })", "cursor must be a UUID.", ({ server }, id) => server.listUsers({ cursor: id })],
    ["user.revokeSession", "sessionId must be a UUID.", ({ user }, id) => user.revokeSession(id)],
    ["user.grantPermission(team, …)", "teamId must be a UUID.", ({ user }, id) => user.grantPermission(id, "team_admin")],
    ["user.listPermissions(team)", "teamId must be a UUID.", ({ user }, id) => user.listPermissions(id)],
    ["user.setSelectedTeam", "teamId must be a UUID.", ({ user }, id) => user.setSelectedTeam(id)],
    ["user.getTeamProfile", "teamId must be a UUID.", ({ user }, id) => user.getTeamProfile(id)],
    ["listOAuthProviders", `userId must be a UUID${ME}.`, ({ server }, id) => server.listOAuthProviders(id)],
    ["getOAuthProvider(userId, …)", `userId must be a UUID${ME}.`, ({ server }, id) => server.getOAuthProvider(id, WELL_FORMED)],
    [
      "createOAuthProvider({ userId })",
      `userId must be a UUID${ME}.`,
      ({ server }, id) => server.createOAuthProvider({ userId: id, providerConfigId: "github", accountId: "1", email: "a@example.com", allowSignIn: false, allowConnectedAccounts: true }),
    ],
    ["getConnectedAccountAccessToken({ userId })", `userId must be a UUID${ME}.`, ({ server }, id) => server.getConnectedAccountAccessToken({ userId: id, provider: "github" })],
    ["sendEmail({ userIds })", "userIds[1] must be a UUID.", ({ server, user }, id) => server.sendEmail({ userIds: [user.id, id], html: "<p>x</p>" })],
    ["sendEmail({ draftId })", "draftId must be a UUID.", ({ server, user }, id) => server.sendEmail({ userIds: [user.id], draftId: id })],
    ["admin.getEmailTheme", "id must be a UUID.", ({ admin }, id) => admin.getEmailTheme(id)],
    ["admin.updateEmailTheme", "id must be a UUID.", ({ admin }, id) => admin.updateEmailTheme(id, "export function EmailTheme() {}")],
    ["admin.deleteEmailTheme", "id must be a UUID.", ({ admin }, id) => admin.deleteEmailTheme(id)],
    ["admin.updateEmailTemplate", "id must be a UUID.", ({ admin }, id) => admin.updateEmailTemplate(id, "export function EmailTemplate() {}")],
    ["admin.updateEmailTemplate(…, themeId)", "themeId must be a UUID.", ({ admin }, id) => admin.updateEmailTemplate(WELL_FORMED, "src", id)],
    ["admin.deleteEmailTemplate", "id must be a UUID.", ({ admin }, id) => admin.deleteEmailTemplate(id)],
    ["admin.updateEmailDraft", "id must be a UUID.", ({ admin }, id) => admin.updateEmailDraft(id, { displayName: "x" })],
    ["admin.deleteEmailDraft", "id must be a UUID.", ({ admin }, id) => admin.deleteEmailDraft(id)],
    ["admin.renderEmail({ templateId })", "templateId must be a UUID.", ({ admin }, id) => admin.renderEmail({ templateId: id })],
  ];

  test.each(calls)("%s: an id that is not a UUID throws an ArgumentError, without a request", async (_name, message, call) => {
    for (const id of BAD) {
      const error = await withoutRequests(() => caught(call(subjects, id)));
      expect(ArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(message);
    }
  });

  test.each(calls)("%s: a well-formed UUID is sent", async (_name, _message, call) => {
    const before = await allRequests();
    const error = await call(subjects, WELL_FORMED).then(() => undefined, (e: unknown) => e);
    expect(ArgumentError.isInstance(error)).toBe(false); // the platform's answer (often "not found"), or success
    expect(await allRequests()).toBeGreaterThan(before);
  });

  // The platform checks these two in its request validation, so the error is its own SCHEMA_ERROR, thrown locally.
  test.each([
    ["sendEmail({ templateId })", ({ server, user }: Subjects, id: string) => server.sendEmail({ userIds: [user.id], templateId: id })],
    ["sendEmail({ themeId })", ({ server, user }: Subjects, id: string) => server.sendEmail({ userIds: [user.id], html: "<p>x</p>", themeId: id })],
  ])("%s: an id the platform does not read throws its SCHEMA_ERROR, without a request", async (_name, call) => {
    for (const id of BAD) {
      const error = await withoutRequests(() => caught(call(subjects, id)));
      expect(KnownErrors.SchemaError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/^Request validation failed on POST \/api\/v1\/emails\/send-email:\n  - body is not matched by any of the provided schemas:/);
    }
  });

  test("lookups the official SDK answers with null: null without a request for an id that is not a UUID", async () => {
    const { server, user } = subjects;
    for (const id of BAD) {
      expect(await withoutRequests(() => server.getOAuthProvider(user.id, id))).toBeNull();
      expect(await withoutRequests(() => user.getOAuthProvider(id))).toBeNull();
      expect(await withoutRequests(() => user.getTeam(id))).toBeNull();
    }
    expect(ArgumentError.isInstance(await caught(server.getOAuthProvider(user.id, "")))).toBe(true);
    const team = await server.createTeam({ displayName: "Joined", creatorUserId: user.id });
    expect((await user.getTeam(team.id))?.displayName).toBe("Joined");
  });
});
