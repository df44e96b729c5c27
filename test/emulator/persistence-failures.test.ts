import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmulatorDataFileWriteError, json, type RunningEmulator } from "../../src/emulator";
import { call, expectKnown, freshEmail, signUp, startTestEmulator } from "./helpers";
import { bottomOf, depthOf, nestedText } from "./json-helpers";

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-persist-"));
  file = join(dir, "state.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Makes every write of the data file fail for real: its path becomes a directory, which a rename cannot replace. */
const breakDataFile = () => {
  rmSync(file, { force: true });
  mkdirSync(file);
};
const repairDataFile = () => rmSync(file, { recursive: true, force: true });
const saved = () => JSON.parse(readFileSync(file, "utf8")) as { users: { id: string; displayName: string | null }[]; contactChannels: { value: string }[] };
const rename = (em: RunningEmulator, accessToken: string, name: string) => call(em, "/users/me", { method: "PATCH", accessToken, body: { display_name: name } });

/** Captures stderr (the emulator runs in this process) while `fn` runs. */
async function captureStderr<T>(fn: () => Promise<T>): Promise<{ result: T; lines: string }> {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    return { result: await fn(), lines: chunks.join("") };
  } finally {
    spy.mockRestore();
  }
}

test("after a deeply nested metadata write is refused, later writes still reach the data file", async () => {
  const em = await startTestEmulator({ dataFile: file });
  try {
    const user = await signUp(em);
    const deep = await call(em, "/users/me", { method: "PATCH", accessToken: user.access_token, raw: { body: `{"client_metadata":${nestedText(5000)}}`, contentType: "application/json" } });
    expectKnown(deep, 400, "BODY_PARSING_ERROR");
    expect((await rename(em, user.access_token, "Written")).status).toBe(200);
    expect(saved().users.find((u) => u.id === user.user_id)?.displayName).toBe("Written");
    expect((await call(em, "/users/me", { accessToken: user.access_token })).json.client_metadata).toBeNull();
  } finally {
    await em.stop();
  }
});

test("a data file that cannot be created stops startEmulator with a clear error", async () => {
  writeFileSync(join(dir, "not-a-directory"), "");
  const attempt = startTestEmulator({ dataFile: join(dir, "not-a-directory", "state.json") });
  await expect(attempt).rejects.toBeInstanceOf(EmulatorDataFileWriteError);
  await expect(attempt).rejects.toThrow(/could not write its data file .*state\.json: ENOTDIR/);
});

test("a change that cannot be written is refused with 507, rolled back and reported on stderr even when quiet", async () => {
  const em = await startTestEmulator({ dataFile: file, quiet: true });
  try {
    const user = await signUp(em);
    expect((await rename(em, user.access_token, "Saved")).status).toBe(200);
    const lostEmail = freshEmail("lost");

    breakDataFile();
    const { result, lines } = await captureStderr(async () => ({
      renamed: await rename(em, user.access_token, "Lost"),
      signedUp: await call(em, "/auth/password/sign-up", { body: { email: lostEmail, password: "password123" } }),
      read: await call(em, "/users/me", { accessToken: user.access_token }),
    }));
    for (const refused of [result.renamed, result.signedUp]) {
      expect(refused.status).toBe(507);
      expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(refused.text).toMatch(/^The change was not saved: The emulator could not write its data file .*state\.json: EISDIR/);
      expect(refused.text).toContain("rolled its state back");
    }
    expect(result.read.status).toBe(200);
    expect(result.read.json.display_name).toBe("Saved");
    expect(lines).toContain("[emulator] PATCH /api/v1/users/me: change NOT saved and rolled back");
    expect(lines).toContain("[emulator] POST /api/v1/auth/password/sign-up: change NOT saved and rolled back");
    expect(lines).not.toContain("GET /api/v1/users/me");
    expectKnown(await call(em, "/auth/password/sign-in", { body: { email: lostEmail, password: "password123" } }), 400, "EMAIL_PASSWORD_MISMATCH");
    expect(readdirSync(dir)).toEqual(["state.json"]);

    repairDataFile();
    expect((await rename(em, user.access_token, "Again")).status).toBe(200);
    const onDisk = saved();
    expect(onDisk.users.find((u) => u.id === user.user_id)?.displayName).toBe("Again");
    expect(onDisk.contactChannels.some((c) => c.value === lostEmail)).toBe(false);
  } finally {
    await em.stop();
  }

  const restarted = await startTestEmulator({ dataFile: file });
  try {
    const users = (await call(restarted, "/users", { access: "server" })).json.items as { display_name: string | null; primary_email: string | null }[];
    expect(users.map((u) => u.display_name)).toContain("Again");
    expect(users.some((u) => u.primary_email === null || u.display_name === "Lost")).toBe(false);
  } finally {
    await restarted.stop();
  }
});

test("with a data file requests run one at a time, so a refused change never rides along with another's save", async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const em = await startTestEmulator({
    dataFile: file,
    routeFamilies: [
      (core) => [
        {
          method: "POST",
          path: "/test/slow-rename/:user_id",
          access: "any",
          handler: async (ctx) => {
            core.store.users.get(ctx.params.user_id as string)!.displayName = "Half-done";
            core.store.touch();
            await gate;
            breakDataFile(); // this request's own save will fail
            return json({ ok: true });
          },
        },
        {
          method: "POST",
          path: "/test/repair-and-rename/:user_id",
          access: "any",
          handler: (ctx) => {
            repairDataFile();
            core.store.users.get(ctx.params.user_id as string)!.displayName = "Acknowledged";
            core.store.touch();
            return json({ ok: true });
          },
        },
      ],
    ],
  });
  try {
    const [a, b] = [await signUp(em), await signUp(em)];
    const post = (path: string) => fetch(`${em.url}/api/v1${path}`, { method: "POST" }).then((r) => r.status);
    const settled: string[] = [];
    const slow = post(`/test/slow-rename/${a.user_id}`).then((s) => (settled.push("slow"), s));
    await new Promise((r) => setTimeout(r, 50));
    const fast = post(`/test/repair-and-rename/${b.user_id}`).then((s) => (settled.push("fast"), s));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toEqual([]);
    const { result } = await captureStderr(async () => {
      release();
      return [await slow, await fast];
    });
    expect(result).toEqual([507, 200]);
    expect(settled).toEqual(["slow", "fast"]);
    const names = async (token: string) => (await call(em, "/users/me", { accessToken: token })).json.display_name;
    expect([await names(a.access_token), await names(b.access_token)]).toEqual([null, "Acknowledged"]);
    const onDisk = saved();
    expect([a.user_id, b.user_id].map((id) => onDisk.users.find((u) => u.id === id)?.displayName)).toEqual([null, "Acknowledged"]);
  } finally {
    release();
    await em.stop();
  }
});

test("a data file holding a value nested 100,000 deep (from an older emulator) is still served and saved", async () => {
  const first = await startTestEmulator({ dataFile: file });
  const user = await signUp(first);
  await first.stop();
  const levels = 100_000;
  const state = JSON.parse(readFileSync(file, "utf8")) as { users: { id: string; clientMetadata: unknown }[] };
  state.users.find((u) => u.id === user.user_id)!.clientMetadata = "DEEP VALUE";
  writeFileSync(file, JSON.stringify(state, undefined, 2).replace('"DEEP VALUE"', `${"[".repeat(levels)}"bottom"${"]".repeat(levels)}`));

  const em = await startTestEmulator({ dataFile: file });
  try {
    const login = await call(em, "/auth/password/sign-in", { body: { email: user.email, password: user.password } });
    const token = login.json.access_token as string;
    for (const read of [
      await call(em, "/users/me", { accessToken: token }),
      await call(em, "/users/me", { accessToken: token, headers: { accept: "text/html" } }),
      await call(em, `/users/${user.user_id}`, { access: "server" }),
    ]) {
      expect(read.status).toBe(200);
      expect(depthOf(read.json.client_metadata)).toBe(levels);
      expect(bottomOf(read.json.client_metadata)).toBe("bottom");
    }
    const listed = await call(em, "/users", { access: "server" });
    expect(listed.status).toBe(200);
    expect(bottomOf(listed.json.items.find((u: { id: string }) => u.id === user.user_id).client_metadata)).toBe("bottom");

    expect((await rename(em, token, "Still saving")).status).toBe(200);
    const onDisk = JSON.parse(readFileSync(file, "utf8")) as { users: { id: string; displayName: string; clientMetadata: unknown }[] };
    const stored = onDisk.users.find((u) => u.id === user.user_id)!;
    expect(stored.displayName).toBe("Still saving");
    expect(depthOf(stored.clientMetadata)).toBe(levels);
  } finally {
    await em.stop();
  }
});

test("a scheduled e-mail whose sending cannot be saved is rolled back, reported even when quiet, and sent once saving works", async () => {
  const em = await startTestEmulator({ dataFile: file });
  try {
    const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Demo", sender_email: "demo@example.com" };
    expect((await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { config: { email_config: smtp } } })).status).toBe(200);
    const to = freshEmail("scheduled");
    const user = await call(em, "/users", { access: "server", body: { primary_email: to, primary_email_verified: true } });
    const sent = await call(em, "/emails/send-email", { access: "server", body: { user_ids: [user.json.id], html: "<p>soon</p>", subject: "Soon", scheduled_at_millis: Date.now() + 300 } });
    expect(sent.status).toBe(200);
    const status = async () => (await call(em, "/emails/outbox", { access: "server" })).json.items.find((e: { subject?: string }) => e.subject === "Soon")?.status;
    expect(await status()).toBe("scheduled");

    breakDataFile();
    const { lines } = await captureStderr(() => new Promise((r) => setTimeout(r, 800)));
    expect(lines).toMatch(/scheduled e-mails: the outbox change was NOT saved and was rolled back/);
    expect(em.outbox.list({ to })).toHaveLength(0);
    // The process still serves; reading the outbox would send the due e-mail, which cannot be saved either.
    expect((await captureStderr(() => call(em, "/emails/outbox", { access: "server" }))).result.status).toBe(507);
    expect((await call(em, "/projects/current")).status).toBe(200);

    repairDataFile();
    await captureStderr(() => new Promise((r) => setTimeout(r, 5_600))); // the timer tries again after 5 s
    expect(await status()).toBe("sent");
    expect(em.outbox.list({ to })).toHaveLength(1);
  } finally {
    await em.stop();
  }
}, 20_000);
