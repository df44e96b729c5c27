import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, signUp, startTestEmulator } from "./helpers";

// Values and shapes as the platform answers them, over real HTTP.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const createUser = (body: unknown, projectId?: string) => call(em, "/users", { access: "server", body, projectId });
const getUser = (id: string, projectId?: string) => call(em, `/users/${id}`, { access: "server", projectId });
// 1×1 PNG
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36";

test("project reads: the admin shape has is_development_environment, the client shape (any access type) has none", async () => {
  const admin = await call(em, "/internal/projects/current", { access: "admin" });
  expect(admin.json.is_development_environment).toBe(false);
  for (const access of ["client", "server", "admin"] as const) {
    const r = await call(em, "/projects/current", { access });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["config", "display_name", "id"]);
  }
});

test("trusted domains set through the legacy project config come back keyed by generated config ids", async () => {
  const domains = [{ domain: "https://a.example.com", handler_path: "/handler" }, { domain: "https://b.example.com", handler_path: "/auth" }];
  expect((await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { domains } } })).status).toBe(200);
  const config = JSON.parse((await call(em, "/internal/config", { access: "admin" })).json.config_string);
  const entries = Object.entries(config.domains.trustedDomains) as [string, { baseUrl: string; handlerPath: string }][];
  expect(entries.map(([, d]) => d.baseUrl).sort()).toEqual(["https://a.example.com", "https://b.example.com"]);
  for (const [id] of entries) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

describe("personal teams", () => {
  test("a user created server-side is answered before its personal team exists (selected_team null); later reads have it", async () => {
    for (const projectId of ["internal", em.projectId]) {
      const email = freshEmail("team");
      const created = await createUser({ primary_email: email }, projectId);
      expect(created.status).toBe(201);
      expect({ id: created.json.selected_team_id, team: created.json.selected_team }).toEqual({ id: null, team: null });
      const read = await getUser(created.json.id, projectId);
      expect(read.json.selected_team.display_name).toBe(`${email}'s Team`);
    }
  });

  test("an anonymous user who signs up gets the personal team renamed \"{email}'s Team\"", async () => {
    const anon = await call(em, "/auth/anonymous/sign-up", { body: {} });
    expect(anon.status).toBe(200);
    const before = await call(em, "/users/me", { accessToken: anon.json.access_token, allowAnonymous: true });
    expect(before.json.selected_team.display_name).toBe("Personal Team");
    const email = freshEmail("upgrade");
    const up = await call(em, "/auth/password/sign-up", { accessToken: anon.json.access_token, allowAnonymous: true, body: { email, password: "password123" } });
    expect(up.status).toBe(200);
    const after = await getUser(anon.json.user_id);
    expect({ anonymous: after.json.is_anonymous, team: after.json.selected_team.display_name }).toEqual({ anonymous: false, team: `${email}'s Team` });
  });

  test("server PATCH is_anonymous: false upgrades too (display name wins); true is refused", async () => {
    const anon = await createUser({ is_anonymous: true });
    const patched = await call(em, `/users/${anon.json.id}`, { access: "server", method: "PATCH", body: { is_anonymous: false, display_name: "Ada" } });
    expect(patched.status).toBe(200);
    expect({ anonymous: patched.json.is_anonymous, team: patched.json.selected_team.display_name }).toEqual({ anonymous: false, team: "Ada's Team" });
    const again = await call(em, `/users/${anon.json.id}`, { access: "server", method: "PATCH", body: { is_anonymous: true } });
    expect(again.json.error).toContain("body.is_anonymous must be one of the following values: false");
  });
});

test("auth_with_email follows the sign-in methods, not the contact channels", async () => {
  const created = await createUser({ primary_email: freshEmail("awe"), primary_email_auth_enabled: true, password: "password123" });
  expect(created.json.auth_with_email).toBe(true);
  const off = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { primary_email_auth_enabled: false } });
  expect(off.json.auth_with_email).toBe(true);
  const noEmail = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { primary_email: null } });
  expect({ email: noEmail.json.primary_email, flag: noEmail.json.auth_with_email }).toEqual({ email: null, flag: true });
  const noPassword = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { password: null } });
  expect(noPassword.json.auth_with_email).toBe(false);
});

test("an empty display_name is stored as null (create and update)", async () => {
  const created = await createUser({ display_name: "" });
  expect(created.json.display_name).toBeNull();
  const named = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { display_name: "Ada" } });
  expect(named.json.display_name).toBe("Ada");
  const cleared = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { display_name: "" } });
  expect(cleared.json.display_name).toBeNull();
});

test("server-side creation takes the platform's password and e-mail rules: short passwords and dotless domains pass, 71 characters do not", async () => {
  const dotless = await createUser({ primary_email: "ada@localhost" });
  expect({ status: dotless.status, email: dotless.json.primary_email }).toEqual({ status: 201, email: "ada@localhost" });
  const email = freshEmail("short");
  const short = await createUser({ primary_email: email, primary_email_auth_enabled: true, password: "abc" });
  expect({ status: short.status, has_password: short.json.has_password }).toEqual({ status: 201, has_password: true });
  const signIn = await call(em, "/auth/password/sign-in", { body: { email, password: "abc" } });
  expect(signIn.status).toBe(200);
  const long = await createUser({ password: "x".repeat(71) });
  expect(long.json.error).toContain("body.password must be at most 70 characters");
  const empty = await createUser({ primary_email: "" });
  expect(empty.json.error).toContain("body.primary_email must not be empty");
  const updated = await call(em, `/users/${short.json.id}`, { access: "server", method: "PATCH", body: { password: "xy" } });
  expect(updated.status).toBe(200);
});

test("a data-URL profile image is stored and answered as an image URL the emulator serves", async () => {
  const created = await createUser({ profile_image_url: `data:image/png;base64,${PNG}` });
  expect(created.status).toBe(201);
  const url: string = created.json.profile_image_url;
  expect(url).toMatch(new RegExp(`^${em.url}/emulator/uploads/user-profile-images/[0-9a-f-]{36}\\.png$`));
  const image = await fetch(url);
  expect(image.headers.get("content-type")).toBe("image/png");
  expect(Buffer.from(await image.arrayBuffer()).toString("base64")).toBe(PNG);
  const https = await call(em, `/users/${created.json.id}`, { access: "server", method: "PATCH", body: { profile_image_url: "https://cdn.example.com/a.png" } });
  expect(https.json.profile_image_url).toBe("https://cdn.example.com/a.png");
  const team = await call(em, "/teams", { access: "server", body: { display_name: "Pics", profile_image_url: `data:image/png;base64,${PNG}` } });
  expect(team.json.profile_image_url).toMatch(/\/emulator\/uploads\/team-profile-images\/[0-9a-f-]{36}\.png$/);
  expect((await fetch(`${em.url}/emulator/uploads/user-profile-images/nope.png`)).status).toBe(404);
});

describe("country_code", () => {
  const signUpWith = (headers: Record<string, string>) =>
    call(em, "/auth/password/sign-up", { body: { email: freshEmail("geo"), password: "password123" }, headers });

  test("a browser sign-up takes x-vercel-ip-country, else cf-ipcountry (trimmed, upper-cased)", async () => {
    const vercel = await signUpWith({ "user-agent": BROWSER, "x-vercel-ip-country": " ch ", "cf-ipcountry": "DE" });
    expect((await getUser(vercel.json.user_id)).json.country_code).toBe("CH");
    const cloudflare = await signUpWith({ "user-agent": BROWSER, "cf-ipcountry": "de", "x-forwarded-for": "203.0.113.7" });
    expect((await getUser(cloudflare.json.user_id)).json.country_code).toBe("DE");
  });

  test("no country without a browser user agent, with an invalid end-user IP or an invalid code", async () => {
    const server = await signUpWith({ "user-agent": "node", "x-vercel-ip-country": "CH" });
    const badIp = await signUpWith({ "user-agent": BROWSER, "x-forwarded-for": "not-an-ip", "x-vercel-ip-country": "CH" });
    const badCode = await signUpWith({ "user-agent": BROWSER, "x-vercel-ip-country": "CHE" });
    for (const r of [server, badIp, badCode]) expect((await getUser(r.json.user_id)).json.country_code).toBeNull();
  });

  test("a server-set country_code is normalized and checked", async () => {
    expect((await createUser({ country_code: " us " })).json.country_code).toBe("US");
    expect((await createUser({ country_code: "usa" })).json.error).toContain("body.country_code must be a 2-letter country code");
  });
});

test("a user API key is read and updated without user_id, as on the platform: the key's own user (client) or any server", async () => {
  const owner = await signUp(em);
  const other = await signUp(em);
  const created = await call(em, "/user-api-keys", { accessToken: owner.access_token, body: { user_id: "me", description: "k", expires_at_millis: null } });
  expect(created.status).toBe(200);
  const path = `/user-api-keys/${created.json.id}`;
  const mine = await call(em, path, { accessToken: owner.access_token });
  expect({ status: mine.status, user_id: mine.json.user_id, description: mine.json.description }).toEqual({ status: 200, user_id: owner.user_id, description: "k" });
  const renamed = await call(em, path, { accessToken: owner.access_token, method: "PATCH", body: { description: "renamed" } });
  expect(renamed.json.description).toBe("renamed");
  const server = await call(em, path, { access: "server" });
  expect(server.json.user_id).toBe(owner.user_id);
  const theirs = await call(em, path, { accessToken: other.access_token });
  expect({ status: theirs.status, text: theirs.text }).toEqual({ status: 403, text: "Client can only manage their own api keys" });
  const list = await call(em, "/user-api-keys", { access: "server" });
  expect(list.json).toEqual({ code: "SCHEMA_ERROR", details: { message: "user_id is required for user API keys" }, error: "user_id is required for user API keys" });
});
