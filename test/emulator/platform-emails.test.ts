import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, signUp, startTestEmulator } from "./helpers";
import { userWithTeam } from "./team-helpers";

/**
 * The e-mails the emulator captures carry the platform's default-template wording, the one-time code in its own
 * paragraph, and the sender the platform would use (its shared sender under the project's name, or the project's own).
 */
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

interface Item {
  kind: string;
  from: string | null;
  subject: string;
  text: string;
  html: string;
  otp: string | null;
  links: string[];
}
const outbox = async (to: string): Promise<Item[]> =>
  (await (await fetch(`${em.url}/emulator/outbox?to=${encodeURIComponent(to)}`)).json()).items;
const latest = async (to: string) => (await outbox(to)).at(-1)!;
const CALLBACK = "http://localhost:3000/handler/cb";
const FOOTER = "If you were not expecting this email, you can safely ignore it.";
const SHARED = '"Latchkey Demo" <noreply@example.com>';

test("the verification e-mail: 'Verify your email at {project}', from the shared sender", async () => {
  const email = freshEmail();
  await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: CALLBACK } });
  const mail = await latest(email);
  expect([mail.kind, mail.from, mail.subject]).toEqual(["email_verification", SHARED, "Verify your email at Latchkey Demo"]);
  expect(mail.html).toContain("<h3>Verify your email at Latchkey Demo</h3>");
  expect(mail.html).toContain("<p>Hi! Please click on the following button to verify your email.</p>");
  expect(mail.html).toMatch(/<a href="http:\/\/localhost:3000\/handler\/cb\?code=[a-z2-7]{45}" target="_blank">Verify my email<\/a>/);
  expect(mail.text).toContain(FOOTER);
  expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/e-mail/);
});

test("the greeting names the user when they have a display name", async () => {
  const user = await signUp(em);
  await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { display_name: "Ada" } });
  await call(em, "/auth/password/send-reset-code", { body: { email: user.email, callback_url: CALLBACK } });
  const mail = await latest(user.email);
  expect([mail.kind, mail.subject]).toEqual(["password_reset", "Reset your password at Latchkey Demo"]);
  expect(mail.html).toContain("<p>Hi, Ada! Please click on the following button to start the password reset process.</p>");
  expect(mail.html).toContain(">Reset my password</a>");
});

test("the sign-in code e-mail: the code in its own paragraph, then the link", async () => {
  const email = freshEmail();
  await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: CALLBACK } });
  const mail = await latest(email);
  expect(mail.otp).toMatch(/^[A-Z2-7]{6}$/);
  expect(mail.subject).toBe(`Sign in to Latchkey Demo: Your code is ${mail.otp}`);
  expect(mail.html).toContain("<p>Hi! This is your one-time-password for signing in:</p>");
  const paragraphs = [...mail.html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]);
  expect(paragraphs).toContain(mail.otp);
  expect(paragraphs[paragraphs.indexOf(mail.otp!) + 1]).toMatch(/^Or you can click on <a href="[^"]+" target="_blank">this link<\/a> to sign in$/);
  expect(mail.text.split("\n\n")).toContain(mail.otp);
});

test("the team invitation: 'You have been invited to join {team}'", async () => {
  const owner = await userWithTeam(em);
  const team = await call(em, `/teams/${owner.teamId}`, { accessToken: owner.access_token });
  const email = freshEmail("invitee");
  await call(em, "/team-invitations/send-code", { accessToken: owner.access_token, body: { team_id: owner.teamId, email, callback_url: CALLBACK } });
  const mail = await latest(email);
  const name = team.json.display_name as string;
  expect([mail.kind, mail.from, mail.subject]).toEqual(["team_invitation", SHARED, `You have been invited to join ${name}`]);
  expect(mail.html).toContain(`<h3>You are invited to ${name}</h3>`);
  expect(mail.html).toContain(`Please click the button below to join the team ${name}</p>`);
  expect(mail.html).toContain(">Join team</a>");
});

test("a project with its own e-mail server sends from its configured sender", async () => {
  const standard = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Acme Support", sender_email: "support@acme.example" };
  const patched = await call(em, "/internal/projects/current", { method: "PATCH", access: "admin", body: { config: { email_config: standard } } });
  expect(patched.status).toBe(200);
  try {
    const email = freshEmail();
    await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: CALLBACK } });
    expect((await latest(email)).from).toBe('"Acme Support" <support@acme.example>');
  } finally {
    await call(em, "/internal/projects/current", { method: "PATCH", access: "admin", body: { config: { email_config: { type: "shared" } } } });
  }
  const email = freshEmail();
  await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: CALLBACK } });
  expect((await latest(email)).from).toBe(SHARED);
});

// Test mail servers show a sender without the header's quotes: the platform's e2e tests read Inbucket, whose `from` is
// `Stack Dashboard <noreply@example.com>` (apps/e2e/tests/backend/endpoints/api/v1/auth/password/sign-up.test.ts;
// Inbucket's StringAddress, pkg/stringutil/utils.go), for the header the platform writes, `"<senderName>"
// <<senderEmail>>` (apps/backend/src/lib/emails-low-level.tsx). The outbox keeps that raw header as `from` and
// offers the displayed form beside it as `from_display`.
describe("from_display: the sender as mail tools show it, beside the raw From header", () => {
  const fromOf = async (to: string) => {
    const mail = (await (await fetch(`${em.url}/emulator/outbox?to=${encodeURIComponent(to)}`)).json()).items.at(-1);
    return [mail.from, mail.from_display];
  };

  test("the internal project's mail: Stack Dashboard <noreply@example.com>, as in the platform's e2e snapshots", async () => {
    const email = freshEmail();
    const r = await call(em, "/auth/password/sign-up", { projectId: "internal", body: { email, password: "password123", verification_callback_url: CALLBACK } });
    expect(r.status).toBe(200);
    expect(await fromOf(email)).toEqual(['"Stack Dashboard" <noreply@example.com>', "Stack Dashboard <noreply@example.com>"]);
  });

  test("a project on the shared server, and one with its own sender (names outside ASCII shown as they are)", async () => {
    const email = freshEmail();
    await call(em, "/auth/password/sign-up", { body: { email, password: "password123", verification_callback_url: CALLBACK } });
    expect(await fromOf(email)).toEqual([SHARED, "Latchkey Demo <noreply@example.com>"]);

    const standard = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Équipe Acme", sender_email: "support@acme.example" };
    expect((await call(em, "/internal/projects/current", { method: "PATCH", access: "admin", body: { config: { email_config: standard } } })).status).toBe(200);
    try {
      const other = freshEmail();
      await call(em, "/auth/password/sign-up", { body: { email: other, password: "password123", verification_callback_url: CALLBACK } });
      expect(await fromOf(other)).toEqual(['"Équipe Acme" <support@acme.example>', "Équipe Acme <support@acme.example>"]);
    } finally {
      await call(em, "/internal/projects/current", { method: "PATCH", access: "admin", body: { config: { email_config: { type: "shared" } } } });
    }
  });
});
