/**
 * Conformance scenarios: an app written for the platform's official SDK, `@stackframe/js`, against
 * `latchkey/emulator` over real HTTP.
 *
 * This module registers the scenarios; two test files run them. `official-sdk.test.ts` runs them with the official
 * SDK itself (unchanged), `latchkey-as-official.test.ts` with `@stackframe/js` resolved to latchkey: the twin
 * changes nothing but what the import resolves to, so every scenario that passes there is an official-SDK app that
 * switched to latchkey by changing its import.
 *
 * Every assertion is on the SDK's own return values. The SDK talks to a logging proxy in front of the emulator, so
 * a failing scenario prints every request it made and every response it got (see `support/`).
 */
import type { StackClientApp } from "@stackframe/js";
import { randomBytes } from "node:crypto";
import { totp } from "../helpers/totp";
import { freshEmail, PASSWORD, scenario, startHarness, type Harness } from "./support/harness";

let harness: Harness;
const h = () => harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** A client app with a freshly signed-up (and signed-in) user. */
async function signedUp(prefix: string): Promise<{ app: StackClientApp<true, string>; email: string }> {
  const app = h().clientApp();
  const email = freshEmail(prefix);
  const result = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
  expect(result.status).toBe("ok");
  return { app, email };
}

/** The `code` query parameter of the link (in a captured e-mail) that points at `callbackUrl`. */
function linkCode(links: string[], callbackUrl: string): string | null {
  const link = links.find((l) => l.startsWith(`${callbackUrl}?`));
  return link ? new URL(link).searchParams.get("code") : null;
}

/** The code of the latest e-mail to `to` whose link points at `callbackUrl`. */
async function codeFromOutbox(to: string, callbackUrl: string): Promise<string> {
  const mails = await h().outbox(to);
  for (const mail of [...mails].reverse()) {
    const code = linkCode(mail.links, callbackUrl);
    if (code) return code;
  }
  throw new Error(`no e-mail to ${to} links to ${callbackUrl} (outbox has ${mails.length} for that address)`);
}


async function currentUser(app: StackClientApp<true, string>) {
  const user = await app.getUser();
  expect(user).not.toBeNull();
  return user!;
}

describe("credentials", () => {
  scenario(h, "signUpWithCredential (noRedirect) signs the new user in", async () => {
    const app = h().clientApp();
    const email = freshEmail("signup");
    const result = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(result).toEqual({ status: "ok", data: undefined });
    const user = await currentUser(app);
    expect(user.primaryEmail).toBe(email);
    expect(user.hasPassword).toBe(true);
    expect(user.isAnonymous).toBe(false);
    expect(user.signedUpAt).toBeInstanceOf(Date);
  });

  scenario(h, "signUpWithCredential with a verificationCallbackUrl sends a verification e-mail that verifyEmail accepts", async () => {
    const app = h().clientApp();
    const email = freshEmail("verify-on-signup");
    const verificationCallbackUrl = "http://localhost:3000/handler/email-verification";
    expect((await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl })).status).toBe("ok");
    expect((await currentUser(app)).primaryEmailVerified).toBe(false);
    const code = await codeFromOutbox(email, verificationCallbackUrl);
    expect(await app.verifyEmail(code)).toEqual({ status: "ok", data: undefined });
    expect((await currentUser(app)).primaryEmailVerified).toBe(true);
  });

  scenario(h, "signing up twice with one e-mail is USER_EMAIL_ALREADY_EXISTS", async () => {
    const { email } = await signedUp("dup");
    const again = await h().clientApp().signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(again.status).toBe("error");
    if (again.status === "error") expect(again.error.errorCode).toBe("USER_EMAIL_ALREADY_EXISTS");
  });

  scenario(h, "a too-short password is {status:'error'} with PASSWORD_TOO_SHORT, and no user is signed in", async () => {
    const app = h().clientApp();
    const result = await app.signUpWithCredential({ email: freshEmail("short"), password: "short", noRedirect: true, noVerificationCallback: true });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.errorCode).toBe("PASSWORD_TOO_SHORT");
    expect(await app.getUser()).toBeNull();
  });

  scenario(h, "signInWithCredential signs an existing user in on a fresh app", async () => {
    const { app: first, email } = await signedUp("signin");
    const id = (await currentUser(first)).id;
    const app = h().clientApp();
    expect(await app.getUser()).toBeNull();
    const result = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(result).toEqual({ status: "ok", data: undefined });
    const user = await currentUser(app);
    expect(user.id).toBe(id);
    expect(user.primaryEmail).toBe(email);
  });

  scenario(h, "a wrong password is {status:'error'} with EMAIL_PASSWORD_MISMATCH", async () => {
    const { email } = await signedUp("mismatch");
    const app = h().clientApp();
    const result = await app.signInWithCredential({ email, password: "not-the-password", noRedirect: true });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(await app.getUser()).toBeNull();
    const unknown = await app.signInWithCredential({ email: freshEmail("nobody"), password: PASSWORD, noRedirect: true });
    expect(unknown.status === "error" ? unknown.error.errorCode : unknown.status).toBe("EMAIL_PASSWORD_MISMATCH");
  });
});

describe("other sign-in paths", () => {
  scenario(h, "magic link: sendMagicLinkEmail, the code from the outbox, signInWithMagicLink verifies the e-mail", async () => {
    const app = h().clientApp();
    const email = freshEmail("magic");
    const callbackUrl = "http://localhost:3000/handler/magic-link-callback";
    const sent = await app.sendMagicLinkEmail(email, { callbackUrl });
    expect(sent.status).toBe("ok");
    if (sent.status === "ok") expect(sent.data.nonce).toEqual(expect.any(String));
    const code = await codeFromOutbox(email, callbackUrl);
    expect((await app.signInWithMagicLink(code, { noRedirect: true })).status).toBe("ok");
    const user = await currentUser(app);
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.hasPassword).toBe(false);
  });

  scenario(h, "anonymous: getUser({or:'anonymous'}), then signUpWithCredential upgrades the same user", async () => {
    const app = h().clientApp();
    const anon = await app.getUser({ or: "anonymous" });
    expect(anon.isAnonymous).toBe(true);
    expect(anon.primaryEmail).toBeNull();
    expect((await h().serverApp().getUser(anon.id))?.isAnonymous).toBe(true);

    const email = freshEmail("upgraded");
    expect((await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const user = await currentUser(app);
    expect(user.isAnonymous).toBe(false);
    expect(user.primaryEmail).toBe(email);
    expect(user.id).toBe(anon.id);
  });
});

describe("passwords", () => {
  scenario(h, "user.updatePassword: a wrong old password is PASSWORD_CONFIRMATION_MISMATCH; the new one signs in", async () => {
    const { app, email } = await signedUp("pwchange");
    const user = await currentUser(app);
    const newPassword = "a-brand-new-password";

    const bad = await user.updatePassword({ oldPassword: "not-the-old-password", newPassword });
    expect(bad?.errorCode).toBe("PASSWORD_CONFIRMATION_MISMATCH");

    expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword })).toBeUndefined();
    expect((await app.getUser())?.id).toBe(user.id);

    const oldOne = await h().clientApp().signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(oldOne.status === "error" ? oldOne.error.errorCode : oldOne.status).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await h().clientApp().signInWithCredential({ email, password: newPassword, noRedirect: true })).status).toBe("ok");
  });

  scenario(h, "forgot password: sendForgotPasswordEmail, the code from the outbox, verifyPasswordResetCode, resetPassword", async () => {
    const { email } = await signedUp("forgot");
    const app = h().clientApp();
    const callbackUrl = "http://localhost:3000/handler/password-reset";
    expect((await app.sendForgotPasswordEmail(email, { callbackUrl })).status).toBe("ok");
    const code = await codeFromOutbox(email, callbackUrl);

    expect(await app.verifyPasswordResetCode(code)).toEqual({ status: "ok", data: undefined });
    const newPassword = "reset-to-this-one";
    expect(await app.resetPassword({ code, password: newPassword })).toEqual({ status: "ok", data: undefined });

    expect((await app.signInWithCredential({ email, password: newPassword, noRedirect: true })).status).toBe("ok");
    // A reset code works once.
    expect((await app.verifyPasswordResetCode(code)).status).toBe("error");
  });
});

describe("multi-factor authentication", () => {
  scenario(h, "TOTP: user.update({totpMultiFactorSecret}) makes sign-in ask for MFA; signInWithMfa(totp, attemptCode) completes it", async () => {
    const { app, email } = await signedUp("mfa");
    const user = await currentUser(app);
    const secret = new Uint8Array(randomBytes(20));
    await user.update({ totpMultiFactorSecret: secret });
    expect((await currentUser(app)).isMultiFactorRequired).toBe(true);

    // In Node the official SDK can't redirect to its MFA page, so signInWithCredential throws; the attempt code
    // travels in the MULTI_FACTOR_AUTHENTICATION_REQUIRED known error, which the logging proxy saw.
    const attemptCode = async (client: StackClientApp<true, string>) => {
      const mark = h().wire.mark();
      await expect(client.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).rejects.toThrow();
      const reply = h().wire.since(mark).find((x) => x.knownError === "MULTI_FACTOR_AUTHENTICATION_REQUIRED");
      expect(reply).toBeDefined();
      return (JSON.parse(reply!.responseBody) as { details: { attempt_code: string } }).details.attempt_code;
    };

    const wrongApp = h().clientApp();
    const good = totp(secret);
    const wrongCode = String((Number(good) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await wrongApp.signInWithMfa(wrongCode, await attemptCode(wrongApp), { noRedirect: true });
    expect(wrong.status === "error" ? wrong.error.errorCode : wrong.status).toBe("INVALID_TOTP_CODE");
    expect(await wrongApp.getUser()).toBeNull();

    const fresh = h().clientApp();
    expect(await fresh.signInWithMfa(totp(secret), await attemptCode(fresh), { noRedirect: true })).toEqual({ status: "ok", data: undefined });
    expect((await currentUser(fresh)).id).toBe(user.id);
  });
});

describe("the current user", () => {
  scenario(h, "getUser, user.update({displayName, clientMetadata}) and setDisplayName read back", async () => {
    const { app, email } = await signedUp("profile");
    const user = await currentUser(app);
    expect(user.primaryEmail).toBe(email);
    expect(user.displayName).toBeNull();

    await user.update({ displayName: "Ada Lovelace", clientMetadata: { theme: "dark", beta: true } });
    const updated = await currentUser(app);
    expect(updated.displayName).toBe("Ada Lovelace");
    expect(updated.clientMetadata).toEqual({ theme: "dark", beta: true });

    await updated.setDisplayName("Countess of Lovelace");
    expect((await currentUser(app)).displayName).toBe("Countess of Lovelace");

    // A second, independent app (no shared cache) sees the same values.
    const fresh = h().clientApp();
    expect((await fresh.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
    const seen = await currentUser(fresh);
    expect(seen.displayName).toBe("Countess of Lovelace");
    expect(seen.clientMetadata).toEqual({ theme: "dark", beta: true });
  });
});

describe("object shapes", () => {
  scenario(h, "current user, server user, teams and the project carry every documented field (none undefined)", async () => {
    const { app } = await signedUp("shape");
    const user = await currentUser(app);
    const baseFields = [
      "id", "displayName", "primaryEmail", "primaryEmailVerified", "profileImageUrl", "signedUpAt", "clientMetadata",
      "clientReadOnlyMetadata", "hasPassword", "otpAuthEnabled", "passkeyAuthEnabled", "isMultiFactorRequired",
      "isAnonymous", "isRestricted", "restrictedReason", "selectedTeam",
    ] as const;
    const missing = (o: object, keys: readonly string[]) => keys.filter((k) => (o as Record<string, unknown>)[k] === undefined);
    expect(missing(user, baseFields)).toEqual([]);

    const serverUser = (await h().serverApp().getUser(user.id))!;
    const serverFields = [
      ...baseFields, "lastActiveAt", "serverMetadata", "restrictedByAdmin", "restrictedByAdminReason",
      "restrictedByAdminPrivateDetails", "countryCode", "riskScores",
    ];
    expect(missing(serverUser, serverFields)).toEqual([]);
    expect(serverUser.lastActiveAt).toBeInstanceOf(Date);
    expect(serverUser.signedUpAt.getTime()).toBe(user.signedUpAt.getTime());

    const team = await user.createTeam({ displayName: "Shapes" });
    expect(missing(team, ["id", "displayName", "profileImageUrl", "clientMetadata", "clientReadOnlyMetadata"])).toEqual([]);
    const serverTeam = (await h().serverApp().getTeam(team.id))!;
    expect(missing(serverTeam, ["id", "displayName", "profileImageUrl", "clientMetadata", "clientReadOnlyMetadata", "createdAt", "serverMetadata"])).toEqual([]);

    const project = await app.getProject();
    expect(project.id).toBe(h().em.projectId);
    expect(project.config.credentialEnabled).toBe(true);
    expect(project.config.clientTeamCreationEnabled).toBe(true);
  });
});

describe("teams", () => {
  scenario(h, "client: createTeam, listTeams, team.update, getTeam, team.listUsers, hasPermission($update_team)", async () => {
    const { app } = await signedUp("teams");
    const user = await currentUser(app);

    const team = await user.createTeam({ displayName: "Analytical Engines" });
    expect(team.id).toEqual(expect.any(String));
    expect(team.displayName).toBe("Analytical Engines");
    // The official SDK selects the team it just created (PATCH /users/me with selected_team_id).
    expect((await currentUser(app)).selectedTeam?.id).toBe(team.id);

    const teams = await user.listTeams();
    expect(teams.map((t) => t.id)).toContain(team.id);
    expect(teams.find((t) => t.id === team.id)?.displayName).toBe("Analytical Engines");

    await team.update({ displayName: "Difference Engines", clientMetadata: { plan: "pro" } });
    const got = await user.getTeam(team.id);
    expect(got).not.toBeNull();
    expect(got!.displayName).toBe("Difference Engines");
    expect(got!.clientMetadata).toEqual({ plan: "pro" });

    const members = await team.listUsers();
    expect(members.map((m) => m.id)).toEqual([user.id]);
    expect(members[0].teamProfile).toEqual(expect.objectContaining({ displayName: null }));

    expect(await user.hasPermission(team, "$update_team")).toBe(true);
    expect(await user.hasPermission(team, "no_such_permission")).toBe(false);
    const permissionIds = (await user.listPermissions(team)).map((p) => p.id);
    expect(permissionIds).toEqual(expect.arrayContaining(["team_admin", "$update_team", "$invite_members"]));

    const profile = await user.getTeamProfile(team);
    expect(profile.displayName).toBeNull();
    await profile.update({ displayName: "Ada (engines)" });
    expect((await user.getTeamProfile(team)).displayName).toBe("Ada (engines)");
    expect((await team.listUsers())[0].teamProfile.displayName).toBe("Ada (engines)");
  });

  scenario(h, "client: setSelectedTeam, leaveTeam, team.delete; server createTeam({creatorUserId}) makes an admin", async () => {
    const { app } = await signedUp("lifecycle");
    const user = await currentUser(app);
    const personal = user.selectedTeam;
    expect(personal).not.toBeNull();

    const kept = await user.createTeam({ displayName: "Kept" });
    const doomed = await user.createTeam({ displayName: "Doomed" });
    await user.setSelectedTeam(kept);
    expect((await currentUser(app)).selectedTeam?.id).toBe(kept.id);

    await doomed.delete();
    expect((await user.listTeams()).map((t) => t.id)).not.toContain(doomed.id);
    expect(await user.getTeam(doomed.id)).toBeNull();

    const server = h().serverApp();
    const gifted = await server.createTeam({ displayName: "Gifted", creatorUserId: user.id });
    const mine = await user.listTeams();
    expect(mine.map((t) => t.id)).toContain(gifted.id);
    expect(await user.hasPermission(mine.find((t) => t.id === gifted.id)!, "$delete_team")).toBe(true);

    await user.leaveTeam(mine.find((t) => t.id === gifted.id)!);
    expect((await user.listTeams()).map((t) => t.id).sort()).toEqual([personal!.id, kept.id].sort());
    expect((await gifted.listUsers()).map((u) => u.id)).not.toContain(user.id);
  });

  scenario(h, "client: team.inviteUser sends an invitation e-mail (seen in GET /emulator/outbox)", async () => {
    const { app } = await signedUp("inviter");
    const user = await currentUser(app);
    const team = await user.createTeam({ displayName: "Invitations Inc" });
    const invitee = freshEmail("invitee");
    const callbackUrl = "http://localhost:3000/handler/team-invitation";
    await team.inviteUser({ email: invitee, callbackUrl });

    const mails = await h().outbox(invitee);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([invitee]);
    expect(linkCode(mails[0].links, callbackUrl)).toEqual(expect.any(String));

    const sent = await team.listInvitations();
    expect(sent.map((i) => i.recipientEmail)).toEqual([invitee]);
    expect(sent[0].expiresAt).toBeInstanceOf(Date);
    expect(sent[0].expiresAt.getTime()).toBeGreaterThan(Date.now());

    await sent[0].revoke();
    expect(await team.listInvitations()).toEqual([]);
  });

  scenario(h, "client: the invitee reads and accepts the invitation code from the e-mail", async () => {
    const { app } = await signedUp("host");
    const team = await (await currentUser(app)).createTeam({ displayName: "Welcome Committee" });
    const invitee = freshEmail("guest");
    const callbackUrl = "http://localhost:3000/handler/team-invitation";
    await team.inviteUser({ email: invitee, callbackUrl });
    const code = linkCode((await h().outbox(invitee)).at(-1)?.links ?? [], callbackUrl);
    expect(code).toEqual(expect.any(String));

    // The invitee signs in with a magic link, so the invited address is theirs and verified.
    const guestApp = h().clientApp();
    expect((await guestApp.sendMagicLinkEmail(invitee, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" })).status).toBe("ok");
    const magic = (await h().outbox(invitee)).at(-1)!;
    expect((await guestApp.signInWithMagicLink(magic.code!, { noRedirect: true })).status).toBe("ok");
    const guest = await currentUser(guestApp);

    const received = await guest.listTeamInvitations();
    expect(received.map((i) => ({ teamId: i.teamId, teamDisplayName: i.teamDisplayName, recipientEmail: i.recipientEmail }))).toEqual([
      { teamId: team.id, teamDisplayName: "Welcome Committee", recipientEmail: invitee },
    ]);

    expect((await guestApp.verifyTeamInvitationCode(code!)).status).toBe("ok");
    expect(await guestApp.getTeamInvitationDetails(code!)).toEqual({ status: "ok", data: { teamDisplayName: "Welcome Committee" } });
    expect(await guestApp.acceptTeamInvitation(code!)).toEqual({ status: "ok", data: undefined });
    expect((await guest.listTeams()).map((t) => t.id)).toContain(team.id);
    expect((await team.listUsers()).map((u) => u.id).sort()).toEqual([(await currentUser(app)).id, guest.id].sort());
  });

  scenario(h, "server: createTeam, team.addUser, team.listUsers, team.removeUser; a plain member lacks $update_team", async () => {
    const { app } = await signedUp("member");
    const user = await currentUser(app);
    const server = h().serverApp();

    const team = await server.createTeam({ displayName: "Server-made team" });
    expect(team.displayName).toBe("Server-made team");
    expect(team.createdAt).toBeInstanceOf(Date);

    await team.addUser(user.id);
    expect((await team.listUsers()).map((u) => u.id)).toContain(user.id);

    // The member now sees the team through the client app…
    const mine = await user.listTeams();
    expect(mine.map((t) => t.id)).toContain(team.id);
    const asMember = mine.find((t) => t.id === team.id)!;
    // …but default member permissions don't include $update_team.
    expect(await user.hasPermission(asMember, "$update_team")).toBe(false);

    // The server grants and revokes a team role; the member's own view follows.
    const serverUser = (await server.getUser(user.id))!;
    await serverUser.grantPermission(team, "team_admin");
    expect(await user.hasPermission(asMember, "$update_team")).toBe(true);
    expect(await serverUser.hasPermission(team, "team_admin")).toBe(true);
    await serverUser.revokePermission(team, "team_admin");
    expect(await user.hasPermission(asMember, "$update_team")).toBe(false);

    const serverMembers = await team.listUsers();
    expect(serverMembers.find((u) => u.id === user.id)?.primaryEmail).toBe(user.primaryEmail);

    await team.removeUser(user.id);
    expect((await team.listUsers()).map((u) => u.id)).not.toContain(user.id);
  });

  scenario(h, "server: getTeam, listTeams, team.update({serverMetadata}), team.delete", async () => {
    const server = h().serverApp();
    const team = await server.createTeam({ displayName: "Ephemeral" });
    expect((await server.getTeam(team.id))?.displayName).toBe("Ephemeral");
    expect((await server.listTeams()).map((t) => t.id)).toContain(team.id);

    await team.update({ displayName: "Ephemeral II", serverMetadata: { region: "eu" }, clientReadOnlyMetadata: { seats: 5 } });
    const got = await server.getTeam(team.id);
    expect(got?.displayName).toBe("Ephemeral II");
    expect(got?.serverMetadata).toEqual({ region: "eu" });
    expect(got?.clientReadOnlyMetadata).toEqual({ seats: 5 });

    await got!.delete();
    expect(await server.getTeam(team.id)).toBeNull();
  });
});

describe("contact channels", () => {
  scenario(h, "listContactChannels, createContactChannel, channel.update, channel.delete", async () => {
    const { app, email } = await signedUp("channels");
    const user = await currentUser(app);

    const initial = await user.listContactChannels();
    expect(initial).toHaveLength(1);
    expect(initial[0]).toEqual(expect.objectContaining({ type: "email", value: email, isPrimary: true, usedForAuth: true }));

    const extra = freshEmail("second");
    const created = await user.createContactChannel({ type: "email", value: extra, usedForAuth: false });
    expect(created).toEqual(expect.objectContaining({ type: "email", value: extra, usedForAuth: false, isPrimary: false, isVerified: false }));
    expect((await user.listContactChannels()).map((c) => c.value).sort()).toEqual([email, extra].sort());

    const renamed = freshEmail("renamed");
    await created.update({ value: renamed });
    const afterUpdate = await user.listContactChannels();
    expect(afterUpdate.find((c) => c.id === created.id)?.value).toBe(renamed);

    await created.delete();
    const afterDelete = await user.listContactChannels();
    expect(afterDelete.map((c) => c.id)).toEqual([initial[0].id]);
  });

  scenario(h, "channel.sendVerificationEmail, then app.verifyEmail(code) marks the e-mail verified", async () => {
    const { app, email } = await signedUp("verify");
    const user = await currentUser(app);
    expect(user.primaryEmailVerified).toBe(false);
    const [primary] = await user.listContactChannels();
    expect(primary.isVerified).toBe(false);

    const callbackUrl = "http://localhost:3000/handler/email-verification";
    await primary.sendVerificationEmail({ callbackUrl });
    const code = await codeFromOutbox(email, callbackUrl);
    expect(await app.verifyEmail(code)).toEqual({ status: "ok", data: undefined });

    expect((await user.listContactChannels())[0].isVerified).toBe(true);
    expect((await currentUser(app)).primaryEmailVerified).toBe(true);
  });
});

describe("API keys", () => {
  scenario(h, "createApiKey shows the value once, listApiKeys shows the last four, revoke, server getUser({apiKey})", async () => {
    const { app } = await signedUp("apikeys");
    const user = await currentUser(app);
    const server = h().serverApp();
    const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);

    const created = await user.createApiKey({ description: "CI token", expiresAt });
    expect(created.description).toBe("CI token");
    expect(created.type).toBe("user");
    expect(typeof created.value).toBe("string");
    const value = created.value as string;
    expect(value.length).toBeGreaterThan(20);
    expect(created.expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect(created.isValid()).toBe(true);

    expect(created.createdAt).toBeInstanceOf(Date);
    if (created.type === "user") expect(created.userId).toBe(user.id);

    const listed = await user.listApiKeys();
    const mine = listed.find((k) => k.id === created.id);
    expect(mine).toBeDefined();
    expect(mine!.type).toBe("user");
    expect(mine!.value).toEqual({ lastFour: value.slice(-4) });
    expect(mine!.description).toBe("CI token");

    const owner = await server.getUser({ apiKey: value });
    expect(owner?.id).toBe(user.id);

    await mine!.revoke();
    const afterRevoke = (await user.listApiKeys()).find((k) => k.id === created.id);
    expect(afterRevoke?.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(afterRevoke?.isValid()).toBe(false);
    expect(afterRevoke?.whyInvalid()).toBe("manually-revoked");
    expect(await server.getUser({ apiKey: value })).toBeNull();
  });

  scenario(h, "team.createApiKey, team.listApiKeys, server getTeam({apiKey})", async () => {
    const { app } = await signedUp("teamkeys");
    const team = await (await currentUser(app)).createTeam({ displayName: "Keyholders" });
    const created = await team.createApiKey({ description: "deploy bot", expiresAt: null });
    expect(created.type).toBe("team");
    if (created.type === "team") expect(created.teamId).toBe(team.id);
    const value = created.value as string;
    expect(typeof value).toBe("string");
    expect(created.expiresAt).toBeUndefined();

    const listed = await team.listApiKeys();
    expect(listed.map((k) => ({ id: k.id, value: k.value }))).toEqual([{ id: created.id, value: { lastFour: value.slice(-4) } }]);

    const server = h().serverApp();
    expect((await server.getTeam({ apiKey: value }))?.id).toBe(team.id);
    // A team key is not a user key.
    expect(await server.getUser({ apiKey: value })).toBeNull();
  });
});

describe("the server app", () => {
  scenario(h, "createUser, getUser(id), user.update, user.delete", async () => {
    const server = h().serverApp();
    const email = freshEmail("server-made");
    const created = await server.createUser({
      primaryEmail: email,
      primaryEmailAuthEnabled: true,
      password: PASSWORD,
      displayName: "Made by the server",
      serverMetadata: { tier: "gold" },
    });
    expect(created.primaryEmail).toBe(email);
    expect(created.displayName).toBe("Made by the server");
    expect(created.serverMetadata).toEqual({ tier: "gold" });
    expect(created.hasPassword).toBe(true);

    const got = await server.getUser(created.id);
    expect(got?.id).toBe(created.id);
    expect(got?.primaryEmail).toBe(email);

    await got!.update({ displayName: "Renamed by the server", clientReadOnlyMetadata: { plan: "team" } });
    const again = await server.getUser(created.id);
    expect(again?.displayName).toBe("Renamed by the server");
    expect(again?.clientReadOnlyMetadata).toEqual({ plan: "team" });

    // The password set by the server works for the client app.
    const app = h().clientApp();
    expect((await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
    expect((await currentUser(app)).id).toBe(created.id);

    await again!.delete();
    expect(await server.getUser(created.id)).toBeNull();
  });

  scenario(h, "listUsers({limit}) pages with nextCursor", async () => {
    const server = h().serverApp();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await server.createUser({ primaryEmail: freshEmail("paged"), displayName: `Paged ${i}` });
      made.push(u.id);
    }
    const first = await server.listUsers({ limit: 2 });
    expect(first).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));

    const seen: string[] = first.map((u) => u.id);
    let cursor: string | null = first.nextCursor;
    for (let pages = 0; cursor && pages < 100; pages++) {
      const page: Awaited<ReturnType<typeof server.listUsers>> = await server.listUsers({ limit: 2, cursor });
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((u) => u.id));
      cursor = page.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
  });

  scenario(h, "listUsers({query}), listUsers({teamId}) and listUsers({orderBy:'signedUpAt', desc:true})", async () => {
    const server = h().serverApp();
    const tag = `zebra${Date.now()}`;
    const tagged: string[] = [];
    for (let i = 0; i < 3; i++) {
      tagged.push((await server.createUser({ primaryEmail: freshEmail("query"), displayName: `${tag} ${i}` })).id);
      await new Promise((r) => setTimeout(r, 5)); // distinct sign-up times, so the order below has no ties
    }
    expect((await server.listUsers({ query: tag })).map((u) => u.id).sort()).toEqual([...tagged].sort());

    const team = await server.createTeam({ displayName: "Filter team" });
    await team.addUser(tagged[0]);
    await team.addUser(tagged[2]);
    expect((await server.listUsers({ teamId: team.id })).map((u) => u.id).sort()).toEqual([tagged[0], tagged[2]].sort());

    const newest = await server.listUsers({ orderBy: "signedUpAt", desc: true, limit: 1 });
    expect(newest.map((u) => u.id)).toEqual([tagged[2]]);
  });
});

describe("OAuth providers, notification categories, impersonation, permission definitions", () => {
  scenario(h, "server createOAuthProvider; user.listOAuthProviders, provider.update, provider.delete", async () => {
    const { app, email } = await signedUp("oauthprov");
    const user = await currentUser(app);
    const server = h().serverApp();
    const accountId = `gh-${Date.now()}`;
    const created = await server.createOAuthProvider({
      userId: user.id, accountId, providerConfigId: "github", email, allowSignIn: true, allowConnectedAccounts: true,
    });
    expect(created.status).toBe("ok");
    if (created.status !== "ok") return;
    expect(created.data).toEqual(expect.objectContaining({ type: "github", userId: user.id, accountId, allowSignIn: true }));

    const listed = await user.listOAuthProviders();
    expect(listed.map((p) => ({ id: p.id, type: p.type, allowSignIn: p.allowSignIn }))).toEqual([
      { id: created.data.id, type: "github", allowSignIn: true },
    ]);

    expect(await listed[0].update({ allowConnectedAccounts: false })).toEqual({ status: "ok", data: undefined });
    const serverUser = (await server.getUser(user.id))!;
    expect((await serverUser.getOAuthProvider(created.data.id))?.allowConnectedAccounts).toBe(false);

    // The same provider account can't be used for sign-in by a second user.
    const other = await server.createUser({ primaryEmail: freshEmail("oauth-other") });
    const clash = await server.createOAuthProvider({
      userId: other.id, accountId, providerConfigId: "github", email, allowSignIn: true, allowConnectedAccounts: false,
    });
    expect(clash.status === "error" ? clash.error.errorCode : clash.status).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");

    await listed[0].delete();
    expect(await user.listOAuthProviders()).toEqual([]);
  });

  scenario(h, "user.listNotificationCategories and category.setEnabled", async () => {
    const { app } = await signedUp("notify");
    const user = await currentUser(app);
    const categories = await user.listNotificationCategories();
    expect(categories.map((c) => c.name).sort()).toEqual(["Marketing", "Transactional"]);
    const transactional = categories.find((c) => c.name === "Transactional")!;
    expect(transactional).toEqual(expect.objectContaining({ enabled: true, canDisable: false }));
    const marketing = categories.find((c) => c.name === "Marketing")!;
    expect(marketing.canDisable).toBe(true);

    await marketing.setEnabled(false);
    expect((await user.listNotificationCategories()).find((c) => c.name === "Marketing")?.enabled).toBe(false);
  });

  scenario(h, "serverUser.createSession().getTokens() signs a client app in as that user (impersonation and plain)", async () => {
    const server = h().serverApp();
    const target = await server.createUser({ primaryEmail: freshEmail("impersonated"), displayName: "Impersonated" });
    const session = await target.createSession({ isImpersonation: true });
    const tokens = await session.getTokens();
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));

    const app = h().clientAppWithTokens({ accessToken: tokens.accessToken!, refreshToken: tokens.refreshToken! });
    const user = await currentUser(app);
    expect(user.id).toBe(target.id);
    expect(user.displayName).toBe("Impersonated");
    // The platform hides impersonation sessions from client and server session lists (admins see them).
    expect((await user.getActiveSessions()).filter((s) => s.isImpersonation)).toEqual([]);

    // A plain server-made session is an ordinary one: listed, and current for the app that uses it.
    // (the official SDK reads `options.expiresInMillis` unguarded, so an options object is required)
    const plain = await (await target.createSession({})).getTokens();
    const app2 = h().clientAppWithTokens({ accessToken: plain.accessToken!, refreshToken: plain.refreshToken! });
    const listed = await (await currentUser(app2)).getActiveSessions();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual(expect.objectContaining({ userId: target.id, isCurrentSession: true, isImpersonation: false }));
  });

  scenario(h, "admin createTeamPermissionDefinition; a granted custom role implies its contained permissions", async () => {
    const admin = h().adminApp();
    const roleId = `editor_${Date.now()}`;
    const def = await admin.createTeamPermissionDefinition({ id: roleId, description: "Edits the team", containedPermissionIds: ["$update_team"] });
    expect(def.id).toBe(roleId);
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).toContain(roleId);

    const { app } = await signedUp("editor");
    const user = await currentUser(app);
    const server = h().serverApp();
    const team = await server.createTeam({ displayName: "Edited" });
    await team.addUser(user.id);
    const asMember = (await user.listTeams()).find((t) => t.id === team.id)!;
    expect(await user.hasPermission(asMember, "$update_team")).toBe(false);

    await (await server.getUser(user.id))!.grantPermission(team, roleId);
    expect(await user.hasPermission(asMember, roleId)).toBe(true);
    expect(await user.hasPermission(asMember, "$update_team")).toBe(true);

    await admin.deleteTeamPermissionDefinition(roleId);
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).not.toContain(roleId);
  });
});

describe("sessions and sign out", () => {
  scenario(h, "getActiveSessions marks the current session; revokeSession removes another one", async () => {
    const { app, email } = await signedUp("sessions");
    const laptop = h().clientApp();
    expect((await laptop.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
    const user = await currentUser(app);

    const sessions = await user.getActiveSessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.isCurrentSession)).toHaveLength(1);
    for (const s of sessions) {
      expect(s.userId).toBe(user.id);
      expect(s.createdAt).toBeInstanceOf(Date);
      expect(s.isImpersonation).toBe(false);
    }

    const other = sessions.find((s) => !s.isCurrentSession)!;
    await user.revokeSession(other.id);
    const after = await user.getActiveSessions();
    expect(after.map((s) => s.id)).toEqual(sessions.filter((s) => s.isCurrentSession).map((s) => s.id));
  });

  scenario(h, "user.signOut() clears the session: getUser() is null", async () => {
    const { app } = await signedUp("signout");
    const user = await currentUser(app);
    await user.signOut();
    expect(await app.getUser()).toBeNull();
  });

  scenario(h, "app.signOut() clears the session and the stored tokens", async () => {
    const { app } = await signedUp("appsignout");
    const refreshToken = await app.getRefreshToken();
    expect(refreshToken).toEqual(expect.any(String));
    await app.signOut();
    expect(await app.getUser()).toBeNull();
    expect(await app.getRefreshToken()).toBeFalsy();
  });
});

describe("token refresh", () => {
  // The official SDK reuses an access token only while more than 20 s remain, so with a 22 s lifetime it has to
  // refresh (POST /auth/oauth/token, refresh_token grant) about 2 s after sign-in. A second emulator, same proxy idea.
  let short: Harness;
  beforeAll(async () => {
    short = await startHarness({ accessTokenTtlSeconds: 22 });
  });
  afterAll(async () => {
    await short?.stop();
  });

  scenario(
    () => short,
    "an expiring access token is refreshed transparently and the new one is accepted",
    async () => {
      const app = short.clientApp();
      const email = freshEmail("refresh");
      expect((await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
      const first = await app.getAccessToken();
      await new Promise((r) => setTimeout(r, 2_500));
      expect((await currentUser(app)).primaryEmail).toBe(email);
      const second = await app.getAccessToken();
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      const refreshes = short.wire.exchanges.filter((x) => x.method === "POST" && x.path.startsWith("/api/v1/auth/oauth/token"));
      expect(refreshes.length).toBeGreaterThan(0);
      expect(refreshes.every((x) => x.status === 200)).toBe(true);
    },
  );
});
