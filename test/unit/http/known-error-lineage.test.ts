// The request pipeline loads the known-error lineage table (src/errors/lineage.ts) with the first known error it
// decodes, not with the client core. These tests prove a decoded error still carries its whole lineage, so parent
// checks (`KnownErrors.InvalidAccessToken.isInstance`, the pipeline's own `isKnownErrorOf`) work on it.
import { decodeResponse } from "../../../src/http/decode";
import { isKnownErrorOf } from "../../../src/errors/known-error-of";
import { KnownErrors } from "../../../src/errors";

const request = { method: "GET", url: "https://api.example.test/api/v1/users/me" };

const knownErrorResponse = (code: string, status: number, message: string) =>
  new Response(JSON.stringify({ code, error: message, details: { at: "test" } }), {
    status: 200,
    headers: { "content-type": "application/json", "x-stack-known-error": code, "x-stack-actual-status": String(status) },
  });

test("a decoded child code carries its parents, nearest first, with the server's status, message and details", async () => {
  const decoded = await decodeResponse(knownErrorResponse("ACCESS_TOKEN_EXPIRED", 401, "Access token has expired."), request);
  expect(decoded.kind).toBe("known");
  if (decoded.kind !== "known") return;
  const error = decoded.error;
  expect(error.lineage).toEqual(["ACCESS_TOKEN_EXPIRED", "INVALID_ACCESS_TOKEN", "INVALID_SESSION_AUTHENTICATION", "SESSION_AUTHENTICATION_ERROR"]);
  expect([error.code, error.status, error.message, error.details]).toEqual(["ACCESS_TOKEN_EXPIRED", 401, "Access token has expired.", { at: "test" }]);
  expect(isKnownErrorOf(error, "INVALID_ACCESS_TOKEN")).toBe(true);
  expect(KnownErrors.InvalidAccessToken.isInstance(error)).toBe(true);
  expect(KnownErrors.RefreshTokenError.isInstance(error)).toBe(false);
});

test("a code without a parent, and one this version does not know, keep just their own code", async () => {
  for (const code of ["EMAIL_PASSWORD_MISMATCH", "A_CODE_FROM_A_NEWER_SERVER"]) {
    const decoded = await decodeResponse(knownErrorResponse(code, 400, "Nope."), request);
    expect(decoded.kind === "known" && [decoded.error.code, decoded.error.lineage]).toEqual([code, [code]]);
  }
});

test("concurrent known errors all get their lineage while the table is still loading", async () => {
  const decoded = await Promise.all(
    ["PASSWORD_TOO_SHORT", "VERIFICATION_CODE_EXPIRED", "API_KEY_REVOKED"].map((code) => decodeResponse(knownErrorResponse(code, 400, "x"), request)),
  );
  expect(decoded.map((d) => d.kind === "known" && d.error.lineage[1])).toEqual(["PASSWORD_REQUIREMENTS_NOT_MET", "VERIFICATION_ERROR", "API_KEY_NOT_VALID"]);
});
