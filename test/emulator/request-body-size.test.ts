import { request } from "node:http";
import type { RunningEmulator, StatsSnapshot } from "../../src/emulator";
import { INPUT_LIMITS } from "../../src/emulator/http/limits";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

// How large a request body may be. The platform sets no limit of its own: its smart request handler reads and
// `JSON.parse`s the whole body (apps/backend/src/route-handlers/smart-request.tsx), and the data vault takes
// `encrypted_value: yupString().defined()` with no maximum (apps/backend/src/app/api/latest/data-vault/stores/[id]/
// set/route.tsx). Only its host bounds it: 4.5 MB on the hosted platform (Vercel functions), 10 MB self-hosted (the
// Next.js proxy, apps/backend/src/proxy.tsx, buffers bodies up to Next.js's default `proxyClientMaxBodySize`). The
// emulator's bound, 16 MiB, is above both; past it the answer is a plain-text 413.

const MiB = 1024 * 1024;
const LIMIT = INPUT_LIMITS.defaultMaxBodyBytes;
const TOO_LARGE = `Request body is too large: the emulator accepts at most ${LIMIT} bytes (16 MiB).`;

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const server = (path: string, body: unknown, method = "POST") => call(em, path, { access: "server", body, method });

test("the bound is 16 MiB, above the 10 MB the platform reads at most", () => {
  expect(LIMIT).toBe(16 * MiB);
});

test("a 1 MiB data-vault value is stored and served back", async () => {
  const store = { config_override_string: JSON.stringify({ "dataVault.stores.big": { displayName: "big" } }) };
  expect((await call(em, "/internal/config/override", { access: "admin", method: "PATCH", body: store })).status).toBe(200);
  const value = "v".repeat(MiB);
  expect((await server("/data-vault/stores/big/set", { hashed_key: "k", encrypted_value: value })).json).toEqual({ success: true });
  const read = await server("/data-vault/stores/big/get", { hashed_key: "k" });
  expect(read.status).toBe(200);
  expect(read.json.encrypted_value).toBe(value);
});

test("a body of 9 MB, under what a self-hosted platform reads, is accepted", async () => {
  const user = await signUp(em);
  const blob = "m".repeat(9_000_000);
  expect((await server(`/users/${user.user_id}`, { server_metadata: { blob } }, "PATCH")).status).toBe(200);
  expect((await call(em, `/users/${user.user_id}`, { access: "server" })).json.server_metadata.blob).toHaveLength(9_000_000);
});

test("one byte over the bound is a plain-text 413 naming the bound; the server keeps serving", async () => {
  const r = await call(em, "/auth/password/sign-in", { raw: { body: " ".repeat(LIMIT + 1), contentType: "application/json" } });
  expect([r.status, r.headers.get("content-type"), r.text]).toEqual([413, "text/plain; charset=utf-8", TOO_LARGE]);
  expect((await call(em, "/projects/current")).status).toBe(200);
});

/** Sends a body in 1 MiB chunks until the answer comes (or `max` bytes went out); resolves with what was sent. */
function streamUntilAnswer(headers: Record<string, string>, max: number): Promise<{ status: number; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${em.url}/api/v1/auth/password/sign-in`);
    let sent = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text, sent });
      });
    });
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(MiB, 0x20);
    const pump = () => {
      while (!answered && sent < max) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

test("a body declared larger than the emulator would ever read is refused before it is sent", async () => {
  const r = await streamUntilAnswer({ "content-length": String(4 * 1024 * MiB) }, 256 * MiB);
  expect([r.status, r.text]).toEqual([413, TOO_LARGE]);
  // answered at once: only what fit in the sockets' buffers went out
  expect(r.sent).toBeLessThan(64 * MiB);
});

test("a chunked body that never ends is refused once it passes the bound, without waiting for its end", async () => {
  const r = await streamUntilAnswer({}, 512 * MiB);
  expect([r.status, r.text]).toEqual([413, TOO_LARGE]);
  // the bound plus at most 64 MiB read and dropped (so the client can read the 413), not the 512 MiB on offer
  expect(r.sent).toBeLessThan(128 * MiB);
});

test("a body that breaks off is never answered with a 500", async () => {
  await fetch(`${em.url}/emulator/stats`, { method: "DELETE" });
  await new Promise<void>((resolve) => {
    const req = request(`${em.url}/api/v1/auth/password/sign-in`, { method: "POST", headers: { "content-type": "application/json", "content-length": "1000" } });
    req.on("error", () => undefined);
    req.write('{"email":');
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 50);
  });
  await new Promise((r) => setTimeout(r, 100));
  const stats = (await (await fetch(`${em.url}/emulator/stats`)).json()) as StatsSnapshot;
  const responses = stats.routes["POST /auth/password/sign-in"]?.responses ?? {};
  expect(Object.keys(responses).filter((s) => s.startsWith("5"))).toEqual([]);
  expect((await call(em, "/projects/current")).status).toBe(200);
});

test("a 16 MiB body of nested arrays is refused as too deep before it is parsed, quickly", async () => {
  const levels = Math.floor((LIMIT - 40) / 2);
  const started = Date.now();
  const r = await call(em, "/users/me", { method: "PATCH", access: "server", raw: { body: `{"client_metadata":${"[".repeat(levels)}1${"]".repeat(levels)}}`, contentType: "application/json" } });
  expect(expectKnown(r, 400, "BODY_PARSING_ERROR").error).toBe(`Request body is nested too deeply: JSON objects and arrays may be nested at most ${INPUT_LIMITS.maxJsonDepth} levels deep.`);
  expect(Date.now() - started).toBeLessThan(5000);
});
