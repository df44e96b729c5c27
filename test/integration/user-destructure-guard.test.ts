// `const { user } = useUser()` is a common mistake: the hook (like app.getUser()) returns the user itself. As in the
// official SDK, reading `.user` on a user object throws an error saying so, instead of quietly giving undefined;
// spreading, serialising, jest's equality and printing, and listing the fields never trip over it.
import { LatchkeyError } from "../../src/index";
import { serverFor, startTestEmulator } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";
import { signedInUser } from "./team-helpers";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** The user objects of one signed-in user: the client's, the server's current user, and the server's by id. */
async function usersOfOneAccount() {
  const { app, user } = await signedInUser(emulator, "guard");
  const server = serverFor(emulator, { tokenStore: (await app.getAuthJson()) as { accessToken: string; refreshToken: string } });
  const serverCurrent = await server.getUser({ or: "throw" });
  const byId = (await server.getUser(user.id))!;
  return { client: user, serverCurrent, byId };
}

function expectGuarded(user: object) {
  const read = () => (user as { user?: unknown }).user;
  expect(read).toThrow(/already the user object/);
  expect(read).toThrow(/const user = useUser\(\)/);
  let error: unknown;
  try {
    const { user: misread } = user as { user?: unknown };
    void misread;
  } catch (e) {
    error = e;
  }
  expect(LatchkeyError.isInstance(error)).toBe(true);
  expect((error as Error).name).toBe("UserDestructuringError");
}

test("reading .user (or destructuring it) on a client or server user throws an error that explains the mistake", async () => {
  const { client, serverCurrent, byId } = await usersOfOneAccount();
  for (const user of [client, serverCurrent, byId]) expectGuarded(user);
});

test("spreading, Object.keys, JSON.stringify, jest's equality and printing are unaffected", async () => {
  const { client, serverCurrent, byId } = await usersOfOneAccount();
  for (const user of [client, serverCurrent, byId]) {
    expect(Object.keys(user)).not.toContain("user");
    expect(Object.getOwnPropertyNames(user)).not.toContain("user");
    expect("user" in user).toBe(false);
    const spread = { ...user };
    expect(spread).not.toHaveProperty("user");
    expect(spread.id).toBe(client.id);
    const json = JSON.parse(JSON.stringify(user)) as Record<string, unknown>;
    expect(json.id).toBe(client.id);
    expect(json).not.toHaveProperty("user");
    expect(user).toEqual(user);
    expect(user).toStrictEqual(user);
    expect(user).toMatchObject({ id: client.id, primaryEmail: client.primaryEmail });
    expect({ ...user }).toEqual(expect.objectContaining({ id: client.id }));
    // A failed comparison prints both objects: printing must not read the guard.
    expect(() => expect(user).toEqual({ id: "someone else" })).toThrow(/someone else/);
    expect(() => expect(user).toBeNull()).toThrow(/primaryEmail/);
  }
});

test("a server user listed as a team member is guarded too, and the guard survives the server current user's methods", async () => {
  const { client, serverCurrent } = await usersOfOneAccount();
  const team = await serverCurrent.createTeam({ displayName: "Guarded" });
  const server = serverFor(emulator, { tokenStore: null });
  const [member] = await (await server.getTeam(team.id))!.listUsers();
  expect(member.id).toBe(client.id);
  expectGuarded(member);
  expect(member.teamProfile).toBeDefined();
});
