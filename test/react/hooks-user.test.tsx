/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// Every hook of a user object handed out by useUser(): it shows the data, and follows a mutation made through
// the core (the app given to the provider), against the emulator.
import { act } from "@testing-library/react";
import { AdminApp, ServerApp } from "../../src/index";
import type { CurrentServerUser } from "../../src/index";
import { useUser } from "../../src/react/index";
import { codeFromOutbox } from "../helpers/emulator";
import { INVITE_CALLBACK } from "../integration/team-helpers";
import { appFor, signedUp, uniqueEmail, useEmulator } from "./helpers";
import { names, probe } from "./probe";

const emulator = useEmulator();

async function signedIn() {
  const { app } = appFor(emulator.current);
  const { email, password } = await signedUp(app);
  return { app, email, password, user: await app.getUser({ or: "throw" }) };
}

/** A ServerApp holding a signed-in user's session: its user object can grant permissions. */
async function serverSignedIn() {
  const app = new ServerApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    secretServerKey: emulator.current.keys.secretServerKey,
    publishableClientKey: emulator.current.keys.publishableClientKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    redirectMethod: "none",
  });
  await signedUp(app);
  return { app, user: (await app.getUser({ or: "throw" })) as CurrentServerUser };
}

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort().join(",");

test("useTeams: the user's teams, after createTeam and leaveTeam", async () => {
  const { app, user } = await signedIn();
  const p = await probe(app, () => useUser({ or: "throw" }).useTeams(), (teams) => names(teams));
  const personal = p.value()!;
  let rocket: Awaited<ReturnType<typeof user.createTeam>> | undefined;
  await p.after(async () => (rocket = await user.createTeam({ displayName: "Rocket" })), [personal, "Rocket"].sort().join(", "));
  await p.after(() => user.leaveTeam(rocket!), personal);
});

test("useTeam(id): one team, after team.update", async () => {
  const { app, user } = await signedIn();
  const team = await user.createTeam({ displayName: "Rocket" });
  const p = await probe(app, () => useUser({ or: "throw" }).useTeam(team.id), (t) => t?.displayName ?? "none");
  expect(p.value()).toBe("Rocket");
  await p.after(() => team.update({ displayName: "Rocket Lab" }), "Rocket Lab");
  await p.after(() => team.delete(), "none");
});

test("useContactChannels: the e-mails, after createContactChannel and delete", async () => {
  const { app, user, email } = await signedIn();
  const p = await probe(app, () => useUser({ or: "throw" }).useContactChannels(), (cs) => names(cs, "value"));
  expect(p.value()).toBe(email);
  const work = uniqueEmail("work");
  let created: Awaited<ReturnType<typeof user.createContactChannel>> | undefined;
  await p.after(async () => (created = await user.createContactChannel({ type: "email", value: work, usedForAuth: false })), [email, work].sort().join(", "));
  await p.after(() => created!.delete(), email);
});

test("useApiKeys: the user's keys, after createApiKey and revoke", async () => {
  const { app, user } = await signedIn();
  const p = await probe(app, () => useUser({ or: "throw" }).useApiKeys(), (keys) => names(keys.filter((k) => k.isValid()), "description"));
  expect(p.value()).toBe("");
  let key: Awaited<ReturnType<typeof user.createApiKey>> | undefined;
  await p.after(async () => (key = await user.createApiKey({ description: "CI", expiresAt: null })), "CI");
  await p.after(() => key!.revoke(), "");
});

test("useActiveSessions: the sessions, after revokeSession", async () => {
  const { app, user, email, password } = await signedIn();
  const elsewhere = appFor(emulator.current).app;
  expect((await elsewhere.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok");
  const p = await probe(app, () => useUser({ or: "throw" }).useActiveSessions(), (s) => s.map((x) => (x.isCurrentSession ? "this" : "other")).sort().join(","));
  expect(p.value()).toBe("other,this");
  const other = (await user.getActiveSessions()).find((s) => !s.isCurrentSession)!;
  await p.after(() => user.revokeSession(other.id), "this");
});

test("useNotificationCategories: the preferences, after setEnabled", async () => {
  const { app, user } = await signedIn();
  const p = await probe(app, () => useUser({ or: "throw" }).useNotificationCategories(), (cs) => cs.map((c) => `${c.name}:${c.enabled}`).join(","));
  expect(p.value()).toBe("Transactional:true,Marketing:true");
  const marketing = (await user.listNotificationCategories()).find((c) => c.name === "Marketing")!;
  await p.after(() => marketing.setEnabled(false), "Transactional:true,Marketing:false");
});

test("useTeamInvitations: invitations received, after accept", async () => {
  const owner = await signedIn();
  const team = await owner.user.createTeam({ displayName: "Guild" });
  // The invitee verifies their e-mail (invitations are listed for verified addresses).
  const { app } = appFor(emulator.current);
  const email = uniqueEmail("invitee");
  await app.signUpWithCredential({ email, password: "correct-horse-battery", noRedirect: true, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" });
  expect((await app.verifyEmail(await codeFromOutbox(emulator.current, email, /verif/i))).status).toBe("ok");
  await team.inviteUser({ email, callbackUrl: INVITE_CALLBACK });
  const p = await probe(app, () => useUser({ or: "throw" }).useTeamInvitations(), (list) => names(list, "teamDisplayName"));
  expect(p.value()).toBe("Guild");
  const [invitation] = await (await app.getUser({ or: "throw" })).listTeamInvitations();
  await p.after(() => invitation.accept(), "");
});

test("useTeamProfile(team): the user's profile in a team, after profile.update", async () => {
  const { app, user } = await signedIn();
  const team = await user.createTeam({ displayName: "Rocket" });
  const p = await probe(app, () => useUser({ or: "throw" }).useTeamProfile(team), (profile) => profile.displayName ?? "none");
  const profile = await user.getTeamProfile(team);
  await p.after(() => profile.update({ displayName: "Captain" }), "Captain");
});

test("useOAuthProviders, useOAuthProvider, useConnectedAccounts and useConnectedAccount: the user's connections, after update and delete", async () => {
  const { app, user } = await signedIn();
  const res = await fetch(`${emulator.current.url}/api/v1/oauth-providers`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-access-type": "server", "x-stack-project-id": emulator.current.projectId, "x-stack-secret-server-key": emulator.current.keys.secretServerKey },
    body: JSON.stringify({ user_id: user.id, provider_config_id: "github", account_id: `acct-${Date.now()}`, email: "ada@github.example", allow_sign_in: true, allow_connected_accounts: true }),
  });
  expect(res.status).toBe(201);
  const providers = await probe(app, () => useUser({ or: "throw" }).useOAuthProviders(), (list) => list.map((p) => `${p.type}:${p.allowSignIn}`).join(","));
  expect(providers.value()).toBe("github:true");
  const accounts = await probe(app, () => useUser({ or: "throw" }).useConnectedAccounts(), (list) => list.map((a) => a.provider).join(","));
  expect(accounts.value()).toBe("github");
  const [github] = await user.listOAuthProviders();
  const one = await probe(app, () => useUser({ or: "throw" }).useOAuthProvider(github.id), (p) => (p ? `${p.type}:${p.allowSignIn}` : "none"));
  const [connected] = await user.listConnectedAccounts();
  const account = await probe(app, () => useUser({ or: "throw" }).useConnectedAccount(connected), (a) => a?.provider ?? "none");
  expect([one.value(), account.value()]).toEqual(["github:true", "github"]);
  await providers.after(() => github.update({ allowSignIn: false }), "github:false");
  await one.after(async () => {}, "github:false");
  await providers.after(() => github.delete(), "");
  await accounts.after(async () => {}, "");
  await one.after(async () => {}, "none");
  await account.after(async () => {}, "none");
});

test("usePermissions and usePermission (team scope): after leaving the team", async () => {
  const { app, user } = await signedIn();
  const team = await user.createTeam({ displayName: "Rocket" });
  const list = await probe(app, () => useUser({ or: "throw" }).usePermissions(team), ids);
  expect(list.value()).toContain("team_admin");
  const one = await probe(app, () => useUser({ or: "throw" }).usePermission(team, "$update_team"), (p) => p?.id ?? "none");
  expect(one.value()).toBe("$update_team");
  await act(() => user.leaveTeam(team));
  await list.after(async () => {}, "");
  await one.after(async () => {}, "none");
});

test("usePermissions and usePermission (team and project scope) on a server's user: after grant and revoke", async () => {
  const { app, user } = await serverSignedIn();
  const team = user.selectedTeam!;
  const suffix = Date.now().toString(36);
  const admin = new AdminApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    superSecretAdminKey: emulator.current.keys.superSecretAdminKey,
    tokenStore: null,
  });
  await admin.createProjectPermissionDefinition({ id: `billing_${suffix}`, containedPermissionIds: [] });
  await admin.createTeamPermissionDefinition({ id: `moderator_${suffix}`, containedPermissionIds: [] });
  const project = await probe(app, () => useUser({ or: "throw" }).usePermissions(), ids);
  const projectOne = await probe(app, () => useUser({ or: "throw" }).usePermission(`billing_${suffix}`), (p) => p?.id ?? "none");
  const teamList = await probe(app, () => useUser({ or: "throw" }).usePermissions(team), ids);
  const teamOne = await probe(app, () => useUser({ or: "throw" }).usePermission(team, `moderator_${suffix}`), (p) => p?.id ?? "none");
  expect(project.value()).not.toContain(`billing_${suffix}`);
  expect(projectOne.value()).toBe("none");
  expect(teamOne.value()).toBe("none");
  await project.after(() => user.grantPermission(`billing_${suffix}`), new RegExp(`billing_${suffix}`));
  await projectOne.after(async () => {}, `billing_${suffix}`);
  await teamList.after(() => user.grantPermission(team, `moderator_${suffix}`), new RegExp(`moderator_${suffix}`));
  await teamOne.after(async () => {}, `moderator_${suffix}`);
  await teamOne.after(() => user.revokePermission(team, `moderator_${suffix}`), "none");
  await projectOne.after(() => user.revokePermission(`billing_${suffix}`), "none");
});

test("the selected team of useUser() has the team hooks", async () => {
  const { app } = await signedIn();
  const p = await probe(app, () => useUser({ or: "throw" }).selectedTeam!.useUsers(), (members) => String(members.length));
  expect(p.value()).toBe("1");
});
