import type { RunningEmulator } from "../../src/emulator";
import { INPUT_LIMITS } from "../../src/emulator/http/limits";
import { call, expectKnown, signUp, startTestEmulator, type CallResult } from "./helpers";
import { bottomOf, depthOf, nestedText } from "./json-helpers";

/**
 * Every place the emulator stores caller JSON: what goes in must come back out of every read that shows it, and a
 * value nested too deeply is refused before it is stored.
 */

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const MAX = INPUT_LIMITS.maxJsonDepth;
type Raw = (valueText: string) => Promise<CallResult>;
interface Place {
  /** Writes the value (JSON text) and returns the answer. */
  write: Raw;
  /** Every read that shows the stored value. */
  reads: (() => Promise<unknown>)[];
  /** Deepest value the place takes (the body around it counts towards the limit). */
  maxDepth: number;
}

const rawBody = (path: string, method: string, access: "client" | "server" | "admin", bodyText: string, accessToken?: string) =>
  call(em, path, { method, access, accessToken, raw: { body: bodyText, contentType: "application/json" } });
const get = async (path: string, access: "client" | "server" | "admin", accessToken?: string) => {
  const r = await call(em, path, { access, accessToken });
  expect(r.status).toBe(200);
  return r.json;
};
const listed = async (path: string, id: string) => ((await get(path, "server")).items as { id: string }[]).find((i) => i.id === id);

async function userPlace(field: "client_metadata" | "client_read_only_metadata" | "server_metadata"): Promise<Place> {
  const user = await signUp(em);
  const id = user.user_id;
  const write: Raw =
    field === "client_metadata"
      ? (v) => rawBody("/users/me", "PATCH", "client", `{"${field}":${v}}`, user.access_token)
      : (v) => rawBody(`/users/${id}`, "PATCH", "server", `{"${field}":${v}}`);
  const reads = [
    async () => ((await get(`/users/${id}`, "server")) as Record<string, unknown>)[field],
    async () => ((await listed("/users?limit=1000", id)) as Record<string, unknown> | undefined)?.[field],
  ];
  if (field !== "server_metadata") reads.push(async () => ((await get("/users/me", "client", user.access_token)) as Record<string, unknown>)[field]);
  return { write, reads, maxDepth: MAX - 1 };
}

async function teamPlace(field: "client_metadata" | "client_read_only_metadata" | "server_metadata"): Promise<Place> {
  const owner = await signUp(em);
  const teamId = (await get("/users/me", "client", owner.access_token)).selected_team_id as string;
  const write: Raw =
    field === "client_metadata"
      ? (v) => rawBody(`/teams/${teamId}`, "PATCH", "client", `{"${field}":${v}}`, owner.access_token)
      : (v) => rawBody(`/teams/${teamId}`, "PATCH", "server", `{"${field}":${v}}`);
  const reads = [
    async () => ((await get(`/teams/${teamId}`, "server")) as Record<string, unknown>)[field],
    async () => ((await listed(`/teams?user_id=${owner.user_id}`, teamId)) as Record<string, unknown> | undefined)?.[field],
    async () => ((await get(`/users/${owner.user_id}`, "server")).selected_team as Record<string, unknown>)[field],
  ];
  if (field !== "server_metadata") reads.push(async () => ((await get(`/teams/${teamId}`, "client", owner.access_token)) as Record<string, unknown>)[field]);
  return { write, reads, maxDepth: MAX - 1 };
}

function chatPlace(thread: string): Place {
  return {
    write: (v) => rawBody(`/internal/ai-chat/${thread}`, "PATCH", "admin", `{"message":${v}}`),
    reads: [async () => ((await get(`/internal/ai-chat/${thread}`, "admin")).messages as unknown[]).at(-1)],
    maxDepth: MAX - 1,
  };
}

const places: [string, () => Promise<Place> | Place][] = [
  ["user client_metadata (PATCH /users/me)", () => userPlace("client_metadata")],
  ["user client_read_only_metadata (server PATCH /users/{id})", () => userPlace("client_read_only_metadata")],
  ["user server_metadata (server PATCH /users/{id})", () => userPlace("server_metadata")],
  ["team client_metadata (client PATCH /teams/{id})", () => teamPlace("client_metadata")],
  ["team client_read_only_metadata (server PATCH /teams/{id})", () => teamPlace("client_read_only_metadata")],
  ["team server_metadata (server PATCH /teams/{id})", () => teamPlace("server_metadata")],
  ["AI chat messages (PATCH /internal/ai-chat/{thread})", () => chatPlace(`thread-${Math.random()}`)],
];

describe.each(places)("%s", (_name, makePlace) => {
  let place: Place;
  beforeAll(async () => {
    place = await makePlace();
  });
  const readAll = () => Promise.all(place.reads.map((read) => read()));

  test("the deepest accepted value round-trips through every read", async () => {
    const w = await place.write(nestedText(place.maxDepth, { leaf: '"deepest"' }));
    expect(w.status).toBe(200);
    for (const v of await readAll()) {
      expect(depthOf(v)).toBe(place.maxDepth);
      expect(bottomOf(v)).toBe("deepest");
    }
  });

  test("a value nested ~5,000 deep is refused with a 400 and the stored value stays", async () => {
    expect((await place.write('{"kept":true}')).status).toBe(200);
    for (const text of [nestedText(5000), nestedText(place.maxDepth + 1, { kind: "array" })]) {
      const r = await place.write(text);
      expect(r.status).toBe(400);
      expect(r.text).toContain("nested too deeply");
    }
    for (const v of await readAll()) expect(v).toEqual({ kept: true });
  });

  test("__proto__ and constructor keys are stored and served back as plain data", async () => {
    const text = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"toString":1}';
    expect((await place.write(text)).status).toBe(200);
    for (const v of await readAll()) {
      expect(Object.keys(v as object)).toEqual(["__proto__", "constructor", "toString"]);
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(JSON.stringify(v)).toBe(text);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("many keys, many items and long strings round-trip", async () => {
    const big = { keys: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])), items: Array.from({ length: 20_000 }, (_, i) => i % 7), long: "é".repeat(200_000) };
    expect((await place.write(JSON.stringify(big))).status).toBe(200);
    for (const v of await readAll()) expect(JSON.stringify(v)).toBe(JSON.stringify(big));
  });
});

describe("values are kept as the wire carries them", () => {
  test("POST /users and POST /teams store all three metadata fields, deep ones included", async () => {
    const deep = nestedText(MAX - 1, { leaf: "7" });
    const u = await rawBody("/users", "POST", "server", `{"client_metadata":${deep},"client_read_only_metadata":${deep},"server_metadata":${deep}}`);
    const team = await rawBody("/teams", "POST", "server", `{"display_name":"Deep","client_metadata":${deep},"client_read_only_metadata":${deep},"server_metadata":${deep}}`);
    for (const [created, path] of [[u, "/users"], [team, "/teams"]] as const) {
      expect(created.status).toBe(201);
      const read = await get(`${path}/${created.json.id}`, "server");
      for (const f of ["client_metadata", "client_read_only_metadata", "server_metadata"]) expect(bottomOf(read[f])).toBe(7);
    }
    const tooDeep = await rawBody("/users", "POST", "server", `{"server_metadata":${nestedText(MAX)}}`);
    expectKnown(tooDeep, 400, "BODY_PARSING_ERROR");
  });

  test("numbers too large for a double are stored as null, like the platform's JSON round trip", async () => {
    const user = await signUp(em);
    const r = await rawBody("/users/me", "PATCH", "client", '{"client_metadata":{"huge":1e400,"list":[1e999]}}', user.access_token);
    expect(r.status).toBe(200);
    expect((await get("/users/me", "client", user.access_token)).client_metadata).toEqual({ huge: null, list: [null] });
  });
});

describe("config overrides", () => {
  const override = (value: unknown) => call(em, "/internal/config/override", { method: "PATCH", access: "admin", body: { config_override_string: JSON.stringify(value) } });
  const config = async () => JSON.parse((await get("/internal/config", "admin")).config_string as string) as Record<string, unknown>;

  // Config overrides are checked against the platform's config schema, so caller JSON can only fill known keys
  // (arbitrary values are refused); what can be stored is plain data.
  test("dotted keys through __proto__ or constructor are refused, touch no prototype and change nothing", async () => {
    const before = (await get("/internal/config", "admin")).config_string;
    for (const text of ['{"__proto__.polluted":"yes"}', '{"constructor.prototype.polluted":"yes"}', '{"__proto__":{"polluted":"yes"}}']) {
      const r = await call(em, "/internal/config/override", { method: "PATCH", access: "admin", body: { config_override_string: text } });
      expect(r.status).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect((await get("/internal/config", "admin")).config_string).toBe(before);
  });

  test("a record entry named __proto__ is stored and served back as a plain key", async () => {
    expect((await override({ "rbac.permissions.__proto__": { description: "odd but valid id" } })).status).toBe(200);
    const permissions = ((await config()).rbac as { permissions: object }).permissions;
    expect(Object.getOwnPropertyDescriptor(permissions, "__proto__")?.value).toMatchObject({ description: "odd but valid id" });
    expect(Object.getPrototypeOf(permissions)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).description).toBeUndefined();
  });

  test("a config nested too deeply through dotted keys is refused and nothing changes", async () => {
    const before = (await get("/internal/config", "admin")).config_string;
    const path = Array.from({ length: MAX + 1 }, () => "deep").join(".");
    const r = await override({ [path]: 1, "auth.allowSignUp": false });
    expect(r.status).toBe(400);
    expect(r.text).toContain("is not valid");
    expect((await get("/internal/config", "admin")).config_string).toBe(before);
  });
});
