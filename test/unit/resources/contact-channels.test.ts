import nock from "nock";
import { BASE } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { nockTokenRefresh } from "../../helpers/token-refresh";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const wire = { id: "c1", user_id: "u1", type: "email", value: "ada@example.com", is_primary: true, is_verified: false, used_for_auth: true };

test("wire snake_case maps to camelCase; updates send snake_case to /contact-channels/me/{id}", async () => {
  let patch: unknown;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .get("/api/v1/contact-channels").query({ user_id: "me" }).reply(...json({ items: [wire], is_paginated: false }))
    .patch("/api/v1/contact-channels/me/c1", (b) => ((patch = b), true)).reply(...json({ ...wire, is_primary: false }));
  // The primary e-mail is an access-token claim: after the change the next request renews the token.
  const refreshes = nockTokenRefresh();
  nock(BASE)
    .get("/api/v1/contact-channels").query({ user_id: "me" }).matchHeader("x-stack-access-token", refreshes.token)
    .reply(...json({ items: [{ ...wire, is_primary: false }], is_paginated: false }));
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  const user = await app.getUser({ or: "throw" });
  const [channel] = await user.listContactChannels();
  expect({ ...channel, sendVerificationEmail: undefined, update: undefined, delete: undefined }).toEqual({
    id: "c1", value: "ada@example.com", type: "email", isPrimary: true, isVerified: false, usedForAuth: true,
    sendVerificationEmail: undefined, update: undefined, delete: undefined,
  });
  await channel.update({ isPrimary: false, usedForAuth: true });
  expect(patch).toEqual({ is_primary: false, used_for_auth: true });
  expect((await user.listContactChannels())[0].isPrimary).toBe(false);
  expect(refreshes.count).toBe(1);
});

test("create posts user_id me and the snake_case fields", async () => {
  let body: unknown;
  nock(BASE)
    .get("/api/v1/users/me").reply(...json(userJson()))
    .post("/api/v1/contact-channels", (b) => ((body = b), true)).reply(201, JSON.stringify({ ...wire, id: "c2", value: "w@example.com", is_primary: false, used_for_auth: false }), { "content-type": "application/json" });
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  const user = await app.getUser({ or: "throw" });
  const created = await user.createContactChannel({ type: "email", value: "w@example.com", usedForAuth: false });
  expect(body).toEqual({ user_id: "me", type: "email", value: "w@example.com", used_for_auth: false });
  expect(created).toMatchObject({ id: "c2", isPrimary: false, usedForAuth: false });
});
