import type { RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";

// Users imported with `password_hash` sign in with their password, as on the platform. The platform accepts bcrypt in
// Modular Crypt Format only (`$2a$`, `$2b$`, `$2y$`, 60 characters, cost at most 16) and checks it with `bcryptjs`
// (packages/stack-shared/src/utils/hashes.tsx: `getPasswordHashAlgorithm`, `comparePassword`); anything else is a
// 400 "Invalid password hash. …" (apps/backend/src/app/api/latest/users/crud.tsx, `getPasswordHashFromData`), which
// the create and update schemas both take (packages/stack-shared/src/interface/crud/users.ts). The newest released
// package (@stackframe/stack-shared 2.8.108) has the same code as the platform's source.
//
// The hashes below were made outside Node, by the C library's crypt(3) (libxcrypt, through Perl), so they stand for
// hashes exported from another system rather than for what the emulator's own library would write.
const IMPORTED = {
  a13: { password: "correct horse battery staple", hash: "$2a$13$NRgXzxdseNejSeC5XBnCDei13iqmhMU/2nNcnoSOCqbBQdpsCxp6a" },
  b10: { password: "Tr0ub4dor&3", hash: "$2b$10$dA2mb5ufNB/yBhMOe7/7AeHWgvbp1wS1wK.wXGHMhvtPeommSLrye" },
  y10: { password: "pässwörd-ünïcode", hash: "$2y$10$2823YgKWSgUexoChBXbRXeknp3RjxoC3dDxCXjEIwF6HzLNNwt8o." },
};
const INVALID_HASH = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());

const server = { access: "server" as const };
const signIn = (email: string, password: string) => call(em, "/auth/password/sign-in", { body: { email, password } });

async function importUser(hash: string): Promise<{ id: string; email: string }> {
  const email = freshEmail();
  const r = await call(em, "/users", { ...server, body: { primary_email: email, primary_email_auth_enabled: true, password_hash: hash } });
  expect(r.status).toBe(201);
  expect(r.json.has_password).toBe(true);
  return { id: r.json.id, email };
}

describe("a user created with a bcrypt password_hash signs in with the password", () => {
  test.each(Object.entries(IMPORTED))("%s", async (_name, { password, hash }) => {
    const { id, email } = await importUser(hash);
    const ok = await signIn(email, password);
    expect(ok.status).toBe(200);
    expect(ok.json.user_id).toBe(id);
    expectKnown(await signIn(email, `${password}!`), 400, "EMAIL_PASSWORD_MISMATCH");
  });

  test("the imported password also confirms a password change (`old_password`), and the new one replaces it", async () => {
    const { email } = await importUser(IMPORTED.b10.hash);
    const tokens = (await signIn(email, IMPORTED.b10.password)).json;
    const wrong = await call(em, "/auth/password/update", { accessToken: tokens.access_token, body: { old_password: "nope-nope", new_password: "brand-new-pass" } });
    expectKnown(wrong, 400, "PASSWORD_CONFIRMATION_MISMATCH");
    const changed = await call(em, "/auth/password/update", { accessToken: tokens.access_token, body: { old_password: IMPORTED.b10.password, new_password: "brand-new-pass" } });
    expect(changed.status).toBe(200);
    expect((await signIn(email, "brand-new-pass")).status).toBe(200);
    expectKnown(await signIn(email, IMPORTED.b10.password), 400, "EMAIL_PASSWORD_MISMATCH");
  });
});

describe("PATCH /users/{id} takes password_hash too (usersCrudServerUpdateSchema)", () => {
  test("the new hash signs in and, like a new password, ends the user's sessions", async () => {
    const user = await signUp(em);
    const r = await call(em, `/users/${user.user_id}`, { ...server, method: "PATCH", body: { password_hash: IMPORTED.y10.hash } });
    expect(r.status).toBe(200);
    expectKnown(await call(em, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await signIn(user.email, IMPORTED.y10.password)).status).toBe(200);
    expectKnown(await signIn(user.email, user.password), 400, "EMAIL_PASSWORD_MISMATCH");
  });

  test("a refused hash changes nothing, and password with password_hash is refused", async () => {
    const user = await signUp(em);
    const bad = await call(em, `/users/${user.user_id}`, { ...server, method: "PATCH", body: { display_name: "Changed", password_hash: "plain" } });
    expect([bad.status, bad.text]).toEqual([400, INVALID_HASH]);
    const both = await call(em, `/users/${user.user_id}`, { ...server, method: "PATCH", body: { password: "another-pass", password_hash: IMPORTED.b10.hash } });
    expect([both.status, both.text]).toEqual([400, "Cannot set both password and password_hash at the same time."]);
    expect((await call(em, `/users/${user.user_id}`, server)).json.display_name).toBeNull();
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe("hashes the platform refuses", () => {
  const base = IMPORTED.a13.hash.slice(7); // the 53 characters after `$2a$13$`
  test.each([
    ["a cost above 16 (`getRounds(hash) > 16`)", `$2a$17$${base}`],
    ["a cost below bcrypt's minimum of 4 (bcryptjs throws)", `$2a$03$${base}`],
    ["the `$2x$` revision (the platform's pattern is `^\\$2[ayb]\\$.{56}$`)", `$2x$10$${base}`],
    ["one character short", `$2b$10$${base.slice(1)}`],
    ["the emulator's own scheme (never a platform format)", "fast$c2FsdA$ZGlnZXN0"],
  ])("%s", async (_name, hash) => {
    const r = await call(em, "/users", { ...server, body: { primary_email: freshEmail(), primary_email_auth_enabled: true, password_hash: hash } });
    expect([r.status, r.text]).toEqual([400, INVALID_HASH]);
  });
});
