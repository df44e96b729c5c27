import nock from "nock";
import { ArgumentError, ServerApp } from "../../../src/index";
import { BASE, PROJECT } from "../../helpers/http";

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const json = (body: unknown, status = 200) => [status, JSON.stringify(body), { "content-type": "application/json" }] as const;
const T1 = "0a0a0a0a-0000-4000-8000-000000000001";
const T2 = "0a0a0a0a-0000-4000-8000-000000000002";
const U1 = "3f1e0a52-0000-4000-8000-000000000001";
const wireTeam = (id: string, name: string) => ({
  id,
  display_name: name,
  profile_image_url: null,
  client_metadata: null,
  client_read_only_metadata: null,
  created_at_millis: 1735600000000,
  server_metadata: null,
});

function server() {
  return new ServerApp({ projectId: PROJECT, baseUrl: BASE, secretServerKey: "ssk_test", tokenStore: "memory", retry: { sleep: async () => {}, random: () => 0.5 } });
}
const api = () => nock(BASE).matchHeader("x-stack-access-type", "server").matchHeader("x-stack-secret-server-key", "ssk_test");

test("listTeams sends order_by, desc, cursor, limit, query (and user_id) and returns the page with nextCursor", async () => {
  const scope = api()
    .get("/api/v1/teams")
    .query({ user_id: U1, order_by: "created_at", desc: "true", cursor: T1, limit: "2", query: "ops" })
    .reply(...json({ items: [wireTeam(T2, "Ops 2"), wireTeam(T1, "Ops 1")], is_paginated: true, pagination: { next_cursor: T1 } }));
  const page = await server().listTeams({ userId: U1, orderBy: "createdAt", desc: true, cursor: T1, limit: 2, query: "ops" });
  expect(page.map((t) => t.displayName)).toEqual(["Ops 2", "Ops 1"]);
  expect(page.nextCursor).toBe(T1);
  expect(scope.isDone()).toBe(true);
});

test("an unpaginated list has nextCursor null; each query reads its own list", async () => {
  const app = server();
  const scope = api()
    .get("/api/v1/teams").query({}).times(2).reply(...json({ items: [wireTeam(T1, "Ops")], is_paginated: false }))
    .get("/api/v1/teams").query({ query: "x" }).times(2).reply(...json({ items: [], is_paginated: false }));
  const all = await app.listTeams();
  expect(all.nextCursor).toBeNull();
  expect(await app.listTeams({ query: "x" })).toHaveLength(0);
  expect(await app.listTeams()).toHaveLength(1);
  expect(await app.listTeams({ query: "x" })).toHaveLength(0);
  expect(scope.isDone()).toBe(true);
});

test("a team change refreshes the paginated lists too", async () => {
  const app = server();
  api()
    .get("/api/v1/teams").query({ limit: "1" }).reply(...json({ items: [wireTeam(T1, "Ops")], is_paginated: true, pagination: { next_cursor: null } }))
    .post("/api/v1/teams").reply(...json(wireTeam(T2, "New"), 201))
    .get("/api/v1/teams").query({ limit: "1" }).reply(...json({ items: [wireTeam(T1, "Ops")], is_paginated: true, pagination: { next_cursor: T2 } }))
    .get(`/api/v1/teams/${T2}`).reply(...json(wireTeam(T2, "New")));
  expect((await app.listTeams({ limit: 1 })).nextCursor).toBeNull();
  await app.createTeam({ displayName: "New" });
  expect((await app.listTeams({ limit: 1 })).nextCursor).toBe(T2);
});

test("bad options are refused before any request", async () => {
  const app = server();
  for (const bad of [{ orderBy: "name" }, { desc: "yes" }, { cursor: "" }, { limit: 0 }, { limit: 2.5 }, { query: 3 }, { nope: 1 }, { userId: "" }]) {
    await expect(app.listTeams(bad as never)).rejects.toThrow(ArgumentError);
  }
  await expect(app.listTeams(null as never)).rejects.toThrow(ArgumentError);
});
