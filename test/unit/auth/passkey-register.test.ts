/** @jest-environment ./test/support/jsdom-env.cjs */
// user.registerPasskey() in a browser page: the real @simplewebauthn/browser between the SDK and a fake
// navigator.credentials (jsdom has no WebAuthn); the platform's answers come from a table.
import { ArgumentError, KnownErrors } from "../../../src/index";
import { caught } from "../../helpers/http";
import { browserApp, CODE, creationOptions, knownError, me, SENTINEL, signedInUser, useFakeWebAuthn } from "./passkey-app-helpers";
import type { Answer } from "./passkey-app-helpers";

const fake = useFakeWebAuthn();

const INITIATE = "POST /auth/passkey/initiate-passkey-registration";
const REGISTER = "POST /auth/passkey/register";
const initiated = (over: Record<string, unknown> = {}): Answer => [200, { options_json: creationOptions(over), code: CODE }];

async function setUp(routes: Record<string, Answer | Answer[]> = {}) {
  const env = browserApp({ [INITIATE]: initiated(), [REGISTER]: [200, { user_handle: "h" }], ...routes });
  const user = await signedInUser(env.app);
  return { ...env, user };
}

test("the sentinel RP id becomes the page's hostname; the credential goes to /auth/passkey/register with the code; the user is read again", async () => {
  const { user, app, posts } = await setUp({ "GET /users/me": [me(), me({ passkey_auth_enabled: true })] });
  expect(user.passkeyAuthEnabled).toBe(false);
  expect(await user.registerPasskey()).toEqual({ status: "ok", data: undefined });

  expect(fake().created).toHaveLength(1);
  const publicKey = fake().created[0].publicKey;
  expect(publicKey.rp).toEqual({ name: "Demo", id: "localhost" });
  expect(Buffer.from(publicKey.user.id as ArrayBuffer).toString()).toBe("3f1e0a52-0000-4000-8000-000000000001");
  expect(posts("/auth/passkey/initiate-passkey-registration")[0].body).toEqual({});
  const [register] = posts("/auth/passkey/register");
  expect(register.body).toEqual({
    code: CODE,
    credential: expect.objectContaining({ id: fake().authenticator.id, type: "public-key", response: expect.objectContaining({ attestationObject: expect.any(String) }) }),
  });
  expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(true);
});

test("hostname picks the RP id (lower-cased); one that is not the page's domain or a parent is refused before any request", async () => {
  const { user, posts } = await setUp();
  expect((await user.registerPasskey({ hostname: "LocalHost" })).status).toBe("ok");
  expect(fake().created[0].publicKey.rp.id).toBe("localhost");

  for (const hostname of ["example.com", "127.0.0.1", "intranet", "host.localhost.evil"]) {
    const result = await user.registerPasskey({ hostname });
    expect(result.status === "error" && KnownErrors.PasskeyWebAuthnError.isInstance(result.error) && result.error.details).toEqual({
      code: "ERROR_INVALID_RP_ID",
      message: expect.stringContaining(`"${hostname.toLowerCase()}" is not valid on localhost`),
    });
  }
  expect(posts("/auth/passkey/initiate-passkey-registration")).toHaveLength(1);
  expect(fake().created).toHaveLength(1);
});

test("bad arguments are ArgumentErrors before any request", async () => {
  const { user, posts } = await setUp();
  for (const bad of [3, null, { hostname: "" }, { hostname: 42 }]) {
    expect(ArgumentError.isInstance(await caught(user.registerPasskey(bad as never)))).toBe(true);
  }
  expect(posts("/auth/passkey/initiate-passkey-registration")).toHaveLength(0);
});

test("no WebAuthn in this browser: a PasskeyRegistrationFailed result that says so, and no request", async () => {
  const { user, posts } = await setUp();
  fake().remove();
  const result = await user.registerPasskey();
  expect(result.status === "error" && KnownErrors.PasskeyRegistrationFailed.isInstance(result.error)).toBe(true);
  expect(result.status === "error" && result.error.message).toMatch(/WebAuthn/);
  expect(posts("/auth/passkey/initiate-passkey-registration")).toHaveLength(0);
});

test("the user id must be 1 to 64 bytes: ERROR_INVALID_USER_ID_LENGTH before the browser is asked", async () => {
  const b64url = (bytes: number) => Buffer.alloc(bytes, 7).toString("base64url");
  const { user } = await setUp({
    [INITIATE]: [initiated({ user: { id: "", name: "a", displayName: "a" } }), initiated({ user: { id: b64url(65), name: "a", displayName: "a" } }), initiated({ user: { id: b64url(64), name: "a", displayName: "a" } })],
  });
  for (const bytes of [0, 65]) {
    const result = await user.registerPasskey();
    expect(result.status === "error" && result.error.details).toEqual({ code: "ERROR_INVALID_USER_ID_LENGTH", message: `The passkey user id must be 1 to 64 bytes long; the server sent ${bytes}.` });
  }
  expect(fake().created).toHaveLength(0);
  expect((await user.registerPasskey()).status).toBe("ok");
  expect((fake().created[0].publicKey.user.id as ArrayBuffer).byteLength).toBe(64);
});

test("options without the sentinel RP id are an unexpected reply: thrown, and the browser is not asked", async () => {
  const { user } = await setUp({ [INITIATE]: initiated({ rp: { name: "Demo", id: "evil.example" } }) });
  const error = await caught(user.registerPasskey());
  expect(error.name).toBe("PasskeyProtocolError");
  expect(error.message).toContain('"evil.example"');
  expect(error.message).toContain(SENTINEL);
  expect(fake().created).toHaveLength(0);
});

// Each way the browser can refuse create(), and the PasskeyWebAuthnError code it becomes.
const refusals: [string, string, Record<string, unknown>, string, RegExp][] = [
  ["AbortError", "aborted", {}, "ERROR_CEREMONY_ABORTED", /abort signal/],
  ["ConstraintError", "no resident keys", {}, "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT", /Discoverable credentials/],
  ["ConstraintError", "no UV", { authenticatorSelection: { residentKey: "preferred", requireResidentKey: false, userVerification: "required" } }, "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT", /User verification was required/],
  ["InvalidStateError", "excluded", {}, "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", /previously registered/],
  ["NotSupportedError", "no key type", { pubKeyCredParams: [{ alg: -7, type: "not-a-public-key" }] }, "ERROR_MALFORMED_PUBKEYCREDPARAMS", /pubKeyCredParams/],
  ["NotSupportedError", "no algorithm", {}, "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG", /algorithms/],
  ["UnknownError", "broken", {}, "ERROR_AUTHENTICATOR_GENERAL_ERROR", /unable to process/],
  ["NotAllowedError", "The operation either timed out or was not allowed.", {}, "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", /^The operation either timed out or was not allowed\.$/],
  // Refusals no code explains (the RP id is the page's own, the user id has a valid length): the browser's message.
  ["SecurityError", "The relying party ID is not a registrable domain suffix.", {}, "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", /^The relying party ID is not a registrable domain suffix\.$/],
  ["TypeError", "Bad options.", {}, "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", /^Bad options\.$/],
];

test.each(refusals)("create() refused with %s (%s) → PasskeyWebAuthnError %s", async (name, message, over, code, text) => {
  const { user, posts } = await setUp({ [INITIATE]: initiated(over) });
  fake().failNext(new DOMException(message, name));
  const result = await user.registerPasskey();
  expect(result.status).toBe("error");
  if (result.status !== "error") return;
  expect(KnownErrors.PasskeyWebAuthnError.isInstance(result.error)).toBe(true);
  expect(result.error.details).toEqual({ code, message: result.error.message });
  expect(result.error.message).toMatch(text);
  expect((result.error as { cause?: unknown }).cause).toBeDefined();
  expect(posts("/auth/passkey/register")).toHaveLength(0);
});

test("the platform refusing: PASSKEY_REGISTRATION_FAILED as is; passkeys off or an expired ceremony code as PasskeyRegistrationFailed; others thrown", async () => {
  const failed = knownError("PASSKEY_REGISTRATION_FAILED", 400, undefined, "Passkey registration failed because the verification response is invalid");
  const { user } = await setUp({
    [INITIATE]: [knownError("PASSKEY_AUTHENTICATION_NOT_ENABLED"), initiated(), initiated(), initiated()],
    [REGISTER]: [failed, knownError("VERIFICATION_CODE_EXPIRED"), knownError("SCHEMA_ERROR")],
  });
  const off = await user.registerPasskey();
  expect(off.status === "error" && KnownErrors.PasskeyRegistrationFailed.isInstance(off.error) && off.error.message).toBe(
    "Passkey registration failed: PASSKEY_AUTHENTICATION_NOT_ENABLED said the platform",
  );
  expect(off.status === "error" && KnownErrors.PasskeyAuthenticationNotEnabled.isInstance((off.error as { cause?: unknown }).cause)).toBe(true);

  const refused = await user.registerPasskey();
  expect(refused.status === "error" && refused.error.code).toBe("PASSKEY_REGISTRATION_FAILED");
  expect(refused.status === "error" && refused.error.message).toBe("Passkey registration failed because the verification response is invalid");

  const expired = await user.registerPasskey();
  expect(expired.status === "error" && KnownErrors.PasskeyRegistrationFailed.isInstance(expired.error)).toBe(true);
  expect(expired.status === "error" && KnownErrors.VerificationCodeExpired.isInstance((expired.error as { cause?: unknown }).cause)).toBe(true);

  expect(KnownErrors.SchemaError.isInstance(await caught(user.registerPasskey()))).toBe(true);
});
