// Malformed codes and ids are answered before any request (the emulator's /emulator/stats counts every request it
// gets): a verification code of any length but 45 is the VERIFICATION_CODE_NOT_FOUND error result an unknown code
// gets; a user or team id that is not a UUID is an ArgumentError, or null where the official SDK answers null.
import { ArgumentError, KnownErrors } from "../../src/index";
import type { ClientApp, KnownError } from "../../src/index";
import { caught } from "../helpers/http";
import { serverFor, startTestEmulator } from "../helpers/emulator";
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
