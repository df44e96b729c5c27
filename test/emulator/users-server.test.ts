import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";
import { addMember, serverTeam } from "./team-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

type WireUser = { id: string; signed_up_at_millis: number; display_name: string | null };
const server = { access: "server" as const };
const createUser = async (body: Record<string, unknown>) => {
  const r = await call(em, "/users", { ...server, body });
  expect(r.status).toBe(201);
  return r.json as WireUser & Record<string, unknown>;
};
const ids = (items: WireUser[]) => items.map((u) => u.id);
const bySignUp = (a: WireUser, b: WireUser) => a.signed_up_at_millis - b.signed_up_at_millis;

describe("POST /users", () => {
  test("creates a bare user: 201 with the server shape, no e-mail auth, no team unless teams are made on sign-up", async () => {
    const config = em.core.store.projects.get(em.projectId)!.config;
    config.createTeamOnSignUp = false;
    let r;
    try {
      r = await call(em, "/users", { ...server, body: {} });
    } finally {
      config.createTeamOnSignUp = true;
    }
    expect(r.status).toBe(201);
    expect([r.json.selected_team, r.json.selected_team_id]).toEqual([null, null]);
    expect(r.json).toMatchObject({
      primary_email: null,
      primary_email_auth_enabled: false,
      auth_with_email: false,
      has_password: false,
      is_anonymous: false,
      server_metadata: null,
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
    });
    // the platform answers before it creates the personal team; the next read has it
    const withTeam = await call(em, "/users", { ...server, body: { display_name: "Teamy" } });
    expect(withTeam.json.selected_team).toBeNull();
    const reread = await call(em, `/users/${withTeam.json.id}`, server);
    expect(reread.json.selected_team).toMatchObject({ display_name: "Teamy's Team", created_at_millis: expect.any(Number) });
  });

  test("with e-mail, password, metadata and oauth providers; the user can sign in", async () => {
    const email = freshEmail("created");
    const u = await createUser({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "password123",
      display_name: "Ada",
      server_metadata: { plan: "pro" },
      oauth_providers: [{ id: "github", account_id: "gh-1", email }],
    });
    expect(u).toMatchObject({ primary_email: email, primary_email_verified: true, has_password: true, display_name: "Ada", server_metadata: { plan: "pro" } });
    expect(u.oauth_providers).toEqual([{ id: "github", account_id: "gh-1", email }]);
    const signIn = await call(em, "/auth/password/sign-in", { body: { email, password: "password123" } });
    expect(signIn.json.user_id).toBe(u.id);
  });

  test("errors", async () => {
    const both = await call(em, "/users", { ...server, body: { password: "password123", password_hash: "$2a$10$abcdefghijklmnopqrstuuabcdefghijklmnopqrstuvwxyzABCDE" } });
    expect([both.status, both.text]).toEqual([400, "Cannot set both password and password_hash at the same time."]);
    const hash = await call(em, "/users", { ...server, body: { password_hash: "plain" } });
    expect([hash.status, hash.text]).toEqual([400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."]);
    const noEmail = await call(em, "/users", { ...server, body: { primary_email_auth_enabled: true } });
    expect([noEmail.status, noEmail.text]).toEqual([400, "primary_email_auth_enabled cannot be true without primary_email"]);
    const provider = await call(em, "/users", { ...server, body: { oauth_providers: [{ id: "myspace", account_id: "1", email: null }] } });
    expect([provider.status, provider.text]).toEqual([400, "OAuth provider myspace not found"]);
    // the server API has no password rules beyond the schema's 70 characters
    expect((await call(em, "/users", { ...server, body: { password: "short" } })).status).toBe(201);
    expectKnown(await call(em, "/users", { ...server, body: { password: "x".repeat(71) } }), 400, "SCHEMA_ERROR");
    const taken = await signUp(em);
    const dup = await call(em, "/users", { ...server, body: { primary_email: taken.email, primary_email_auth_enabled: true } });
    expect(expectKnown(dup, 409, "USER_EMAIL_ALREADY_EXISTS").details).toEqual({ email: taken.email, would_work_if_email_was_verified: false });
    expectKnown(await call(em, "/users", { ...server, body: { selected_team_id: null } }), 400, "SCHEMA_ERROR");
    const client = await call(em, "/users", { body: {} });
    expect(expectKnown(client, 401, "INSUFFICIENT_ACCESS_TYPE").details).toEqual({ actual_access_type: "client", allowed_access_types: ["server", "admin"] });
  });
});

describe("GET /users", () => {
  test("walks pages with limit and cursor in sign-up order; desc reverses", async () => {
    const tag = `walk${Date.now()}`;
    const created: WireUser[] = [];
    for (let i = 0; i < 5; i++) created.push(await createUser({ display_name: `${tag} ${i}` }));
    const all = await call(em, `/users?query=${tag}`, server);
    expect(all.json).toMatchObject({ is_paginated: true, pagination: { next_cursor: null } });
    expect(all.json.items).toHaveLength(5);
    // Sign-up order is creation order, also for users made in the same millisecond.
    const sorted = created;
    expect(ids(all.json.items)).toEqual(ids(sorted));
    expect(ids([...all.json.items].sort(bySignUp))).toEqual(ids(sorted));

    const seen: string[] = [];
    let cursor: string | null = null;
    const pageSizes: number[] = [];
    do {
      const r: { json: { items: WireUser[]; pagination: { next_cursor: string | null } } } = await call(em, `/users?query=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, server);
      pageSizes.push(r.json.items.length);
      seen.push(...ids(r.json.items));
      cursor = r.json.pagination.next_cursor;
    } while (cursor);
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(ids(sorted));

    const desc = await call(em, `/users?query=${tag}&desc=true&order_by=signed_up_at`, server);
    expect(ids(desc.json.items)).toEqual(ids(sorted).reverse());
    const unknownCursor = await call(em, `/users?query=${tag}&cursor=00000000-0000-4000-8000-000000000006`, server);
    expect(unknownCursor.json.items).toEqual([]);
  });

  test("users who signed up in the same millisecond keep creation order, reversed by desc", async () => {
    const tag = `tie${Date.now()}`;
    const created: WireUser[] = [];
    for (let i = 0; i < 4; i++) created.push(await createUser({ display_name: `${tag} ${i}` }));
    for (const u of created) em.core.store.users.get(u.id)!.signedUpAtMillis = created[0].signed_up_at_millis;
    expect(ids((await call(em, `/users?query=${tag}`, server)).json.items)).toEqual(ids(created));
    expect(ids((await call(em, `/users?query=${tag}&desc=true`, server)).json.items)).toEqual(ids(created).reverse());
  });

  test("query matches display name, e-mail and exact id (case-insensitive)", async () => {
    const email = freshEmail("Findme");
    const u = await createUser({ primary_email: email, display_name: "Zelda Quux" });
    expect(ids((await call(em, "/users?query=zelda%20QUUX", server)).json.items)).toEqual([u.id]);
    expect(ids((await call(em, `/users?query=${encodeURIComponent(email.toUpperCase())}`, server)).json.items)).toEqual([u.id]);
    expect(ids((await call(em, `/users?query=${u.id}`, server)).json.items)).toEqual([u.id]);
  });

  test("anonymous and restricted users are excluded by default", async () => {
    const tag = `flags${Date.now()}`;
    const normal = await createUser({ display_name: `${tag} normal` });
    const restricted = await createUser({ display_name: `${tag} restricted`, restricted_by_admin: true, restricted_by_admin_reason: "spam" });
    const anon = await createUser({ display_name: `${tag} anon`, is_anonymous: true });
    const list = async (extra = "") => ids((await call(em, `/users?query=${tag}${extra}`, server)).json.items).sort();
    expect(await list()).toEqual([normal.id]);
    expect(await list("&include_restricted=true")).toEqual([normal.id, restricted.id].sort());
    expect(await list("&include_anonymous=true")).toEqual([normal.id, restricted.id, anon.id].sort());
    expect(await list("&include_anonymous=true&only_anonymous=true")).toEqual([anon.id]);
    const bad = await call(em, `/users?only_anonymous=true`, server);
    expect([bad.status, bad.text]).toEqual([400, "only_anonymous=true requires include_anonymous=true"]);
  });

  test("team_id filters members; bad params are schema errors; clients cannot list", async () => {
    const teamId = await serverTeam(em);
    const a = await createUser({});
    const b = await createUser({});
    await createUser({});
    await addMember(em, teamId, a.id);
    await addMember(em, teamId, b.id);
    const r = await call(em, `/users?team_id=${teamId}`, server);
    expect(ids(r.json.items).sort()).toEqual([a.id, b.id].sort());
    expect(expectKnown(await call(em, "/users?cursor=nope", server), 400, "SCHEMA_ERROR").error).toContain("query.cursor must be a valid UUID");
    expectKnown(await call(em, "/users?limit=0", server), 400, "SCHEMA_ERROR");
    expectKnown(await call(em, "/users?order_by=name", server), 400, "SCHEMA_ERROR");
    expectKnown(await call(em, "/users?extra=1", server), 400, "SCHEMA_ERROR");
    const user = await signUp(em);
    expectKnown(await call(em, "/users", { accessToken: user.access_token }), 401, "INSUFFICIENT_ACCESS_TYPE");
  });
});
