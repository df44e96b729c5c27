import { serverFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());


test("listTeams: query, desc and pages with nextCursor, for all teams and for one user", async () => {
  const server = serverFor(emulator);
  const tag = `pager-${Date.now()}`;
  const names = [`${tag} A`, `${tag} B`, `${tag} C`];
  const teams = [];
  for (const displayName of names) {
    teams.push(await server.createTeam({ displayName }));
    await new Promise((resolve) => setTimeout(resolve, 3)); // distinct creation times: the order is by creation
  }

  const matching = await server.listTeams({ query: tag });
  expect(matching.map((t) => t.displayName)).toEqual(names);
  expect(matching.nextCursor).toBeNull();
  expect((await server.listTeams({ query: tag.toUpperCase(), orderBy: "createdAt", desc: true })).map((t) => t.displayName)).toEqual([...names].reverse());

  const first = await server.listTeams({ query: tag, limit: 2 });
  expect(first.map((t) => t.displayName)).toEqual(names.slice(0, 2));
  expect(first.nextCursor).toEqual(expect.any(String));
  const second = await server.listTeams({ query: tag, limit: 2, cursor: first.nextCursor! });
  expect(second.map((t) => t.displayName)).toEqual([names[2]]);
  expect(second.nextCursor).toBeNull();

  const user = await server.createUser({ primaryEmail: uniqueEmail("lister") });
  await teams[0].addUser(user.id);
  await teams[2].addUser(user.id);
  const hers = await server.listTeams({ userId: user.id, query: tag, desc: true });
  expect(hers.map((t) => t.id)).toEqual([teams[2].id, teams[0].id]);
  await teams[1].addUser(user.id);
  expect((await server.listTeams({ userId: user.id, query: tag, desc: true })).map((t) => t.id)).toEqual([teams[2].id, teams[1].id, teams[0].id]);
});
