import { ArgumentError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const PASSWORD = "many devices 123";

/** One user signed in on two "devices" (two apps, two sessions). */
async function twoDevices() {
  const email = uniqueEmail("sessions");
  const laptop = clientFor(emulator).app;
  await laptop.signUpWithCredential({ email, password: PASSWORD });
  const phone = clientFor(emulator).app;
  expect((await phone.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
  return { email, laptop, phone, user: await laptop.getUser({ or: "throw" }) };
}

function headers(accessToken?: string, refreshToken?: string): Record<string, string> {
  return {
    "x-stack-access-type": "client",
    "x-stack-project-id": emulator.projectId,
    "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
    ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
    ...(refreshToken ? { "x-stack-refresh-token": refreshToken } : {}),
  };
}

test("lists both sessions with Dates, the current one marked", async () => {
  const { user } = await twoDevices();
  const sessions = await user.getActiveSessions();
  expect(sessions).toHaveLength(2);
  expect(sessions.filter((s) => s.isCurrentSession)).toHaveLength(1);
  for (const s of sessions) {
    expect(s).toMatchObject({ userId: user.id, isImpersonation: false });
    expect(s.createdAt).toBeInstanceOf(Date);
    expect(s.lastUsedAt === undefined || s.lastUsedAt instanceof Date).toBe(true);
  }
});

test("revoking the other session removes it and ends it on the platform", async () => {
  const { user, phone } = await twoDevices();
  const other = (await user.getActiveSessions()).find((s) => !s.isCurrentSession)!;
  await user.revokeSession(other.id);
  expect((await user.getActiveSessions()).map((s) => s.isCurrentSession)).toEqual([true]);
  const refresh = await fetch(`${emulator.url}/api/v1/auth/sessions/current/refresh`, {
    method: "POST",
    headers: headers(undefined, (await phone.getRefreshToken())!),
  });
  expect([refresh.status, refresh.headers.get("x-stack-known-error")]).toEqual([401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);
});

test("revoking the current session is refused with CANNOT_DELETE_CURRENT_SESSION, and the session lives on", async () => {
  const { user, laptop } = await twoDevices();
  const current = (await user.getActiveSessions()).find((s) => s.isCurrentSession)!;
  const error = await caught(user.revokeSession(current.id));
  expect(KnownErrors.CannotDeleteCurrentSession.isInstance(error)).toBe(true);
  expect(error.status).toBe(400);
  expect(await laptop.getRefreshToken()).not.toBeNull();
  expect((await user.getActiveSessions()).some((s) => s.id === current.id)).toBe(true);
  await expect(user.revokeSession("")).rejects.toThrow(ArgumentError);
});

test("a client cannot list or revoke another user's sessions", async () => {
  const a = await twoDevices();
  const b = await twoDevices();
  const bToken = (await b.laptop.getAccessToken())!;
  const list = await fetch(`${emulator.url}/api/v1/auth/sessions?user_id=${a.user.id}`, { headers: headers(bToken) });
  expect([list.status, await list.text()]).toEqual([403, "Client can only list sessions for their own user."]);
  const aSession = (await a.user.getActiveSessions())[0];
  const del = await fetch(`${emulator.url}/api/v1/auth/sessions/${aSession.id}?user_id=me`, { method: "DELETE", headers: headers(bToken) });
  expect([del.status, await del.text()]).toEqual([404, "Session not found."]);
  expect(await a.user.getActiveSessions()).toHaveLength(2);
});
