import fixture from "../../../fixtures/wire/known-errors.json";
import {
  isCodeOrDescendant,
  isKnownErrorCode,
  knownErrorCodes,
  knownErrorParent,
  knownErrorStatus,
  pascalName,
  type DescendantOf,
  type KnownErrorCode,
  type KnownErrorStatus,
} from "../../../src/errors";

type FixtureCode = { code: string; status: number | null; parent: string | null; detailsKeys: string[] };
const wire: FixtureCode[] = fixture.codes;

/** Codes the table knows beyond the wire reference, each with a reason. */
const EXTRA_CODES: Record<string, number> = {
  TEAM_INVITATION_EMAIL_MISMATCH: 403, // shipped by one official release (2.8.108), gone at the platform's HEAD
};

describe("the known-error table", () => {
  it("contains every code of the wire reference, with its status and parent", () => {
    const table = knownErrorCodes();
    for (const { code, status, parent } of wire) {
      expect(table).toContain(code);
      expect([code, knownErrorStatus(code)]).toEqual([code, status ?? undefined]);
      expect([code, knownErrorParent(code)]).toEqual([code, parent ?? undefined]);
    }
  });

  it("contains nothing else but the documented extras", () => {
    const expected = new Set([...wire.map((c) => c.code), ...Object.keys(EXTRA_CODES)]);
    expect(knownErrorCodes().filter((code) => !expected.has(code))).toEqual([]);
    for (const [code, status] of Object.entries(EXTRA_CODES)) expect(knownErrorStatus(code)).toBe(status);
    expect(knownErrorCodes()).toHaveLength(expected.size);
  });

  it("lists each code once", () => {
    const codes = knownErrorCodes();
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("gives abstract parents no status, and every abstract code has children", () => {
    const abstract = wire.filter((c) => c.status === null).map((c) => c.code);
    expect(abstract).toHaveLength(11);
    for (const code of abstract) {
      expect(knownErrorStatus(code)).toBeUndefined();
      expect(knownErrorCodes().some((c) => knownErrorParent(c) === code)).toBe(true);
    }
  });

  it("walks the hierarchy by code", () => {
    expect(isCodeOrDescendant("ACCESS_TOKEN_EXPIRED", "ACCESS_TOKEN_EXPIRED")).toBe(true);
    expect(isCodeOrDescendant("ACCESS_TOKEN_EXPIRED", "INVALID_ACCESS_TOKEN")).toBe(true);
    expect(isCodeOrDescendant("ACCESS_TOKEN_EXPIRED", "INVALID_SESSION_AUTHENTICATION")).toBe(true);
    expect(isCodeOrDescendant("ACCESS_TOKEN_EXPIRED", "SESSION_AUTHENTICATION_ERROR")).toBe(true);
    expect(isCodeOrDescendant("ADMIN_ACCESS_TOKEN_EXPIRED", "PROJECT_AUTHENTICATION_ERROR")).toBe(true);
    expect(isCodeOrDescendant("ADMIN_ACCESS_TOKEN_EXPIRED", "INVALID_ACCESS_TOKEN")).toBe(false);
    expect(isCodeOrDescendant("INVALID_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED")).toBe(false);
    expect(isCodeOrDescendant("SOMETHING_NEWER", "SOMETHING_NEWER")).toBe(true);
    expect(isCodeOrDescendant("SOMETHING_NEWER", "INVALID_ACCESS_TOKEN")).toBe(false);
  });

  it("knows its codes and nothing from Object.prototype", () => {
    expect(isKnownErrorCode("USER_NOT_FOUND")).toBe(true);
    expect(isKnownErrorCode("VERIFICATION_ERROR")).toBe(true);
    expect(isKnownErrorCode("SOMETHING_NEWER")).toBe(false);
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", ""]) {
      expect(isKnownErrorCode(name)).toBe(false);
      expect(knownErrorStatus(name)).toBeUndefined();
    }
    expect(isKnownErrorCode(42)).toBe(false);
  });

  it("derives class names from codes", () => {
    expect(pascalName("EMAIL_PASSWORD_MISMATCH")).toBe("EmailPasswordMismatch");
    expect(pascalName("OAUTH_PROVIDER_ACCESS_DENIED")).toBe("OAuthProviderAccessDenied");
    expect(pascalName("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS")).toBe(
      "OAuthExtraScopeNotAvailableWithSharedOAuthKeys",
    );
    expect(pascalName("PASSKEY_WEBAUTHN_ERROR")).toBe("PasskeyWebAuthnError");
    expect(pascalName("INVALID_TOTP_CODE")).toBe("InvalidTotpCode");
  });
});

// Type-level checks (run by `tsc --noEmit`; jest only sees the runtime parts).
const typeChecks = (): void => {
  const code: KnownErrorCode = "EMAIL_PASSWORD_MISMATCH";
  // @ts-expect-error not a known code
  const wrong: KnownErrorCode = "EMAIL_PASSWORD_MISMATCHH";
  const status: KnownErrorStatus<"USER_NOT_FOUND"> = 404;
  // @ts-expect-error USER_NOT_FOUND is 404
  const wrongStatus: KnownErrorStatus<"USER_NOT_FOUND"> = 400;
  const child: DescendantOf<"SESSION_AUTHENTICATION_ERROR"> = "ACCESS_TOKEN_EXPIRED";
  // @ts-expect-error not below INVALID_ACCESS_TOKEN
  const notChild: DescendantOf<"INVALID_ACCESS_TOKEN"> = "USER_NOT_FOUND";
  void [code, wrong, status, wrongStatus, child, notChild];
};
void typeChecks;
