import { StackClientApp, StackServerApp } from "@stackframe/js";
import type { RunningEmulator } from "../../src/emulator";
import { freshEmail, latestEmail, startTestEmulator } from "./helpers";

// The platform's official SDK (x-hexclave-* headers, UUID project ids) against the emulator, unchanged.
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

test("sign up, read the user and the project, sign out", async () => {
  const app = clientApp();
  const email = freshEmail("sdk");
  const result = await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
  expect(result.status).toBe("ok");
  const user = await app.getUser({ or: "throw" });
  expect(user.primaryEmail).toBe(email);
  expect(user.hasPassword).toBe(true);
  expect(user.selectedTeam?.displayName).toBe(`${email}'s Team`);
  const project = await app.getProject();
  expect(project.id).toBe(em.projectId);
  await user.signOut({ redirectUrl: "http://localhost:3000/" }).catch(() => undefined);
  expect(await app.getUser()).toBeNull();
});

test("a wrong password comes back as EMAIL_PASSWORD_MISMATCH", async () => {
  const app = clientApp();
  const email = freshEmail("sdk");
  await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
  const result = await clientApp().signInWithCredential({ email, password: "wrong-password", noRedirect: true });
  expect(result.status).toBe("error");
  if (result.status === "error") expect(result.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");
  const ok = await clientApp().signInWithCredential({ email, password: "password123", noRedirect: true });
  expect(ok.status).toBe("ok");
});

test("magic link sign-in with the code from the outbox", async () => {
  const app = clientApp();
  const email = freshEmail("sdk");
  const sent = await app.sendMagicLinkEmail(email, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" });
  expect(sent.status).toBe("ok");
  const mail = await latestEmail(em, email);
  expect((await app.signInWithMagicLink(mail.code, { noRedirect: true })).status).toBe("ok");
  expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
});

test("anonymous users and the server app", async () => {
  const app = clientApp();
  const anon = await app.getUser({ or: "anonymous" });
  expect(anon.isAnonymous).toBe(true);
  const server = serverApp();
  const same = await server.getUser(anon.id);
  expect(same?.id).toBe(anon.id);
  await same?.update({ displayName: "Renamed by the server" });
  expect((await server.getUser(anon.id))?.displayName).toBe("Renamed by the server");
});

test("access tokens refresh through the token endpoint when they expire", async () => {
  // The SDK reuses a token while more than 20 s remain, so a 22 s lifetime makes it refresh after ~2 s.
  const short = await startTestEmulator({ accessTokenTtlSeconds: 22 });
  try {
    const app = new StackClientApp({ projectId: short.projectId, baseUrl: short.url, tokenStore: "memory" });
    const email = freshEmail("sdk");
    await app.signUpWithCredential({ email, password: "password123", noRedirect: true, noVerificationCallback: true });
    await new Promise((r) => setTimeout(r, 2200));
    expect((await app.getUser({ or: "throw" })).primaryEmail).toBe(email);
    expect(short.stats.toJSON().routes["POST /auth/oauth/token"]?.applied ?? 0).toBeGreaterThan(0);
  } finally {
    await short.stop();
  }
});
