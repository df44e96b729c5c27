import { randomBytes } from "node:crypto";
import { totp } from "../helpers/totp";
import { AdminApp, ArgumentError, ClientApp, KnownErrors, ServerApp } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const retry = { sleep: async () => undefined, random: () => 0.5 };

async function signedUp(prefix: string) {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  const email = uniqueEmail(prefix);
  expect((await app.signUpWithCredential({ email, password: "correct horse battery" })).status).toBe("ok");
  return { app, email, user: await app.getUser({ or: "throw" }) };
}


test("getPartialUser reads the platform's access token: the same fields as getUser, without a request", async () => {
  const { app, user } = await signedUp("partial");
  await user.setDisplayName("Ada Partial");
  await user._internalSession.fetchNewTokens(); // a token issued after the change carries the new name
  const before = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  const partial = await app.getPartialUser({ from: "token" });
  const after = await (await fetch(`${emulator.url}/emulator/stats`)).json();
  expect(partial).toEqual({
    id: user.id,
    displayName: "Ada Partial",
    primaryEmail: user.primaryEmail,
    primaryEmailVerified: false,
    isAnonymous: false,
    isMultiFactorRequired: false,
    isRestricted: false,
    restrictedReason: null,
  });
  expect(JSON.stringify(after.routes)).toBe(JSON.stringify(before.routes));
  await app.signOut();
  expect(await app.getPartialUser({ from: "token" })).toBeNull();
});

test("anonymous users: getPartialUser and the deprecated getUser or-value see them only when asked", async () => {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  expect(await app.getUser({ or: "anonymous-if-exists[deprecated]" })).toBeNull();
  const anonymous = await app.getUser({ or: "anonymous" });
  expect(await app.getUser()).toBeNull();
  expect((await app.getUser({ or: "anonymous-if-exists[deprecated]" }))?.id).toBe(anonymous.id);
  expect(await app.getPartialUser({ from: "token" })).toBeNull();
  expect(await app.getPartialUser({ from: "token", or: "anonymous-if-exists" })).toMatchObject({ id: anonymous.id, isAnonymous: true });
});

test("toClientJson is the client read of GET /users/me; currentSession.getTokens the session's tokens", async () => {
  const { user } = await signedUp("json");
  const tokens = await user.currentSession.getTokens();
  expect(tokens).toEqual(await user.getAuthJson());
  const res = await fetch(`${emulator.url}/api/v1/users/me`, {
    headers: {
      "x-stack-access-type": "client",
      "x-stack-project-id": emulator.projectId,
      "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
      "x-stack-access-token": tokens.accessToken!,
    },
  });
  expect(user.toClientJson()).toEqual(await res.json());
});

test("getAuthHeaders: a server reads the same user from a request carrying x-stack-auth", async () => {
  const { app, user } = await signedUp("headers");
  const server = serverFor(emulator);
  for (const headers of [await app.getAuthHeaders(), { ...(await user.getAuthHeaders()), authorization: null }]) {
    expect(headers["x-stack-auth"]).toEqual(JSON.stringify(await app.getAuthJson()));
    const seen = await server.getUser({ tokenStore: { headers }, or: "throw" });
    expect(seen.id).toBe(user.id);
  }
});

test("a dashboard user's _internalSession, or a function giving their token, works as an AdminApp's projectOwnerSession", async () => {
  const dashboard = new ClientApp({
    projectId: "internal",
    baseUrl: emulator.url,
    publishableClientKey: emulator.internal.keys.publishableClientKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    retry,
  });
  const { email, password } = emulator.internal.adminUser;
  expect((await dashboard.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok");
  const owner = await dashboard.getUser({ or: "throw" });
  const common = { projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: null, noAutomaticPrefetch: true, retry };
  const bySession = new AdminApp({ ...common, projectOwnerSession: owner._internalSession });
  expect((await bySession.getProject()).id).toBe(emulator.projectId);
  const byFunction = new AdminApp({ ...common, projectOwnerSession: () => owner.getAccessToken() });
  expect(Array.isArray(await byFunction.listInternalApiKeys())).toBe(true);
  const nobody = new AdminApp({ ...common, projectOwnerSession: async () => null });
  expect(KnownErrors.ProjectAuthenticationError.isInstance(await caught(nobody.listInternalApiKeys()))).toBe(true);
});

test("inheritsFrom: a ServerApp built from a ClientApp's settings reaches the same project", async () => {
  const { app, user } = await signedUp("inherit");
  const server = new ServerApp({ inheritsFrom: app, secretServerKey: emulator.keys.secretServerKey });
  expect((await server.getUser(user.id))?.primaryEmail).toBe(user.primaryEmail);
  const sibling = new ClientApp({ inheritsFrom: app, tokenStore: await app.getAuthJson() as { accessToken: string; refreshToken: string } });
  expect((await sibling.getUser({ or: "throw" })).id).toBe(user.id);
});

test("a required second factor is thrown (Node cannot go to the MFA page); the platform accepts its attempt code with the TOTP", async () => {
  const { app, email } = await signedUp("mfa");
  const secret = randomBytes(20);
  await (await app.getUser({ or: "throw" })).update({ totpMultiFactorSecret: secret });
  const { app: fresh } = clientFor(emulator, { noAutomaticPrefetch: true });
  const error = await caught(fresh.signInWithCredential({ email, password: "correct horse battery", noRedirect: true }));
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  const attemptCode = error.details.attempt_code as string;
  expect(attemptCode).toEqual(expect.any(String));
  const res = await fetch(`${emulator.url}/api/v1/auth/mfa/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": emulator.projectId, "x-stack-publishable-client-key": emulator.keys.publishableClientKey },
    body: JSON.stringify({ type: "totp", totp: totp(secret), code: attemptCode }),
  });
  expect(res.status).toBe(200);
  expect(await fresh.getUser()).toBeNull(); // nothing was stored by the refused first step
});

test("argument checks before any request", async () => {
  const { app } = clientFor(emulator, { noAutomaticPrefetch: true });
  await expect(app.getPartialUser({ from: "convex" } as never)).rejects.toThrow(ArgumentError);
  await expect(app.signOut({ redirectUrl: {} as never })).rejects.toThrow(ArgumentError);
  expect(() => new ClientApp({ inheritsFrom: app, urls: { oauthCallback: "https://elsewhere.example/cb" } })).toThrow(ArgumentError);
});
