import recorded from "../../fixtures/wire/known-error-messages.json";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, latestEmail, signUp, startTestEmulator } from "./helpers";
import { userWithTeam } from "./team-helpers";

/**
 * The known errors the platform words differently from what the emulator used to send, triggered over HTTP: each
 * answer's `error` is the platform's text (fixtures/wire/known-error-messages.json, recorded from its source).
 */
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const platform = (code: keyof typeof recorded.messages) => recorded.messages[code].error;
const config = () => em.core.store.projects.get(em.projectId)!.config;

test("SIGN_UP_NOT_ENABLED asks the project owner to enable it", async () => {
  config().signUpEnabled = false;
  try {
    const r = expectKnown(await call(em, "/auth/password/sign-up", { body: { email: freshEmail(), password: "password123" } }), 400, "SIGN_UP_NOT_ENABLED");
    expect(r.error).toBe("Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.");
  } finally {
    config().signUpEnabled = true;
  }
});

test("REDIRECT_URL_NOT_WHITELISTED asks whether the domain was added to the trusted domains", async () => {
  const body = { email: freshEmail(), password: "password123", verification_callback_url: "https://evil.example/cb" };
  const r = expectKnown(await call(em, "/auth/password/sign-up", { body }), 400, "REDIRECT_URL_NOT_WHITELISTED");
  expect(r.error).toBe(platform("REDIRECT_URL_NOT_WHITELISTED"));
  expect(r.error.startsWith("Redirect URL not whitelisted. Did you forget to add this domain")).toBe(true);
});

test("TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED names the reason", async () => {
  const owner = await userWithTeam(em);
  const email = freshEmail("invitee");
  await call(em, "/team-invitations/send-code", { accessToken: owner.access_token, body: { team_id: owner.teamId, email, callback_url: "http://localhost:3000/handler/team-invitation" } });
  const { code } = await latestEmail(em, email);
  const anon = await call(em, "/auth/anonymous/sign-up", { body: {} });
  const r = expectKnown(await call(em, "/team-invitations/accept", { accessToken: anon.json.access_token, allowAnonymous: true, body: { code } }), 403, "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED");
  expect(r.error).toBe("Restricted users cannot accept team invitations. Reason: anonymous. Please complete the onboarding process before accepting team invitations.");
});

test("INVALID_OAUTH_CLIENT_ID_OR_SECRET explains both halves", async () => {
  const form = { grant_type: "refresh_token", refresh_token: "x", client_id: em.projectId, client_secret: "pck_wrong" };
  const r = expectKnown(await call(em, "/auth/oauth/token", { access: null, projectId: null, form }), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET");
  expect(r.error).toBe(platform("INVALID_OAUTH_CLIENT_ID_OR_SECRET"));
});

test("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED names the header to set", async () => {
  const anon = await call(em, "/auth/anonymous/sign-up", { body: {} });
  const r = expectKnown(await call(em, "/users/me", { accessToken: anon.json.access_token }), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
  expect(r.error).toBe(platform("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED"));
});

test("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT points to Project Keys", async () => {
  config().requirePublishableClientKey = true;
  try {
    const r = expectKnown(await call(em, "/projects/current", { headers: { "x-stack-publishable-client-key": "__stack_public_client__" } }), 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
    expect(r).toEqual({ code: "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", details: { project_id: em.projectId }, error: platform("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT") });
  } finally {
    config().requirePublishableClientKey = false;
  }
});

test("USER_EMAIL_ALREADY_EXISTS for an unverified e-mail tells how to proceed", async () => {
  const { email } = await signUp(em);
  const before = config().magicLinkEnabled;
  config().magicLinkEnabled = true;
  try {
    const r = await call(em, "/auth/otp/send-sign-in-code", { body: { email, callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    const body = expectKnown(r, 409, "USER_EMAIL_ALREADY_EXISTS");
    expect(body.details).toEqual({ email, would_work_if_email_was_verified: true });
    expect(body.error).toBe(platform("USER_EMAIL_ALREADY_EXISTS").replace('"ada@example.com"', JSON.stringify(email)));
  } finally {
    config().magicLinkEnabled = before;
  }
});

test("REQUIRES_CUSTOM_EMAIL_SERVER asks for an SMTP server", async () => {
  const user = await signUp(em);
  const r = expectKnown(await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user.user_id], html: "<p>x</p>", subject: "x" } }), 400, "REQUIRES_CUSTOM_EMAIL_SERVER");
  expect(r.error).toBe("This action requires a custom SMTP server. Please edit your email server configuration and try again.");
});
