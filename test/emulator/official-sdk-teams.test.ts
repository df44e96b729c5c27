import { StackClientApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { freshEmail, latestEmail, startTestEmulator } from "./helpers";

// The official SDK's team, invitation, permission and user-list calls against the emulator, unchanged.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const clientApp = () =>
  new StackClientApp({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" });
const serverApp = () =>
  new StackServerApp({
    projectId: em.projectId,
    publishableClientKey: em.keys.publishableClientKey,
    secretServerKey: em.keys.secretServerKey,
    baseUrl: em.url,
    tokenStore: "memory",
  });

async function signedInApp(email = freshEmail("sdkteam")) {
  const app = clientApp();
  const r = await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
  expect(r.status).toBe("ok");
  return { app, user: await app.getUser({ or: "throw" }), email };
}

test("create a team, update it, read permissions and members, invite and accept", async () => {
  const { user: owner } = await signedInApp();
  const team = await owner.createTeam({ displayName: "SDK Team" });
  expect(team.displayName).toBe("SDK Team");
  expect((await owner.listTeams()).map((t) => t.id)).toContain(team.id);
  expect(await owner.hasPermission(team, "$update_team")).toBe(true);
  expect((await owner.listPermissions(team, { recursive: false })).map((p) => p.id)).toEqual(["team_admin"]);
  await team.update({ displayName: "SDK Team 2" });
  expect((await owner.getTeam(team.id))?.displayName).toBe("SDK Team 2");

  const inviteeEmail = freshEmail("sdkinvitee");
  await team.inviteUser({ email: inviteeEmail, callbackUrl: "http://localhost:3000/handler/team-invitation" });
  expect((await team.listInvitations()).map((i) => i.recipientEmail)).toEqual([inviteeEmail]);
  const code = (await latestEmail(em, inviteeEmail)).code;

  const { app: inviteeApp, user: invitee } = await signedInApp(inviteeEmail);
  const details = await inviteeApp.getTeamInvitationDetails(code);
  expect(details.status === "ok" && details.data.teamDisplayName).toBe("SDK Team 2");
  expect((await inviteeApp.acceptTeamInvitation(code)).status).toBe("ok");
  expect(await invitee.hasPermission(team, "$read_members")).toBe(true);
  expect(await invitee.hasPermission(team, "$delete_team")).toBe(false);
  const users = await team.listUsers();
  expect(users.map((u) => u.id).sort()).toEqual([owner.id, invitee.id].sort());
});

test("the server app lists, creates and filters users, and grants permissions", async () => {
  const server = serverApp();
  const email = freshEmail("sdkserver");
  const created = await server.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true, password: "password123", displayName: "Server Made" });
  expect(created.primaryEmail).toBe(email);
  const found = await server.listUsers({ query: email });
  expect(found.map((u) => u.id)).toEqual([created.id]);
  const team = await server.createTeam({ displayName: "Server SDK Team" });
  await team.addUser(created.id);
  expect((await server.listUsers({ limit: 10 })).length).toBeGreaterThan(0);
  expect((await team.listUsers()).map((u) => u.id)).toEqual([created.id]);
  await created.grantPermission(team, "$update_team");
  expect(await created.hasPermission(team, "$update_team")).toBe(true);
  await created.revokePermission(team, "$update_team");
  expect(await created.hasPermission(team, "$update_team")).toBe(false);
  await team.delete();
  expect(await server.getTeam(team.id)).toBeNull();
});
