import nock from "nock";
import { ArgumentError } from "../../../src/index";
import { BASE, caught } from "../../helpers/http";
import { testClientApp, userJson } from "../../helpers/app";
import { fakeAccessToken, fakeRefreshToken } from "../../helpers/tokens";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown) => [200, JSON.stringify(body), { "content-type": "application/json" }] as const;
const list = (items: unknown[]) => json({ items, is_paginated: false });
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const teamItem = (id: string) => ({ id, team_id: T1, user_id: "u1" });
const projectItem = (id: string) => ({ id, user_id: "u1" });

async function signedIn() {
  nock(BASE).get("/api/v1/users/me").reply(...json(userJson()));
  const { app } = testClientApp({ tokenStore: { accessToken: fakeAccessToken(600), refreshToken: fakeRefreshToken() } });
  return app.getUser({ or: "throw" });
}

test("team scope sends team_id, user_id=me and recursive=true by default, and maps items to { id }", async () => {
  const user = await signedIn();
  const scope = nock(BASE)
    .get("/api/v1/team-permissions").query({ team_id: T1, user_id: "me", recursive: "true" }).once()
    .reply(...list([teamItem("$update_team"), teamItem("team_admin")]));
  // A team object and its id share one cache entry; list, get and has share one request.
  const [all, byId, found, missing, has] = await Promise.all([
    user.listPermissions({ id: T1 }),
    user.listPermissions(T1, {}),
    user.getPermission({ id: T1 }, "$update_team"),
    user.getPermission(T1, "$delete_team"),
    user.hasPermission(T1, "team_admin"),
  ]);
  expect(all).toEqual([{ id: "$update_team" }, { id: "team_admin" }]);
  expect(byId).toEqual(all);
  expect(found).toEqual({ id: "$update_team" });
  expect(missing).toBeNull();
  expect(has).toBe(true);
  expect(scope.isDone()).toBe(true);
});

test("recursive: false is sent explicitly, as its own query", async () => {
  const user = await signedIn();
  nock(BASE)
    .get("/api/v1/team-permissions").query({ team_id: T1, user_id: "me", recursive: "false" }).times(2).reply(...list([teamItem("team_admin")]))
    .get("/api/v1/team-permissions").query({ team_id: T1, user_id: "me", recursive: "true" }).once().reply(...list([teamItem("$read_members"), teamItem("team_admin")]));
  expect(await user.listPermissions(T1, { recursive: false })).toEqual([{ id: "team_admin" }]);
  expect(await user.listPermissions(T1, { recursive: false })).toEqual([{ id: "team_admin" }]);
  expect(await user.listPermissions(T1, { recursive: true })).toHaveLength(2);
  expect(nock.isDone()).toBe(true);
});

test("project scope: GET /project-permissions?user_id=me&recursive=…, without a team argument", async () => {
  const user = await signedIn();
  nock(BASE)
    .get("/api/v1/project-permissions").query({ user_id: "me", recursive: "true" }).times(3).reply(...list([projectItem("admin"), projectItem("read")]))
    .get("/api/v1/project-permissions").query({ user_id: "me", recursive: "false" }).once().reply(...list([projectItem("admin")]));
  expect(await user.listPermissions()).toEqual([{ id: "admin" }, { id: "read" }]);
  expect(await user.hasPermission("read")).toBe(true);
  expect(await user.getPermission("write")).toBeNull();
  expect(await user.listPermissions({ recursive: false })).toEqual([{ id: "admin" }]);
  expect(nock.isDone()).toBe(true);
});

test("bad arguments are refused with an ArgumentError before any request", async () => {
  const user = await signedIn();
  for (const promise of [
    user.hasPermission(""),
    user.hasPermission(undefined as never),
    user.getPermission({ id: "" }, "x"),
    user.getPermission(T1, 5 as never),
    user.listPermissions({ recursive: "true" as never }),
    user.listPermissions(T1, { recursive: null as never }),
    user.listPermissions(T1, "x" as never),
    user.listPermissions(undefined as never, { recursive: true }),
  ]) {
    expect(ArgumentError.isInstance(await caught(promise))).toBe(true);
  }
});
