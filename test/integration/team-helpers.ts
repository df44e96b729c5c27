import { clientFor, codeFromOutbox, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

/** Where team-invitation links point in these tests (a trusted domain of the demo project). */
export const INVITE_CALLBACK = "http://localhost:3000/handler/team-invitation";

/** A signed-up, signed-in user of the demo project (which gives every new user a personal team). */
export async function signedInUser(emulator: Emulator, prefix = "team", options: { verified?: boolean } = {}) {
  const { app } = clientFor(emulator);
  const email = uniqueEmail(prefix);
  await app.signUpWithCredential({
    email,
    password: "teams are fun",
    ...(options.verified ? { verificationCallbackUrl: "http://localhost:3000/handler/email-verification" } : { noVerificationCallback: true }),
  });
  if (options.verified) expect((await app.verifyEmail(await codeFromOutbox(emulator, email, /verif/i))).status).toBe("ok");
  return { app, email, user: await app.getUser({ or: "throw" }) };
}

/** A raw call to the emulator with the demo project's server or admin keys. */
export async function keyed(emulator: Emulator, access: "server" | "admin", method: string, path: string, body?: unknown) {
  const res = await fetch(`${emulator.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      "x-stack-access-type": access,
      "x-stack-project-id": emulator.projectId,
      "x-stack-secret-server-key": emulator.keys.secretServerKey,
      ...(access === "admin" ? { "x-stack-super-secret-admin-key": emulator.keys.superSecretAdminKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Switches client team creation for the demo project (admin API). */
export async function setClientTeamCreation(emulator: Emulator, enabled: boolean) {
  const r = await keyed(emulator, "admin", "PATCH", "/internal/projects/current", { config: { client_team_creation_enabled: enabled } });
  expect(r.status).toBe(200);
}

/**
 * `owner` invites a second, freshly signed-up user into `teamId`, who accepts with the e-mailed code: a plain
 * member (the project's member default permissions).
 */
export async function memberOf(emulator: Emulator, owner: Awaited<ReturnType<typeof signedInUser>>, teamId: string) {
  const member = await signedInUser(emulator, "member");
  const team = (await owner.user.getTeam(teamId))!;
  await team.inviteUser({ email: member.email, callbackUrl: INVITE_CALLBACK });
  const code = await codeFromOutbox(emulator, member.email, /invit/i);
  expect((await member.app.acceptTeamInvitation(code)).status).toBe("ok");
  return member;
}
