import { AdminApp, ArgumentError, ClientApp, KnownErrors, ServerApp } from "../../src/index";
import type { CurrentInternalUser, CurrentServerUser } from "../../src/index";
import { caught } from "../helpers/http";
import { clientFor, routeStats, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

// The internal project's current user: createProject, listOwnedProjects and transferProject over real HTTP.
let emulator: Emulator;
const retry = { sleep: async () => undefined, random: () => 0.5 };
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

const dashboardApp = () => new ClientApp({ projectId: "internal", baseUrl: emulator.url, publishableClientKey: emulator.internal.keys.publishableClientKey, tokenStore: "memory", retry });

/** The seeded dashboard user, signed in on a ClientApp of the internal project. */
async function admin(): Promise<CurrentInternalUser> {
  const app = dashboardApp();
  const r = await app.signInWithCredential({ email: emulator.internal.adminUser.email, password: emulator.internal.adminUser.password, noRedirect: true });
  expect(r.status).toBe("ok");
  return (await app.getUser({ or: "throw" })) as CurrentInternalUser;
}

/** A new dashboard user (no team of its own). */
async function newcomer(): Promise<CurrentInternalUser> {
  const app = dashboardApp();
  expect((await app.signUpWithCredential({ email: uniqueEmail("dash"), password: "password123", noRedirect: true })).status).toBe("ok");
  return (await app.getUser({ or: "throw" })) as CurrentInternalUser;
}

test("createProject applies every option and returns the project with its admin app", async () => {
  const user = await admin();
  const logo = "https://cdn.example.com/shop.png";
  const project = await user.createProject({
    displayName: "Shop",
    description: "An owned project",
    teamId: user.selectedTeam!.id,
    isDevelopmentEnvironment: true,
    onboardingStatus: "welcome",
    logoUrl: logo,
    requirePublishableClientKey: true,
    config: { signUpEnabled: false, magicLinkEnabled: true, domains: [{ domain: "https://shop.example.com", handlerPath: "/auth" }] },
  });
  expect(project).toMatchObject({ displayName: "Shop", description: "An owned project", ownerTeamId: user.selectedTeam!.id, isDevelopmentEnvironment: true, onboardingStatus: "welcome", logoUrl: logo });
  expect(project.config).toMatchObject({ signUpEnabled: false, magicLinkEnabled: true, domains: [{ domain: "https://shop.example.com", handlerPath: "/auth" }] });
  expect(project.app).toBeInstanceOf(AdminApp);
  expect(project.app.projectId).toBe(project.id);
  const read = await project.app.getProject();
  expect(read.config).toMatchObject({ signUpEnabled: false, magicLinkEnabled: true });
  // requirePublishableClientKey went to the new project's config
  const anonymous = new ClientApp({ projectId: project.id, baseUrl: emulator.url, tokenStore: "memory", retry });
  expect(KnownErrors.PublishableClientKeyRequiredForProject.isInstance(await caught(anonymous.getProject()))).toBe(true);
  expect((await user.listOwnedProjects()).map((p) => p.id)).toContain(project.id);
});

test("listOwnedProjects: each project has an AdminApp on the owner's session", async () => {
  const user = await admin();
  const projects = await user.listOwnedProjects();
  const demo = projects.find((p) => p.id === emulator.projectId)!;
  expect(demo.app).toBeInstanceOf(AdminApp);
  expect((await demo.app.listInternalApiKeys()).length).toBeGreaterThan(0);
  const fresh = await newcomer();
  expect(await fresh.listOwnedProjects()).toEqual([]);
});

test("transferProject moves a project between the user's teams", async () => {
  const user = await admin();
  const project = await user.createProject({ displayName: "Movable", teamId: user.selectedTeam!.id });
  const target = await user.createTeam({ displayName: "Target" });
  await user.transferProject(project.id, target.id);
  const moved = (await user.listOwnedProjects()).find((p) => p.id === project.id)!;
  expect(moved.ownerTeamId).toBe(target.id);
  expect((await moved.app.getProject()).ownerTeamId).toBe(target.id);
});

test("transferProject errors: not in the new team, not team_admin, unknown project", async () => {
  const user = await admin();
  const project = await user.createProject({ displayName: "Guarded", teamId: user.selectedTeam!.id });
  const other = await newcomer();
  const othersTeam = await other.createTeam({ displayName: "Other's" });
  const notMember = await caught(user.transferProject(project.id, othersTeam.id));
  expect(KnownErrors.TeamMembershipNotFound.isInstance(notMember)).toBe(true);
  // a plain member of the owner team may not move its projects
  const server = new ServerApp({ projectId: "internal", baseUrl: emulator.url, secretServerKey: emulator.internal.keys.secretServerKey, tokenStore: null, retry });
  await (await server.getTeam(user.selectedTeam!.id))!.addUser(other.id);
  const notAdmin = await caught(other.transferProject(project.id, othersTeam.id));
  expect(KnownErrors.TeamPermissionRequired.isInstance(notAdmin)).toBe(true);
  expect(notAdmin.details).toEqual({ team_id: user.selectedTeam!.id, user_id: other.id, permission_id: "team_admin" });
  const unknown = await caught(user.transferProject("00000000-0000-4000-8000-000000000000", othersTeam.id));
  expect(KnownErrors.ProjectNotFound.isInstance(unknown)).toBe(true);
  expect((await user.listOwnedProjects()).find((p) => p.id === project.id)!.ownerTeamId).toBe(user.selectedTeam!.id);
});

test("arguments are checked before any request", async () => {
  const user = await admin();
  const creates = (await routeStats(emulator, "POST /internal/projects")).requests;
  const transfers = (await routeStats(emulator, "POST /internal/projects/transfer")).requests;
  const bad = [
    () => user.createProject({ displayName: "" }),
    () => user.createProject({ displayName: "x", isDevelopmentEnvironment: "yes" as never }),
    () => user.createProject({ displayName: "x", teamId: 5 as never }),
    () => user.createProject({ displayName: "x", config: { signUpEnabled: "no" as never } }),
    () => user.createProject({ displayName: "x", logoUrl: "no url" }),
    () => user.transferProject("", "team"),
    () => user.transferProject("project", undefined as never),
  ];
  for (const call of bad) await expect(call()).rejects.toThrow(ArgumentError);
  expect((await routeStats(emulator, "POST /internal/projects")).requests).toBe(creates);
  expect((await routeStats(emulator, "POST /internal/projects/transfer")).requests).toBe(transfers);
});

test("only users of the internal project have these methods; server users of it have them too", async () => {
  const { app } = clientFor(emulator);
  await app.signUpWithCredential({ email: uniqueEmail("plain"), password: "password123", noRedirect: true });
  const plain = await app.getUser({ or: "throw" });
  expect(["createProject", "listOwnedProjects", "transferProject"].filter((m) => m in plain)).toEqual([]);
  const dashboard = dashboardApp();
  await dashboard.signInWithCredential({ email: emulator.internal.adminUser.email, password: emulator.internal.adminUser.password, noRedirect: true });
  const tokens = await dashboard.getAuthJson();
  const server = new ServerApp({ projectId: "internal", baseUrl: emulator.url, secretServerKey: emulator.internal.keys.secretServerKey, tokenStore: null, retry });
  const me = (await server.getUser({ tokenStore: { accessToken: tokens.accessToken!, refreshToken: tokens.refreshToken! }, or: "throw" })) as CurrentInternalUser<CurrentServerUser>;
  expect((await me.listOwnedProjects()).map((p) => p.id)).toContain(emulator.projectId);
});
