/** @jest-environment ./test/support/jsdom-env.cjs */
// A sign-in that answers MULTI_FACTOR_AUTHENTICATION_REQUIRED in a browser page: where the attempt code is kept,
// where the user is sent, and what the MFA step does with it.
import { KnownErrors } from "../../../src/index";
import { caught } from "../../helpers/http";
import { browserApp, knownError, resetPage, tokens } from "./passkey-app-helpers";

afterEach(resetPage);

const KEYS = ["hexclave_mfa_attempt_code", "stack_mfa_attempt_code"];
const mfaRequired = (attempt_code?: string) => knownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, attempt_code === undefined ? {} : { attempt_code });
const stored = () => KEYS.map((k) => sessionStorage.getItem(k));

test.each([
  ["signInWithCredential", "POST /auth/password/sign-in"],
  ["signInWithMagicLink", "POST /auth/otp/sign-in"],
])("%s: the attempt code is kept as plain text under both keys, the user sent to the MFA page, the typed error thrown", async (method, route) => {
  const { app, navigate } = browserApp({ [route]: mfaRequired("attempt-abc") });
  const call =
    method === "signInWithCredential" ? app.signInWithCredential({ email: "a@b.co", password: "12345678" }) : app.signInWithMagicLink("m".repeat(45));
  const error = await caught(call);
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(error.details).toEqual({ attempt_code: "attempt-abc" });
  expect(stored()).toEqual(["attempt-abc", "attempt-abc"]);
  expect(navigate).toHaveBeenCalledWith("/handler/mfa");
  expect(await app.getRefreshToken()).toBeNull();
});

test("the sign-in page's after_auth_return_to goes on to the MFA page (also when the MFA URL has a query)", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Fteam%3Fid%3D1");
  const first = browserApp({ "POST /auth/password/sign-in": mfaRequired("a1") });
  await caught(first.app.signInWithCredential({ email: "a@b.co", password: "12345678" }));
  expect(first.navigate).toHaveBeenCalledWith("/handler/mfa?after_auth_return_to=%2Fteam%3Fid%3D1");

  const custom = browserApp({ "POST /auth/password/sign-in": mfaRequired("a2") }, { urls: { mfa: "/auth?step=mfa" } });
  await caught(custom.app.signInWithCredential({ email: "a@b.co", password: "12345678" }));
  expect(custom.navigate).toHaveBeenCalledWith("/auth?step=mfa&after_auth_return_to=%2Fteam%3Fid%3D1");
});

test('redirectMethod "none": the code is still kept for the page, nothing navigates, and the error carries the code', async () => {
  const { app } = browserApp({ "POST /auth/password/sign-in": mfaRequired("a3") }, { redirectMethod: "none" });
  const error = await caught(app.signInWithCredential({ email: "a@b.co", password: "12345678" }));
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error) && error.details?.attempt_code).toBe("a3");
  expect(stored()).toEqual(["a3", "a3"]);
});

test("an answer without an attempt code stores nothing and sends nobody anywhere, but is still the typed error", async () => {
  const { app, navigate } = browserApp({ "POST /auth/password/sign-in": mfaRequired() });
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(await caught(app.signInWithCredential({ email: "a@b.co", password: "12345678" })))).toBe(true);
  expect(stored()).toEqual([null, null]);
  expect(navigate).not.toHaveBeenCalled();
});

test("signInWithMfa: a wrong code is an InvalidTotpCode result and the attempt stays; the right one signs in and clears it", async () => {
  const A4 = "a4".padEnd(45, "x"); // a well-formed attempt code
  for (const key of KEYS) sessionStorage.setItem(key, A4);
  const signedIn = tokens();
  const { app, posts, navigate } = browserApp({
    "POST /auth/mfa/sign-in": [knownError("INVALID_TOTP_CODE"), [200, signedIn]],
  });
  const wrong = await app.signInWithMfa("000000", A4);
  expect(wrong.status === "error" && KnownErrors.InvalidTotpCode.isInstance(wrong.error)).toBe(true);
  expect(stored()).toEqual([A4, A4]);
  expect(await app.getRefreshToken()).toBeNull();

  expect(await app.signInWithMfa("123456", A4)).toEqual({ status: "ok", data: undefined });
  expect(posts("/auth/mfa/sign-in").map((c) => c.body)).toEqual([
    { type: "totp", totp: "000000", code: A4 },
    { type: "totp", totp: "123456", code: A4 },
  ]);
  expect(stored()).toEqual([null, null]);
  expect(await app.getRefreshToken()).toBe(signedIn.refresh_token);
  expect(navigate).toHaveBeenCalledWith("/");
});
