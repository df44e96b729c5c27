/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// A ServerApp's hooks (for trusted UIs): each shows the data and follows a mutation made through the core.
import { ServerApp } from "../../src/index";
import { useApp } from "../../src/react/index";
import { uniqueEmail, useEmulator } from "./helpers";
import { names, probe } from "./probe";

const emulator = useEmulator();
const serverApp = () =>
  new ServerApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    secretServerKey: emulator.current.keys.secretServerKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
  });
const server = () => useApp<ServerApp>();

test("useUsers: a page of users (with their hooks), after createUser and delete", async () => {
  const app = serverApp();
  const tag = `tag${Date.now().toString(36)}`;
  const p = await probe(app, () => server().useUsers({ query: tag }), (users) => `${names(users)} | ${users.nextCursor} | ${users.every((u) => typeof u.useTeams === "function")}`);
  expect(p.value()).toBe(" | null | true");
  let ada: Awaited<ReturnType<typeof app.createUser>> | undefined;
  await p.after(async () => (ada = await app.createUser({ primaryEmail: uniqueEmail(tag), displayName: `Ada ${tag}` })), `Ada ${tag} | null | true`);
  await p.after(() => ada!.delete(), " | null | true");
});

test("useUser(id): one user, after update; null for an unknown id", async () => {
  const app = serverApp();
  const ada = await app.createUser({ primaryEmail: uniqueEmail("ada"), displayName: "Ada" });
  const p = await probe(app, () => server().useUser(ada.id), (u) => u?.displayName ?? "none");
  expect(p.value()).toBe("Ada");
  await p.after(() => ada.update({ displayName: "Ada Lovelace" }), "Ada Lovelace");
  const none = await probe(app, () => server().useUser("00000000-0000-4000-8000-000000000000"), (u) => u?.displayName ?? "none");
  expect(none.value()).toBe("none");
});

test("useTeams and useTeam(id): after createTeam, update and delete", async () => {
  const app = serverApp();
  const tag = `t${Date.now().toString(36)}`;
  const list = await probe(app, () => server().useTeams({ query: tag }), (teams) => names(teams));
  expect(list.value()).toBe("");
  let team: Awaited<ReturnType<typeof app.createTeam>> | undefined;
  await list.after(async () => (team = await app.createTeam({ displayName: `Ops ${tag}` })), `Ops ${tag}`);
  const one = await probe(app, () => server().useTeam(team!.id), (t) => t?.displayName ?? "none");
  expect(one.value()).toBe(`Ops ${tag}`);
  await one.after(() => team!.update({ displayName: `Platform ${tag}` }), `Platform ${tag}`);
  await list.after(async () => {}, `Platform ${tag}`);
  await one.after(() => team!.delete(), "none");
  await list.after(async () => {}, "");
});

test("useTeamMemberPermissions(teamId): after grantPermission and revokePermission", async () => {
  const app = serverApp();
  const team = await app.createTeam({ displayName: "Ops" });
  const ada = await app.createUser({ primaryEmail: uniqueEmail("ada") });
  await team.addUser(ada.id);
  const show = (list: { userId: string; id?: string; permissionId?: string }[]) =>
    list.filter((p) => p.userId === ada.id).map((p) => p.permissionId ?? p.id).sort().join(",");
  const p = await probe(app, () => server().useTeamMemberPermissions(team.id), show as never);
  const before = p.value();
  expect(before).not.toContain("team_admin");
  await p.after(() => ada.grantPermission(team, "team_admin"), /team_admin/);
  await p.after(() => ada.revokePermission(team, "team_admin"), before!);
});

test("useEmailDeliveryStats: after activateEmailCapacityBoost", async () => {
  const app = serverApp();
  const p = await probe(app, () => server().useEmailDeliveryStats(), (info) => `boost: ${info.capacity.is_boost_active}`);
  expect(p.value()).toBe("boost: false");
  await p.after(() => app.activateEmailCapacityBoost(), "boost: true");
});
