/**
 * Session invalidation over real HTTP: when the platform has revoked a device's refresh token, that device's next
 * call signs it out cleanly (its token store emptied, `getUser()` null) after exactly one refresh attempt, with no
 * retry loop, and later calls send nothing. Access tokens here live 10 s, under the 20 s the SDK wants left, so
 * every call needs the refresh token.
 */
import { KnownError } from "../../src/index";
import { clientFor, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let em: Emulator;
beforeAll(async () => {
  em = await startTestEmulator();
  em.settings.accessTokenTtlSeconds = 10;
});
afterAll(() => em.stop());

const PASSWORD = "correct horse battery";
const REFRESH = "POST /auth/oauth/token";
const ME = "GET /users/me";

/** The same user on a laptop and a phone (two sessions); the laptop revokes the phone's session. */
async function revokedPhone() {
  const email = uniqueEmail("revoked");
  const laptop = clientFor(em, { noAutomaticPrefetch: true } as never).app;
  const phone = clientFor(em, { noAutomaticPrefetch: true } as never).app;
  expect((await laptop.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
  expect((await phone.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
  const phoneUser = await phone.getUser({ or: "throw" });
  const laptopUser = await laptop.getUser({ or: "throw" });
  const other = (await laptopUser.getActiveSessions()).find((s) => !s.isCurrentSession)!;
  await laptopUser.revokeSession(other.id);
  await fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
  return { laptop, phone, phoneUser };
}

const counts = async () => ({ refreshes: (await routeStats(em, REFRESH)).requests, reads: (await routeStats(em, ME)).requests });

test("getUser() on the revoked device: null after one refresh attempt, the store emptied, nothing sent afterwards", async () => {
  const { laptop, phone } = await revokedPhone();
  expect(await phone.getUser()).toBeNull();
  expect(await counts()).toEqual({ refreshes: 1, reads: 0 });
  expect([await phone.getAccessToken(), await phone.getRefreshToken()]).toEqual([null, null]);
  // Signed out for good: later calls answer from the empty store.
  expect(await phone.getUser()).toBeNull();
  expect(await phone.getUser()).toBeNull();
  expect(await counts()).toEqual({ refreshes: 1, reads: 0 });
  // The other device is untouched.
  expect(await laptop.getUser()).not.toBeNull();
});

test("a write through the revoked device's user object fails with a known error once, and signs that device out", async () => {
  const { phone, phoneUser } = await revokedPhone();
  const error = await phoneUser.setDisplayName("Not applied").catch((e: unknown) => e);
  expect(KnownError.isInstance(error)).toBe(true);
  const stats = await counts();
  expect(stats.refreshes).toBe(1);
  expect((await routeStats(em, "PATCH /users/me")).applied).toBe(0);
  expect(await phone.getRefreshToken()).toBeNull();
  expect(await phone.getUser()).toBeNull();
  expect((await counts()).refreshes).toBe(1);
});

test("many concurrent calls on the revoked device share one refresh attempt", async () => {
  const { phone } = await revokedPhone();
  const users = await Promise.all(Array.from({ length: 20 }, () => phone.getUser()));
  expect(users.every((u) => u === null)).toBe(true);
  expect(await counts()).toEqual({ refreshes: 1, reads: 0 });
});
