#!/usr/bin/env node
// `npm run demo`: starts the embedded emulator, walks through the SDK against it over real HTTP, printing each
// step, then leaves the emulator running with its URL and keys so you can keep playing (Ctrl+C to stop).
// Runs on the built package (`npm run demo` builds first).
import { startEmulator } from "../dist/emulator.js";
import { ClientApp, KnownErrors } from "../dist/index.js";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.PORT ?? 8102);

let emulator;
try {
  emulator = await startEmulator({ port, quiet: true });
} catch (error) {
  if (error?.code !== "EADDRINUSE") throw error;
  console.log(`port ${port} is busy, using a free one`);
  emulator = await startEmulator({ port: 0, quiet: true });
}
const { url, projectId, keys } = emulator;
const step = (n, text) => console.log(`\n${n}. ${text}`);
const show = (label, value) => console.log(`   ${label}: ${typeof value === "string" ? value : JSON.stringify(value)}`);

console.log(`latchkey demo — emulator at ${url}`);
const app = new ClientApp({ projectId, publishableClientKey: keys.publishableClientKey, baseUrl: url, tokenStore: "memory" });
const email = `ada-${Date.now().toString(36)}@example.com`;
const password = "correct horse battery";

step(1, `sign up ${email}`);
const signUp = await app.signUpWithCredential({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" });
show("result", signUp.status);
let user = await app.getUser({ or: "throw" });
show("user", { id: user.id, primaryEmail: user.primaryEmail, primaryEmailVerified: user.primaryEmailVerified });

step(2, "verify the e-mail with the link from the emulator's outbox");
const outbox = await (await fetch(`${url}/emulator/outbox`)).json();
const mail = (outbox.items ?? outbox).filter((m) => JSON.stringify(m).includes(email)).at(-1);
const code = /[?&]code=([a-z0-9]{45})/i.exec(JSON.stringify(mail))?.[1];
show("verifyEmail", (await app.verifyEmail(code)).status);
show("primaryEmailVerified", (await app.getUser({ or: "throw" })).primaryEmailVerified);

step(3, "sign out, then sign in with a wrong and the right password");
await app.signOut();
show("after sign-out, getUser()", await app.getUser());
const wrong = await app.signInWithCredential({ email, password: "not my password" });
show("wrong password", wrong.status === "error" && KnownErrors.EmailPasswordMismatch.isInstance(wrong.error) ? `error ${wrong.error.code}` : wrong.status);
show("right password", (await app.signInWithCredential({ email, password })).status);
user = await app.getUser({ or: "throw" });

step(4, "a team: every new user gets a personal team, selected");
show("selectedTeam", user.selectedTeam);

step(5, "your own server: the session travels as an Authorization header and is read back there");
const authorization = await app.getAuthorizationHeader();
show("authorization header", authorization.slice(0, 40) + "…");
const serverSide = new ClientApp({ projectId, baseUrl: url });
const seen = await serverSide.getUser({ tokenStore: { headers: { authorization } } });
show("server sees", seen?.primaryEmail);

step(6, "the project, as a client sees it");
const project = await app.getProject();
show("project", { id: project.id, displayName: project.displayName, magicLinkEnabled: project.config.magicLinkEnabled });

console.log(`
The emulator keeps running (Ctrl+C to stop):
  URL                   ${url}
  inbox                 ${url}/
  project id            ${projectId}
  publishable key       ${keys.publishableClientKey}
  secret server key     ${keys.secretServerKey}
  super secret admin    ${keys.superSecretAdminKey}`);

const stop = async () => {
  await emulator.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
