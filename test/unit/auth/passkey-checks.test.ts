// The passkey rules on their own: relying-party domains and ids, the user-id length, and how every WebAuthn
// failure and platform answer becomes the flow's typed error.
import { WebAuthnError } from "@simplewebauthn/browser";
import type { WebAuthnErrorCode } from "@simplewebauthn/browser";
import { KnownErrors } from "../../../src/index";
import type { PasskeyWebAuthnErrorCode } from "../../../src/index";
import { knownError } from "../../../src/errors/lineage";
import {
  ceremonyFailure,
  isPasskeyDomain,
  relyingPartyId,
  serverFailure,
  userIdBytes,
  userIdProblem,
} from "../../../src/auth/passkey-checks";

test.each([
  ["localhost", true],
  ["example.com", true],
  ["app.example.co.uk", true],
  ["my-app.example.com", true],
  ["xn--bcher-kva.example", true],
  ["a.b", false], // a one-letter top-level label
  ["example", false],
  ["intranet", false],
  ["127.0.0.1", false],
  ["[::1]", false],
  ["-bad.example.com", false],
  ["bad-.example.com", false],
  ["exa mple.com", false],
  ["", false],
  ["localhost.", false],
  [`${"a".repeat(64)}.com`, false],
])("isPasskeyDomain(%j) is %s", (host, expected) => {
  expect(isPasskeyDomain(host)).toBe(expected);
});

test("the RP id is the page's hostname, or a requested domain equal to it or a parent of it", () => {
  expect(relyingPartyId("localhost")).toEqual({ rpId: "localhost" });
  expect(relyingPartyId("app.example.com")).toEqual({ rpId: "app.example.com" });
  expect(relyingPartyId("app.example.com", "example.com")).toEqual({ rpId: "example.com" });
  expect(relyingPartyId("app.example.com", "APP.Example.com")).toEqual({ rpId: "app.example.com" });
  for (const requested of ["other.com", "pp.example.com", "com", "deep.app.example.com", "example.com."]) {
    const r = relyingPartyId("app.example.com", requested);
    expect("error" in r && r.error.details).toEqual({ code: "ERROR_INVALID_RP_ID", message: expect.stringContaining(`"${requested.toLowerCase()}"`) });
  }
});

test("a page on an IP address or a single-label host cannot use passkeys at all: ERROR_INVALID_DOMAIN", () => {
  for (const host of ["127.0.0.1", "intranet", ""]) {
    const r = relyingPartyId(host, "example.com");
    expect("error" in r && r.error.details?.code).toBe("ERROR_INVALID_DOMAIN");
    expect("error" in r && r.error.message).toMatch(/localhost or a dotted hostname/);
  }
});

test("the user id must be 1 to 64 bytes (base64url as the platform sends it)", () => {
  const id = (bytes: number) => Buffer.alloc(bytes, 1).toString("base64url");
  for (const n of [1, 2, 3, 16, 36, 63, 64]) {
    expect(userIdBytes(id(n))).toBe(n);
    expect(userIdProblem(id(n))).toBeUndefined();
  }
  expect(userIdBytes(`${id(4)}==`)).toBe(4);
  for (const [value, bytes] of [[id(65), 65], [id(200), 200], ["", 0], [undefined, 0], [42, 0]] as const) {
    const problem = userIdProblem(value);
    expect(problem?.details).toEqual({ code: "ERROR_INVALID_USER_ID_LENGTH", message: `The passkey user id must be 1 to 64 bytes long; the server sent ${bytes}.` });
  }
});

// Every PasskeyWebAuthnErrorCode (the Record type makes the compiler check that none is missing or extra), each one
// a code of @simplewebauthn/browser's WebAuthnError (the second check).
const CODE_SET: Record<PasskeyWebAuthnErrorCode, true> = {
  ERROR_CEREMONY_ABORTED: true,
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: true,
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE: true,
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: true,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: true,
  ERROR_MALFORMED_PUBKEYCREDPARAMS: true,
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: true,
  ERROR_INVALID_DOMAIN: true,
  ERROR_INVALID_RP_ID: true,
  ERROR_INVALID_USER_ID_LENGTH: true,
  ERROR_AUTHENTICATOR_GENERAL_ERROR: true,
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: true,
};
const WEBAUTHN_ERROR_CODES = Object.keys(CODE_SET) as PasskeyWebAuthnErrorCode[];
const libraryCodes: WebAuthnErrorCode[] = WEBAUTHN_ERROR_CODES;

test("the twelve ceremony codes of the spec are the ones latchkey knows", () => {
  expect(new Set(libraryCodes).size).toBe(12);
});

test.each(WEBAUTHN_ERROR_CODES.map((code) => [code]))("a WebAuthnError %s becomes PasskeyWebAuthnError with that code and message", (code) => {
  const cause = new DOMException("browser said no", "NotAllowedError");
  const original = new WebAuthnError({ message: `reason for ${code}`, code, cause });
  const mapped = ceremonyFailure(original);
  expect(KnownErrors.PasskeyWebAuthnError.isInstance(mapped)).toBe(true);
  expect(mapped).toBeInstanceOf(KnownErrors.PasskeyWebAuthnError);
  expect(mapped.status).toBe(400);
  expect(mapped.message).toBe(`reason for ${code}`);
  expect(mapped.details).toEqual({ message: `reason for ${code}`, code });
  expect((mapped as { cause?: unknown }).cause).toBe(original);
});

test("anything else the ceremony throws passes its message through (the browser's own words)", () => {
  const raw = new DOMException("The request is not allowed by the user agent.", "NotAllowedError");
  expect(ceremonyFailure(raw).details).toEqual({ code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", message: "The request is not allowed by the user agent." });
  expect(ceremonyFailure(new TypeError("Failed to execute 'create'")).message).toBe("Failed to execute 'create'");
  // Only the library's WebAuthnError carries a code that is kept: a code property on anything else is not trusted.
  const newer = Object.assign(new Error("something newer"), { code: "ERROR_SOMETHING_NEW" });
  expect(ceremonyFailure(newer).details?.code).toBe("ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY");
  expect(ceremonyFailure("a string").message).toMatch(/a string/);
});

test("platform answers: the flow's own failure as is; passkeys off and ceremony-code errors wrapped; others left to throw", () => {
  const own = knownError("PASSKEY_REGISTRATION_FAILED", undefined, "bad credential");
  expect(serverFailure(own, "PASSKEY_REGISTRATION_FAILED", "Passkey registration failed")).toBe(own);
  for (const code of ["PASSKEY_AUTHENTICATION_NOT_ENABLED", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_NOT_FOUND", "PASSKEY_AUTHENTICATION_FAILED"]) {
    const original = knownError(code, undefined, "the platform's words");
    const wrapped = serverFailure(original, "PASSKEY_REGISTRATION_FAILED", "Passkey registration failed");
    expect(KnownErrors.PasskeyRegistrationFailed.isInstance(wrapped)).toBe(true);
    expect(wrapped?.message).toBe("Passkey registration failed: the platform's words");
    expect((wrapped as { cause?: unknown }).cause).toBe(original);
  }
  for (const other of [knownError("SCHEMA_ERROR"), knownError("USER_AUTHENTICATION_REQUIRED"), new Error("network"), undefined]) {
    expect(serverFailure(other, "PASSKEY_AUTHENTICATION_FAILED", "Passkey sign-in failed")).toBeUndefined();
  }
});
