/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The hooks of team objects (from user.useTeams(), user.useTeam(id), user.selectedTeam, and a server's
// useTeam(id)): each shows the data and follows a mutation made through the core.
import { ServerApp } from "../../src/index";
import { useApp, useUser } from "../../src/react/index";
import { INVITE_CALLBACK } from "../integration/team-helpers";
import { appFor, signedUp, uniqueEmail, useEmulator } from "./helpers";
import { names, probe } from "./probe";

const emulator = useEmulator();

async function withTeam() {
  const { app } = appFor(emulator.current);
  await signedUp(app);
  const user = await app.getUser({ or: "throw" });
  const team = await user.createTeam({ displayName: "Rocket" });
  return { app, user, team };
}

test("team.useUsers: the members with their team profiles, after a profile update", async () => {
  const { app, user, team } = await withTeam();
  const p = await probe(app, () => useUser({ or: "throw" }).useTeam(team.id)!.useUsers(), (members) => members.map((m) => m.teamProfile.displayName ?? "-").join(","));
  const profile = await user.getTeamProfile(team);
  await p.after(() => profile.update({ displayName: "Captain" }), "Captain");
});

test("team.useInvitations: pending invitations, after inviteUser and revoke", async () => {
  const { app, team } = await withTeam();
  const p = await probe(app, () => useUser({ or: "throw" }).useTeams().find((t) => t.id === team.id)!.useInvitations(), (list) => names(list, "recipientEmail"));
  expect(p.value()).toBe("");
  const email = uniqueEmail("friend");
  await p.after(() => team.inviteUser({ email, callbackUrl: INVITE_CALLBACK }), email);
  const [invitation] = await team.listInvitations();
  await p.after(() => invitation.revoke(), "");
});

test("team.useApiKeys: the team's keys, after createApiKey and revoke", async () => {
  const { app, team } = await withTeam();
  const p = await probe(app, () => useUser({ or: "throw" }).selectedTeam!.useApiKeys(), (keys) => names(keys.filter((k) => k.isValid()), "description"));
  expect(p.value()).toBe("");
  let key: Awaited<ReturnType<typeof team.createApiKey>> | undefined;
  await p.after(async () => (key = await team.createApiKey({ description: "Deploy", expiresAt: null })), "Deploy");
  await p.after(() => key!.revoke(), "");
});

test("a server's team.useUsers: after addUser and removeUser", async () => {
  const server = new ServerApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    secretServerKey: emulator.current.keys.secretServerKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
  });
  const team = await server.createTeam({ displayName: "Ops" });
  const ada = await server.createUser({ primaryEmail: uniqueEmail("ada"), displayName: "Ada" });
  const p = await probe(server, () => useApp<ServerApp>().useTeam(team.id)!.useUsers(), (members) => names(members));
  expect(p.value()).toBe("");
  await p.after(() => team.addUser(ada.id), "Ada");
  await p.after(() => team.removeUser(ada.id), "");
});
