import { ArgumentError } from "../../../src/errors/base";
import {
  createRequestTokenStore,
  decodeAuthorizationHeader,
  encodeAuthorizationHeader,
  readRequestHeader,
  readRequestTokens,
} from "../../../src/token-stores/request";
import { PID } from "./helpers";

const bearer = (payload: unknown, prefix = "stackauth_") =>
  `Bearer ${prefix}${Buffer.from(JSON.stringify(payload), "utf8").toString("base64")}`;
const cookieHeader = `theme=dark; stack-refresh-${PID}--default=${encodeURIComponent(
  JSON.stringify({ refresh_token: "r-cookie", updated_at_millis: 1 }),
)}; stack-access=${encodeURIComponent(JSON.stringify(["r-cookie", "a-cookie"]))}`;
const xStackAuth = JSON.stringify({ accessToken: "a-x", refreshToken: "r-x" });

const argumentError = (fn: () => unknown): ArgumentError => {
  try {
    fn();
  } catch (e) {
    if (ArgumentError.isInstance(e)) return e;
    throw e;
  }
  throw new Error("expected an ArgumentError");
};

describe("Authorization header codec", () => {
  it("encodes like the official getAuthorizationHeader()", () => {
    expect(encodeAuthorizationHeader({ accessToken: "a", refreshToken: "r" })).toBe(bearer({ accessToken: "a", refreshToken: "r" }));
  });

  it("round-trips non-ASCII text and null tokens without Buffer", () => {
    for (const tokens of [
      { accessToken: "ä€😀-a", refreshToken: "r%+/=" },
      { accessToken: null, refreshToken: "r" },
      { accessToken: null, refreshToken: null },
    ]) {
      const header = encodeAuthorizationHeader(tokens);
      expect(header).toBe(bearer(tokens));
      expect(decodeAuthorizationHeader(header)).toEqual(tokens);
    }
  });

  it("accepts the hexclave_ prefix, any case of Bearer, extra spaces and base64url", () => {
    expect(decodeAuthorizationHeader(bearer({ accessToken: "a", refreshToken: "r" }, "hexclave_"))).toEqual({ accessToken: "a", refreshToken: "r" });
    expect(decodeAuthorizationHeader("bearer   " + bearer({ refreshToken: "r" }).slice(7))).toEqual({ accessToken: null, refreshToken: "r" });
    const url = Buffer.from(JSON.stringify({ accessToken: "??>>", refreshToken: null })).toString("base64url");
    expect(decodeAuthorizationHeader(`Bearer stackauth_${url}`)).toEqual({ accessToken: "??>>", refreshToken: null });
  });

  it("ignores other Authorization values", () => {
    for (const value of ["Bearer eyJhbGciOiJFUzI1NiJ9.x.y", "Basic dXNlcjpwYXNz", "stackauth_abc", "Bearer", ""]) {
      expect(decodeAuthorizationHeader(value)).toBeNull();
    }
  });

  it("rejects a prefixed payload that is not base64 JSON of a token object", () => {
    expect(argumentError(() => decodeAuthorizationHeader("Bearer stackauth_!!!")).message).toMatch(/base64-encoded JSON/);
    expect(() => decodeAuthorizationHeader("Bearer stackauth_")).toThrow(ArgumentError);
    expect(() => decodeAuthorizationHeader(bearer(["a", "r"]))).toThrow(ArgumentError);
    expect(() => decodeAuthorizationHeader(bearer({ accessToken: 5 }))).toThrow(ArgumentError);
    expect(argumentError(() => decodeAuthorizationHeader(bearer({ accessToken: "undefined", refreshToken: "r" }))).message).toMatch(/"undefined"/);
  });
});

describe("reading a request's headers", () => {
  it("uses headers.get when present", () => {
    const request = new Request("https://x.test/", { headers: { Cookie: "a=1", "X-Stack-Auth": "{}" } });
    expect(readRequestHeader(request, "cookie")).toBe("a=1");
    expect(readRequestHeader(request, "X-STACK-AUTH")).toBe("{}");
    expect(readRequestHeader(request, "authorization")).toBeNull();
  });

  it("looks plain records up ignoring case and handles arrays", () => {
    const request = { headers: { Authorization: ["Bearer x", "Bearer y"], COOKIE: ["a=1", "b=2"], "x-stack-auth": undefined } };
    expect(readRequestHeader(request, "authorization")).toBe("Bearer x");
    expect(readRequestHeader(request, "Cookie")).toBe("a=1; b=2");
    expect(readRequestHeader(request, "x-stack-auth")).toBeNull();
  });
});

describe("readRequestTokens", () => {
  it("reads the Authorization header first", () => {
    const headers = { authorization: bearer({ accessToken: "a-b", refreshToken: "r-b" }), "x-stack-auth": xStackAuth, cookie: cookieHeader };
    expect(readRequestTokens({ headers }, PID)).toEqual({ accessToken: "a-b", refreshToken: "r-b" });
  });

  it("then the x-stack-auth header (other bearer tokens are ignored)", () => {
    const headers = new Headers({ Authorization: "Bearer some.jwt.here", "X-Stack-Auth": xStackAuth, Cookie: cookieHeader });
    expect(readRequestTokens({ headers }, PID)).toEqual({ accessToken: "a-x", refreshToken: "r-x" });
  });

  it("then the cookies", () => {
    expect(readRequestTokens({ headers: { Cookie: cookieHeader } }, PID)).toEqual({ accessToken: "a-cookie", refreshToken: "r-cookie" });
    expect(readRequestTokens({ headers: { cookie: `stack-refresh-${PID}=r-legacy` } }, PID)).toEqual({ accessToken: null, refreshToken: "r-legacy" });
    expect(readRequestTokens({ headers: { cookie: `hexclave-refresh-${PID}--default=${encodeURIComponent('{"refresh_token":"r-h"}')}` } }, PID)).toEqual({
      accessToken: null,
      refreshToken: "r-h",
    });
  });

  it("returns no tokens for a request with none", () => {
    expect(readRequestTokens({ headers: {} }, PID)).toEqual({ accessToken: null, refreshToken: null });
    expect(readRequestTokens(new Request("https://x.test/"), PID)).toEqual({ accessToken: null, refreshToken: null });
  });

  it.each(["not json", "null", "[1,2]", '"a string"', "42"])("rejects the x-stack-auth header %s", (value) => {
    const error = argumentError(() => readRequestTokens({ headers: { "x-stack-auth": value } }, PID));
    expect(error.message).toMatch(/must be a JSON object/);
    expect(error.message).not.toContain(value); // header contents are never echoed
  });

  it('rejects "undefined" tokens in the x-stack-auth header', () => {
    expect(() => readRequestTokens({ headers: { "x-stack-auth": '{"accessToken":"undefined"}' } }, PID)).toThrow(/"undefined"/);
    expect(() => readRequestTokens({ headers: { "x-stack-auth": '{"refreshToken":7}' } }, PID)).toThrow(ArgumentError);
  });
});

describe("createRequestTokenStore", () => {
  it("returns one store per request object", () => {
    const request = { headers: { "x-stack-auth": xStackAuth } };
    const store = createRequestTokenStore(request, PID);
    expect(createRequestTokenStore(request, PID)).toBe(store);
    expect(createRequestTokenStore({ headers: { "x-stack-auth": xStackAuth } }, PID)).not.toBe(store);
  });

  it("parses the headers once and keeps new tokens in memory for that request", () => {
    const get = jest.fn((name: string) => (name === "x-stack-auth" ? xStackAuth : null));
    const request = { headers: { get } };
    const store = createRequestTokenStore(request, PID);
    const calls = get.mock.calls.length;
    store.set({ accessToken: "a-new", refreshToken: "r-x" });
    expect(createRequestTokenStore(request, PID).get()).toEqual({ accessToken: "a-new", refreshToken: "r-x" });
    expect(get.mock.calls.length).toBe(calls);
  });

  it("keeps stores of different projects apart", () => {
    const request = { headers: { cookie: `stack-refresh-p1=r1; stack-refresh-p2=r2` } };
    expect(createRequestTokenStore(request, "p1").get()).toEqual({ accessToken: null, refreshToken: "r1" });
    expect(createRequestTokenStore(request, "p2").get()).toEqual({ accessToken: null, refreshToken: "r2" });
  });

  it("does not cache a request whose headers are invalid", () => {
    const request = { headers: { "x-stack-auth": "null" } };
    expect(() => createRequestTokenStore(request, PID)).toThrow(ArgumentError);
    expect(() => createRequestTokenStore(request, PID)).toThrow(ArgumentError);
  });
});
