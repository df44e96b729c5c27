import { ArgumentError, ClientApp, KnownErrors } from "../../src/index";
import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { keyed, signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());


const clientWith = (tokens: { accessToken: string; refreshToken: string }) =>
  new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, publishableClientKey: emulator.keys.publishableClientKey, tokenStore: tokens });

/** Data fields only (methods left out). */
const fields = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== "function"));

test("createUser and getUser(id): the server fields, dates as Dates; an unknown id gives null", async () => {
  const server = serverFor(emulator);
  const email = uniqueEmail("create");
  const before = Date.now();
  const user = await server.createUser({
    primaryEmail: email,
    primaryEmailAuthEnabled: true,
    primaryEmailVerified: true,
    password: "correct horse battery",
    displayName: "Ada",
    clientMetadata: { a: 1 },
    clientReadOnlyMetadata: { b: 2 },
    serverMetadata: { c: 3 },
  });
  expect(fields(user)).toMatchObject({
    primaryEmail: email,
    primaryEmailVerified: true,
    primaryEmailAuthEnabled: true,
    displayName: "Ada",
    hasPassword: true,
    clientMetadata: { a: 1 },
    clientReadOnlyMetadata: { b: 2 },
    serverMetadata: { c: 3 },
    restrictedByAdmin: false,
    restrictedByAdminReason: null,
    restrictedByAdminPrivateDetails: null,
    countryCode: null,
    isAnonymous: false,
  });
  expect(user.signedUpAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(user.lastActiveAt).toBeInstanceOf(Date);
  const read = (await server.getUser(user.id))!;
  const { selectedTeam: readTeam, ...readRest } = fields(read);
  const { selectedTeam: createdTeam, ...createdRest } = fields(user);
  expect(readRest).toEqual(createdRest);
  // the platform answers the create before it makes the personal team; the next read has it
  expect(createdTeam).toBeNull();
  expect(fields(readTeam as object)).toMatchObject({ displayName: "Ada's Team" });
  expect(await server.getUser("00000000-0000-4000-8000-000000000000")).toBeNull();

  // The created user can sign in with the password.
  const signIn = await new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" }).signInWithCredential({
    email,
    password: "correct horse battery",
    noRedirect: true,
  });
  expect(signIn.status).toBe("ok");
});

test("update, the setters and delete change the user; reads after each show the change", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("upd"), primaryEmailAuthEnabled: true });
  await user.update({ displayName: "Grace", clientMetadata: { theme: "dark" }, primaryEmailVerified: true });
  let read = (await server.getUser(user.id))!;
  expect(read).toMatchObject({ displayName: "Grace", clientMetadata: { theme: "dark" }, primaryEmailVerified: true });
  await read.setServerMetadata({ plan: "pro" });
  await read.setClientReadOnlyMetadata({ tier: 2 });
  await read.setDisplayName("Grace H.");
  const newEmail = uniqueEmail("moved");
  await read.setPrimaryEmail(newEmail, { verified: true });
  read = (await server.getUser(user.id))!;
  expect(read).toMatchObject({
    serverMetadata: { plan: "pro" },
    clientReadOnlyMetadata: { tier: 2 },
    displayName: "Grace H.",
    primaryEmail: newEmail,
    primaryEmailVerified: true,
  });
  await read.update({ password: "a brand new password" });
  expect((await server.getUser(user.id))!.hasPassword).toBe(true);
  await read.delete();
  expect(await server.getUser(user.id)).toBeNull();
  await expect(read.update({ displayName: 5 as never })).rejects.toThrow(ArgumentError);
});

test("listUsers walks every page with the cursor; search, order and page size are honoured", async () => {
  const server = serverFor(emulator);
  const tag = `walk${Date.now().toString(36)}`;
  const created: string[] = [];
  for (let i = 0; i < 5; i++) created.push((await server.createUser({ primaryEmail: uniqueEmail(tag), displayName: `${tag} ${i}` })).id);
  const seen: string[] = [];
  let page = await server.listUsers({ query: tag, limit: 2, orderBy: "signedUpAt" });
  let pages = 1;
  seen.push(...page.map((u) => u.id));
  while (page.nextCursor) {
    expect(page.length).toBe(2);
    page = await server.listUsers({ query: tag, limit: 2, orderBy: "signedUpAt", cursor: page.nextCursor });
    seen.push(...page.map((u) => u.id));
    pages++;
  }
  expect(pages).toBe(3);
  expect(seen).toEqual(created);
  const desc = await server.listUsers({ query: tag, orderBy: "signedUpAt", desc: true });
  expect(desc.map((u) => u.id)).toEqual([...created].reverse());
  expect(desc.nextCursor).toBeNull();
  expect((await server.listUsers({ limit: 100 })).length).toBeGreaterThanOrEqual(5);
  await expect(server.listUsers({ limit: -1 })).rejects.toThrow(ArgumentError);
});

test("listUsers: teamId filters members; anonymous users only with includeAnonymous", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("member") });
  const team = await keyed(emulator, "server", "POST", "/teams", { display_name: "Filter team" });
  expect(team.status).toBe(201);
  expect((await keyed(emulator, "server", "POST", `/team-memberships/${team.json.id}/${user.id}`, {})).status).toBe(201);
  const members = await server.listUsers({ teamId: team.json.id });
  expect(members.map((u) => u.id)).toEqual([user.id]);

  const anon = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" });
  const anonymous = await anon.getUser({ or: "anonymous" });
  const all = async (includeAnonymous?: boolean) => {
    const ids: string[] = [];
    let page = await server.listUsers({ limit: 200, includeAnonymous });
    ids.push(...page.map((u) => u.id));
    while (page.nextCursor) ids.push(...(page = await server.listUsers({ limit: 200, includeAnonymous, cursor: page.nextCursor })).map((u) => u.id));
    return ids;
  };
  expect(await all()).not.toContain(anonymous.id);
  expect(await all(true)).toContain(anonymous.id);
});

test("getUser({ tokenStore: request }) with the Authorization header a ClientApp produced: the current user in server form", async () => {
  const server = serverFor(emulator);
  const { app, email, user } = await signedInUser(emulator, "hdr");
  expect(user.selectedTeam).not.toBeNull();
  const authorization = (await app.getAuthorizationHeader())!;
  const request = { headers: { authorization } };
  const me = (await server.getUser({ tokenStore: request }))!;
  expect(me.id).toBe(user.id);
  expect(me.primaryEmail).toBe(email);
  expect(me.lastActiveAt).toBeInstanceOf(Date);
  expect(me.serverMetadata).toBeNull();
  expect(me.selectedTeam?.id).toBe(user.selectedTeam?.id);
  expect(me.selectedTeam?.createdAt).toBeInstanceOf(Date);
  await me.setServerMetadata({ seen: true });
  expect((await server.getUser(user.id))!.serverMetadata).toEqual({ seen: true });
  await me.update({ clientReadOnlyMetadata: { role: "beta" } });
  expect((await server.getUser({ tokenStore: request, or: "throw" })).clientReadOnlyMetadata).toEqual({ role: "beta" });
  expect(await server.getUser({ tokenStore: { headers: {} } })).toBeNull();
  await expect(server.getUser({ tokenStore: { headers: {} }, or: "throw" })).rejects.toThrow(/signed in/);
});

test("createSession: the tokens work in a ClientApp; impersonation sessions are marked and not listed", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("sess") });
  const tokens = await (await user.createSession()).getTokens();
  expect(tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  const asUser = clientWith(tokens);
  expect((await asUser.getUser({ or: "throw" })).id).toBe(user.id);

  const impersonation = await (await user.createSession({ isImpersonation: true, expiresInMillis: 60 * 60 * 1000 })).getTokens();
  const impersonator = clientWith(impersonation);
  const seen = await impersonator.getUser({ or: "throw" });
  expect(seen.id).toBe(user.id);
  const sessions = await user.getActiveSessions();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]).toMatchObject({ userId: user.id, isImpersonation: false, createdAt: expect.any(Date) });

  await user.revokeSession(sessions[0].id);
  expect(await user.getActiveSessions()).toHaveLength(0);
  const refused = clientWith({ accessToken: "", refreshToken: tokens.refreshToken });
  expect(await refused.getUser()).toBeNull();
});

test("createSession for a deleted user throws USER_ID_DOES_NOT_EXIST", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({});
  await user.delete();
  const error = await user.createSession().catch((e) => e);
  expect(KnownErrors.UserIdDoesNotExist.isInstance(error)).toBe(true);
});

test("permissions: grant, read and revoke at team and project scope", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("perm") });
  const team = await keyed(emulator, "server", "POST", "/teams", { display_name: "Perm team" });
  const teamId = team.json.id as string;
  expect((await keyed(emulator, "server", "POST", `/team-memberships/${teamId}/${user.id}`, {})).status).toBe(201);

  await user.grantPermission({ id: teamId }, "team_admin");
  expect(await user.hasPermission(teamId, "team_admin")).toBe(true);
  expect(await user.hasPermission(teamId, "$update_team")).toBe(true); // contained
  expect((await user.listPermissions(teamId, { recursive: false })).map((p) => p.id)).toContain("team_admin");
  await user.revokePermission(teamId, "team_admin");
  expect(await user.hasPermission(teamId, "team_admin")).toBe(false);
  const unknown = await user.grantPermission(teamId, "no_such_permission").catch((e) => e);
  expect(KnownErrors.PermissionNotFound.isInstance(unknown)).toBe(true);

  const perm = `reports_${Date.now().toString(36)}`;
  expect((await keyed(emulator, "admin", "POST", "/project-permission-definitions", { id: perm })).status).toBe(201);
  await user.grantPermission(perm);
  expect(await user.getPermission(perm)).toEqual({ id: perm });
  await user.revokePermission(perm);
  expect(await user.hasPermission(perm)).toBe(false);
  expect((await user.listTeams()).map((t) => t.id)).toContain(teamId);
});

test("contact channels: listed, created verified, updated and deleted through the server paths", async () => {
  const server = serverFor(emulator);
  const email = uniqueEmail("cc");
  const user = await server.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true });
  const [primary] = await user.listContactChannels();
  expect(primary).toMatchObject({ value: email, isPrimary: true, isVerified: false, usedForAuth: true });
  await primary.update({ isVerified: true });
  expect((await server.getUser(user.id))!.primaryEmailVerified).toBe(true);
  const work = await user.createContactChannel({ type: "email", value: uniqueEmail("work"), usedForAuth: false, isVerified: true });
  expect(work.isVerified).toBe(true);
  expect((await user.listContactChannels()).map((c) => c.id).sort()).toEqual([primary.id, work.id].sort());
  await work.delete();
  expect((await user.listContactChannels()).map((c) => c.id)).toEqual([primary.id]);
});

test("API keys: owner lookup with getUser({ apiKey }) and checkApiKey for valid, revoked, team and unknown keys", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("key") });
  const key = await user.createApiKey({ description: "job", expiresAt: null });
  expect((await user.listApiKeys()).map((k) => k.id)).toEqual([key.id]);
  expect((await server.getUser({ apiKey: key.value }))!.id).toBe(user.id);
  const checked = await server.checkApiKey(key.value);
  expect(checked.status === "ok" && checked.data).toMatchObject({ id: key.id, type: "user", userId: user.id });

  const team = await keyed(emulator, "server", "POST", "/teams", { display_name: "Key team" });
  const teamKey = await keyed(emulator, "server", "POST", "/team-api-keys", { team_id: team.json.id, description: "t", expires_at_millis: null });
  const teamChecked = await server.checkApiKey(teamKey.json.value);
  expect(teamChecked.status === "ok" && teamChecked.data).toMatchObject({ type: "team", teamId: team.json.id });
  expect(await server.getUser({ apiKey: teamKey.json.value })).toBeNull();

  await key.revoke();
  expect(await server.getUser({ apiKey: key.value })).toBeNull();
  const revoked = await server.checkApiKey(key.value);
  expect(revoked.status === "error" && KnownErrors.ApiKeyRevoked.isInstance(revoked.error)).toBe(true);
  const unknown = await server.checkApiKey("not-a-key");
  expect(unknown.status === "error" && KnownErrors.ApiKeyNotFound.isInstance(unknown.error)).toBe(true);

  const soon = await user.createApiKey({ description: "short", expiresAt: new Date(Date.now() + 300) });
  await new Promise((r) => setTimeout(r, 500));
  const expired = await server.checkApiKey(soon.value);
  expect(expired.status === "error" && KnownErrors.ApiKeyExpired.isInstance(expired.error)).toBe(true);
  expect(await server.getUser({ apiKey: soon.value })).toBeNull();
});

test("a wrong secret key fails with INVALID_SECRET_SERVER_KEY; a ServerApp cannot call admin routes", async () => {
  const wrong = serverFor(emulator, { secretServerKey: "ssk_wrong" });
  const error = await wrong.listUsers().catch((e) => e);
  expect(KnownErrors.InvalidSecretServerKey.isInstance(error)).toBe(true);
  const wrongGet = await wrong.getUser("00000000-0000-4000-8000-000000000000").catch((e) => e);
  expect(KnownErrors.InvalidSecretServerKey.isInstance(wrongGet)).toBe(true);

  const server = serverFor(emulator);
  const core = (server as unknown as { core: { request(spec: { path: string }): Promise<unknown> } }).core;
  const denied: unknown = await core.request({ path: "/internal/projects/current" }).catch((e: unknown) => e);
  expect(KnownErrors.InsufficientAccessType.isInstance(denied)).toBe(true);
  expect((denied as { details?: unknown }).details).toMatchObject({ actual_access_type: "server" });
});
