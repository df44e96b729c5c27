import { ArgumentError, ClientApp, KnownErrors } from "../../src/index";
import { codeFromOutbox, routeStats, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const VERIFY_CALLBACK = "http://localhost:3000/handler/email-verification";
const PASSWORD = "first password 1";

async function freshUser(options: { password?: string | null; verified?: boolean } = {}) {
  const server = serverFor(emulator);
  const email = uniqueEmail("acct");
  const password = options.password === undefined ? PASSWORD : options.password;
  const user = await server.createUser({
    primaryEmail: email,
    primaryEmailAuthEnabled: true,
    primaryEmailVerified: options.verified ?? false,
    ...(password === null ? {} : { password }),
  });
  return { server, user, email };
}

const signIn = (email: string, password: string) =>
  new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" }).signInWithCredential({ email, password, noRedirect: true });

test("setPassword replaces the password with the server key; an unacceptable one is returned before any request", async () => {
  const { server, user, email } = await freshUser();
  expect(await user.setPassword({ password: "second password 2" })).toBeUndefined();
  expect((await signIn(email, "second password 2")).status).toBe("ok");
  expect((await signIn(email, PASSWORD)).status).toBe("error");

  const before = (await routeStats(emulator, "PATCH /users/:user_id")).requests;
  const short = await user.setPassword({ password: "short" });
  expect(KnownErrors.PasswordTooShort.isInstance(short)).toBe(true);
  expect(KnownErrors.PasswordRequirementsNotMet.isInstance(short)).toBe(true);
  expect((await routeStats(emulator, "PATCH /users/:user_id")).requests).toBe(before);
  // An empty password is the platform's PASSWORD_TOO_SHORT, returned like any other too short one.
  expect(KnownErrors.PasswordTooShort.isInstance(await user.setPassword({ password: "" }))).toBe(true);
  expect((await routeStats(emulator, "PATCH /users/:user_id")).requests).toBe(before);
  await expect(user.setPassword({ password: 8 as never })).rejects.toThrow(ArgumentError);
  await expect(user.setPassword(undefined as never)).rejects.toThrow(ArgumentError);

  const { user: noPassword, email: noPasswordEmail } = await freshUser({ password: null });
  expect(noPassword.hasPassword).toBe(false);
  expect(await noPassword.setPassword({ password: "brand new password" })).toBeUndefined();
  expect((await server.getUser(noPassword.id))!.hasPassword).toBe(true);
  expect((await signIn(noPasswordEmail, "brand new password")).status).toBe("ok");
});

test("updatePassword checks the old password, ends the user's sessions and leaves no session of its own", async () => {
  const { server, user, email } = await freshUser();
  const signedIn = await signIn(email, PASSWORD);
  expect(signedIn.status).toBe("ok");
  const sessionsBefore = (await user.getActiveSessions()).length;
  expect(sessionsBefore).toBe(1);

  const wrong = await user.updatePassword({ oldPassword: "not the password", newPassword: "second password 2" });
  expect(KnownErrors.PasswordConfirmationMismatch.isInstance(wrong)).toBe(true);
  expect((await signIn(email, PASSWORD)).status).toBe("ok"); // unchanged
  // the short session made for the failed check is gone again
  const raw = await keyed(emulator, "server", "GET", `/auth/sessions?user_id=${user.id}`);
  expect(raw.json.items).toHaveLength(2);

  expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword: "second password 2" })).toBeUndefined();
  expect((await signIn(email, PASSWORD)).status).toBe("error");
  expect(await user.getActiveSessions()).toEqual([]);
  expect((await keyed(emulator, "server", "GET", `/auth/sessions?user_id=${user.id}`)).json.items).toEqual([]);
  expect((await signIn(email, "second password 2")).status).toBe("ok");

  const before = (await routeStats(emulator, "POST /auth/sessions")).requests;
  const tooShort = await user.updatePassword({ oldPassword: "second password 2", newPassword: "short" });
  expect(KnownErrors.PasswordTooShort.isInstance(tooShort)).toBe(true);
  expect((await routeStats(emulator, "POST /auth/sessions")).requests).toBe(before);
  await expect(user.updatePassword({ oldPassword: 1, newPassword: "x".repeat(20) } as never)).rejects.toThrow(ArgumentError);

  const { user: noPassword } = await freshUser({ password: null });
  const error = await noPassword.updatePassword({ oldPassword: "anything at all", newPassword: "second password 2" }).catch((e: unknown) => e);
  expect(KnownErrors.UserDoesNotHavePassword.isInstance(error)).toBe(true);
  expect((await keyed(emulator, "server", "GET", `/auth/sessions?user_id=${noPassword.id}`)).json.items).toEqual([]);
  expect(await server.getUser(user.id)).not.toBeNull();
});

test("sendVerificationEmail mails the primary address; a verified one is returned as EMAIL_ALREADY_VERIFIED", async () => {
  const { server, user, email } = await freshUser();
  expect(await user.sendVerificationEmail({ callbackUrl: VERIFY_CALLBACK })).toBeUndefined();
  const code = await codeFromOutbox(emulator, email, /verif/i);
  const client = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" });
  expect((await client.verifyEmail(code)).status).toBe("ok");
  const verified = (await server.getUser(user.id))!;
  expect(verified.primaryEmailVerified).toBe(true);
  const again = await verified.sendVerificationEmail({ callbackUrl: VERIFY_CALLBACK });
  expect(KnownErrors.EmailAlreadyVerified.isInstance(again)).toBe(true);

  const noEmail = await server.createUser({ displayName: "No mail" });
  await expect(noEmail.sendVerificationEmail({ callbackUrl: VERIFY_CALLBACK })).rejects.toThrow(ArgumentError);
  const { user: unverified } = await freshUser();
  await expect(unverified.sendVerificationEmail({ callbackUrl: "not a url" })).rejects.toThrow(ArgumentError);
  await expect(unverified.sendVerificationEmail()).rejects.toThrow(ArgumentError); // outside a browser the URL is needed
  const untrusted = await unverified.sendVerificationEmail({ callbackUrl: "https://evil.example/verify" }).catch((e: unknown) => e);
  expect(KnownErrors.RedirectUrlNotWhitelisted.isInstance(untrusted)).toBe(true);
});

test("toClientJson is the client's read of the user: the fields of GET /users/me, no server-only field", async () => {
  const { server, user, email } = await freshUser();
  await user.update({ serverMetadata: { secret: 1 }, clientReadOnlyMetadata: { plan: "pro" } });
  const read = (await server.getUser(user.id))!;
  const json = read.toClientJson();
  const signedIn = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" });
  await signedIn.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
  const { accessToken } = await signedIn.getAuthJson();
  const me = await fetch(`${emulator.url}/api/v1/users/me`, {
    headers: { "x-stack-access-type": "client", "x-stack-project-id": emulator.projectId, "x-stack-access-token": accessToken! },
  }).then((r) => r.json());
  expect(json).toEqual(me);
  expect(json).not.toHaveProperty("server_metadata");
  expect(json.selected_team).not.toHaveProperty("server_metadata");
  expect(json.client_read_only_metadata).toEqual({ plan: "pro" });
  (json.client_read_only_metadata as { plan: string }).plan = "changed";
  expect(read.toClientJson().client_read_only_metadata).toEqual({ plan: "pro" });
});

test("listNotificationCategories and setEnabled act on that user's preferences", async () => {
  const { server, user } = await freshUser();
  const categories = await user.listNotificationCategories();
  expect(categories.map((c) => c.name).sort()).toEqual(["Marketing", "Transactional"]);
  const marketing = categories.find((c) => c.name === "Marketing")!;
  expect(marketing).toMatchObject({ enabled: true, canDisable: true });
  await marketing.setEnabled(false);
  const reread = (await (await server.getUser(user.id))!.listNotificationCategories()).find((c) => c.name === "Marketing");
  expect(reread?.enabled).toBe(false);
  const raw = await keyed(emulator, "server", "GET", `/emails/notification-preference/${user.id}`);
  expect(raw.json.items.find((i: { notification_category_name: string }) => i.notification_category_name === "Marketing").enabled).toBe(false);
  await expect(marketing.setEnabled("no" as never)).rejects.toThrow(ArgumentError);
});

test("listOAuthProviders and getOAuthProvider are the user's linked accounts in server form", async () => {
  const { server, user } = await freshUser();
  expect(await user.listOAuthProviders()).toEqual([]);
  const created = await server.createOAuthProvider({
    userId: user.id, providerConfigId: "github", accountId: "gh-4711", email: "ada@github.example", allowSignIn: true, allowConnectedAccounts: true,
  });
  expect(created.status).toBe("ok");
  const [provider] = await user.listOAuthProviders();
  expect(provider).toMatchObject({ type: "github", userId: user.id, accountId: "gh-4711", email: "ada@github.example" });
  expect((await user.getOAuthProvider(provider.id))?.accountId).toBe("gh-4711");
  expect(await user.getOAuthProvider("00000000-0000-4000-8000-000000000000")).toBeNull();
  await expect(user.getOAuthProvider("")).rejects.toThrow(ArgumentError);
});
