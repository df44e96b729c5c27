// After each mutation that changes an access-token claim, the next getAccessToken() carries the new value —
// decoded from the JWT and as ServerApp.verifyAccessToken sees it. E-mail, contact channels, anonymous upgrade,
// and changes made with the server key.
import { clientFor, codeFromOutbox, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { tokenOf } from "./claims-helpers";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const CALLBACK = "http://localhost:3000/handler/email-verification";
const signUp = (options: { verified?: boolean } = {}) => signedInUser(emulator, "claims-mail", options);

describe("e-mail verification", () => {
  test("verifyEmail with the sign-up link's code: email_verified becomes true", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("verify");
    expect((await app.signUpWithCredential({ email, password: "teams are fun", verificationCallbackUrl: CALLBACK })).status).toBe("ok");
    expect((await tokenOf(emulator, app)).claims.email_verified).toBe(false);
    expect((await app.verifyEmail(await codeFromOutbox(emulator, email, /verif/i))).status).toBe("ok");
    const t = await tokenOf(emulator, app);
    expect([t.claims.email_verified, t.verified.emailVerified]).toEqual([true, true]);
    expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
  });

  test("user.sendVerificationEmail, then verifyEmail", async () => {
    const { app, user, email } = await signUp();
    expect(await user.sendVerificationEmail({ callbackUrl: CALLBACK })).toBeUndefined();
    expect((await app.verifyEmail(await codeFromOutbox(emulator, email, /verif/i))).status).toBe("ok");
    const t = await tokenOf(emulator, app);
    expect([t.claims.email, t.claims.email_verified, t.verified.emailVerified]).toEqual([email, true, true]);
  });
});

describe("primary e-mail", () => {
  test("update({ primaryEmail }): a new, unverified address", async () => {
    const { app, user } = await signUp({ verified: true });
    expect((await tokenOf(emulator, app)).claims.email_verified).toBe(true);
    const next = uniqueEmail("moved");
    await user.update({ primaryEmail: next });
    const t = await tokenOf(emulator, app);
    expect([t.claims.email, t.claims.email_verified]).toEqual([next, false]);
    expect([t.verified.email, t.verified.emailVerified]).toEqual([next, false]);
  });

  test("a new contact channel created as primary", async () => {
    const { app, user } = await signUp();
    const address = uniqueEmail("channel");
    await user.createContactChannel({ type: "email", value: address, usedForAuth: false, isPrimary: true });
    const t = await tokenOf(emulator, app);
    expect([t.claims.email, t.verified.email]).toEqual([address, address]);
  });

  test("making a verified channel primary, then deleting it", async () => {
    const { app, user, email } = await signUp();
    const address = uniqueEmail("second");
    const channel = await user.createContactChannel({ type: "email", value: address, usedForAuth: false });
    expect((await tokenOf(emulator, app)).claims.email).toBe(email); // not primary: no claim changed
    await channel.sendVerificationEmail({ callbackUrl: CALLBACK });
    expect((await app.verifyEmail(await codeFromOutbox(emulator, address, /verif/i))).status).toBe("ok");
    expect((await tokenOf(emulator, app)).claims.email_verified).toBe(false); // the primary one is still unverified
    const fresh = (await user.listContactChannels()).find((c) => c.value === address)!;
    await fresh.update({ isPrimary: true });
    let t = await tokenOf(emulator, app);
    expect([t.claims.email, t.claims.email_verified]).toEqual([address, true]);
    expect([t.verified.email, t.verified.emailVerified]).toEqual([address, true]);
    await (await user.listContactChannels()).find((c) => c.value === address)!.delete();
    t = await tokenOf(emulator, app);
    expect([t.claims.email, t.verified.email]).toEqual([null, null]);
  });

  test("changing the primary channel's address", async () => {
    const { app, user } = await signUp({ verified: true });
    const [primary] = (await user.listContactChannels()).filter((c) => c.isPrimary);
    const next = uniqueEmail("renamed");
    await primary.update({ value: next });
    const t = await tokenOf(emulator, app);
    expect([t.claims.email, t.claims.email_verified]).toEqual([next, false]);
  });
});

test("an anonymous user who signs up: is_anonymous false, the e-mail set, a normal token", async () => {
  const { app } = clientFor(emulator);
  await app.getUser({ or: "anonymous" });
  const anonymous = await tokenOf(emulator, app);
  expect([anonymous.claims.is_anonymous, anonymous.claims.aud]).toEqual([true, `${emulator.projectId}:anon`]);
  const email = uniqueEmail("upgraded");
  expect((await app.signUpWithCredential({ email, password: "teams are fun", noVerificationCallback: true })).status).toBe("ok");
  const t = await tokenOf(emulator, app);
  expect([t.claims.is_anonymous, t.claims.is_restricted, t.claims.email, t.claims.aud]).toEqual([false, false, email, emulator.projectId]);
  expect(t.claims.sub).toBe(anonymous.claims.sub); // upgraded in place
  expect((await serverFor(emulator).verifyAccessToken(t.token)).isAnonymous).toBe(false);
});

describe("changes made with the server key", () => {
  test("a ServerApp updating the user of one of its sessions renews that session's token", async () => {
    const { app } = await signUp();
    const server = serverFor(emulator, { tokenStore: await app.getAuthJson() });
    const me = await server.getUser({ or: "throw" });
    await me.update({ displayName: "Set by the server" });
    const t = await tokenOf(emulator, server);
    expect([t.claims.name, t.verified.displayName]).toEqual(["Set by the server", "Set by the server"]);
  });

  test("so does a server change to any user (it may be a session's user): primary e-mail verified", async () => {
    const { app, user } = await signUp();
    const server = serverFor(emulator, { tokenStore: await app.getAuthJson() });
    expect((await tokenOf(emulator, server)).claims.email_verified).toBe(false);
    await (await server.getUser(user.id))!.update({ primaryEmailVerified: true });
    const t = await tokenOf(emulator, server);
    expect([t.claims.email_verified, t.verified.emailVerified]).toEqual([true, true]);
  });
});
