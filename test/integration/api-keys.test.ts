import { ArgumentError, HttpError } from "../../src/index";
import { createApiKey, listApiKeys } from "../../src/resources/api-keys/client";
import { caught } from "../helpers/http";
import { clientFor, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

async function signedInUser() {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({ email: uniqueEmail("keys"), password: "keys please 123" });
  const user = await app.getUser({ or: "throw" });
  const internals = app as unknown as { ctx: Parameters<typeof createApiKey>[0]; core: { session(): Parameters<typeof createApiKey>[1] } };
  return { app, user, ctx: internals.ctx, session: internals.core.session() };
}

/** Calls the emulator as a client with someone's access token (no SDK in between). */
async function rawAs(accessToken: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${emulator.url}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-stack-access-type": "client",
      "x-stack-project-id": emulator.projectId,
      "x-stack-publishable-client-key": emulator.keys.publishableClientKey,
      "x-stack-access-token": accessToken,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, text: await res.text() };
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

/** Asks the platform (server access) what it thinks of a key value. */
async function check(value: string) {
  const res = await fetch(`${emulator.url}/api/v1/user-api-keys/check`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "server",
      "x-stack-project-id": emulator.projectId,
      "x-stack-secret-server-key": emulator.keys.secretServerKey,
    },
    body: JSON.stringify({ api_key: value }),
  });
  return { status: res.status, code: res.headers.get("x-stack-known-error") };
}

test("create shows the full key once; list, update and revoke; the platform agrees on validity", async () => {
  const { user } = await signedInUser();
  const expiresAt = new Date(Date.now() + 3_600_000);
  const key = await user.createApiKey({ description: "CI", expiresAt });
  expect(key.value).toMatch(/^sk_/);
  expect(key).toMatchObject({ description: "CI", type: "user", userId: user.id, isPublic: false, expiresAt, manuallyRevokedAt: null });
  expect(key.createdAt).toBeInstanceOf(Date);
  expect(key.isValid()).toBe(true);
  expect((await check(key.value)).status).toBe(200);

  const [listed] = await user.listApiKeys();
  expect(listed.id).toBe(key.id);
  expect(listed.value).toEqual({ lastFour: key.value.slice(-4) });

  await listed.update({ description: "CI (rotating)" });
  expect((await user.listApiKeys())[0].description).toBe("CI (rotating)");

  await listed.revoke();
  const [revoked] = await user.listApiKeys();
  expect(revoked.manuallyRevokedAt).toBeInstanceOf(Date);
  expect(revoked.whyInvalid()).toBe("manually-revoked");
  expect(revoked.isValid()).toBe(false);
  expect(await check(key.value)).toEqual({ status: 401, code: "API_KEY_REVOKED" });
});

test("public keys, keys that never expire, and expired keys", async () => {
  const { user } = await signedInUser();
  const pub = await user.createApiKey({ description: "public", expiresAt: null, isPublic: true });
  expect(pub.value).toMatch(/^pk_/);
  expect(pub.expiresAt).toBeUndefined();
  await user.createApiKey({ description: "old", expiresAt: new Date(Date.now() - 1000) });
  const byDescription = Object.fromEntries((await user.listApiKeys()).map((k) => [k.description, k]));
  expect(byDescription.public).toMatchObject({ isPublic: true });
  expect(byDescription.public.whyInvalid()).toBeNull();
  expect(byDescription.old.whyInvalid()).toBe("expired");
});

test("team keys through the exported functions", async () => {
  const { user, ctx, session } = await signedInUser();
  const teamId = user.selectedTeam!.id; // the personal team created on sign-up, where the user is admin
  const key = await createApiKey(ctx, session, { teamId }, { description: "team bot", expiresAt: null });
  expect(key).toMatchObject({ type: "team", teamId });
  expect((await listApiKeys(ctx, session, { teamId })).map((k) => k.id)).toEqual([key.id]);
  expect(await user.listApiKeys()).toEqual([]);
});

test("userId and teamId together are refused before any request", async () => {
  const { ctx, session } = await signedInUser();
  const before = (await routeStats(emulator, "POST /user-api-keys")).requests + (await routeStats(emulator, "POST /team-api-keys")).requests;
  const error = await caught(createApiKey(ctx, session, { userId: "me", teamId: "t" } as never, { description: "x", expiresAt: null }));
  expect(ArgumentError.isInstance(error)).toBe(true);
  const after = (await routeStats(emulator, "POST /user-api-keys")).requests + (await routeStats(emulator, "POST /team-api-keys")).requests;
  expect(after).toBe(before);
});

test("a client cannot list or change another user's keys", async () => {
  const a = await signedInUser();
  const b = await signedInUser();
  const key = await a.user.createApiKey({ description: "mine", expiresAt: null });
  const bToken = (await b.app.getAccessToken())!;
  expect(await rawAs(bToken, `/user-api-keys?user_id=${a.user.id}`)).toEqual({ status: 403, text: "Client can only manage their own api keys" });
  expect((await rawAs(bToken, `/user-api-keys/${key.id}?user_id=me`, { method: "PATCH", body: { revoked: true } })).status).toBe(403);
  expect((await a.user.listApiKeys())[0].isValid()).toBe(true);
});

test("when the project disables user API keys, create and list fail with the platform's 400", async () => {
  const { user } = await signedInUser();
  await setProjectConfig({ allow_user_api_keys: false });
  try {
    const created = await caught(user.createApiKey({ description: "nope", expiresAt: null }));
    expect(HttpError.isInstance(created)).toBe(true);
    expect([created.status, created.text]).toEqual([400, "User API keys are not enabled for this project."]);
    const listed = await caught(user.listApiKeys());
    expect([listed.status, listed.text]).toEqual([400, "User API keys are not enabled for this project."]);
  } finally {
    await setProjectConfig({ allow_user_api_keys: true });
  }
});
