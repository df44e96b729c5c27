// A project that requires e-mail verification: a user who has not verified is restricted (getUser() is null,
// the access token is the restricted kind). Verifying ends that at once, in this app or from another one.
import { ServerApp } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, codeFromOutbox, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { tokenOf } from "./claims-helpers";
import { keyed } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
  const r = await keyed(emulator, "admin", "PATCH", "/internal/projects/current", { require_email_verification: true });
  expect(r.status).toBe(200);
});
afterAll(() => emulator.stop());

const CALLBACK = "http://localhost:3000/handler/email-verification";

/** A fresh sign-up in the project that requires verification: restricted until the e-mailed code is used. */
async function restrictedUser() {
  const { app } = clientFor(emulator);
  const email = uniqueEmail("restricted");
  expect((await app.signUpWithCredential({ email, password: "verify me first", verificationCallbackUrl: CALLBACK })).status).toBe("ok");
  expect(await app.getUser()).toBeNull();
  const restricted = await app.getUser({ includeRestricted: true });
  expect(restricted?.restrictedReason).toEqual({ type: "email_not_verified" });
  const before = await tokenOf(emulator, app);
  expect([before.claims.is_restricted, before.claims.aud]).toEqual([true, `${emulator.projectId}:restricted`]);
  expect(before.claims.iss).toContain("/projects-restricted-users/");
  return { app, email, id: restricted!.id, code: () => codeFromOutbox(emulator, email, /verif/i) };
}

/** The token after verification: a normal one, which a server accepts without allowing restricted users. */
async function expectUnrestrictedToken(app: Parameters<typeof tokenOf>[1]) {
  const t = await tokenOf(emulator, app);
  expect([t.claims.is_restricted, t.claims.restricted_reason, t.claims.email_verified]).toEqual([false, null, true]);
  expect(t.claims.aud).toBe(emulator.projectId);
  expect(t.claims.iss).toContain(`/projects/${emulator.projectId}`);
  const verified = await serverFor(emulator).verifyAccessToken(t.token); // no allowRestricted
  expect([verified.isRestricted, verified.emailVerified]).toEqual([false, true]);
}

test("verified in the same app: getUser() returns the user at once, with a normal token", async () => {
  const { app, id, code } = await restrictedUser();
  expect((await app.verifyEmail(await code())).status).toBe("ok");
  const user = await app.getUser();
  expect(user?.id).toBe(id);
  expect(user?.isRestricted).toBe(false);
  await expectUnrestrictedToken(app);
});

test("verified from another app (the link opened on another device): the user's app sees it on its next getUser()", async () => {
  const { app, id, code } = await restrictedUser();
  const elsewhere = clientFor(emulator).app; // signed out: only holds the link's code
  expect((await elsewhere.verifyEmail(await code())).status).toBe("ok");
  const user = await app.getUser();
  expect(user?.id).toBe(id);
  expect(user?.primaryEmailVerified).toBe(true);
  await expectUnrestrictedToken(app);
});

test("before verification the restricted token is refused by a server that does not allow restricted users", async () => {
  const { app } = await restrictedUser();
  const token = await app.getAccessToken();
  const server: ServerApp = serverFor(emulator, { tokenStore: null });
  const error = await caught(server.verifyAccessToken(token!));
  expect(error.message).toMatch(/restricted/i);
});

test("verified by a server: the user's update({}) marks the token stale, and the next token is not restricted", async () => {
  const { app, id } = await restrictedUser();
  const user = await app.getUser({ includeRestricted: true, or: "throw" });
  const restrictedToken = await user.getAccessToken();
  const server: ServerApp = serverFor(emulator, { tokenStore: null });
  await (await server.getUser(id))!.update({ primaryEmailVerified: true });
  // Nothing told this app: its token still says restricted until an update of the user marks it stale.
  expect((await tokenOf(emulator, app)).token).toBe(restrictedToken);
  await user.update({});
  const token = await user.getAccessToken();
  expect(token).not.toBe(restrictedToken);
  expect((await user.getAuthJson()).accessToken).toBe(token);
  await expectUnrestrictedToken(app);
  expect((await app.getUser())?.isRestricted).toBe(false);
});

test("verified by a server: setDisplayName (any update of the user) also gives an unrestricted token", async () => {
  const { app, id } = await restrictedUser();
  const user = await app.getUser({ includeRestricted: true, or: "throw" });
  await (await serverFor(emulator, { tokenStore: null }).getUser(id))!.update({ primaryEmailVerified: true });
  await user.setClientMetadata({ onboarded: true });
  await expectUnrestrictedToken(app);
});
