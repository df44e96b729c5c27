import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { nockTokenRefresh } from "../../helpers/token-refresh";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const T2 = "0a0a0a0a-0000-4000-8000-000000000002";
const wireTeam = (id = T1, overrides: Record<string, unknown> = {}) => ({
  id,
  display_name: "Ops",
  profile_image_url: null,
  client_metadata: { plan: "free" },
  client_read_only_metadata: { seats: 3 },
  ...overrides,
});

async function signedIn(user = userJson()) {
  nock(BASE).get("/api/v1/users/me").reply(...json(user));
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  return { app, user: await app.getUser({ or: "throw" }) };
}

/** Data fields only (the methods compared as "a function"). */
const fields = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== "function"));

test("listTeams reads GET /teams?user_id=me (one request for concurrent reads) and maps snake_case to camelCase; getTeam reads the same list", async () => {
  const { user } = await signedIn();
  const scope = nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).once().reply(...list([wireTeam(), wireTeam(T2, { display_name: "Dev" })]))
    .get("/api/v1/teams").query({ user_id: "me" }).once().reply(...list([wireTeam()]));
  const [teams, again, found, missing] = await Promise.all([user.listTeams(), user.listTeams(), user.getTeam(T2), user.getTeam("nope")]);
  expect(teams.map(fields)).toEqual([
    { id: T1, displayName: "Ops", profileImageUrl: null, clientMetadata: { plan: "free" }, clientReadOnlyMetadata: { seats: 3 } },
    { id: T2, displayName: "Dev", profileImageUrl: null, clientMetadata: { plan: "free" }, clientReadOnlyMetadata: { seats: 3 } },
  ]);
  expect(again).toHaveLength(2);
  expect(found?.displayName).toBe("Dev");
  expect(missing).toBeNull();
  expect(await user.listTeams()).toHaveLength(1); // a later read fetches again (T2 was left elsewhere)
  expect(scope.isDone()).toBe(true);
});

test("createTeam posts display_name, profile_image_url and creator_user_id me, selects the team, and refreshes list and user", async () => {
  const { app, user } = await signedIn();
  let created: unknown;
  let patched: unknown;
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]))
    .post("/api/v1/teams", (b) => ((created = b), true)).reply(...json(wireTeam(T2, { display_name: "New", profile_image_url: "data:image/png;base64,AA==" }), 201))
    .patch("/api/v1/users/me", (b) => ((patched = b), true)).reply(...json(userJson({ selected_team_id: T2, selected_team: wireTeam(T2, { display_name: "New" }) })));
  // The selected team is an access-token claim: the next request renews the token (once).
  const refreshes = nockTokenRefresh();
  nock(BASE)
    .matchHeader("x-stack-access-token", refreshes.token)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam(), wireTeam(T2, { display_name: "New" })]))
    .get("/api/v1/users/me").reply(...json(userJson({ selected_team_id: T2, selected_team: wireTeam(T2, { display_name: "New" }) })));
  expect(await user.listTeams()).toHaveLength(1);
  const team = await user.createTeam({ displayName: "New", profileImageUrl: "data:image/png;base64,AA==" });
  expect(created).toEqual({ display_name: "New", profile_image_url: "data:image/png;base64,AA==", creator_user_id: "me" });
  expect(patched).toEqual({ selected_team_id: T2 });
  expect(fields(team)).toMatchObject({ id: T2, displayName: "New", profileImageUrl: "data:image/png;base64,AA==" });
  expect((await user.listTeams()).map((t) => t.id)).toEqual([T1, T2]);
  expect((await app.getUser({ or: "throw" })).selectedTeam).toMatchObject({ id: T2, displayName: "New" });
  expect(refreshes.count).toBe(1);
  expect(nock.isDone()).toBe(true);
});

test("team.update sends only the given fields in snake_case; the next listTeams shows the change", async () => {
  const { user } = await signedIn();
  let body: unknown;
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]))
    .patch(`/api/v1/teams/${T1}`, (b) => ((body = b), true)).reply(...json(wireTeam(T1, { display_name: "Platform", profile_image_url: null, client_metadata: { plan: "pro" } })))
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam(T1, { display_name: "Platform", client_metadata: { plan: "pro" } })]));
  const [team] = await user.listTeams();
  await team.update({ displayName: "Platform", clientMetadata: { plan: "pro" }, profileImageUrl: null });
  expect(body).toEqual({ display_name: "Platform", client_metadata: { plan: "pro" }, profile_image_url: null });
  expect(await user.getTeam(T1)).toMatchObject({ displayName: "Platform", clientMetadata: { plan: "pro" } });
  expect(nock.isDone()).toBe(true);
});

test("team.delete and leaveTeam hit their paths and refresh the list (and the token: they may unselect a team)", async () => {
  const { user } = await signedIn();
  const refreshes = nockTokenRefresh(fakeAccessToken(900), 2);
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam(), wireTeam(T2)]))
    .delete(`/api/v1/teams/${T1}`).reply(...json({ success: true }))
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam(T2)]))
    .delete(`/api/v1/team-memberships/${T2}/me`).reply(...json({ success: true }))
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([]));
  const [first] = await user.listTeams();
  await first.delete();
  expect((await user.listTeams()).map((t) => t.id)).toEqual([T2]);
  expect(refreshes.count).toBe(1);
  await user.leaveTeam(T2);
  expect(await user.listTeams()).toEqual([]);
  expect(refreshes.count).toBe(2);
  expect(nock.isDone()).toBe(true);
});

test("team.update changes no claim: the token is not renewed", async () => {
  const { app, user } = await signedIn();
  const before = await app.getAccessToken();
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]))
    .patch(`/api/v1/teams/${T1}`).reply(...json(wireTeam(T1, { display_name: "Platform" })));
  const [team] = await user.listTeams();
  await team.update({ displayName: "Platform" });
  expect(await app.getAccessToken()).toBe(before); // no refresh was answered: one would have failed
});

test("setSelectedTeam sends selected_team_id (from a team, an id, or null); each renews the token before the next request", async () => {
  const { user } = await signedIn();
  const bodies: unknown[] = [];
  const refreshes = nockTokenRefresh(fakeAccessToken(900), 2);
  nock(BASE).patch("/api/v1/users/me", (b) => (bodies.push(b), true)).times(3).reply(...json(userJson()));
  await user.setSelectedTeam({ id: T1 });
  await user.setSelectedTeam(T2);
  await user.setSelectedTeam(null);
  expect(bodies).toEqual([{ selected_team_id: T1 }, { selected_team_id: T2 }, { selected_team_id: null }]);
  expect(refreshes.count).toBe(2);
});

test("a refused team change is thrown as the platform's known error", async () => {
  const { user } = await signedIn();
  const details = { team_id: T1, user_id: "u1", permission_id: "$update_team" };
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]))
    .patch(`/api/v1/teams/${T1}`).reply(...knownErrorReply("TEAM_PERMISSION_REQUIRED", 401, details));
  const [team] = await user.listTeams();
  const error = await caught(team.update({ displayName: "x" }));
  expect(KnownErrors.TeamPermissionRequired.isInstance(error)).toBe(true);
  expect(error.status).toBe(401);
  expect(error.details).toEqual(details);
});

test("team API keys call the API-keys module with the team as owner", async () => {
  const { user } = await signedIn();
  let body: unknown;
  const key = { id: "k1", description: "CI", is_public: false, created_at_millis: 1735600000000, type: "team", team_id: T1 };
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]))
    .post("/api/v1/team-api-keys", (b) => ((body = b), true)).reply(...json({ ...key, value: "sk_full" }))
    .get("/api/v1/team-api-keys").query({ team_id: T1 }).reply(...list([{ ...key, value: { last_four: "full" } }]));
  const [team] = await user.listTeams();
  const created = await team.createApiKey({ description: "CI", expiresAt: null });
  expect(body).toEqual({ description: "CI", expires_at_millis: null, team_id: T1 });
  expect(created).toMatchObject({ id: "k1", type: "team", teamId: T1, value: "sk_full" });
  expect((await team.listApiKeys()).map((k) => k.value)).toEqual([{ lastFour: "full" }]);
});

test("bad arguments are refused with an ArgumentError before any request", async () => {
  const { user } = await signedIn();
  for (const promise of [
    user.createTeam({ displayName: 5 as never }), // "" is a name the platform accepts
    user.createTeam(null as never),
    user.createTeam({ displayName: "x", profileImageUrl: false as never }),
    user.getTeam("" as never),
    user.setSelectedTeam(undefined as never),
    user.setSelectedTeam({ id: 3 } as never),
    user.leaveTeam(null as never),
  ]) {
    expect(ArgumentError.isInstance(await caught(promise))).toBe(true);
  }
  nock(BASE).get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam()]));
  const [team] = await user.listTeams();
  expect(ArgumentError.isInstance(await caught(team.update({ displayName: 5 as never })))).toBe(true);
  expect(ArgumentError.isInstance(await caught(team.update({ clientMetadata: () => 1 })))).toBe(true);
  expect(ArgumentError.isInstance(await caught(team.update("x" as never)))).toBe(true);
});
