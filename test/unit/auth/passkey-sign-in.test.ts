/** @jest-environment ./test/support/jsdom-env.cjs */
// app.signInWithPasskey() in a browser page: the real @simplewebauthn/browser between the SDK and a fake
// navigator.credentials; the platform's answers come from a table.
import { ArgumentError, KnownErrors } from "../../../src/index";
import { caught } from "../../helpers/http";
import { browserApp, CODE, knownError, requestOptions, tokens, useFakeWebAuthn } from "./passkey-app-helpers";
import type { Answer } from "./passkey-app-helpers";

const fake = useFakeWebAuthn();

const INITIATE = "POST /auth/passkey/initiate-passkey-authentication";
const SIGN_IN = "POST /auth/passkey/sign-in";
const initiated = (over: Record<string, unknown> = {}): Answer => [200, { options_json: requestOptions(over), code: CODE }];
const signedIn = tokens();
const setUp = (routes: Record<string, Answer | Answer[]> = {}, options = {}) =>
  browserApp({ [INITIATE]: initiated(), [SIGN_IN]: [200, signedIn], ...routes }, options);

test("the sentinel becomes the page's hostname; the assertion goes to /auth/passkey/sign-in; tokens stored; on to after-sign-in", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Fdashboard");
  const { app, posts, navigate } = setUp();
  expect(await app.signInWithPasskey()).toEqual({ status: "ok", data: undefined });
  expect(fake().requested).toHaveLength(1);
  expect(fake().requested[0].publicKey.rpId).toBe("localhost");
  expect(posts("/auth/passkey/initiate-passkey-authentication")[0].body).toEqual({});
  expect(posts("/auth/passkey/sign-in")[0].body).toEqual({
    code: CODE,
    authentication_response: expect.objectContaining({ id: fake().authenticator.id, type: "public-key", response: expect.objectContaining({ signature: expect.any(String) }) }),
  });
  expect(await app.getRefreshToken()).toBe(signedIn.refresh_token);
  expect(navigate).toHaveBeenCalledWith("/dashboard");
});

test("noRedirect stays; bad options are ArgumentErrors before any request", async () => {
  const { app, navigate, posts } = setUp();
  expect((await app.signInWithPasskey({ noRedirect: true })).status).toBe("ok");
  expect(navigate).not.toHaveBeenCalled();
  for (const bad of [5, { noRedirect: "yes" }]) expect(ArgumentError.isInstance(await caught(app.signInWithPasskey(bad as never)))).toBe(true);
  expect(posts("/auth/passkey/initiate-passkey-authentication")).toHaveLength(1);
});

test("no WebAuthn: a PasskeyAuthenticationFailed result that says so, and no request", async () => {
  const { app, posts } = setUp();
  fake().remove();
  const result = await app.signInWithPasskey();
  expect(result.status === "error" && KnownErrors.PasskeyAuthenticationFailed.isInstance(result.error) && result.error.message).toMatch(/WebAuthn/);
  expect(posts("/auth/passkey/initiate-passkey-authentication")).toHaveLength(0);
});

test.each([
  ["AbortError", "aborted", "ERROR_CEREMONY_ABORTED", /Authentication ceremony was sent an abort signal/],
  ["NotAllowedError", "The user cancelled.", "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", /^The user cancelled\.$/],
  ["UnknownError", "broken", "ERROR_AUTHENTICATOR_GENERAL_ERROR", /could not create a new assertion signature/],
  ["SecurityError", "Not a registrable domain suffix.", "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", /^Not a registrable domain suffix\.$/],
])("get() refused with %s → PasskeyWebAuthnError", async (name, message, code, text) => {
  const { app, posts } = setUp();
  fake().failNext(new DOMException(message, name));
  const result = await app.signInWithPasskey();
  expect(result.status === "error" && KnownErrors.PasskeyWebAuthnError.isInstance(result.error) && result.error.details).toEqual({ code, message: expect.stringMatching(text) });
  expect(posts("/auth/passkey/sign-in")).toHaveLength(0);
  expect(await app.getRefreshToken()).toBeNull();
});

test("the platform refusing: PasskeyAuthenticationFailed (its own, or wrapping passkeys-off and used codes); others thrown", async () => {
  const { app } = setUp({
    [INITIATE]: [knownError("PASSKEY_AUTHENTICATION_NOT_ENABLED"), initiated(), initiated(), initiated()],
    [SIGN_IN]: [knownError("PASSKEY_AUTHENTICATION_FAILED", 400, undefined, "Passkey not found"), knownError("VERIFICATION_CODE_ALREADY_USED", 409), [500, "boom"]],
  }, { retry: { sleep: async () => {}, random: () => 0.5 } });
  const off = await app.signInWithPasskey();
  expect(off.status === "error" && KnownErrors.PasskeyAuthenticationFailed.isInstance(off.error) && off.error.message).toBe(
    "Passkey sign-in failed: PASSKEY_AUTHENTICATION_NOT_ENABLED said the platform",
  );
  const unknown = await app.signInWithPasskey();
  expect(unknown.status === "error" && [unknown.error.code, unknown.error.message]).toEqual(["PASSKEY_AUTHENTICATION_FAILED", "Passkey not found"]);
  const used = await app.signInWithPasskey();
  expect(used.status === "error" && KnownErrors.VerificationCodeAlreadyUsed.isInstance((used.error as { cause?: unknown }).cause)).toBe(true);
  expect((await caught(app.signInWithPasskey())).name).toBe("HttpError");
  expect(await app.getRefreshToken()).toBeNull();
});

test("options without the sentinel RP id are thrown as an unexpected reply", async () => {
  const { app } = setUp({ [INITIATE]: initiated({ rpId: "example.com" }) });
  expect((await caught(app.signInWithPasskey())).name).toBe("PasskeyProtocolError");
  expect(fake().requested).toHaveLength(0);
});

test("a user with a second factor: the attempt code is kept for the MFA page, the user sent there, the typed error thrown", async () => {
  window.history.replaceState(null, "", "/handler/sign-in?after_auth_return_to=%2Fdashboard");
  const { app, navigate } = setUp({ [SIGN_IN]: knownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { attempt_code: "attempt-7" }) });
  const error = await caught(app.signInWithPasskey());
  expect(KnownErrors.MultiFactorAuthenticationRequired.isInstance(error)).toBe(true);
  expect(sessionStorage.getItem("hexclave_mfa_attempt_code")).toBe("attempt-7");
  expect(sessionStorage.getItem("stack_mfa_attempt_code")).toBe("attempt-7");
  expect(navigate).toHaveBeenCalledWith("/handler/mfa?after_auth_return_to=%2Fdashboard");
  expect(await app.getRefreshToken()).toBeNull();
});
