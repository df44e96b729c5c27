import fixture from "../../../fixtures/wire/known-errors.json";
import {
  HttpError,
  isKnownErrorOf,
  KnownError,
  knownErrorFromJson,
  KnownErrors,
  LatchkeyError,
  pascalName,
  type KnownErrorCode,
} from "../../../src/errors";

type FixtureCode = {
  code: string;
  status: number | null;
  parent: string | null;
  detailsKeys: string[];
  officialName: string | null;
};
const wire: FixtureCode[] = fixture.codes;
const concrete = wire.filter((c) => c.status !== null);
const byCode = new Map(wire.map((c) => [c.code, c]));

/** A class by name, without the compile-time name check (names come from the fixture here). */
const cls = (name: string) => (KnownErrors as unknown as Record<string, typeof KnownErrors.UserNotFound>)[name];

/** Every ancestor of a code according to the fixture. */
const ancestors = (code: string): string[] => {
  const out: string[] = [];
  for (let p = byCode.get(code)?.parent; p; p = byCode.get(p)?.parent) out.push(p);
  return out;
};

describe("knownErrorFromJson", () => {
  it.each(concrete.map((c) => [c.code, c] as const))("round-trips %s", (code, entry) => {
    const details = Object.fromEntries(entry.detailsKeys.map((k, i) => [k, `value-${i}`]));
    const body = { code, ...(entry.detailsKeys.length ? { details } : {}), error: `Server says ${code}` };
    const e = knownErrorFromJson(body, entry.status!);

    expect(e).toBeInstanceOf(cls(pascalName(code)));
    expect(e).toBeInstanceOf(KnownError);
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e).toBeInstanceOf(Error);
    expect(cls(pascalName(code)).isInstance(e)).toBe(true);
    expect(KnownError.isInstance(e)).toBe(true);
    expect(LatchkeyError.isInstance(e)).toBe(true);
    expect(e.code).toBe(code);
    expect(e.errorCode).toBe(code);
    expect(e.status).toBe(entry.status);
    expect(e.statusCode).toBe(entry.status);
    expect(e.message).toBe(`Server says ${code}`);
    expect(e.details).toEqual(entry.detailsKeys.length ? details : undefined);
    expect(e.name).toBe(`KnownError<${code}>`);
    for (const parent of ancestors(code)) expect([parent, cls(pascalName(parent)).isInstance(e)]).toEqual([parent, true]);
    if (entry.officialName) expect(cls(entry.officialName).isInstance(e)).toBe(true);
  });

  it("keeps the status the server sent even when it differs from the table", () => {
    const e = knownErrorFromJson({ code: "USER_NOT_FOUND", error: "gone" }, 410);
    expect(e.status).toBe(410);
  });

  it("turns a code it does not know into a plain KnownError keeping everything", () => {
    const body = { code: "SOMETHING_NEWER", details: { a: 1, nested: { b: [2] } }, error: "A newer server error." };
    const e = knownErrorFromJson(body, 418);
    expect(e.constructor).toBe(KnownError);
    expect(KnownError.isInstance(e)).toBe(true);
    expect(e.code).toBe("SOMETHING_NEWER");
    expect(e.details).toEqual({ a: 1, nested: { b: [2] } });
    expect(e.message).toBe("A newer server error.");
    expect(e.status).toBe(418);
    for (const c of wire) expect([c.code, cls(pascalName(c.code)).isInstance(e)]).toEqual([c.code, false]);
    expect(isKnownErrorOf(e, "UNSUPPORTED_ERROR")).toBe(false);
  });

  it("tolerates a body without details or message", () => {
    const e = knownErrorFromJson({ code: "EMAIL_PASSWORD_MISMATCH" }, 400);
    expect(e.details).toBeUndefined();
    expect(e.message).toBe("Email password mismatch.");
    const odd = knownErrorFromJson({ code: "INVALID_POLLING_CODE", details: "not an object" }, 400);
    expect(odd.details).toBeUndefined();
  });
});

describe("the hierarchy", () => {
  const decode = (code: KnownErrorCode) => knownErrorFromJson({ code, error: "x" }, 400);

  it("matches an expired access token at every level up", () => {
    const e = decode("ACCESS_TOKEN_EXPIRED");
    expect(KnownErrors.AccessTokenExpired.isInstance(e)).toBe(true);
    expect(KnownErrors.InvalidAccessToken.isInstance(e)).toBe(true);
    expect(KnownErrors.InvalidSessionAuthentication.isInstance(e)).toBe(true);
    expect(KnownErrors.SessionAuthenticationError.isInstance(e)).toBe(true);
    expect(e).toBeInstanceOf(KnownErrors.InvalidAccessToken);
  });

  it("groups password and API-key errors under their parents", () => {
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(decode("PASSWORD_TOO_SHORT"))).toBe(true);
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(decode("PASSWORD_TOO_LONG"))).toBe(true);
    expect(KnownErrors.ApiKeyNotValid.isInstance(decode("API_KEY_REVOKED"))).toBe(true);
    expect(KnownErrors.VerificationCodeError.isInstance(decode("VERIFICATION_CODE_EXPIRED"))).toBe(true);
    expect(KnownErrors.RefreshTokenError.isInstance(decode("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"))).toBe(true);
  });

  it("does not match siblings, children or unrelated codes", () => {
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(decode("PASSWORD_CONFIRMATION_MISMATCH"))).toBe(false);
    expect(KnownErrors.PasswordTooShort.isInstance(decode("PASSWORD_TOO_LONG"))).toBe(false);
    expect(KnownErrors.AccessTokenExpired.isInstance(decode("UNPARSABLE_ACCESS_TOKEN"))).toBe(false);
    expect(KnownErrors.InvalidAccessToken.isInstance(decode("ADMIN_ACCESS_TOKEN_EXPIRED"))).toBe(false);
    expect(KnownErrors.SessionAuthenticationError.isInstance(decode("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"))).toBe(false);
    expect(KnownErrors.ApiKeyNotValid.isInstance(decode("USER_NOT_FOUND"))).toBe(false);
  });

  it("rejects things that are not known errors", () => {
    for (const value of [undefined, null, 42, "EMAIL_PASSWORD_MISMATCH", new Error("x"), { code: "USER_NOT_FOUND" }]) {
      expect(KnownError.isInstance(value)).toBe(false);
      expect(KnownErrors.UserNotFound.isInstance(value)).toBe(false);
      expect(isKnownErrorOf(value, "USER_NOT_FOUND")).toBe(false);
    }
    const http = new HttpError(500, "boom", { method: "GET", url: "/x" });
    expect(KnownError.isInstance(http)).toBe(false);
  });

  it("isKnownErrorOf follows the same rule", () => {
    expect(isKnownErrorOf(decode("ACCESS_TOKEN_EXPIRED"), "INVALID_ACCESS_TOKEN")).toBe(true);
    expect(isKnownErrorOf(decode("ACCESS_TOKEN_EXPIRED"), "ACCESS_TOKEN_EXPIRED")).toBe(true);
    expect(isKnownErrorOf(decode("INVALID_PROJECT_FOR_ACCESS_TOKEN"), "SESSION_AUTHENTICATION_ERROR")).toBe(true);
    expect(isKnownErrorOf(decode("USER_NOT_FOUND"), "INVALID_ACCESS_TOKEN")).toBe(false);
  });
});

describe("locally constructed errors", () => {
  it.each(concrete.map((c) => [c.code, c.status] as const))("%s gets the table status", (code, status) => {
    const Class = cls(pascalName(code));
    const e = new Class();
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.details).toBeUndefined();
    expect(Class.isInstance(e)).toBe(true);
    expect(Class.errorCode).toBe(code);
  });

  it("takes details and a message, and builds a default message from the code", () => {
    const e = new KnownErrors.PasswordTooShort({ min_length: 8 }, "Password too short. Minimum length is 8.");
    expect(e.details).toEqual({ min_length: 8 });
    expect(e.message).toBe("Password too short. Minimum length is 8.");
    expect(e.status).toBe(400);
    expect(new KnownErrors.PasswordTooShort().message).toBe("Password too short.");
    expect(new KnownErrors.OAuthProviderTemporarilyUnavailable().status).toBe(503);
    expect(e).toBeInstanceOf(KnownErrors.PasswordRequirementsNotMet);
    expect(KnownErrors.PasswordRequirementsNotMet.isInstance(e)).toBe(true);
  });

  it("KnownError itself takes a code and defaults to 400; the KnownErrors classes use the table status", () => {
    expect(new KnownError("USER_NOT_FOUND").status).toBe(400);
    expect(new KnownErrors.UserNotFound().status).toBe(404);
    expect(new KnownError("SOMETHING_NEWER").status).toBe(400);
    expect(new KnownError("SOMETHING_NEWER", { a: 1 }, "msg", 502)).toMatchObject({
      code: "SOMETHING_NEWER",
      details: { a: 1 },
      message: "msg",
      status: 502,
    });
  });

  it("can be thrown and caught as an Error with a stack", () => {
    expect(() => {
      throw new KnownErrors.UserNotFound();
    }).toThrow("User not found.");
    expect(new KnownErrors.UserNotFound().stack).toContain("User not found.");
  });
});

describe("KnownErrors names", () => {
  it("answers to the derived name of every code", () => {
    for (const { code } of wire) expect([code, cls(pascalName(code))?.errorCode]).toEqual([code, code]);
  });

  it("answers to every official SDK name with the same class", () => {
    for (const { code, officialName } of wire) {
      if (!officialName) continue;
      expect([officialName, cls(officialName)]).toEqual([officialName, cls(pascalName(code))]);
    }
    expect(KnownErrors.UserWithEmailAlreadyExists).toBe(KnownErrors.UserEmailAlreadyExists);
    expect(KnownErrors.VerificationCodeError).toBe(KnownErrors.VerificationError);
    expect(KnownErrors.PermissionScopeMismatch).toBe(KnownErrors.WrongPermissionScope);
    expect(KnownErrors.InvalidPollingCodeError).toBe(KnownErrors.InvalidPollingCode);
  });

  it("creates each class once", () => {
    expect(KnownErrors.EmailPasswordMismatch).toBe(KnownErrors.EmailPasswordMismatch);
  });

  it("has nothing under other names", () => {
    for (const name of ["Nope", "EMAIL_PASSWORD_MISMATCH", "emailPasswordMismatch", "then", "prototype", "toString"]) {
      expect([name, cls(name)]).toEqual([name, undefined]);
    }
    expect((KnownErrors as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
  });
});

describe("across two copies of the package", () => {
  it("recognises an error from a second copy loaded in isolation", () => {
    let Other: typeof import("../../../src/errors") | undefined;
    jest.isolateModules(() => {
      Other = require("../../../src/errors");
    });
    const copy = Other!;
    expect(copy.KnownError).not.toBe(KnownError);

    const foreign = copy.knownErrorFromJson({ code: "ACCESS_TOKEN_EXPIRED", error: "expired" }, 401);
    expect(foreign).not.toBeInstanceOf(KnownError);
    expect(KnownError.isInstance(foreign)).toBe(true);
    expect(LatchkeyError.isInstance(foreign)).toBe(true);
    expect(KnownErrors.AccessTokenExpired.isInstance(foreign)).toBe(true);
    expect(KnownErrors.InvalidAccessToken.isInstance(foreign)).toBe(true);
    expect(KnownErrors.SessionAuthenticationError.isInstance(foreign)).toBe(true);
    expect(KnownErrors.RefreshTokenError.isInstance(foreign)).toBe(false);
    expect(isKnownErrorOf(foreign, "INVALID_ACCESS_TOKEN")).toBe(true);

    const ours = new KnownErrors.PasswordTooShort();
    expect(copy.KnownErrors.PasswordRequirementsNotMet.isInstance(ours)).toBe(true);
    expect(copy.KnownErrors.VerificationCodeError.isInstance(ours)).toBe(false);
  });

  it("an object from another copy (brand, code, lineage) matches its code and parents; without a lineage, its code only", () => {
    const bare = Object.assign(Object.create(Error.prototype) as object, { __latchkeyError: "KnownError", code: "VERIFICATION_CODE_EXPIRED" });
    expect(KnownErrors.VerificationCodeExpired.isInstance(bare)).toBe(true);
    expect(KnownErrors.VerificationCodeError.isInstance(bare)).toBe(false);
    const lookAlike = Object.assign(Object.create(Error.prototype) as object, {
      __latchkeyError: "KnownError",
      code: "VERIFICATION_CODE_EXPIRED",
      status: 400,
      lineage: ["VERIFICATION_CODE_EXPIRED", "VERIFICATION_ERROR"],
    });
    expect(KnownError.isInstance(lookAlike)).toBe(true);
    expect(KnownErrors.VerificationCodeExpired.isInstance(lookAlike)).toBe(true);
    expect(KnownErrors.VerificationCodeError.isInstance(lookAlike)).toBe(true);
    expect(KnownErrors.VerificationCodeNotFound.isInstance(lookAlike)).toBe(false);
    const otherKind = { __latchkeyError: "HttpError", code: "VERIFICATION_CODE_EXPIRED" };
    expect(KnownErrors.VerificationCodeError.isInstance(otherKind)).toBe(false);
  });
});

// Type-level checks (run by `tsc --noEmit`; jest only sees the runtime parts).
const typeChecks = (e: unknown): void => {
  const short = new KnownErrors.PasswordTooShort({ min_length: 8 });
  const code: "PASSWORD_TOO_SHORT" = short.code;
  const asParent: KnownErrors["PasswordRequirementsNotMet"] = short;
  if (KnownErrors.InvalidAccessToken.isInstance(e)) {
    const narrowed: "INVALID_ACCESS_TOKEN" | "UNPARSABLE_ACCESS_TOKEN" | "ACCESS_TOKEN_EXPIRED" | "INVALID_PROJECT_FOR_ACCESS_TOKEN" =
      e.code;
    void narrowed;
  }
  // @ts-expect-error abstract parents cannot be constructed
  void new KnownErrors.VerificationCodeError();
  // @ts-expect-error no such class
  void KnownErrors.EmailPasswordMismatchh;
  // @ts-expect-error the mechanical spelling is not used for OAuth
  void KnownErrors.OauthProviderAccessDenied;
  void [code, asParent, KnownErrors.UserWithEmailAlreadyExists, KnownErrors.PasskeyWebAuthnError];
};
void typeChecks;

describe("decoded errors without the class catalogue", () => {
  it("a decoded error is a plain KnownError with its lineage, and still an instance of its classes", () => {
    const e = knownErrorFromJson({ code: "ACCESS_TOKEN_EXPIRED", error: "expired" }, 401);
    expect(Object.getPrototypeOf(e)).toBe(KnownError.prototype);
    expect(e.lineage).toEqual(["ACCESS_TOKEN_EXPIRED", "INVALID_ACCESS_TOKEN", "INVALID_SESSION_AUTHENTICATION", "SESSION_AUTHENTICATION_ERROR"]);
    expect(e instanceof KnownErrors.AccessTokenExpired).toBe(true);
    expect(e instanceof KnownErrors.InvalidAccessToken).toBe(true);
    expect(e instanceof KnownErrors.RefreshTokenError).toBe(false);
    expect(new KnownErrors.PasswordTooShort() instanceof KnownErrors.PasswordRequirementsNotMet).toBe(true);
  });
});
