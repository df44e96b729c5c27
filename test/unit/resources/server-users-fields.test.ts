import nock from "nock";
import { ArgumentError, LatchkeyError, ServerApp } from "../../../src/index";
import { BASE, PROJECT, knownErrorReply } from "../../helpers/http";
import { userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const SSK = "ssk_unit_test";
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const serverUserJson = (overrides: Record<string, unknown> = {}) =>
  userJson({
    primary_email_auth_enabled: true,
    server_metadata: null,
    last_active_at_millis: 1_760_000_000_000,
    restricted_by_admin_private_details: null,
    country_code: null,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
    ...overrides,
  });

function server() {
  return new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: SSK, tokenStore: "memory", retry: { sleep: async () => {}, random: () => 0.5 } });
}
const api = () => nock(BASE).matchHeader("x-stack-access-type", "server").matchHeader("x-stack-secret-server-key", SSK);

async function fetchedUser(app = server()) {
  api().get(`/api/v1/users/${U1}`).reply(...json(serverUserJson()));
  return (await app.getUser(U1))!;
}

describe("ServerUser.update: restriction, country and risk scores", () => {
  test("sent in snake_case; the refetched user exposes them (riskScores included)", async () => {
    const app = server();
    const user = await fetchedUser(app);
    expect(user.riskScores).toEqual({ signUp: { bot: 0, freeTrialAbuse: 0 } });
    let body: unknown;
    const updated = serverUserJson({
      restricted_by_admin: true,
      restricted_by_admin_reason: "Spam",
      restricted_by_admin_private_details: "ticket 42",
      country_code: "CH",
      risk_scores: { sign_up: { bot: 90, free_trial_abuse: 15 } },
    });
    api()
      .patch(`/api/v1/users/${U1}`, (b) => ((body = b), true))
      .reply(...json(updated))
      .get(`/api/v1/users/${U1}`)
      .reply(...json(updated));
    await user.update({
      restrictedByAdmin: true,
      restrictedByAdminReason: "Spam",
      restrictedByAdminPrivateDetails: "ticket 42",
      countryCode: "CH",
      riskScores: { signUp: { bot: 90, freeTrialAbuse: 15 } },
    });
    expect(body).toEqual({
      restricted_by_admin: true,
      restricted_by_admin_reason: "Spam",
      restricted_by_admin_private_details: "ticket 42",
      country_code: "CH",
      risk_scores: { sign_up: { bot: 90, free_trial_abuse: 15 } },
    });
    const again = (await app.getUser(U1))!;
    expect(again.restrictedByAdmin).toBe(true);
    expect(again.restrictedByAdminReason).toBe("Spam");
    expect(again.restrictedByAdminPrivateDetails).toBe("ticket 42");
    expect(again.countryCode).toBe("CH");
    expect(again.riskScores).toEqual({ signUp: { bot: 90, freeTrialAbuse: 15 } });
    expect(nock.isDone()).toBe(true);
  });

  test("null clears country code and reasons; a read without risk_scores gives zeros", async () => {
    const app = server();
    const user = await fetchedUser(app);
    let body: unknown;
    const noScores: Record<string, unknown> = { ...serverUserJson() };
    delete noScores.risk_scores;
    api()
      .patch(`/api/v1/users/${U1}`, (b) => ((body = b), true))
      .reply(...json(noScores))
      .get(`/api/v1/users/${U1}`)
      .reply(...json(noScores));
    await user.update({ restrictedByAdmin: false, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null, countryCode: null });
    expect(body).toEqual({ restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: null, country_code: null });
    expect((await app.getUser(U1))!.riskScores).toEqual({ signUp: { bot: 0, freeTrialAbuse: 0 } });
  });

  test("bad values are refused before any request", async () => {
    const user = await fetchedUser();
    const bad = [
      { restrictedByAdmin: "yes" },
      { restrictedByAdminReason: 3 },
      { restrictedByAdminPrivateDetails: {} },
      { restrictedByAdmin: false, restrictedByAdminReason: "why" },
      { countryCode: "Switzerland" },
      { countryCode: 41 },
      { riskScores: null },
      { riskScores: {} },
      { riskScores: { signUp: { bot: 101, freeTrialAbuse: 0 } } },
      { riskScores: { signUp: { bot: 1.5, freeTrialAbuse: 0 } } },
      { riskScores: { signUp: { bot: 1 } } },
    ];
    for (const data of bad) await expect(user.update(data as never)).rejects.toThrow(ArgumentError);
  });

  test("CurrentServerUser.update sends the same fields to PATCH /users/{id}", async () => {
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    api().get("/api/v1/users/me").reply(...json(serverUserJson()));
    const me = await server().getUser({ tokenStore: tokens, or: "throw" });
    let body: unknown;
    api()
      .patch(`/api/v1/users/${U1}`, (b) => ((body = b), true))
      .reply(...json(serverUserJson()))
      .get(`/api/v1/users/${U1}`)
      .reply(...json(serverUserJson()));
    await me.update({ countryCode: "DE", riskScores: { signUp: { bot: 1, freeTrialAbuse: 2 } } });
    expect(body).toEqual({ country_code: "DE", risk_scores: { sign_up: { bot: 1, free_trial_abuse: 2 } } });
  });
});

test("createUser sends country_code and risk_scores", async () => {
  let body: unknown;
  api()
    .post("/api/v1/users", (b) => ((body = b), true))
    .reply(...json(serverUserJson({ country_code: "FR", risk_scores: { sign_up: { bot: 5, free_trial_abuse: 6 } } }), 201));
  const user = await server().createUser({ countryCode: "FR", riskScores: { signUp: { bot: 5, freeTrialAbuse: 6 } } });
  expect(body).toEqual({ country_code: "FR", risk_scores: { sign_up: { bot: 5, free_trial_abuse: 6 } } });
  expect(user.riskScores).toEqual({ signUp: { bot: 5, freeTrialAbuse: 6 } });
  await expect(server().createUser({ riskScores: { signUp: { bot: -1, freeTrialAbuse: 0 } } })).rejects.toThrow(ArgumentError);
});

describe("listUsers({ onlyAnonymous })", () => {
  test("sends only_anonymous=true", async () => {
    api()
      .get("/api/v1/users")
      .query({ include_anonymous: "true", only_anonymous: "true" })
      .reply(...json({ items: [serverUserJson({ is_anonymous: true })], is_paginated: true, pagination: { next_cursor: null } }));
    const page = await server().listUsers({ includeAnonymous: true, onlyAnonymous: true });
    expect(page.map((u) => u.isAnonymous)).toEqual([true]);
  });

  test("without includeAnonymous the platform's 400 text comes through; a non-boolean is refused first", async () => {
    api().get("/api/v1/users").query({ only_anonymous: "true" }).reply(400, "only_anonymous=true requires include_anonymous=true");
    await expect(server().listUsers({ onlyAnonymous: true })).rejects.toThrow(/include_anonymous/);
    await expect(server().listUsers({ onlyAnonymous: "yes" as never })).rejects.toThrow(ArgumentError);
  });
});

describe("getUser({ apiKey, or })", () => {
  const keyJson = { id: "k1", description: "", is_public: false, created_at_millis: 0, type: "user", user_id: U1, value: { last_four: "abcd" } };

  test('or: "throw" returns the owner of a valid key', async () => {
    api().post("/api/v1/user-api-keys/check").reply(...json(keyJson)).get(`/api/v1/users/${U1}`).reply(...json(serverUserJson()));
    const user = await server().getUser({ apiKey: "sk_ok", or: "throw" });
    expect(user.id).toBe(U1);
  });

  test('or: "throw" throws NotSignedInError for an invalid key (the platform error as cause); "return-null" gives null', async () => {
    api().post("/api/v1/user-api-keys/check").reply(...knownErrorReply("API_KEY_REVOKED", 401));
    const error = await server().getUser({ apiKey: "sk_revoked", or: "throw" }).catch((e: unknown) => e);
    expect(LatchkeyError.isInstance(error)).toBe(true);
    expect((error as Error).name).toBe("NotSignedInError");
    expect(((error as Error).cause as { code?: string }).code).toBe("API_KEY_REVOKED");
    api().post("/api/v1/user-api-keys/check").reply(...knownErrorReply("API_KEY_NOT_FOUND", 404));
    expect(await server().getUser({ apiKey: "sk_unknown", or: "return-null" })).toBeNull();
  });

  test('or: "throw" also throws when the key\'s owner no longer exists', async () => {
    api()
      .post("/api/v1/user-api-keys/check")
      .reply(...json(keyJson))
      .get(`/api/v1/users/${U1}`)
      .reply(...knownErrorReply("USER_NOT_FOUND", 404));
    await expect(server().getUser({ apiKey: "sk_orphan", or: "throw" })).rejects.toThrow(/found no user/);
  });
});

describe("CurrentServerUser.delete", () => {
  test("deletes through DELETE /users/{id} (not /users/me), then signs the session out locally", async () => {
    const app = server();
    const tokens = { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() };
    api().get("/api/v1/users/me").reply(...json(serverUserJson()));
    const me = await app.getUser({ tokenStore: tokens, or: "throw" });
    const scope = api()
      .delete(`/api/v1/users/${U1}`)
      .reply(...json({ success: true }))
      .get(`/api/v1/users/${U1}`)
      .reply(...knownErrorReply("USER_NOT_FOUND", 404));
    await me.delete();
    expect(await me.getAccessToken()).toBeNull();
    expect(await app.getUser(U1)).toBeNull();
    expect(scope.isDone()).toBe(true);
  });
});
