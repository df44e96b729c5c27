// When the known-error lineage table (loaded with the first known error) cannot be loaded, a known error answer is
// still a typed KnownError with the server's code, message and status, only without its parents; never a raw
// TypeError from the failed import.
import { decodeResponse } from "../../../src/http/decode";
import { KnownError } from "../../../src/errors/known-error";

jest.mock("../../../src/errors/lineage", () => {
  throw new TypeError("Failed to fetch dynamically imported module: errors/lineage.js");
});

test("a known error decodes to a KnownError of its own code when the lineage table fails to load", async () => {
  const res = new Response(JSON.stringify({ code: "ACCESS_TOKEN_EXPIRED", error: "Access token has expired." }), {
    status: 200,
    headers: { "content-type": "application/json", "x-stack-known-error": "ACCESS_TOKEN_EXPIRED", "x-stack-actual-status": "401" },
  });
  const decoded = await decodeResponse(res, { method: "GET", url: "https://api.example.test/api/v1/users/me" });
  expect(decoded.kind).toBe("known");
  if (decoded.kind !== "known") return;
  expect(KnownError.isInstance(decoded.error)).toBe(true);
  expect([decoded.error.code, decoded.error.message, decoded.error.status, decoded.error.lineage]).toEqual([
    "ACCESS_TOKEN_EXPIRED",
    "Access token has expired.",
    401,
    ["ACCESS_TOKEN_EXPIRED"],
  ]);
});
