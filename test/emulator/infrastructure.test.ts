import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator({
    maxBodyBytes: 64 * 1024,
    routeFamilies: [
      () => [
        {
          method: "GET",
          path: "/test/throws",
          access: "any",
          handler: () => {
            throw new Error("boom");
          },
        },
      ],
    ],
  });
});
afterAll(() => em.stop());

describe("responses and headers", () => {
  test("GET /health answers ok outside /api", async () => {
    const res = await fetch(`${em.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("GET /api/v1 answers the welcome text and reflects authentication", async () => {
    const anon = await call(em, "", { access: null, projectId: null });
    expect(anon.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(anon.text).toBe("Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None");
    const client = await call(em, "");
    expect(client.text).toContain(`Authentication: Client\n  Project: ${em.projectId}\n  User: None`);
  });

  test("every answer carries a request id, no-store caching and CORS", async () => {
    const r = await call(em, "/projects/current");
    expect(r.status).toBe(200);
    expect(r.headers.get("x-stack-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get("cache-control")).toBe("no-store, max-age=0");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.text.includes("\n")).toBe(false);
  });

  test("JSON is pretty-printed when the client accepts HTML", async () => {
    const r = await call(em, "/projects/current", { headers: { accept: "text/html" } });
    expect(r.text).toContain('\n  "id"');
  });

  test("known errors are pretty JSON with x-stack-known-error; details omitted when absent", async () => {
    const r = await call(em, "/users/me");
    expectKnown(r, 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expect(r.text).toBe(
      '{\n  "code": "CANNOT_GET_OWN_USER_WITHOUT_USER",\n  "error": "You have specified \'me\' as a userId, but did not provide authentication for a user."\n}',
    );
  });

  test("x-stack-override-error-status turns 4xx into 200 with x-stack-actual-status (both prefixes)", async () => {
    for (const prefix of ["x-stack-", "x-hexclave-"] as const) {
      const r = await call(em, "/users/me", { overrideErrorStatus: true, prefix });
      expect(r.status).toBe(200);
      expect(r.headers.get("x-stack-actual-status")).toBe("400");
      expect(r.headers.get("x-stack-known-error")).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
    }
    const ok = await call(em, "/projects/current", { overrideErrorStatus: true });
    expect(ok.headers.get("x-stack-actual-status")).toBeNull();
  });
});

describe("routing", () => {
  test("CORS preflight answers 200 with the allow lists, including x-hexclave-* twins", async () => {
    const res = await fetch(`${em.url}/api/v1/auth/password/sign-in`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(res.headers.get("access-control-max-age")).toBe("86400");
    expect(res.headers.get("access-control-expose-headers")).toBe("content-type, x-stack-actual-status, x-stack-known-error");
    const allow = res.headers.get("access-control-allow-headers")!.split(", ");
    for (const h of ["content-type", "authorization", "x-stack-project-id", "x-stack-access-token", "x-hexclave-project-id", "x-hexclave-refresh-token", "ngrok-skip-browser-warning"]) {
      expect(allow).toContain(h);
    }
    expect(res.headers.get("vary")).toBe(res.headers.get("access-control-allow-headers"));
  });

  test("unknown /api/ paths answer 404 in the platform's text format", async () => {
    for (const path of ["/api/v1/does-not-exist", "/api/v2/users", "/api/latest/nope"]) {
      const res = await fetch(`${em.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toMatch(/^404 — this page does not exist in Stack Auth's API\./);
    }
  });

  test("/api/latest is an alias of /api/v1", async () => {
    const res = await fetch(`${em.url}/api/latest/projects/current`, { headers: { "x-stack-project-id": em.projectId, "x-stack-access-type": "client" } });
    expect(res.status).toBe(200);
  });

  test("unsupported methods answer 405 text", async () => {
    const r1 = await call(em, "/projects/current", { method: "PUT" });
    expect([r1.status, r1.text]).toEqual([405, "Method not allowed"]);
    const res = await fetch(`${em.url}/api/v1/projects/current`, { method: "PROPFIND" });
    expect(res.status).toBe(405);
  });

  test("a handler that throws gives 500 naming the request id, and the server keeps serving", async () => {
    const r = await call(em, "/test/throws");
    expect(r.status).toBe(500);
    expect(r.text).toMatch(/^Something went wrong\. Please make sure the data you entered is correct\.\n\nRequest ID: /);
    expect(r.text).toContain(r.headers.get("x-stack-request-id")!);
    const after = await call(em, "/projects/current");
    expect(after.status).toBe(200);
  });
});

describe("request bodies", () => {
  test("malformed JSON is a BODY_PARSING_ERROR", async () => {
    const r = await call(em, "/auth/password/sign-in", { raw: { body: "{not json", contentType: "application/json" } });
    expect(expectKnown(r, 400, "BODY_PARSING_ERROR").error).toBe("Invalid JSON in request body");
  });

  test("an empty body with a JSON content type is a BODY_PARSING_ERROR", async () => {
    const r = await call(em, "/auth/password/sign-in", { raw: { body: "", contentType: "application/json" } });
    expectKnown(r, 400, "BODY_PARSING_ERROR");
  });

  test("an unknown content type is a BODY_PARSING_ERROR naming it", async () => {
    const r = await call(em, "/auth/password/sign-in", { raw: { body: "<a/>", contentType: "application/xml" } });
    expect(expectKnown(r, 400, "BODY_PARSING_ERROR").error).toBe("Unknown content type in request body: application/xml");
  });

  test("a body over the limit answers 413 and the server keeps serving", async () => {
    const r = await call(em, "/auth/password/sign-in", { raw: { body: "x".repeat(200 * 1024), contentType: "application/json" } });
    expect(r.status).toBe(413);
    expect(r.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await call(em, "/projects/current")).status).toBe(200);
  });

  test("unknown body keys are a SCHEMA_ERROR with the platform's message format", async () => {
    const r = await call(em, "/auth/password/sign-in", { body: { email: "a@b.co", password: "password123", extra: 1, other: 2 } });
    const body = expectKnown(r, 400, "SCHEMA_ERROR");
    expect(body.error).toBe("Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body contains unknown properties: extra, other");
    expect(body.details).toEqual({ message: body.error });
  });

  test("missing and mistyped fields are listed one per line", async () => {
    const r = await call(em, "/auth/password/sign-in", { body: { email: 42 } });
    expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toBe(
      "Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.email must be a `string` type, but the final value was: `42`.\n  - body.password must be defined",
    );
  });

  test("a JSON null or array body is rejected, not crashed on", async () => {
    expect(expectKnown(await call(em, "/auth/password/sign-in", { raw: { body: "null", contentType: "application/json" } }), 400, "SCHEMA_ERROR").error).toContain(
      "body cannot be null",
    );
    expect(expectKnown(await call(em, "/auth/password/sign-in", { body: [1, 2] }), 400, "SCHEMA_ERROR").error).toContain("body must be a `object` type");
  });

  test("unknown query keys are a SCHEMA_ERROR", async () => {
    const r = await call(em, `/auth/sessions?user_id=${em.internal.adminUser.id}&extra=1`, { access: "server" });
    expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toContain("  - query contains unknown properties: extra");
  });

  test("GET bodies and content types are ignored", async () => {
    const res = await fetch(`${em.url}/api/v1/projects/current`, {
      headers: { "x-stack-project-id": em.projectId, "x-stack-access-type": "client", "content-type": "application/xml" },
    });
    expect(res.status).toBe(200);
  });
});

describe("seed", () => {
  test("the demo project has a UUID id and well-formed keys; the internal project is seeded too", async () => {
    const { isWellFormedKey } = await import("../../src/emulator/util/random");
    expect(em.projectId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const keys of [em.keys, em.internal.keys]) {
      expect(isWellFormedKey(keys.publishableClientKey, "pck_")).toBe(true);
      expect(isWellFormedKey(keys.secretServerKey, "ssk_")).toBe(true);
      expect(isWellFormedKey(keys.superSecretAdminKey, "sak_")).toBe(true);
    }
    const internal = await call(em, "/projects/current", { projectId: "internal" });
    expect(internal.json.id).toBe("internal");
  });
});
