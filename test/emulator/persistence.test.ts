import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmulatorDataFileError } from "../../src/emulator";
import { call, signUp, startTestEmulator } from "./helpers";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-data-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("state round-trips through the data file, and tokens stay valid across a restart", async () => {
  const file = join(dir, "state.json");
  const first = await startTestEmulator({ dataFile: file });
  expect(existsSync(file)).toBe(true);
  const user = await signUp(first);
  await call(first, "/users/me", { method: "PATCH", accessToken: user.access_token, body: { display_name: "Persisted" } });
  await first.stop();
  await new Promise((r) => setTimeout(r, 100)); // let the client notice its pooled connections closed

  const saved = JSON.parse(readFileSync(file, "utf8"));
  expect(saved).toMatchObject({ format: "latchkey-emulator", version: 1 });
  expect(saved.users.some((u: { id: string }) => u.id === user.user_id)).toBe(true);

  const second = await startTestEmulator({ dataFile: file, port: Number(new URL(first.url).port) }).catch(() => startTestEmulator({ dataFile: file }));
  try {
    const login = await call(second, "/auth/password/sign-in", { body: { email: user.email, password: user.password } });
    expect(login.json.user_id).toBe(user.user_id);
    const refreshed = await call(second, "/auth/sessions/current/refresh", { refreshToken: user.refresh_token, body: {} });
    const me = await call(second, "/users/me", { accessToken: refreshed.json.access_token });
    expect(me.json.display_name).toBe("Persisted");
    if (second.url === first.url) {
      expect((await call(second, "/users/me", { accessToken: user.access_token })).json.id).toBe(user.user_id);
    }
  } finally {
    await second.stop();
  }
});

test("writes are atomic: no temporary files are left behind", async () => {
  const file = join(dir, "state.json");
  const em = await startTestEmulator({ dataFile: file });
  await Promise.all([signUp(em), signUp(em), signUp(em)]);
  await em.stop();
  expect(readdirSync(dir)).toEqual(["state.json"]);
  expect(JSON.parse(readFileSync(file, "utf8")).users).toHaveLength(4);
});

test("without a data file nothing is written", async () => {
  const em = await startTestEmulator();
  await signUp(em);
  await em.stop();
  expect(readdirSync(dir)).toEqual([]);
});

test.each([
  ["not JSON", "{ nope", "it is not valid JSON"],
  ["another JSON document", '{"hello": "world"}', "it is not a latchkey emulator state file"],
  ["a wrong version", '{"format": "latchkey-emulator", "version": 99}', "its version 99 is not supported"],
  ["a missing array", JSON.stringify({ format: "latchkey-emulator", version: 1, signingSecret: "s".repeat(43) }), 'its "projects" field is missing'],
])("a corrupt file (%s) is reported clearly and never replaced", async (_label, content, reason) => {
  const file = join(dir, "state.json");
  writeFileSync(file, content);
  const attempt = startTestEmulator({ dataFile: file });
  await expect(attempt).rejects.toBeInstanceOf(EmulatorDataFileError);
  await expect(attempt).rejects.toThrow(reason);
  expect(readFileSync(file, "utf8")).toBe(content);
});
