import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { freshEmail, startTestEmulator } from "./helpers";

// The official SDK against the API-key, project, e-mail and admin families of the emulator.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const base = () => ({ projectId: em.projectId, publishableClientKey: em.keys.publishableClientKey, baseUrl: em.url, tokenStore: "memory" as const });
const serverApp = () => new StackServerApp({ ...base(), secretServerKey: em.keys.secretServerKey });
const adminApp = () => new StackAdminApp({ ...base(), secretServerKey: em.keys.secretServerKey, superSecretAdminKey: em.keys.superSecretAdminKey });

async function signedInClient() {
  const app = new StackClientApp(base());
  const email = freshEmail("sdkkeys");
  await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
  return { app, user: await app.getUser({ or: "throw" }), email };
}

test("user API keys: create, list, resolve the user on the server, revoke", async () => {
  const { user } = await signedInClient();
  const key = await user.createApiKey({ description: "sdk key", expiresAt: null });
  expect(typeof key.value).toBe("string");
  expect((await user.listApiKeys()).map((k) => k.id)).toContain(key.id);
  const owner = await serverApp().getUser({ apiKey: key.value as string });
  expect(owner?.id).toBe(user.id);
  await (await user.listApiKeys()).find((k) => k.id === key.id)!.revoke();
  expect(await serverApp().getUser({ apiKey: key.value as string })).toBeNull();
});

test("team API keys through the client SDK", async () => {
  const { user } = await signedInClient();
  const team = user.selectedTeam!;
  const key = await team.createApiKey({ description: "team key", expiresAt: null });
  expect((await team.listApiKeys()).map((k) => k.id)).toEqual([key.id]);
  expect((await serverApp().getTeam({ apiKey: key.value as string }))?.id).toBe(team.id);
});

test("notification categories, send-email and sent e-mails", async () => {
  const { user, email } = await signedInClient();
  const categories = await user.listNotificationCategories();
  expect(categories.map((c) => c.name)).toEqual(["Transactional", "Marketing"]);
  const admin = adminApp();
  const project = await admin.getProject();
  await project.update({ config: { emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Demo", senderEmail: "demo@example.com" } } });
  await serverApp().sendEmail({ userIds: [user.id], html: "<p>From the SDK</p>", subject: "SDK mail" });
  expect(em.outbox.list({ to: email }).at(-1)?.subject).toBe("SDK mail");
  const sent = await admin.listSentEmails();
  expect(sent[0]).toMatchObject({ subject: "SDK mail", recipient: email });
});

test("admin app: internal API keys and e-mail themes", async () => {
  const admin = adminApp();
  const created = await admin.createInternalApiKey({ description: "sdk", expiresAt: new Date(Date.now() + 3_600_000), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
  expect(created.secretServerKey).toMatch(/^ssk_/);
  const listed = await admin.listInternalApiKeys();
  expect(listed.find((k) => k.id === created.id)?.secretServerKey?.lastFour).toBe(created.secretServerKey!.slice(-4));
  expect((await admin.listEmailThemes()).map((t) => t.displayName)).toEqual(["Default Light", "Default Dark", "Default Colorful"]);
});
