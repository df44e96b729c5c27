#!/usr/bin/env node
// `npm run tour`: the terminal tour. Starts the embedded emulator, walks through the SDK against it over real HTTP,
// printing each step, then leaves the emulator running with its URL and keys so you can keep playing (Ctrl+C to
// stop). Runs on the built package (`npm run tour` builds first). `--port N` picks the port (default 8102, or a free
// one when that is busy); `--exit` stops after the walkthrough (test/demo/tour.test.ts uses it).
// The React demo app is `npm run demo` (scripts/demo.mjs).
import { startEmulator } from "../dist/emulator.js";
import { ClientApp, KnownErrors, ServerApp } from "../dist/browser/index.js";

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

console.log(`latchkey tour — emulator at ${url}`);
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

step(4, "a team: create one (it becomes the selected team) and list the user's teams");
const team = await user.createTeam({ displayName: "Analytical Engines" });
show("created", { id: team.id, displayName: team.displayName });
show("teams", (await user.listTeams()).map((t) => t.displayName));
show("selectedTeam", (await app.getUser({ or: "throw" })).selectedTeam?.displayName);
show("can update the team", await user.hasPermission(team, "$update_team"));

step(5, "an API key: created once with its full value, listed afterwards with its last four characters");
const key = await user.createApiKey({ description: "demo key", expiresAt: new Date(Date.now() + 86_400_000) });
show("created", { description: key.description, value: key.value.slice(0, 12) + "…", isValid: key.isValid() });
show("listed", (await user.listApiKeys()).map((k) => ({ description: k.description, value: k.value })));

step(6, "a server-side user listing with the secret server key, and local verification of the user's token");
const server = new ServerApp({ projectId, baseUrl: url, secretServerKey: keys.secretServerKey, tokenStore: null });
const page = await server.listUsers({ limit: 5, orderBy: "signedUpAt", desc: true });
show("newest users", page.map((u) => u.primaryEmail));
show("next cursor", page.nextCursor);
const claims = await server.verifyAccessToken(await app.getAccessToken());
show("verified locally", { userId: claims.userId, email: claims.email });

step(7, "the project, as a client sees it");
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

if (process.argv.includes("--exit")) {
  await emulator.stop();
  process.exit(0);
}
const stop = async () => {
  await emulator.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
