/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// An AdminApp's hooks (for trusted UIs): each shows the data and follows a mutation made through the core.
import { AdminApp } from "../../src/index";
import { useApp } from "../../src/react/index";
import { useEmulator } from "./helpers";
import { names, probe } from "./probe";

const emulator = useEmulator();
const adminApp = () =>
  new AdminApp({
    projectId: emulator.current.projectId,
    baseUrl: emulator.current.url,
    superSecretAdminKey: emulator.current.keys.superSecretAdminKey,
    tokenStore: null,
    noAutomaticPrefetch: true,
  });
const admin = () => useApp<AdminApp>();
const tag = () => Date.now().toString(36);

test("useInternalApiKeys: after createInternalApiKey and revoke", async () => {
  const app = adminApp();
  const description = `CI ${tag()}`;
  const p = await probe(app, () => admin().useInternalApiKeys(), (keys) => String(keys.filter((k) => k.description === description && k.isValid()).length));
  expect(p.value()).toBe("0");
  let key: Awaited<ReturnType<typeof app.createInternalApiKey>> | undefined;
  await p.after(async () => (key = await app.createInternalApiKey({ description, expiresAt: new Date(Date.now() + 864e5), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false })), "1");
  await p.after(() => key!.revoke(), "0");
});

test("useTeamPermissionDefinitions and useProjectPermissionDefinitions: after create, update and delete", async () => {
  const app = adminApp();
  const id = `moderator_${tag()}`;
  const pick = (defs: { id: string; description?: string }[]) => defs.filter((d) => d.id.startsWith(id)).map((d) => `${d.id}:${d.description ?? ""}`).join(",");
  const team = await probe(app, () => admin().useTeamPermissionDefinitions(), pick);
  const project = await probe(app, () => admin().useProjectPermissionDefinitions(), pick);
  expect([team.value(), project.value()]).toEqual(["", ""]);
  await team.after(() => app.createTeamPermissionDefinition({ id, description: "Moderates", containedPermissionIds: [] }), `${id}:Moderates`);
  await team.after(() => app.updateTeamPermissionDefinition(id, { description: "Keeps order" }), `${id}:Keeps order`);
  await team.after(() => app.deleteTeamPermissionDefinition(id), "");
  await project.after(() => app.createProjectPermissionDefinition({ id, description: "Bills", containedPermissionIds: [] }), `${id}:Bills`);
  expect(team.value()).toBe("");
});

test("useEmailThemes and useEmailTheme(id): after createEmailTheme and updateEmailTheme", async () => {
  const app = adminApp();
  const name = `Brand ${tag()}`;
  const list = await probe(app, () => admin().useEmailThemes(), (themes) => String(themes.some((t) => t.displayName === name)));
  expect(list.value()).toBe("false");
  let id = "";
  await list.after(async () => ({ id } = await app.createEmailTheme(name)), "true");
  const theme = await app.getEmailTheme(id);
  const one = await probe(app, () => admin().useEmailTheme(id), (t) => String(t.tsxSource.includes("latchkey-marker")));
  expect(one.value()).toBe("false");
  await one.after(() => app.updateEmailTheme(id, `${theme.tsxSource}\n// latchkey-marker`), "true");
});

test("useEmailTemplates: after createEmailTemplate and deleteEmailTemplate", async () => {
  const app = adminApp();
  // Templates need the project's own e-mail server.
  const smtp = { host: "smtp.example.com", port: 587, username: "mailer", password: "secret", senderName: "Latchkey", senderEmail: "noreply@example.com" };
  await (await app.getProject()).update({ config: { emailConfig: { type: "standard", ...smtp } } });
  const name = `Welcome ${tag()}`;
  const p = await probe(app, () => admin().useEmailTemplates(), (templates) => String(templates.some((t) => t.displayName === name)));
  expect(p.value()).toBe("false");
  let id = "";
  await p.after(async () => ({ id } = await app.createEmailTemplate(name)), "true");
  await p.after(() => app.deleteEmailTemplate(id), "false");
});

test("useEmailDrafts: after createEmailDraft, updateEmailDraft and deleteEmailDraft", async () => {
  const app = adminApp();
  const name = `News ${tag()}`;
  const p = await probe(app, () => admin().useEmailDrafts(), (drafts) => names(drafts.filter((d) => d.displayName.startsWith(name))));
  expect(p.value()).toBe("");
  let id = "";
  await p.after(async () => ({ id } = await app.createEmailDraft({ displayName: name })), name);
  await p.after(() => app.updateEmailDraft(id, { displayName: `${name} (May)` }), `${name} (May)`);
  await p.after(() => app.deleteEmailDraft(id), "");
});
