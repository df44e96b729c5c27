import { ConnectivityError, KnownErrors } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, codeFromOutbox, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const CALLBACK = "http://localhost:3000/handler";

describe("password flows against the emulator", () => {
  test("sign up, read the user, verify the e-mail from the outbox", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("signup");
    const result = await app.signUpWithCredential({ email, password: "correct horse", verificationCallbackUrl: `${CALLBACK}/email-verification` });
    expect(result).toEqual({ status: "ok", data: undefined });
    const user = await app.getUser({ or: "throw" });
    expect(user).toMatchObject({ primaryEmail: email, primaryEmailVerified: false, hasPassword: true, isAnonymous: false });
    expect(user.signedUpAt).toBeInstanceOf(Date);
    expect(user.selectedTeam?.displayName).toBeTruthy();

    const code = await codeFromOutbox(emulator, email);
    expect(await app.verifyEmail(code)).toEqual({ status: "ok", data: undefined });
    expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
    const again = await app.verifyEmail(code);
    expect(again.status === "error" && KnownErrors.VerificationCodeError.isInstance(again.error)).toBe(true);
  });

  test("an existing e-mail, a wrong password and a short password are typed results", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("exists");
    await app.signUpWithCredential({ email, password: "first password" });
    const dup = await clientFor(emulator).app.signUpWithCredential({ email, password: "other password" });
    expect(dup.status === "error" && KnownErrors.UserWithEmailAlreadyExists.isInstance(dup.error)).toBe(true);
    expect(dup.status === "error" && dup.error.details).toMatchObject({ email });

    const wrong = await clientFor(emulator).app.signInWithCredential({ email, password: "not it at all" });
    expect(wrong.status === "error" && wrong.error.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(wrong.status === "error" && wrong.error.message).toBe("Wrong e-mail or password.");

    const fresh = clientFor(emulator).app;
    expect(await fresh.signInWithCredential({ email, password: "first password" })).toEqual({ status: "ok", data: undefined });
    expect((await fresh.getUser())?.primaryEmail).toBe(email);
  });

  test("forgot password → check code → reset → sign in with the new password; the code works once", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("reset");
    await app.signUpWithCredential({ email, password: "old password" });
    expect(await app.sendForgotPasswordEmail(email, { callbackUrl: `${CALLBACK}/password-reset` })).toEqual({ status: "ok", data: undefined });
    const code = await codeFromOutbox(emulator, email, /password-reset/);
    expect(await app.verifyPasswordResetCode(code)).toEqual({ status: "ok", data: undefined });
    expect(await app.resetPassword({ code, password: "new password" })).toEqual({ status: "ok", data: undefined });
    const reused = await app.resetPassword({ code, password: "another one" });
    expect(reused.status === "error" && reused.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    const other = clientFor(emulator).app;
    expect((await other.signInWithCredential({ email, password: "old password" })).status).toBe("error");
    expect((await other.signInWithCredential({ email, password: "new password" })).status).toBe("ok");
  });

  test("an unknown reset code is a typed result", async () => {
    const result = await clientFor(emulator).app.verifyPasswordResetCode("x".repeat(45));
    expect(result.status === "error" && result.error.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});

describe("magic link and anonymous users", () => {
  test("a magic link signs a new user in", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("magic");
    const sent = await app.sendMagicLinkEmail(email, { callbackUrl: `${CALLBACK}/magic-link-callback` });
    expect(sent.status === "ok" && sent.data.nonce).toMatch(/^[a-z0-9]{39}$/i);
    const code = await codeFromOutbox(emulator, email, /magic-link-callback/);
    expect(await app.signInWithMagicLink(code)).toEqual({ status: "ok", data: undefined });
    expect((await app.getUser())?.primaryEmail).toBe(email);
  });

  test("the typed one-time code plus the nonce works too", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("otp");
    const sent = await app.sendMagicLinkEmail(email, { callbackUrl: `${CALLBACK}/magic-link-callback` });
    const code = await codeFromOutbox(emulator, email, /magic-link-callback/);
    const otp = code.slice(0, 6).toUpperCase();
    expect(sent.status === "ok" && code.slice(6)).toBe(sent.status === "ok" && sent.data.nonce);
    expect(await app.signInWithMagicLink(otp + (sent.status === "ok" ? sent.data.nonce : ""))).toEqual({ status: "ok", data: undefined });
  });

  test("an untrusted callback URL is a typed result", async () => {
    const result = await clientFor(emulator).app.sendMagicLinkEmail(uniqueEmail(), { callbackUrl: "https://evil.example/cb" });
    expect(result.status === "error" && KnownErrors.RedirectUrlNotWhitelisted.isInstance(result.error)).toBe(true);
  });

  test("anonymous users count as signed out unless asked for, and sign-up upgrades them in place", async () => {
    const { app } = clientFor(emulator);
    const anon = await app.getUser({ or: "anonymous" });
    expect(anon).toMatchObject({ isAnonymous: true, primaryEmail: null });
    expect(await app.getUser()).toBeNull();
    const email = uniqueEmail("upgrade");
    expect((await app.signUpWithCredential({ email, password: "now for real" })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.id).toBe(anon.id);
    expect(user.isAnonymous).toBe(false);
  });
});

describe("sessions", () => {
  test("getProject reads the demo project's flags", async () => {
    const project = await clientFor(emulator).app.getProject();
    expect(project.id).toBe(emulator.projectId);
    expect(project.config).toMatchObject({ signUpEnabled: true, credentialEnabled: true, magicLinkEnabled: true, clientTeamCreationEnabled: true });
  });

  test("sign-out ends the session on the server: its refresh token stops working", async () => {
    const { app } = clientFor(emulator);
    await app.signUpWithCredential({ email: uniqueEmail("out"), password: "sign me out" });
    const { refreshToken } = await app.getAuthJson();
    await app.signOut();
    expect(await app.getUser()).toBeNull();
    const stale = clientFor(emulator).app;
    expect(await stale.getUser({ tokenStore: { accessToken: null, refreshToken } })).toBeNull();
  });

  test("short-lived access tokens are refreshed through the OAuth token endpoint", async () => {
    const shortLived = await startTestEmulator({ accessTokenTtlSeconds: 10 });
    try {
      const { app } = clientFor(shortLived);
      await app.signUpWithCredential({ email: uniqueEmail("ttl"), password: "short lived" });
      const before = (await routeStats(shortLived, "POST /auth/oauth/token")).requests;
      const users = await Promise.all(Array.from({ length: 20 }, () => app.getAccessToken()));
      expect(new Set(users).size).toBe(1);
      expect((await routeStats(shortLived, "POST /auth/oauth/token")).requests).toBe(before + 1);
      expect((await app.getUser())?.hasPassword).toBe(true);
    } finally {
      await shortLived.stop();
    }
  });

  test("the authorization header round-trips into a request token store", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("header");
    await app.signUpWithCredential({ email, password: "pass it on" });
    const authorization = await app.getAuthorizationHeader();
    const server = clientFor(emulator).app;
    const user = await server.getUser({ tokenStore: { headers: { authorization: authorization! } } });
    expect(user?.primaryEmail).toBe(email);
  });
});

describe("reliability against injected faults", () => {
  test("dropped connections on a GET are retried and succeed", async () => {
    const { app, waits } = clientFor(emulator);
    await fetch(`${emulator.url}/emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ route: "GET /projects/current", action: "drop", times: 2 }]) });
    expect((await app.getProject()).id).toBe(emulator.projectId);
    expect(waits).toEqual([1000, 2000]);
  });

  test("a POST whose connection dropped is not sent twice", async () => {
    const { app } = clientFor(emulator);
    const email = uniqueEmail("once");
    await app.signUpWithCredential({ email, password: "only once" });
    const before = await routeStats(emulator, "POST /auth/password/sign-in");
    await fetch(`${emulator.url}/emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ route: "POST /auth/password/sign-in", action: "drop", times: 1, when: "after" }]) });
    const error = await caught(clientFor(emulator).app.signInWithCredential({ email, password: "only once" }));
    expect(ConnectivityError.isInstance(error)).toBe(true);
    expect(error.attempts).toBe(1);
    const after = await routeStats(emulator, "POST /auth/password/sign-in");
    expect(after.requests - before.requests).toBe(1);
  });

  test("429 with Retry-After and 508 loops are retried", async () => {
    const { app, waits } = clientFor(emulator);
    await fetch(`${emulator.url}/emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { route: "GET /projects/current", action: "rate-limit", retryAfterSeconds: 2, times: 1 },
        { route: "GET /projects/current", action: "loop", times: 1 },
      ]),
    });
    expect((await app.getProject()).id).toBe(emulator.projectId);
    expect(waits).toEqual([2000, 2000]);
  });
});
