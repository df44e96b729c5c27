import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { nockTokenRefresh } from "../../helpers/token-refresh";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const CALLBACK = "https://app.example.test/handler/email-verification";

async function signedIn(user = userJson()) {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  nock(BASE).get("/api/v1/users/me").reply(...json(user));
  return { app, user: await app.getUser({ or: "throw" }) };
}

test("update sends every field snake_case (TOTP secret as base64) to PATCH /users/me; the next getUser refetches with a new token", async () => {
  const { app, user } = await signedIn();
  let body: unknown;
  const refreshes = nockTokenRefresh();
  nock(BASE)
    .patch("/api/v1/users/me", (b) => ((body = b), true)).reply(...json(userJson({ display_name: "Ada" })))
    .get("/api/v1/users/me").matchHeader("x-stack-access-token", refreshes.token).reply(...json(userJson({ display_name: "Ada" })));
  await user.update({
    displayName: "Ada",
    clientMetadata: { theme: "dark" },
    selectedTeamId: null,
    totpMultiFactorSecret: new Uint8Array([1, 2, 3, 250, 251, 252]),
    profileImageUrl: "data:image/png;base64,AAAA",
    otpAuthEnabled: true,
    passkeyAuthEnabled: false,
  });
  expect(body).toEqual({
    display_name: "Ada",
    client_metadata: { theme: "dark" },
    selected_team_id: null,
    totp_secret_base64: "AQID+vv8",
    profile_image_url: "data:image/png;base64,AAAA",
    otp_auth_enabled: true,
    passkey_auth_enabled: false,
  });
  expect((await app.getUser({ or: "throw" })).displayName).toBe("Ada");
  expect(refreshes.count).toBe(1);
  expect(nock.isDone()).toBe(true);
});

test("setDisplayName, setClientMetadata and a null TOTP secret send only their field; each marks the token stale, as the official SDK", async () => {
  const { app, user } = await signedIn();
  const first = await app.getAccessToken();
  const bodies: unknown[] = [];
  const tokens: unknown[] = [];
  const refreshes = nockTokenRefresh(fakeAccessToken(900), 4);
  nock(BASE)
    .patch("/api/v1/users/me", (b) => (bodies.push(b), true))
    .times(4)
    .reply(function () {
      tokens.push(this.req.headers["x-stack-access-token"]);
      return json(userJson());
    });
  await user.setDisplayName("Grace"); // the token is marked stale, nothing fetched yet
  expect(refreshes.count).toBe(0);
  await user.setClientMetadata(null); // renews the token first; metadata is no claim, yet the token is marked again
  await user.setClientMetadata({ a: 1 });
  await user.update({ totpMultiFactorSecret: null });
  expect(bodies).toEqual([{ display_name: "Grace" }, { client_metadata: null }, { client_metadata: { a: 1 } }, { totp_secret_base64: null }]);
  expect(tokens).toEqual([first, refreshes.token, refreshes.token, refreshes.token]);
  expect(refreshes.count).toBe(3);
  await app.getAccessToken();
  expect(refreshes.count).toBe(4);
  await app.getAccessToken(); // renewed once per update, not per read
  expect(refreshes.count).toBe(4);
});

test("update({}) sends an empty body and marks the token stale: the next read is a new token", async () => {
  const { app, user } = await signedIn();
  const first = await app.getAccessToken();
  const refreshes = nockTokenRefresh(fakeAccessToken(900), 1);
  let body: unknown;
  nock(BASE).patch("/api/v1/users/me", (b) => ((body = b), true)).reply(...json(userJson()));
  await user.update({});
  expect(body).toEqual({});
  expect(refreshes.count).toBe(0);
  expect(await app.getAccessToken()).toBe(refreshes.token);
  expect(refreshes.token).not.toBe(first);
  expect(refreshes.count).toBe(1);
});

test("bad update arguments are refused before any request", async () => {
  const { user } = await signedIn();
  await expect(user.update({ displayName: 5 as never })).rejects.toThrow(ArgumentError);
  await expect(user.update({ otpAuthEnabled: "yes" as never })).rejects.toThrow(ArgumentError);
  await expect(user.update({ totpMultiFactorSecret: "c2VjcmV0" as never })).rejects.toThrow(/Uint8Array/);
  await expect(user.update(null as never)).rejects.toThrow(ArgumentError);
  await expect(user.setClientMetadata(undefined)).rejects.toThrow(ArgumentError);
  await expect(user.setDisplayName(7 as never)).rejects.toThrow(ArgumentError);
});

test("updatePassword: bounds checked first, wrong old password returned, success returns undefined", async () => {
  const { user } = await signedIn();
  const tooShort = await user.updatePassword({ oldPassword: "old password", newPassword: "short" });
  expect(KnownErrors.PasswordTooShort.isInstance(tooShort)).toBe(true);
  expect(KnownErrors.PasswordRequirementsNotMet.isInstance(await user.updatePassword({ oldPassword: "x", newPassword: "y".repeat(71) }))).toBe(true);

  const bodies: unknown[] = [];
  nock(BASE)
    .post("/api/v1/auth/password/update", (b) => (bodies.push(b), true)).reply(...knownErrorReply("PASSWORD_CONFIRMATION_MISMATCH", 400))
    .post("/api/v1/auth/password/update", (b) => (bodies.push(b), true)).reply(...json({ success: true }));
  const wrong = await user.updatePassword({ oldPassword: "not it", newPassword: "brand new pass" });
  expect(KnownErrors.PasswordConfirmationMismatch.isInstance(wrong)).toBe(true);
  expect(await user.updatePassword({ oldPassword: "old password", newPassword: "brand new pass" })).toBeUndefined();
  expect(bodies).toEqual([
    { old_password: "not it", new_password: "brand new pass" },
    { old_password: "old password", new_password: "brand new pass" },
  ]);
  await expect(user.updatePassword({ oldPassword: 1 as never, newPassword: "brand new pass" })).rejects.toThrow(ArgumentError);
});

test("updatePassword throws what is not an expected outcome (no password set)", async () => {
  const { user } = await signedIn();
  nock(BASE).post("/api/v1/auth/password/update").reply(...knownErrorReply("USER_DOES_NOT_HAVE_PASSWORD", 400));
  await expect(user.updatePassword({ oldPassword: "x", newPassword: "brand new pass" })).rejects.toThrow(/USER_DOES_NOT_HAVE_PASSWORD/);
});

test("setPassword posts {password}; a too-short one is returned without a request", async () => {
  const { user } = await signedIn(userJson({ has_password: false }));
  expect(KnownErrors.PasswordTooShort.isInstance(await user.setPassword({ password: "short" }))).toBe(true);
  let body: unknown;
  nock(BASE).post("/api/v1/auth/password/set", (b) => ((body = b), true)).reply(...json({ success: true }));
  expect(await user.setPassword({ password: "a long password" })).toBeUndefined();
  expect(body).toEqual({ password: "a long password" });
});

test("delete sends DELETE /users/me, then clears the tokens and the cached user", async () => {
  const { app, user } = await signedIn();
  nock(BASE).delete("/api/v1/users/me").reply(...json({ success: true }));
  await user.delete();
  expect(await app.getAccessToken()).toBeNull();
  expect(await app.getRefreshToken()).toBeNull();
  expect(await app.getUser()).toBeNull(); // no request: no tokens left
});

test("sendVerificationEmail posts the primary e-mail and callback; already verified is returned", async () => {
  const { user } = await signedIn();
  const bodies: unknown[] = [];
  nock(BASE)
    .post("/api/v1/contact-channels/send-verification-code", (b) => (bodies.push(b), true)).reply(...json({ success: true }))
    .post("/api/v1/contact-channels/send-verification-code").reply(...knownErrorReply("EMAIL_ALREADY_VERIFIED", 409));
  expect(await user.sendVerificationEmail({ callbackUrl: CALLBACK })).toBeUndefined();
  expect(bodies).toEqual([{ email: "ada@example.com", callback_url: CALLBACK }]);
  expect(KnownErrors.EmailAlreadyVerified.isInstance(await user.sendVerificationEmail({ callbackUrl: CALLBACK }))).toBe(true);
  await expect(user.sendVerificationEmail()).rejects.toThrow(/callbackUrl/);
});

test("sendVerificationEmail without a primary e-mail is an ArgumentError", async () => {
  const { user } = await signedIn(userJson({ primary_email: null }));
  await expect(user.sendVerificationEmail({ callbackUrl: CALLBACK })).rejects.toThrow(/primary e-mail/);
});
