import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import wire from "../../fixtures/wire/known-errors.json";
import recorded from "../../fixtures/wire/known-error-messages.json";
import { KNOWN_ERRORS, type KnownErrorCode } from "../../src/emulator/errors";
import { knownErrorStatus, knownErrorCodes } from "../../src/errors";
import { notAvailable } from "../../src/resources/connected-accounts/client";
import { checkNewPassword } from "../../src/util/password-rules";

/**
 * The emulator's error catalogue, the SDK's error table and the platform's recorded messages must never drift:
 * every code the emulator can send is one the SDK knows, with the same status, and its message is the platform's
 * text word for word; every message the SDK builds itself is the platform's too.
 */
type Recorded = { args: Record<string, unknown>; error: string };
const messages = recorded.messages as Record<string, Recorded>;
const emulatorCodes = Object.keys(KNOWN_ERRORS) as KnownErrorCode[];

/** The SDK's source files (the emulator left out: its messages come from the catalogue). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "emulator" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("error catalogue parity", () => {
  it("records the platform's message for every concrete code of the wire reference", () => {
    const concrete = wire.codes.filter((c) => c.status !== null && c.code !== "ALL_OVERLOADS_FAILED").map((c) => c.code);
    expect(concrete.filter((code) => !(code in messages))).toEqual([]);
    expect(Object.keys(messages).filter((code) => !concrete.includes(code))).toEqual([]);
  });

  it("sends only codes the SDK's table knows, each with the table's status", () => {
    expect(emulatorCodes.length).toBeGreaterThan(100);
    const sdk = new Set<string>(knownErrorCodes());
    expect(emulatorCodes.filter((code) => !sdk.has(code))).toEqual([]);
    const mismatched = emulatorCodes.filter((code) => KNOWN_ERRORS[code].status !== knownErrorStatus(code));
    expect(mismatched.map((code) => [code, KNOWN_ERRORS[code].status, knownErrorStatus(code)])).toEqual([]);
  });

  it("builds every message of the catalogue as the platform words it", () => {
    const differing = emulatorCodes
      .map((code) => ({ code, expected: messages[code]?.error, actual: KNOWN_ERRORS[code].message(messages[code]?.args ?? {}) }))
      .filter((m) => m.actual !== m.expected);
    expect(differing).toEqual([]);
  });

  it("words the messages that depend on details as the platform does in each case", () => {
    const m = (code: KnownErrorCode, d: Record<string, unknown>) => KNOWN_ERRORS[code].message(d);
    expect(m("USER_EMAIL_ALREADY_EXISTS", { email: "a@b.co", would_work_if_email_was_verified: false })).toBe('A user with email "a@b.co" already exists.');
    expect(m("ACCESS_TOKEN_EXPIRED", {})).toMatch(/^Access token has expired\. Please refresh it and try again\.\n\nDebug info: Most likely/);
    expect(m("ADMIN_ACCESS_TOKEN_EXPIRED", {})).toBe("Admin access token has expired. Please refresh it and try again.");
    expect(m("SIGN_UP_REJECTED", { message: "Only company e-mails." })).toBe("Only company e-mails.");
    expect(m("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", { type: "email", would_work_if_email_was_verified: true })).toBe(
      "This email  is already used for authentication by another account but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.",
    );
  });

  it("builds the SDK's own messages with the platform's words", () => {
    // every literal message the SDK gives a known error it makes itself (outside the emulator)
    const literal = /knownError\(\s*"([A-Z_]+)",\s*[^,()]+,\s*"((?:[^"\\]|\\.)*)"/g;
    const found: [string, string][] = [];
    for (const file of sourceFiles(path.join(__dirname, "../../src"))) {
      for (const m of readFileSync(file, "utf8").matchAll(literal)) if (m[1] in messages) found.push([m[1], JSON.parse(`"${m[2]}"`) as string]);
    }
    expect(found.map(([code]) => code).sort()).toEqual(
      ["CLI_AUTH_EXPIRED_ERROR", "CLI_AUTH_USED_ERROR", "EXPECTED_INTERNAL_PROJECT", "PASSWORD_CONFIRMATION_MISMATCH", "PASSWORD_TOO_SHORT", "USER_AUTHENTICATION_REQUIRED", "USER_AUTHENTICATION_REQUIRED", "VERIFICATION_CODE_NOT_FOUND"],
    );
    for (const [code, text] of found) expect([code, text]).toEqual([code, messages[code].error]);
    // and the ones built from values
    expect(checkNewPassword("short")?.message).toBe(messages.PASSWORD_TOO_SHORT.error);
    expect(checkNewPassword("x".repeat(71))?.message).toBe(messages.PASSWORD_TOO_LONG.error);
    expect(checkNewPassword("long enough", "different")?.message).toBe(messages.PASSWORD_CONFIRMATION_MISMATCH.error);
    const missing = notAvailable("github", "");
    expect(missing.message).toBe(KNOWN_ERRORS.OAUTH_ACCESS_TOKEN_NOT_AVAILABLE.message(missing.details ?? {}));
  });
});
