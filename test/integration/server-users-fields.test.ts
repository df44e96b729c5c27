import { ArgumentError, ClientApp, LatchkeyError } from "../../src/index";
import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());


test("update: restriction by an admin, country code and risk scores are stored and read back", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("risk") });
  expect(user.riskScores).toEqual({ signUp: { bot: 0, freeTrialAbuse: 0 } });
  await user.update({
    restrictedByAdmin: true,
    restrictedByAdminReason: "Suspicious sign-up",
    restrictedByAdminPrivateDetails: "ticket 42",
    countryCode: "CH",
    riskScores: { signUp: { bot: 87, freeTrialAbuse: 12 } },
  });
  const read = (await server.getUser(user.id))!;
  expect(read).toMatchObject({
    restrictedByAdmin: true,
    restrictedByAdminReason: "Suspicious sign-up",
    restrictedByAdminPrivateDetails: "ticket 42",
    countryCode: "CH",
    riskScores: { signUp: { bot: 87, freeTrialAbuse: 12 } },
    isRestricted: true,
    restrictedReason: { type: "restricted_by_administrator" },
  });
  const raw = await keyed(emulator, "server", "GET", `/users/${user.id}`);
  expect(raw.json).toMatchObject({ country_code: "CH", risk_scores: { sign_up: { bot: 87, free_trial_abuse: 12 } } });

  await read.update({ restrictedByAdmin: false, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null, countryCode: null });
  expect(await server.getUser(user.id)).toMatchObject({
    restrictedByAdmin: false,
    restrictedByAdminReason: null,
    restrictedByAdminPrivateDetails: null,
    countryCode: null,
    isRestricted: false,
    riskScores: { signUp: { bot: 87, freeTrialAbuse: 12 } },
  });
  await expect(read.update({ riskScores: { signUp: { bot: 101, freeTrialAbuse: 0 } } })).rejects.toThrow(ArgumentError);
});

test("createUser takes countryCode and riskScores too", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("born"), countryCode: "FR", riskScores: { signUp: { bot: 5, freeTrialAbuse: 6 } } });
  expect(user).toMatchObject({ countryCode: "FR", riskScores: { signUp: { bot: 5, freeTrialAbuse: 6 } } });
  await expect(server.createUser({ countryCode: "France" })).rejects.toThrow(ArgumentError);
});

test("CurrentServerUser.update writes the server fields of the signed-in user", async () => {
  const { app } = await signedInUser(emulator, "cur");
  const tokens = await app.getAuthJson();
  const server = serverFor(emulator);
  const me = await server.getUser({ tokenStore: tokens, or: "throw" });
  await me.update({ countryCode: "DE", riskScores: { signUp: { bot: 3, freeTrialAbuse: 4 } } });
  expect(await server.getUser(me.id)).toMatchObject({ countryCode: "DE", riskScores: { signUp: { bot: 3, freeTrialAbuse: 4 } } });
});

test("listUsers({ onlyAnonymous }): only anonymous users; without includeAnonymous the platform's 400 comes through", async () => {
  const server = serverFor(emulator);
  const named = await server.createUser({ primaryEmail: uniqueEmail("named") });
  const anonymous = await new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" }).getUser({ or: "anonymous" });
  const page = await server.listUsers({ includeAnonymous: true, onlyAnonymous: true, limit: 200 });
  expect(page.every((u) => u.isAnonymous)).toBe(true);
  expect(page.map((u) => u.id)).toContain(anonymous.id);
  expect(page.map((u) => u.id)).not.toContain(named.id);
  await expect(server.listUsers({ onlyAnonymous: true })).rejects.toThrow(/include_anonymous/);
});

test('getUser({ apiKey, or: "throw" }) returns the owner, and throws NotSignedInError for a revoked key', async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("keyowner") });
  const key = await user.createApiKey({ description: "job", expiresAt: null });
  expect((await server.getUser({ apiKey: key.value, or: "throw" })).id).toBe(user.id);
  await key.revoke();
  expect(await server.getUser({ apiKey: key.value, or: "return-null" })).toBeNull();
  const error = await server.getUser({ apiKey: key.value, or: "throw" }).catch((e: unknown) => e);
  expect(LatchkeyError.isInstance(error)).toBe(true);
  expect((error as Error).name).toBe("NotSignedInError");
});

test("CurrentServerUser.delete uses the server path (works with client deletion disabled) and signs out locally", async () => {
  const off = await keyed(emulator, "admin", "PATCH", "/internal/projects/current", { config: { client_user_deletion_enabled: false } });
  expect(off.status).toBe(200);
  const { app } = await signedInUser(emulator, "del");
  const tokens = await app.getAuthJson();
  const server = serverFor(emulator, { tokenStore: tokens as { accessToken: string; refreshToken: string } });
  const me = await server.getUser({ or: "throw" });
  await me.delete();
  expect(await server.getUser(me.id)).toBeNull();
  expect(await me.getAccessToken()).toBeNull();
  expect(await server.getUser()).toBeNull();
});
