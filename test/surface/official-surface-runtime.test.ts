/**
 * Drop-in proof at run time: for each official type of `surface.ts`, a real latchkey object (built against the
 * emulator over HTTP) has every official member that is not allow-listed — so a type that declares a member
 * cannot hide an object that lacks it. Optional official members (`x?:`) may be absent.
 */
import { AdminApp, ClientApp, ServerApp } from "../../src/index";
import { clientFor, serverFor, startTestEmulator, uniqueEmail, type Emulator } from "../helpers/emulator";
import { memberNames } from "./member-names";
import { allowedAbsence, OFFICIAL_SURFACE } from "./surface";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const names = memberNames(OFFICIAL_SURFACE);
const PASSWORD = "surface-password-1";

const admin = () =>
  new AdminApp({
    projectId: emulator.projectId,
    baseUrl: emulator.url,
    secretServerKey: emulator.keys.secretServerKey,
    superSecretAdminKey: emulator.keys.superSecretAdminKey,
    tokenStore: "memory",
  });

async function signedIn() {
  const { app } = clientFor(emulator);
  const email = uniqueEmail("surface");
  await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
  return { app, email, user: await app.getUser({ or: "throw" }) };
}

async function internalUser() {
  const app = new ClientApp({
    projectId: "internal",
    publishableClientKey: emulator.internal.keys.publishableClientKey,
    baseUrl: emulator.url,
    tokenStore: "memory",
  });
  const { email, password } = emulator.internal.adminUser;
  await app.signInWithCredential({ email, password, noRedirect: true });
  return app;
}

/** One real object per official type label. */
const OBJECTS: Record<string, () => Promise<object>> = {
  StackClientApp: async () => clientFor(emulator).app,
  StackServerApp: async () => serverFor(emulator),
  StackAdminApp: async () => admin(),
  User: async () => (await signedIn()).user,
  CurrentUser: async () => (await signedIn()).user,
  CurrentInternalUser: async () => (await (await internalUser()).getUser({ or: "throw" })),
  ServerUser: async () => (await serverFor(emulator).getUser((await signedIn()).user.id))!,
  CurrentServerUser: async () => {
    const { app } = await signedIn();
    return serverFor(emulator, { tokenStore: await app.getAuthJson() as never }).getUser({ or: "throw" });
  },
  CurrentInternalServerUser: async () => {
    const app = await internalUser();
    const server = new ServerApp({
      projectId: "internal",
      baseUrl: emulator.url,
      secretServerKey: emulator.internal.keys.secretServerKey,
      tokenStore: (await app.getAuthJson()) as never,
    });
    return server.getUser({ or: "throw" });
  },
  ActiveSession: async () => (await (await signedIn()).user.getActiveSessions())[0],
  NotificationCategory: async () => (await (await signedIn()).user.listNotificationCategories())[0],
  ContactChannel: async () => (await (await signedIn()).user.listContactChannels())[0],
  ServerContactChannel: async () => (await (await serverFor(emulator).getUser((await signedIn()).user.id))!.listContactChannels())[0],
  OAuthProvider: async () => (await withConnectedAccount()).user.listOAuthProviders().then((l) => l[0]),
  ServerOAuthProvider: async () => (await serverFor(emulator).getUser((await withConnectedAccount()).user.id))!.listOAuthProviders().then((l) => l[0]),
  Connection: async () => (await (await withConnectedAccount()).user.listConnectedAccounts())[0],
  OAuthConnection: async () => (await (await withConnectedAccount()).user.listConnectedAccounts())[0],
  Team: async () => (await (await signedIn()).user.listTeams())[0],
  ServerTeam: async () => (await serverFor(emulator).listTeams())[0],
  TeamUser: async () => {
    const { user } = await signedIn();
    return (await user.selectedTeam!.listUsers())[0];
  },
  ServerTeamUser: async () => (await (await serverFor(emulator).getTeam((await signedIn()).user.selectedTeam!.id))!.listUsers())[0],
  TeamMemberProfile: async () => {
    const { user } = await signedIn();
    return (await user.selectedTeam!.listUsers())[0].teamProfile;
  },
  EditableTeamMemberProfile: async () => {
    const { user } = await signedIn();
    return user.getTeamProfile(user.selectedTeam!);
  },
  SentTeamInvitation: async () => (await invited()).sent,
  ReceivedTeamInvitation: async () => (await invited()).received,
  Project: async () => clientFor(emulator).app.getProject(),
  ProjectConfig: async () => (await clientFor(emulator).app.getProject()).config,
  AdminProject: async () => admin().getProject(),
  AdminProjectConfig: async () => (await admin().getProject()).config,
  AdminOwnedProject: async () => (await (await (await internalUser()).getUser({ or: "throw" }) as never as { listOwnedProjects(): Promise<object[]> }).listOwnedProjects())[0],
  "user API key (first view)": async () => (await signedIn()).user.createApiKey({ description: "surface", expiresAt: null }),
  "user API key": async () => {
    const { user } = await signedIn();
    await user.createApiKey({ description: "surface", expiresAt: null });
    return (await user.listApiKeys())[0];
  },
  "team API key (first view)": async () => (await (await signedIn()).user.selectedTeam!.createApiKey({ description: "surface", expiresAt: null })),
  "team API key": async () => {
    const team = (await signedIn()).user.selectedTeam!;
    await team.createApiKey({ description: "surface", expiresAt: null });
    return (await team.listApiKeys())[0];
  },
  InternalApiKey: async () => (await admin().listInternalApiKeys())[0],
  InternalApiKeyFirstView: async () =>
    admin().createInternalApiKey({
      description: "surface",
      expiresAt: new Date(Date.now() + 864e5),
      hasPublishableClientKey: true,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: false,
    }),
  AdminTeamPermissionDefinition: async () => (await admin().listTeamPermissionDefinitions())[0],
  AdminProjectPermissionDefinition: async () => {
    const a = admin();
    await a.createProjectPermissionDefinition({ id: `surface_${Date.now()}`, containedPermissionIds: [] });
    return (await a.listProjectPermissionDefinitions())[0];
  },
  AdminSentEmail: async () => {
    await signedUpWithVerificationMail();
    return (await admin().listSentEmails())[0];
  },
  AdminEmailOutbox: async () => {
    await signedUpWithVerificationMail();
    return (await (admin() as never as { listOutboxEmails(): Promise<{ items: object[] }> }).listOutboxEmails()).items[0];
  },
  DataVaultStore: async () => (serverFor(emulator) as never as { getDataVaultStore(id: string): Promise<object> }).getDataVaultStore("surface-store"),
};

async function withConnectedAccount() {
  const { user, email } = await signedIn();
  const created = await serverFor(emulator).createOAuthProvider({
    userId: user.id,
    accountId: `gh-${Date.now()}`,
    providerConfigId: "github",
    email,
    allowSignIn: false,
    allowConnectedAccounts: true,
  });
  if (created.status !== "ok") throw created.error;
  return { user };
}

async function signedUpWithVerificationMail() {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({
    email: uniqueEmail("mail"),
    password: PASSWORD,
    noRedirect: true,
    verificationCallbackUrl: "http://localhost:3000/handler/email-verification",
  });
}

async function invited() {
  const host = await signedIn();
  const server = serverFor(emulator);
  const email = uniqueEmail("invitee");
  const guest = await server.createUser({ primaryEmail: email, primaryEmailVerified: true, primaryEmailAuthEnabled: true, password: PASSWORD });
  const team = host.user.selectedTeam!;
  await team.inviteUser({ email, callbackUrl: "http://localhost:3000/handler/team-invitation" });
  const { app } = clientFor(emulator);
  await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
  const received = (await (await app.getUser({ or: "throw" })).listTeamInvitations())[0];
  expect(guest.id).toEqual(expect.any(String));
  return { sent: (await team.listInvitations())[0], received };
}

test("every official type of the surface list has an object factory here", () => {
  expect(OFFICIAL_SURFACE.map((p) => p.label).filter((label) => !(label in OBJECTS))).toEqual([]);
});

describe.each(OFFICIAL_SURFACE.map((p) => [p.label] as [string]))("%s", (label) => {
  test("the object has every official member that is not allow-listed or optional", async () => {
    const object = await OBJECTS[label]();
    expect(object).toBeDefined();
    const { official, optional } = names.get(label)!;
    const missing = official.filter((name) => !(name in object) && !allowedAbsence(name) && !optional.includes(name));
    expect(missing).toEqual([]);
  });
});
