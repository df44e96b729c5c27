import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const geo = { ip: "203.0.113.7", countryCode: "CH", regionCode: "ZH", cityName: "Zürich", latitude: 47.37, longitude: 8.54, tzIdentifier: "Europe/Zurich" };
const S1 = "5e551011-0000-4000-8000-000000000001";
const S2 = "5e551011-0000-4000-8000-000000000002";
const current = { id: S1, user_id: "u1", created_at: 1_760_000_000_000, last_used_at: 1_760_000_500_000, is_impersonation: false, is_current_session: true, last_used_at_end_user_ip_info: geo };
const other = { id: S2, user_id: "u1", created_at: 1_750_000_000_000, last_used_at: null, is_impersonation: false, is_current_session: false };

async function user() {
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  return app.getUser({ or: "throw" });
}

test("GET /auth/sessions?user_id=me maps ms to Dates and the IP info to geoInfo", async () => {
  const u = await user();
  nock(BASE).get("/api/v1/auth/sessions").query({ user_id: "me" }).reply(...json({ items: [current, other], is_paginated: false }));
  const sessions = await u.getActiveSessions();
  expect(sessions).toEqual([
    { id: S1, userId: "u1", createdAt: new Date(1_760_000_000_000), isImpersonation: false, lastUsedAt: new Date(1_760_000_500_000), isCurrentSession: true, geoInfo: geo },
    { id: S2, userId: "u1", createdAt: new Date(1_750_000_000_000), isImpersonation: false, lastUsedAt: undefined, isCurrentSession: false },
  ]);
  // As in the official SDK: no last use is `undefined` (not null), and so is an unknown location.
  expect(sessions[1].lastUsedAt).toBeUndefined();
  expect(sessions[1].geoInfo).toBeUndefined();
});

test("a session listed without is_current_session counts as not the current one", async () => {
  const u = await user();
  const { is_current_session: _omitted, ...bare } = other;
  nock(BASE).get("/api/v1/auth/sessions").query({ user_id: "me" }).reply(...json({ items: [bare], is_paginated: false }));
  expect((await u.getActiveSessions())[0].isCurrentSession).toBe(false);
});

test("revokeSession sends DELETE /auth/sessions/{id}?user_id=me and refetches the list", async () => {
  const u = await user();
  nock(BASE)
    .get("/api/v1/auth/sessions").query({ user_id: "me" }).reply(...json({ items: [current, other] }))
    .delete("/api/v1/auth/sessions/" + S2).query({ user_id: "me" }).reply(...json({ success: true }))
    .get("/api/v1/auth/sessions").query({ user_id: "me" }).reply(...json({ items: [current] }));
  expect(await u.getActiveSessions()).toHaveLength(2);
  await u.revokeSession(S2);
  expect((await u.getActiveSessions()).map((s) => s.id)).toEqual([S1]);
  expect(nock.isDone()).toBe(true);
});

test("revoking the current session throws the platform's CANNOT_DELETE_CURRENT_SESSION", async () => {
  const u = await user();
  nock(BASE).delete("/api/v1/auth/sessions/" + S1).query({ user_id: "me" }).reply(...knownErrorReply("CANNOT_DELETE_CURRENT_SESSION", 400));
  const error = await caught(u.revokeSession(S1));
  expect(KnownErrors.CannotDeleteCurrentSession.isInstance(error)).toBe(true);
  expect(error.status).toBe(400);
});

test("revokeSession needs a session id (no request)", async () => {
  const u = await user();
  await expect(u.revokeSession("")).rejects.toThrow(ArgumentError);
  await expect(u.revokeSession(undefined as never)).rejects.toThrow(ArgumentError);
});
