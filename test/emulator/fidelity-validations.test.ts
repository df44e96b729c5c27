import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";

// Inputs the platform refuses with 400 (its shared schema fields and route checks), over real HTTP.
let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const createUser = (body: unknown) => call(em, "/users", { access: "server", body });
const patchProject = (config: unknown) => call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config } });
const schemaErrorOf = (r: Awaited<ReturnType<typeof call>>) => expectKnown(r, 400, "SCHEMA_ERROR").error;

describe("totp_secret_base64", () => {
  test("a value that is not padded base64 is a schema error; valid base64 turns on MFA", async () => {
    expect(schemaErrorOf(await createUser({ totp_secret_base64: "not base64!" }))).toContain("body.totp_secret_base64 is not valid base64");
    expect(schemaErrorOf(await createUser({ totp_secret_base64: "dG90cA" }))).toContain("body.totp_secret_base64 is not valid base64");
    const ok = await createUser({ totp_secret_base64: "dG90cC1zZWNyZXQ=" });
    expect(ok.status).toBe(201);
    expect(ok.json.requires_totp_mfa).toBe(true);
    const patched = await call(em, `/users/${ok.json.id}`, { access: "server", method: "PATCH", body: { totp_secret_base64: "%%%%" } });
    expect(schemaErrorOf(patched)).toContain("body.totp_secret_base64 is not valid base64");
  });
});

describe("profile_image_url", () => {
  test("empty, unparseable or spaced values are schema errors", async () => {
    expect(schemaErrorOf(await createUser({ profile_image_url: "" }))).toContain("body.profile_image_url is not a valid URL");
    const spaced = schemaErrorOf(await createUser({ profile_image_url: "not a url" }));
    expect(spaced).toContain("body.profile_image_url contains spaces");
    expect(spaced).toContain("body.profile_image_url is not a valid URL");
  });

  test("a URL that is neither http(s) nor an image data URL is refused with the platform's 400", async () => {
    const r = await createUser({ profile_image_url: "ftp://example.com/a.png" });
    expect({ status: r.status, text: r.text }).toEqual({ status: 400, text: "Invalid profile image URL" });
    const team = await call(em, "/teams", { access: "server", body: { display_name: "T", profile_image_url: "mailto:a@b.co" } });
    expect({ status: team.status, text: team.text }).toEqual({ status: 400, text: "Invalid profile image URL" });
  });

  test("a data URL that is no image is refused with the image library's message", async () => {
    const r = await createUser({ profile_image_url: "data:image/png;base64,aGVsbG8=" });
    expect({ status: r.status, text: r.text }).toEqual({ status: 400, text: "Invalid image format or corrupted image data" });
  });
});

describe("trusted domains", () => {
  test("a non-http(s) scheme is a schema error with the platform's wording", async () => {
    const r = await patchProject({ domains: [{ domain: "ftp://files.example.com", handler_path: "/handler" }] });
    expect(schemaErrorOf(r)).toContain("URL must start with http:// or https://");
    const bad = await patchProject({ domains: [{ domain: "https://example.com", handler_path: "handler" }] });
    expect(schemaErrorOf(bad)).toContain("Handler path must start with /");
    const read = await call(em, "/internal/projects/current", { access: "admin" });
    expect(read.json.config.domains.map((d: { domain: string }) => d.domain)).not.toContain("ftp://files.example.com");
  });
});

describe("OAuth providers", () => {
  test("a standard provider with an empty or missing client_secret is a schema error", async () => {
    const empty = await patchProject({ oauth_providers: [{ id: "github", type: "standard", client_id: "id", client_secret: "" }] });
    expect(schemaErrorOf(empty)).toContain("body.config.oauth_providers[0].client_secret must not be empty");
    const missing = await patchProject({ oauth_providers: [{ id: "github", type: "standard", client_id: "id" }] });
    expect(schemaErrorOf(missing)).toContain("body.config.oauth_providers[0].client_secret must be defined");
    const shared = await patchProject({ oauth_providers: [{ id: "github", type: "shared" }] });
    expect(shared.status).toBe(200);
  });
});

describe("POST /auth/password/set", () => {
  test("with password sign-in off → PASSWORD_AUTHENTICATION_NOT_ENABLED", async () => {
    const em2 = await startTestEmulator();
    try {
      const otpUser = await call(em2, "/users", { access: "server", body: { primary_email: freshEmail("set"), primary_email_auth_enabled: true, otp_auth_enabled: true } });
      expect(otpUser.status).toBe(201);
      const session = await call(em2, "/auth/sessions", { access: "server", body: { user_id: otpUser.json.id, expires_in_millis: 60_000 } });
      expect(session.status).toBe(200);
      const off = await call(em2, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { credential_enabled: false } } });
      expect(off.status).toBe(200);
      const r = await call(em2, "/auth/password/set", { accessToken: session.json.access_token, body: { password: "a-long-password" } });
      expectKnown(r, 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");
    } finally {
      await em2.stop();
    }
  });

  test("a signed-up user's second set is the platform's plain 400", async () => {
    const u = await signUp(em);
    const r = await call(em, "/auth/password/set", { accessToken: u.access_token, body: { password: "another-password" } });
    expect({ status: r.status, text: r.text }).toEqual({ status: 400, text: "User already has a password set." });
  });
});
