import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, signUp, startTestEmulator } from "./helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const start = (body: Record<string, unknown> = {}) => call(em, "/auth/cli", { body });
const poll = (polling_code: string) => call(em, "/auth/cli/poll", { body: { polling_code } });
const complete = (body: Record<string, unknown>) => call(em, "/auth/cli/complete", { body });

test("create → poll waiting → complete in the browser → poll success (201) → poll used", async () => {
  const before = Date.now();
  const created = await start();
  expect(created.status).toBe(200);
  expect(created.json).toEqual({ polling_code: expect.stringMatching(/^[a-z2-7]{45}$/), login_code: expect.stringMatching(/^[a-z2-7]{45}$/), expires_at: expect.any(String) });
  const expiresAt = Date.parse(created.json.expires_at);
  expect(expiresAt - before).toBeGreaterThanOrEqual(7_200_000 - 1000);
  expect(expiresAt - before).toBeLessThanOrEqual(7_200_000 + 1000);

  expect(await poll(created.json.polling_code)).toMatchObject({ status: 200, json: { status: "waiting" } });
  const browser = await signUp(em);
  expect((await complete({ login_code: created.json.login_code, mode: "check" })).json).toEqual({ cli_session_state: "none" });
  const done = await complete({ login_code: created.json.login_code, refresh_token: browser.refresh_token });
  expect(done.json).toEqual({ success: true });

  const success = await poll(created.json.polling_code);
  expect(success).toMatchObject({ status: 201, json: { status: "success", refresh_token: browser.refresh_token } });
  expect(await poll(created.json.polling_code)).toMatchObject({ status: 200, json: { status: "used" } });

  const again = await complete({ login_code: created.json.login_code, refresh_token: browser.refresh_token });
  expect([again.status, again.text]).toEqual([400, "Invalid login code or the code has expired"]);
});

test("expiry: expired attempts poll as expired and cannot be completed; the limit is 24 hours", async () => {
  const created = await start({ expires_in_millis: 50 });
  await new Promise((r) => setTimeout(r, 80));
  expect((await poll(created.json.polling_code)).json).toEqual({ status: "expired" });
  const browser = await signUp(em);
  const late = await complete({ login_code: created.json.login_code, refresh_token: browser.refresh_token });
  expect([late.status, late.text]).toEqual([400, "Invalid login code or the code has expired"]);
  expect(expectKnown(await start({ expires_in_millis: 86_400_001 }), 400, "SCHEMA_ERROR").error).toContain(
    "body.expires_in_millis must be less than or equal to 86400000",
  );
  expect((await start({ expires_in_millis: 86_400_000 })).status).toBe(200);
});

test("unknown polling code → INVALID_POLLING_CODE", async () => {
  const body = expectKnown(await poll("nope"), 400, "INVALID_POLLING_CODE");
  expect(body).toEqual({ code: "INVALID_POLLING_CODE", error: "The polling code is invalid or does not exist." });
});

test("complete: refresh_token required, invalid tokens, bad login codes", async () => {
  const created = await start();
  const missing = await complete({ login_code: created.json.login_code });
  expect([missing.status, missing.text]).toEqual([400, "refresh_token is required when mode is 'complete'"]);
  const invalid = await complete({ login_code: created.json.login_code, refresh_token: "x".repeat(45) });
  expect([invalid.status, invalid.text]).toEqual([400, "Invalid refresh token"]);
  const bad = await complete({ login_code: "nope", mode: "check" });
  expect([bad.status, bad.text]).toEqual([400, "Invalid login code or the code has expired"]);
  expectKnown(await complete({ login_code: created.json.login_code, mode: "other" }), 400, "SCHEMA_ERROR");
});

test("an anonymous CLI session can be claimed once by the browser", async () => {
  const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
  const created = await start({ anon_refresh_token: anon.refresh_token });
  expect((await complete({ login_code: created.json.login_code, mode: "check" })).json).toEqual({ cli_session_state: "anonymous" });
  const claimed = await complete({ login_code: created.json.login_code, mode: "claim-anon-session" });
  expect(claimed.json).toEqual({ access_token: expect.any(String), refresh_token: anon.refresh_token });
  const me = await call(em, "/users/me", { accessToken: claimed.json.access_token, allowAnonymous: true });
  expect(me.json).toMatchObject({ id: anon.user_id, is_anonymous: true });
  const twice = await complete({ login_code: created.json.login_code, mode: "claim-anon-session" });
  expect([twice.status, twice.text]).toEqual([400, "No anonymous session associated with this code"]);
  expect((await complete({ login_code: created.json.login_code, mode: "check" })).json).toEqual({ cli_session_state: "none" });
});

test("anon_refresh_token problems are 400 texts", async () => {
  const texts = async (token: string) => {
    const r = await start({ anon_refresh_token: token });
    return [r.status, r.text];
  };
  expect(await texts("not-a-token")).toEqual([400, "Invalid anon refresh token"]);
  const user = await signUp(em);
  expect(await texts(user.refresh_token)).toEqual([400, "The provided refresh token does not belong to an anonymous user"]);
  const internal = await call(em, "/auth/anonymous/sign-up", { projectId: "internal", body: {} });
  expect(await texts(internal.json.refresh_token)).toEqual([400, "Anon refresh token does not belong to this project"]);
});

test("a restricted browser user cannot complete (RESTRICTED_USER_NOT_ALLOWED)", async () => {
  const anon = (await call(em, "/auth/anonymous/sign-up", { body: {} })).json;
  const created = await start();
  const r = await complete({ login_code: created.json.login_code, refresh_token: anon.refresh_token });
  expect(expectKnown(r, 403, "RESTRICTED_USER_NOT_ALLOWED").details).toEqual({ restricted_reason: { type: "anonymous" } });
});

test("the official SDK's promptCliLogin flow works against the emulator", async () => {
  const { StackClientApp } = await import("@stackframe/js");
  const app = new StackClientApp({
    projectId: em.projectId,
    publishableClientKey: em.keys.publishableClientKey,
    baseUrl: em.url,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
  });
  const browser = await signUp(em);
  // waitTimeMillis is read at run time but missing from the SDK's option type, hence the variable (no excess-property check).
  const options = {
    appUrl: "http://localhost:3000",
    waitTimeMillis: 20,
    promptLink: (url: string) => {
      const loginCode = new URL(url).searchParams.get("login_code")!;
      void complete({ login_code: loginCode, refresh_token: browser.refresh_token });
    },
  };
  const result = await app.promptCliLogin(options);
  expect(result).toEqual({ status: "ok", data: browser.refresh_token });
});

describe("found by the route fuzz test", () => {
  test("a lifetime reaching before the earliest date is a SCHEMA_ERROR, not a 500; a negative one is an expired attempt", async () => {
    const r = await call(em, "/auth/cli", { body: { expires_in_millis: -1e308 } });
    expect(expectKnown(r, 400, "SCHEMA_ERROR").error).toMatch(/body\.expires_in_millis must be greater than or equal to -\d+/);
    const expired = await call(em, "/auth/cli", { body: { expires_in_millis: -60_000 } });
    expect(expired.status).toBe(200);
    expect(Date.parse(expired.json.expires_at)).toBeLessThan(Date.now());
    expect((await call(em, "/auth/cli/poll", { body: { polling_code: expired.json.polling_code } })).json).toEqual({ status: "expired" });
  });
});
