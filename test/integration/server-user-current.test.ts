import { ArgumentError, ClientApp, LatchkeyError } from "../../src/index";
import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const methods = (o: object) => Object.keys(o).filter((k) => typeof (o as Record<string, unknown>)[k] === "function").sort();

test("CurrentServerUser has every ServerUser member, plus the session's own", async () => {
  const { app } = await signedInUser(emulator, "cur-srv");
  const tokens = (await app.getAuthJson()) as { accessToken: string; refreshToken: string };
  const server = serverFor(emulator, { tokenStore: tokens });
  const me = await server.getUser({ or: "throw" });
  const plain = (await server.getUser(me.id))!;
  expect(methods(me)).toEqual(expect.arrayContaining(methods(plain)));
  for (const name of ["signOut", "getAccessToken", "getRefreshToken", "getAuthJson", "getAuthorizationHeader"]) expect(methods(me)).toContain(name);

  // server objects and options, as on a ServerUser
  const page = await me.listTeams({ limit: 1 });
  expect(page).toHaveLength(1);
  expect(page).toHaveProperty("nextCursor");
  expect(typeof page[0].addUser).toBe("function");
  expect(me.toClientJson().id).toBe(me.id);
  expect(me.toClientJson()).not.toHaveProperty("server_metadata");
  const team = await me.createTeam({ displayName: "Made by the current server user" });
  expect((await server.getUser({ or: "throw" })).selectedTeam?.id).toBe(team.id);

  // updatePassword goes through the session: it survives, other sessions end
  const other = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: "memory" });
  expect((await other.signInWithCredential({ email: me.primaryEmail!, password: "teams are fun", noRedirect: true })).status).toBe("ok");
  expect(await me.getActiveSessions()).toHaveLength(2);
  expect(await me.updatePassword({ oldPassword: "teams are fun", newPassword: "teams are more fun" })).toBeUndefined();
  expect(await server.getUser()).not.toBeNull();
  const sessions = await me.getActiveSessions();
  expect(sessions).toHaveLength(1);
  expect(sessions[0].isCurrentSession).toBe(true);

  // setPassword is the server's (replaces an existing password, as the official server object does)
  expect(await me.setPassword({ password: "set by the server" })).toBeUndefined();
  expect((await other.signInWithCredential({ email: me.primaryEmail!, password: "set by the server", noRedirect: true })).status).toBe("ok");
});

test("getServerUser() is getUser() for the app's session", async () => {
  const { app } = await signedInUser(emulator, "deprecated");
  const tokens = (await app.getAuthJson()) as { accessToken: string; refreshToken: string };
  const server = serverFor(emulator, { tokenStore: tokens });
  const me = await server.getServerUser();
  expect(me?.id).toBe((await app.getUser({ or: "throw" })).id);
  expect(typeof me?.setServerMetadata).toBe("function");
  expect(await serverFor(emulator).getServerUser()).toBeNull();
});

test('getUser({ apiKey, or }): "anonymous" and "return-null" give null for an invalid key, "throw" throws, others are refused', async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("or") });
  const key = await user.createApiKey({ description: "or values", expiresAt: null });
  for (const or of ["return-null", "anonymous", "throw"] as const) expect((await server.getUser({ apiKey: key.value, or }))?.id).toBe(user.id);
  await key.revoke();
  expect(await server.getUser({ apiKey: key.value, or: "anonymous" })).toBeNull();
  expect(await server.getUser({ apiKey: key.value, or: "return-null" })).toBeNull();
  expect(await server.getUser({ apiKey: key.value })).toBeNull();
  const error = await server.getUser({ apiKey: key.value, or: "throw" }).catch((e: unknown) => e);
  expect(LatchkeyError.isInstance(error) && (error as Error).name).toBe("NotSignedInError");
  await expect(server.getUser({ apiKey: key.value, or: "redirect" as never })).rejects.toThrow(ArgumentError);
  await expect(server.getUser({ apiKey: "" })).rejects.toThrow(ArgumentError);
});

test("createSession() takes no options (a one-year session), as the official type allows", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("sess") });
  const tokens = await (await user.createSession()).getTokens();
  const asUser = new ClientApp({ projectId: emulator.projectId, baseUrl: emulator.url, tokenStore: tokens });
  expect((await asUser.getUser({ or: "throw" })).id).toBe(user.id);
  await expect(user.createSession({ expiresInMillis: -1 })).rejects.toThrow(ArgumentError);
});

test("permission reads take { direct } (the official server option) as well as { recursive }", async () => {
  const server = serverFor(emulator);
  const user = await server.createUser({ primaryEmail: uniqueEmail("perm") });
  const team = await user.createTeam({ displayName: "Direct" });
  const direct = (await user.listPermissions(team, { direct: true })).map((p) => p.id);
  const all = (await user.listPermissions(team)).map((p) => p.id);
  expect(direct).toEqual(["team_admin"]);
  expect(all).toEqual(expect.arrayContaining(["team_admin", "$update_team", "$read_members"]));
  expect((await user.listPermissions(team, { recursive: false })).map((p) => p.id)).toEqual(direct);
  expect(await user.getPermission(team, "$update_team")).toEqual({ id: "$update_team" });
  expect(await user.getPermission(team, "$update_team", { direct: true })).toBeNull();
  expect(await user.getPermission(team, "team_admin", { direct: true })).toEqual({ id: "team_admin" });

  expect(await user.listPermissions({ direct: true })).toEqual([]);
  expect(await user.getPermission("anything", { direct: true })).toBeNull();
  await expect(user.listPermissions(team, { direct: true, recursive: true })).rejects.toThrow(ArgumentError);
  await expect(user.listPermissions(team, { direct: "yes" as never })).rejects.toThrow(ArgumentError);
  const untyped = user.getPermission as (...args: unknown[]) => Promise<unknown>;
  await expect(untyped("x", {}, {})).rejects.toThrow(ArgumentError);
});
