import type { RunningEmulator } from "../../src/emulator";
import { INPUT_LIMITS } from "../../src/emulator/http/limits";
import { call, expectKnown, signUp, startTestEmulator, type CallOptions } from "./helpers";
import { bottomOf, depthOf, nestedText } from "./json-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const MAX = INPUT_LIMITS.maxJsonDepth;
const TOO_DEEP = `Request body is nested too deeply: JSON objects and arrays may be nested at most ${MAX} levels deep.`;
const raw = (body: string, o: CallOptions = {}): CallOptions => ({ method: "POST", ...o, raw: { body, contentType: "application/json" } });

describe("a JSON body nested 5,000 deep is a 400 on every endpoint, never a 500", () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    user = await signUp(em);
  });

  const cases: [string, string, () => CallOptions][] = [
    ["POST /auth/password/sign-in", "/auth/password/sign-in", () => ({})],
    ["POST /auth/password/sign-up", "/auth/password/sign-up", () => ({})],
    ["PATCH /users/me", "/users/me", () => ({ method: "PATCH", accessToken: user.access_token })],
    ["POST /users (server)", "/users", () => ({ access: "server" })],
    ["POST /teams (server)", "/teams", () => ({ access: "server" })],
    ["PATCH /internal/projects/current (admin)", "/internal/projects/current", () => ({ method: "PATCH", access: "admin" })],
  ];
  test.each(cases)("%s", async (_name, path, options) => {
    for (const body of [nestedText(5000), `{"email":${nestedText(5000, { kind: "array" })}}`, `{"client_metadata":${nestedText(5000)}}`]) {
      const r = await call(em, path, raw(body, options()));
      expect(expectKnown(r, 400, "BODY_PARSING_ERROR").error).toBe(TOO_DEEP);
    }
  });

  test("even the deepest body that fits in the byte limit (arrays, ~500,000 levels)", async () => {
    const levels = Math.floor((INPUT_LIMITS.defaultMaxBodyBytes - 40) / 2);
    const r = await call(em, "/users/me", raw(`{"client_metadata":${nestedText(levels, { kind: "array", leaf: "1" })}}`, { method: "PATCH", accessToken: user.access_token }));
    expect(expectKnown(r, 400, "BODY_PARSING_ERROR").error).toBe(TOO_DEEP);
  });

  test("the emulator's own control pages refuse it the same way", async () => {
    const res = await fetch(`${em.url}/emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: nestedText(5000, { kind: "array" }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(TOO_DEEP);
  });
});

describe("the boundary", () => {
  test(`a body exactly ${MAX} levels deep is accepted, stored and served back; one level more is refused`, async () => {
    const user = await signUp(em);
    const okBody = `{"client_metadata":${nestedText(MAX - 1, { leaf: '"deepest"' })}}`;
    const ok = await call(em, "/users/me", raw(okBody, { method: "PATCH", accessToken: user.access_token }));
    expect(ok.status).toBe(200);
    expect(depthOf(ok.json.client_metadata)).toBe(MAX - 1);
    expect(bottomOf(ok.json.client_metadata)).toBe("deepest");

    const tooDeep = await call(em, "/users/me", raw(`{"client_metadata":${nestedText(MAX)}}`, { method: "PATCH", accessToken: user.access_token }));
    expect(expectKnown(tooDeep, 400, "BODY_PARSING_ERROR").error).toBe(TOO_DEEP);

    const me = await call(em, "/users/me", { accessToken: user.access_token });
    expect(me.status).toBe(200);
    expect(depthOf(me.json.client_metadata)).toBe(MAX - 1);
    expect(bottomOf(me.json.client_metadata)).toBe("deepest");
    const pretty = await call(em, "/users/me", { accessToken: user.access_token, headers: { accept: "text/html" } });
    expect(pretty.status).toBe(200);
    expect(bottomOf(pretty.json.client_metadata)).toBe("deepest");
  });

  test("form bodies are flat and unaffected", async () => {
    const r = await call(em, "/auth/password/sign-in", { form: { email: "nobody@example.com", password: "x".repeat(10) } });
    expectKnown(r, 400, "EMAIL_PASSWORD_MISMATCH");
  });
});

describe("other hostile bodies", () => {
  test("invalid UTF-8 is a BODY_PARSING_ERROR for JSON and text bodies, and changes nothing", async () => {
    const user = await signUp(em);
    const bytes = Buffer.concat([Buffer.from('{"display_name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    for (const type of ["application/json", "text/plain"]) {
      const res = await fetch(`${em.url}/api/v1/users/me`, {
        method: "PATCH",
        headers: { "content-type": type, "x-stack-access-type": "client", "x-stack-project-id": em.projectId, "x-stack-publishable-client-key": em.keys.publishableClientKey, "x-stack-access-token": user.access_token },
        body: bytes,
      });
      expect(res.status).toBe(400);
      expect(res.headers.get("x-stack-known-error")).toBe("BODY_PARSING_ERROR");
    }
    expect((await call(em, "/users/me", { accessToken: user.access_token })).json.display_name).toBeNull();
  });

  test("escaped lone surrogates are valid JSON: stored and served back as sent", async () => {
    const user = await signUp(em);
    const r = await call(em, "/users/me", raw('{"client_metadata":{"s":"\\ud800x\\udfff"}}', { method: "PATCH", accessToken: user.access_token }));
    expect(r.status).toBe(200);
    const me = await call(em, "/users/me", { accessToken: user.access_token });
    expect(me.json.client_metadata.s).toBe("\ud800x\udfff");
  });

  test("top-level __proto__ and constructor keys are unknown properties, not prototypes", async () => {
    for (const key of ["__proto__", "constructor", "toString"]) {
      const r = await call(em, "/auth/password/sign-in", raw(`{"email":"a@example.com","password":"password123","${key}":{"email":"b@example.com"}}`));
      expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toContain(`body contains unknown properties: ${key}`);
    }
  });

  test("the server keeps serving after all of the above", async () => {
    expect((await call(em, "/projects/current")).status).toBe(200);
  });
});
