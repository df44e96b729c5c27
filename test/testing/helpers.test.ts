/**
 * `latchkey/testing` without a browser, over real HTTP against a test emulator: each helper on its own, as an app's
 * jest (or vitest) API test uses it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClientApp, KnownErrors, ServerApp } from "../../src/index";
import {
  connectTestEmulator,
  createUser,
  emulatorEnv,
  startTestEmulator,
  TEST_EMULATOR_URL_VAR,
  tokensFor,
  waitForEmail,
  type TestEmulator,
  type TestTokens,
} from "../../src/testing";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.reset());

const APP = "http://localhost:3000";
const clientApp = (tokenStore: TestTokens | "memory" = "memory") =>
  new ClientApp({ projectId: emulator.projectId, publishableClientKey: emulator.keys.publishableClientKey, baseUrl: emulator.url, tokenStore, noAutomaticPrefetch: true });
const server = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${emulator.url}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", "x-stack-access-type": "server", "x-stack-project-id": emulator.projectId, "x-stack-secret-server-key": emulator.keys.secretServerKey },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then((r) => r.json());

describe("startTestEmulator", () => {
  test("listens on a free port and hands out the project's keys, the app's environment and the variable for workers", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.env).toEqual({
      NEXT_PUBLIC_STACK_API_URL: emulator.url,
      NEXT_PUBLIC_STACK_PROJECT_ID: emulator.projectId,
      NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: emulator.keys.publishableClientKey,
      STACK_SECRET_SERVER_KEY: emulator.keys.secretServerKey,
      STACK_SUPER_SECRET_ADMIN_KEY: emulator.keys.superSecretAdminKey,
    });
    expect(emulatorEnv({ url: `${emulator.url}/` })).toEqual(emulator.env);
    expect(process.env[TEST_EMULATOR_URL_VAR]).toBe(emulator.url);
    expect(emulator.emulator.settings.passwordHashing).toBe("fast");
  });

  test("a seed runs on a fresh data file only, and reset() returns to the seeded state", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-testing-"));
    const dataFile = join(dir, "state.json");
    const seeded: string[] = [];
    const seed = async (em: TestEmulator) => void seeded.push((await em.createUser({ email: "admin@example.com" })).email);
    try {
      const first = await startTestEmulator({ dataFile, seed, exportEnv: false });
      await first.createUser({ email: "later@example.com" });
      await first.reset();
      expect((await first.emails()).length).toBe(0);
      expect(first.emulator.core.store.usersOf(first.projectId).map((u) => first.emulator.core.store.channelsOf(u.id)[0].value)).toEqual(["admin@example.com"]);
      await first.stop();
      const second = await startTestEmulator({ dataFile, seed, exportEnv: false });
      await second.stop();
      expect(seeded).toEqual(["admin@example.com"]);
      expect(process.env[TEST_EMULATOR_URL_VAR]).toBe(emulator.url);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("createUser", () => {
  test("by default: a unique verified e-mail and a password that signs in", async () => {
    const user = await emulator.createUser({ displayName: "Ada Lovelace" });
    expect(user).toMatchObject({ email: expect.stringMatching(/^test-.+@example\.com$/), verified: true, displayName: "Ada Lovelace", totp: null, team: null });
    const app = clientApp();
    expect((await app.signInWithCredential({ email: user.email, password: user.password!, noRedirect: true })).status).toBe("ok");
    const me = await app.getUser({ or: "throw" });
    expect([me.id, me.primaryEmailVerified, me.displayName]).toEqual([user.id, true, "Ada Lovelace"]);
    // The personal team the demo project makes on sign-up.
    expect(user.selectedTeamId).toEqual(expect.any(String));
    expect((await server(`/users/${user.id}`)).selected_team_id).toBe(user.selectedTeamId);
  });

  test("unverified, without a password, in a new team or an existing one", async () => {
    const owner = await createUser({ verified: false, password: null, team: "Analytical Engines" });
    expect(await server(`/users/${owner.id}`)).toMatchObject({ primary_email_verified: false, has_password: false, selected_team_id: owner.team!.id });
    expect(owner.team).toEqual({ id: expect.any(String), displayName: "Analytical Engines" });
    const member = await createUser({ team: { id: owner.team!.id } });
    expect(member.team).toEqual(owner.team);
    expect(member.selectedTeamId).toBe(owner.team!.id);
    const members = await server(`/team-member-profiles?team_id=${owner.team!.id}`);
    expect(members.items.map((m: { user_id: string }) => m.user_id).sort()).toEqual([owner.id, member.id].sort());
  });

  test("totp: true: sign-in stops at the second factor, and the user's authenticator code passes it", async () => {
    const user = await createUser({ totp: true });
    expect(user.totp!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(user.totp!.code(0)).toMatch(/^\d{6}$/);
    const app = clientApp();
    const attempt = await app.signInWithCredential({ email: user.email, password: user.password!, noRedirect: true }).catch((e: unknown) => e);
    expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(attempt)).toBe(true);
    const attemptCode = (attempt as { details: { attempt_code: string } }).details.attempt_code;
    expect((await app.signInWithMfa(await user.totp!.freshCode(), attemptCode, { noRedirect: true })).status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).id).toBe(user.id);
  });
});

test("tokensFor: a session's tokens, for the API and for an app's token store", async () => {
  const user = await createUser();
  const tokens = await tokensFor(user);
  const me = await fetch(`${emulator.url}/api/v1/users/me`, {
    headers: { "x-stack-access-type": "client", "x-stack-project-id": emulator.projectId, "x-stack-publishable-client-key": emulator.keys.publishableClientKey, "x-stack-access-token": tokens.accessToken },
  });
  expect((await me.json()).id).toBe(user.id);
  expect((await clientApp(await emulator.tokensFor(user.id)).getUser({ or: "throw" })).primaryEmail).toBe(user.email);
});

describe("waitForEmail", () => {
  test("a verification e-mail: its link and code verify the address", async () => {
    const user = await createUser({ verified: false });
    const app = clientApp(await tokensFor(user));
    const waiting = waitForEmail({ to: user.email, subject: "Verify your email" }); // before it is sent: it waits
    await (await app.getUser({ or: "throw" })).sendVerificationEmail({ callbackUrl: `${APP}/handler/email-verification` });
    const mail = await waiting;
    expect(mail).toMatchObject({ kind: "email_verification", to: [user.email], subject: "Verify your email at Latchkey Demo", otp: null });
    expect(mail.html).toContain("Verify my email");
    expect(new URL(mail.link!).pathname).toBe("/handler/email-verification");
    expect(mail.code).toMatch(/^[a-z0-9]{45}$/);
    expect((await app.verifyEmail(mail.code!)).status).toBe("ok");
    expect(await server(`/users/${user.id}`)).toMatchObject({ primary_email_verified: true });
  });

  test("magic-link, password-reset and invitation e-mails; each call returns an e-mail not returned before", async () => {
    const user = await createUser();
    const app = clientApp();
    await app.sendMagicLinkEmail(user.email, { callbackUrl: `${APP}/handler/magic-link-callback` });
    const magic = await waitForEmail({ to: user.email, kind: "magic_link" });
    expect([magic.otp, new URL(magic.link!).pathname]).toEqual([expect.stringMatching(/^[A-Z0-9]{6}$/), "/handler/magic-link-callback"]);
    expect(magic.subject).toContain(magic.otp);
    const again = waitForEmail({ to: user.email, subject: /^sign in/i });
    await app.sendMagicLinkEmail(user.email, { callbackUrl: `${APP}/handler/magic-link-callback` });
    const second = await again;
    expect(second.id).not.toBe(magic.id);
    expect((await app.signInWithMagicLink(second.code!, { noRedirect: true })).status).toBe("ok");

    await app.sendForgotPasswordEmail(user.email, { callbackUrl: `${APP}/handler/password-reset` });
    const reset = await waitForEmail({ to: user.email, kind: "password_reset" });
    expect((await clientApp().resetPassword({ code: reset.code!, password: "a brand new password" })).status).toBe("ok");

    const team = await server("/teams", { method: "POST", body: { display_name: "Engines", creator_user_id: user.id } });
    await server("/team-invitations/send-code", { method: "POST", body: { team_id: team.id, email: "grace@example.com", callback_url: `${APP}/handler/team-invitation` } });
    const invitation = await waitForEmail({ to: "grace@example.com" });
    expect([invitation.kind, new URL(invitation.link!).pathname, invitation.code]).toEqual(["team_invitation", "/handler/team-invitation", expect.stringMatching(/^[a-z0-9]{45}$/)]);
  });

  test("fails after timeoutMs with what the outbox holds", async () => {
    const user = await createUser();
    await clientApp().sendMagicLinkEmail(user.email, { callbackUrl: `${APP}/handler/magic-link-callback` });
    const started = Date.now();
    await expect(waitForEmail({ to: user.email, kind: "password_reset", timeoutMs: 200 })).rejects.toThrow(
      new RegExp(`No e-mail \\(to ${user.email.replace(/[.]/g, "\\.")}, kind password_reset.*\\) arrived within 200 ms\\. The outbox holds 1 e-mail:\\n {2}- to ${user.email.replace(/[.]/g, "\\.")}: "Sign in to Latchkey Demo`),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await emulator.emails({ to: user.email })).toEqual([expect.objectContaining({ kind: "magic_link" })]);
  });
});

test("the README's jest example: an app's ServerApp, set up from emulator.env, reads the user of a request", async () => {
  const saved = { ...process.env };
  Object.assign(process.env, emulator.env);
  try {
    const user = await emulator.createUser({ displayName: "Ada", team: "Analytical Engines" });
    const request = new Request("http://localhost:3000/api/me", { headers: { "x-stack-auth": JSON.stringify(await emulator.tokensFor(user)) } });
    const me = await new ServerApp({ tokenStore: request }).getUser({ or: "throw" });
    expect([me.id, me.displayName, me.selectedTeam?.displayName]).toEqual([user.id, "Ada", "Analytical Engines"]);
  } finally {
    for (const name of Object.keys(emulator.env)) if (!(name in saved)) delete process.env[name];
  }
});

describe("connectTestEmulator", () => {
  test("reaches an emulator by its URL, reading the keys from /emulator/info", async () => {
    const other = connectTestEmulator({ url: emulator.url });
    expect(await other.getKeys()).toEqual(emulator.keys);
    expect(await other.getEnv()).toEqual(emulator.env);
    const user = await other.createUser();
    expect((await emulator.tokensFor(user)).refreshToken).toMatch(/^\w{45}$/);
  });

  test("without a started emulator or a URL: an error that says what to do", () => {
    const saved = process.env[TEST_EMULATOR_URL_VAR];
    delete process.env[TEST_EMULATOR_URL_VAR];
    try {
      expect(() => connectTestEmulator()).toThrow(/LATCHKEY_TEST_EMULATOR_URL is not set\. Start one with startTestEmulator\(\) in your global setup/);
    } finally {
      process.env[TEST_EMULATOR_URL_VAR] = saved;
    }
  });
});
