import { ArgumentError, HttpError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, codeFromOutbox, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const PASSWORD = "profile secret 1";
const CALLBACK = "http://localhost:3000/handler/email-verification";

async function signedInUser() {
  const { app } = clientFor(emulator);
  const email = uniqueEmail("profile");
  await app.signUpWithCredential({ email, password: PASSWORD });
  return { app, email, user: await app.getUser({ or: "throw" }) };
}

async function setProjectConfig(config: Record<string, unknown>) {
  const res = await fetch(`${emulator.url}/api/v1/internal/projects/current`, {
    method: "PATCH",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "admin",
      "x-stack-project-id": emulator.projectId,
      "x-stack-super-secret-admin-key": emulator.keys.superSecretAdminKey,
    },
    body: JSON.stringify({ config }),
  });
  expect(res.status).toBe(200);
}

test("update, setDisplayName and setClientMetadata are visible to the next getUser", async () => {
  const { app, user } = await signedInUser();
  expect(user.selectedTeam).not.toBeNull();
  await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" }, otpAuthEnabled: true, selectedTeamId: null });
  let fresh = await app.getUser({ or: "throw" });
  expect(fresh).toMatchObject({ displayName: "Ada", clientMetadata: { theme: "dark" }, otpAuthEnabled: true, selectedTeam: null });
  await fresh.setDisplayName("Ada L.");
  await fresh.setClientMetadata({ theme: "light", beta: true });
  fresh = await app.getUser({ or: "throw" });
  expect(fresh).toMatchObject({ displayName: "Ada L.", clientMetadata: { theme: "light", beta: true } });
});

test("a TOTP secret makes the user require MFA; null turns it off", async () => {
  const { app, user } = await signedInUser();
  await user.update({ totpMultiFactorSecret: new Uint8Array(20).fill(7) });
  expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);
  await user.update({ totpMultiFactorSecret: null });
  expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
});

test("the platform refuses what clients may not write (a non-data profile image URL)", async () => {
  const { user } = await signedInUser();
  const error = await caught(user.update({ profileImageUrl: "https://images.example/ada.png" }));
  expect(HttpError.isInstance(error)).toBe(true);
  expect([error.status, error.text]).toEqual([400, "Invalid profile image URL"]);
  await user.update({ profileImageUrl: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" });
});

test("updatePassword: wrong old password returned, too short returned, success ends the other sessions", async () => {
  const { app, email, user } = await signedInUser();
  const other = clientFor(emulator).app;
  await other.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
  expect(await user.getActiveSessions()).toHaveLength(2);

  const wrong = await user.updatePassword({ oldPassword: "not my password", newPassword: "a new password" });
  expect(KnownErrors.PasswordConfirmationMismatch.isInstance(wrong)).toBe(true);
  expect(KnownErrors.PasswordTooShort.isInstance(await user.updatePassword({ oldPassword: PASSWORD, newPassword: "short" }))).toBe(true);

  expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword: "a new password" })).toBeUndefined();
  expect((await user.getActiveSessions()).map((s) => s.isCurrentSession)).toEqual([true]);
  expect(await app.getUser()).not.toBeNull();
  const fresh = clientFor(emulator).app;
  expect((await fresh.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("error");
  expect((await fresh.signInWithCredential({ email, password: "a new password", noRedirect: true })).status).toBe("ok");
});

test("setPassword for a user without one; a user with one gets the platform's 400", async () => {
  const { user } = await signedInUser();
  const already = await caught(user.setPassword({ password: "another password" }));
  expect([already.status, already.text]).toEqual([400, "User already has a password set."]);

  const { app } = clientFor(emulator);
  const email = uniqueEmail("nopass");
  const sent = await app.sendMagicLinkEmail(email, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" });
  expect(sent.status).toBe("ok");
  expect((await app.signInWithMagicLink(await codeFromOutbox(emulator, email), { noRedirect: true })).status).toBe("ok");
  const linkUser = await app.getUser({ or: "throw" });
  expect(linkUser.hasPassword).toBe(false);
  expect(await linkUser.setPassword({ password: "now with a password" })).toBeUndefined();
  expect((await app.getUser({ or: "throw" })).hasPassword).toBe(true);
});

test("sendVerificationEmail e-mails the primary address; once verified it is returned as already verified", async () => {
  const { app, email, user } = await signedInUser();
  expect(await user.sendVerificationEmail({ callbackUrl: CALLBACK })).toBeUndefined();
  const code = await codeFromOutbox(emulator, email);
  expect((await app.verifyEmail(code)).status).toBe("ok");
  expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
  expect(KnownErrors.EmailAlreadyVerified.isInstance(await user.sendVerificationEmail({ callbackUrl: CALLBACK }))).toBe(true);
});

test("sendVerificationEmail needs a primary e-mail", async () => {
  const { app } = clientFor(emulator);
  const anonymous = await app.getUser({ or: "anonymous" });
  await expect(anonymous.sendVerificationEmail({ callbackUrl: CALLBACK })).rejects.toThrow(ArgumentError);
});

test("delete is refused unless the project allows it; afterwards the user is signed out and gone", async () => {
  const { app, email, user } = await signedInUser();
  const refused = await caught(user.delete());
  expect([refused.status, refused.text]).toEqual([400, "Client user deletion is not enabled for this project"]);
  expect(await app.getUser()).not.toBeNull();

  await setProjectConfig({ client_user_deletion_enabled: true });
  try {
    await user.delete();
  } finally {
    await setProjectConfig({ client_user_deletion_enabled: false });
  }
  expect(await app.getAccessToken()).toBeNull();
  expect(await app.getRefreshToken()).toBeNull();
  expect(await app.getUser()).toBeNull();
  const again = await clientFor(emulator).app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
  expect(again.status === "error" && KnownErrors.EmailPasswordMismatch.isInstance(again.error)).toBe(true);
});
