/**
 * Concurrency, in memory and with a data file (where requests run one at a time to save): 200 concurrent sign-ups
 * with distinct e-mails all succeed; 50 concurrent sign-ups with one e-mail create exactly one user, every other
 * answer is USER_EMAIL_ALREADY_EXISTS; no answer is a 5xx.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { call, freshEmail, startTestEmulator } from "./helpers";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-concurrency-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signUp = (em: RunningEmulator, email: string) => call(em, "/auth/password/sign-up", { body: { email, password: "password123" } });

/** Users of the demo project with `email` as their primary e-mail, read through the server API. */
async function usersWith(em: RunningEmulator, email: string) {
  const r = await call(em, `/users?query=${encodeURIComponent(email)}`, { access: "server" });
  expect(r.status).toBe(200);
  return (r.json.items as { primary_email: string }[]).filter((u) => u.primary_email === email);
}

describe.each([
  ["in memory", false],
  ["with a data file", true],
])("%s", (_label, withFile) => {
  let em: RunningEmulator;
  let file: string | undefined;
  beforeAll(async () => {
    file = withFile ? join(dir, `state-${Date.now()}.json`) : undefined;
    em = await startTestEmulator({ dataFile: file });
  });
  afterAll(() => em.stop());

  test("200 concurrent sign-ups with distinct e-mails all succeed, each a different user", async () => {
    const emails = Array.from({ length: 200 }, () => freshEmail("burst"));
    const results = await Promise.all(emails.map((email) => signUp(em, email)));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(emails.map(() => 200));
    expect(new Set(results.map((r) => r.json.user_id)).size).toBe(200);
    if (file) {
      const saved = readFileSync(file, "utf8");
      expect(emails.filter((email) => !saved.includes(email))).toEqual([]);
    }
  });

  test("50 concurrent sign-ups with one e-mail give exactly one user; the others are USER_EMAIL_ALREADY_EXISTS", async () => {
    const email = freshEmail("same");
    const results = await Promise.all(Array.from({ length: 50 }, () => signUp(em, email)));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.headers.get("x-stack-known-error")])).toEqual(refused.map(() => [409, "USER_EMAIL_ALREADY_EXISTS"]));
    expect(await usersWith(em, email)).toHaveLength(1);
  });
});
