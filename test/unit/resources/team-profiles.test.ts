import nock from "nock";
import { ArgumentError, KnownErrors } from "../../../src/index";
import { BASE, caught, knownErrorReply } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const wireTeam = { id: T1, display_name: "Ops", profile_image_url: null, client_metadata: null, client_read_only_metadata: null };
const profile = (userId: string, displayName: string | null) => ({ team_id: T1, user_id: userId, display_name: displayName, profile_image_url: null });

async function signedIn() {
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  return app.getUser({ or: "throw" });
}

test("team.listUsers reads GET /team-member-profiles?team_id= and maps to { id, teamProfile }", async () => {
  const user = await signedIn();
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam]))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).once()
    .reply(...list([profile("u1", "Ada"), { ...profile("u2", null), profile_image_url: "data:image/png;base64,AA==" }]));
  const team = (await user.getTeam(T1))!;
  const [members] = await Promise.all([team.listUsers(), team.listUsers()]);
  expect(members).toEqual([
    { id: "u1", teamProfile: { displayName: "Ada", profileImageUrl: null } },
    { id: "u2", teamProfile: { displayName: null, profileImageUrl: "data:image/png;base64,AA==" } },
  ]);
  expect(nock.isDone()).toBe(true);
});

test("getTeamProfile reads /team-member-profiles/{team}/me; update patches snake_case and refreshes profile and member list", async () => {
  const user = await signedIn();
  let body: unknown;
  nock(BASE)
    .get("/api/v1/teams").query({ user_id: "me" }).reply(...list([wireTeam]))
    .get(`/api/v1/team-member-profiles/${T1}/me`).reply(...json(profile("u1", null)))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).reply(...list([profile("u1", null)]))
    .patch(`/api/v1/team-member-profiles/${T1}/me`, (b) => ((body = b), true)).reply(...json(profile("u1", "Ada (Ops)")))
    .get(`/api/v1/team-member-profiles/${T1}/me`).reply(...json(profile("u1", "Ada (Ops)")))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).reply(...list([profile("u1", "Ada (Ops)")]));
  const team = (await user.getTeam(T1))!;
  const mine = await user.getTeamProfile(team);
  expect({ ...mine, update: undefined }).toEqual({ displayName: null, profileImageUrl: null, update: undefined });
  expect((await team.listUsers())[0].teamProfile.displayName).toBeNull();
  await mine.update({ displayName: "Ada (Ops)", profileImageUrl: null });
  expect(body).toEqual({ display_name: "Ada (Ops)", profile_image_url: null });
  expect((await user.getTeamProfile(T1)).displayName).toBe("Ada (Ops)");
  expect((await team.listUsers())[0].teamProfile.displayName).toBe("Ada (Ops)");
  expect(nock.isDone()).toBe(true);
});

test("a team the user is not in: the platform's TEAM_MEMBERSHIP_NOT_FOUND is thrown", async () => {
  const user = await signedIn();
  nock(BASE).get(`/api/v1/team-member-profiles/${T1}/me`).reply(...knownErrorReply("TEAM_MEMBERSHIP_NOT_FOUND", 404, { team_id: T1, user_id: "u1" }));
  expect(KnownErrors.TeamMembershipNotFound.isInstance(await caught(user.getTeamProfile(T1)))).toBe(true);
});

test("bad arguments are refused with an ArgumentError before any request", async () => {
  const user = await signedIn();
  expect(ArgumentError.isInstance(await caught(user.getTeamProfile(undefined as never)))).toBe(true);
  nock(BASE).get(`/api/v1/team-member-profiles/${T1}/me`).reply(...json(profile("u1", null)));
  const mine = await user.getTeamProfile(T1);
  for (const promise of [mine.update({ displayName: 5 as never }), mine.update({ displayName: null as never }), mine.update({ profileImageUrl: 4 as never }), mine.update(7 as never)]) {
    expect(ArgumentError.isInstance(await caught(promise))).toBe(true);
  }
});
