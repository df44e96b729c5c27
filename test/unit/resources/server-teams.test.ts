import nock from "nock";
import { ArgumentError, KnownErrors, ServerApp } from "../../../src/index";
import { BASE, PROJECT, caught, knownErrorReply } from "../../helpers/http";
import { userJson } from "../../helpers/app";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const U2 = "3f1e0a52-0000-4000-8000-000000000002";
const CREATED = 1735600000000;
const wireTeam = (overrides: Record<string, unknown> = {}) => ({
  id: T1,
  display_name: "Ops",
  profile_image_url: null,
  client_metadata: { plan: "free" },
  client_read_only_metadata: { seats: 3 },
  created_at_millis: CREATED,
  server_metadata: { billing: "cus_1" },
  ...overrides,
});

/** A ServerApp against the nock'd base URL; every request must carry server access and the key. */
function server() {
  return new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: "memory", retry: { sleep: async () => {}, random: () => 0.5 } });
}
const api = () =>
  nock(BASE, { badheaders: ["x-stack-access-token"] })
    .matchHeader("x-stack-access-type", "server")
    .matchHeader("x-stack-secret-server-key", "ssk_test");

const fields = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== "function"));

test("createTeam posts snake_case with creator_user_id and maps the server team (millis → Date)", async () => {
  let body: unknown;
  const scope = api().post("/api/v1/teams", (b) => ((body = b), true)).reply(...json(wireTeam(), 201));
  const team = await server().createTeam({ displayName: "Ops", profileImageUrl: null, creatorUserId: U1 });
  expect(body).toEqual({ display_name: "Ops", profile_image_url: null, creator_user_id: U1 });
  expect(fields(team)).toEqual({
    id: T1,
    displayName: "Ops",
    profileImageUrl: null,
    clientMetadata: { plan: "free" },
    clientReadOnlyMetadata: { seats: 3 },
    createdAt: new Date(CREATED),
    serverMetadata: { billing: "cus_1" },
  });
  expect(scope.isDone()).toBe(true);
});

const MISSING = "9d0c2f5e-1111-4222-8333-444455556666";

test("getTeam reads GET /teams/{id} (concurrent reads share one request, a later one reads again); TEAM_NOT_FOUND is null", async () => {
  const app = server();
  const scope = api()
    .get(`/api/v1/teams/${T1}`).once().reply(...json(wireTeam()))
    .get(`/api/v1/teams/${T1}`).once().reply(...json(wireTeam({ display_name: "Renamed elsewhere" })))
    .get(`/api/v1/teams/${MISSING}`).reply(...knownErrorReply("TEAM_NOT_FOUND", 404, { team_id: MISSING }));
  const [a, b] = await Promise.all([app.getTeam(T1), app.getTeam(T1)]);
  expect(a?.createdAt).toEqual(new Date(CREATED));
  expect(b?.id).toBe(T1);
  expect((await app.getTeam(T1))?.displayName).toBe("Renamed elsewhere");
  expect(await app.getTeam(MISSING)).toBeNull();
  expect(await app.getTeam("missing")).toBeNull(); // not a UUID: null without a request (nock has no interceptor left)
  expect(scope.isDone()).toBe(true);
});

test("getTeam({ apiKey }) checks the key, then reads its team; an invalid key is null", async () => {
  const app = server();
  let checked: unknown;
  const scope = api()
    .post("/api/v1/team-api-keys/check", (b) => ((checked = b), true))
    .reply(...json({ id: "k1", description: "CI", is_public: false, created_at_millis: CREATED, type: "team", team_id: T1, value: { last_four: "abcd" } }))
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam()))
    .post("/api/v1/team-api-keys/check").reply(...knownErrorReply("API_KEY_REVOKED", 401));
  expect((await app.getTeam({ apiKey: "sk_live" }))?.id).toBe(T1);
  expect(checked).toEqual({ api_key: "sk_live" });
  expect(await app.getTeam({ apiKey: "sk_revoked" })).toBeNull();
  expect(scope.isDone()).toBe(true);
});

test("listTeams sends user_id only when given; each call reads afresh", async () => {
  const app = server();
  const scope = api()
    .get("/api/v1/teams").query({}).once().reply(...list([wireTeam()]))
    .get("/api/v1/teams").query({ user_id: U1 }).once().reply(...list([]))
    .get("/api/v1/teams").query({}).once().reply(...list([wireTeam(), wireTeam({ id: "t2" })]));
  expect((await app.listTeams()).map((t) => t.id)).toEqual([T1]);
  expect([...(await app.listTeams({ userId: U1 }))]).toEqual([]);
  expect(await app.listTeams()).toHaveLength(2);
  expect(scope.isDone()).toBe(true);
});

test("update sends every server field in snake_case and refreshes the team and the lists", async () => {
  const app = server();
  let patched: unknown;
  const scope = api()
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam()))
    .get("/api/v1/teams").reply(...list([wireTeam()]))
    .patch(`/api/v1/teams/${T1}`, (b) => ((patched = b), true)).reply(...json(wireTeam({ display_name: "Platform" })))
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam({ display_name: "Platform" })))
    .get("/api/v1/teams").reply(...list([wireTeam({ display_name: "Platform" })]));
  const team = (await app.getTeam(T1))!;
  await app.listTeams();
  await team.update({ displayName: "Platform", profileImageUrl: "https://img.example/a.png", clientMetadata: 1, clientReadOnlyMetadata: null, serverMetadata: { x: true } });
  expect(patched).toEqual({
    display_name: "Platform",
    profile_image_url: "https://img.example/a.png",
    client_metadata: 1,
    client_read_only_metadata: null,
    server_metadata: { x: true },
  });
  expect((await app.getTeam(T1))?.displayName).toBe("Platform");
  expect((await app.listTeams())[0].displayName).toBe("Platform");
  expect(scope.isDone()).toBe(true);
});

test("delete, then getTeam reads again", async () => {
  const app = server();
  const scope = api()
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam()))
    .delete(`/api/v1/teams/${T1}`).reply(...json({ success: true }))
    .get(`/api/v1/teams/${T1}`).reply(...knownErrorReply("TEAM_NOT_FOUND", 404, { team_id: T1 }));
  const team = (await app.getTeam(T1))!;
  await team.delete();
  expect(await app.getTeam(T1)).toBeNull();
  expect(scope.isDone()).toBe(true);
});

test("addUser / removeUser hit /team-memberships/{team}/{user} and refresh the cached members", async () => {
  const app = server();
  const profile = (id: string) => ({ team_id: T1, user_id: id, display_name: "In team", profile_image_url: null, user: { ...userJson({ id }), server_metadata: { s: 1 }, last_active_at_millis: CREATED } });
  let added: unknown;
  const scope = api()
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam()))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).reply(...list([profile(U1)]))
    .post(`/api/v1/team-memberships/${T1}/${U2}`, (b) => ((added = b), true)).reply(...json({ team_id: T1, user_id: U2 }, 201))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).reply(...list([profile(U1), profile(U2)]))
    .delete(`/api/v1/team-memberships/${T1}/${U2}`).reply(...json({ success: true }))
    .get("/api/v1/team-member-profiles").query({ team_id: T1 }).reply(...list([profile(U1)]));
  const team = (await app.getTeam(T1))!;
  const [member] = await team.listUsers();
  expect(member).toMatchObject({
    id: U1,
    primaryEmail: "ada@example.com",
    signedUpAt: new Date(1735600000000),
    lastActiveAt: new Date(CREATED),
    serverMetadata: { s: 1 },
    teamProfile: { displayName: "In team", profileImageUrl: null },
  });
  await team.addUser(U2);
  expect(added).toEqual({});
  expect((await team.listUsers()).map((u) => u.id)).toEqual([U1, U2]);
  await team.removeUser(U2);
  expect((await team.listUsers()).map((u) => u.id)).toEqual([U1]);
  expect(scope.isDone()).toBe(true);
});

test("listTeamMemberPermissions sends team_id and recursive (default false, as the official SDK) and maps to { userId, permissionId }", async () => {
  const app = server();
  const scope = api()
    .get("/api/v1/team-permissions").query({ team_id: T1, recursive: "true" }).once()
    .reply(...list([{ id: "team_admin", team_id: T1, user_id: U1 }, { id: "$update_team", team_id: T1, user_id: U1 }]))
    .get("/api/v1/team-permissions").query({ team_id: T1, recursive: "false" }).times(2).reply(...list([{ id: "team_admin", team_id: T1, user_id: U1 }]));
  expect(await app.listTeamMemberPermissions(T1, { recursive: true })).toEqual([
    { userId: U1, permissionId: "team_admin" },
    { userId: U1, permissionId: "$update_team" },
  ]);
  expect(await app.listTeamMemberPermissions(T1)).toEqual([{ userId: U1, permissionId: "team_admin" }]);
  expect(await app.listTeamMemberPermissions(T1, { recursive: false })).toHaveLength(1); // the same query as the default
  expect(scope.isDone()).toBe(true);
});

test("team invitations and API keys go through the shared modules with server access", async () => {
  const app = server();
  let invited: unknown;
  let created: unknown;
  const key = { id: "k1", description: "CI", is_public: false, created_at_millis: CREATED, type: "team", team_id: T1 };
  const scope = api()
    .get(`/api/v1/teams/${T1}`).reply(...json(wireTeam()))
    .post("/api/v1/team-invitations/send-code", (b) => ((invited = b), true)).reply(...json({ success: true, id: "i1" }))
    .get("/api/v1/team-invitations").query({ team_id: T1 })
    .reply(...list([{ id: "i1", team_id: T1, team_display_name: "Ops", recipient_email: "g@example.com", expires_at_millis: CREATED }]))
    .post("/api/v1/team-api-keys", (b) => ((created = b), true)).reply(...json({ ...key, value: "sk_full" }))
    .get("/api/v1/team-api-keys").query({ team_id: T1 }).reply(...list([{ ...key, value: { last_four: "full" } }]));
  const team = (await app.getTeam(T1))!;
  await team.inviteUser({ email: "g@example.com", callbackUrl: "https://app.example/invite" });
  expect(invited).toEqual({ team_id: T1, email: "g@example.com", callback_url: "https://app.example/invite" });
  expect(await team.listInvitations()).toEqual([{ id: "i1", recipientEmail: "g@example.com", expiresAt: new Date(CREATED), revoke: expect.any(Function) }]);
  const full = await team.createApiKey({ description: "CI", expiresAt: null });
  expect(created).toEqual({ description: "CI", expires_at_millis: null, team_id: T1 });
  expect(full.value).toBe("sk_full");
  expect((await team.listApiKeys())[0].value).toEqual({ lastFour: "full" });
  expect(scope.isDone()).toBe(true);
});

test("arguments are checked before any request", async () => {
  const app = server(); // nock has no interceptor: any request would fail with a network error, not an ArgumentError
  expect(await caught(app.createTeam(undefined as never))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.createTeam({ displayName: 5 as never }))).toBeInstanceOf(ArgumentError); // "" is accepted, as by the platform
  expect(await caught(app.createTeam({ displayName: "A", profileImageUrl: 3 as never }))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getTeam(undefined as never))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.getTeam({ apiKey: 1 as never }))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.listTeams({ userId: "" }))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.listTeams("u" as never))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.listTeamMemberPermissions(""))).toBeInstanceOf(ArgumentError);
  expect(await caught(app.listTeamMemberPermissions(T1, { recursive: 1 as never }))).toBeInstanceOf(ArgumentError);
});

test("platform errors are thrown as known errors", async () => {
  const app = server();
  api().post("/api/v1/teams").reply(...knownErrorReply("USER_NOT_FOUND", 404));
  expect(KnownErrors.UserNotFound.isInstance(await caught(app.createTeam({ displayName: "A", creatorUserId: U1 })))).toBe(true);
});
