/**
 * The emulator's controls for tests, in process (`emulator.reset()`, `setBaseline()`, `setNextOAuthIdentity()`,
 * `waitForEmail()`) and as routes (`POST /emulator/reset`, `GET /emulator/outbox/wait`,
 * `POST|DELETE /emulator/oauth/<provider>/next-identity`).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { call, startTestEmulator } from "./helpers";
import { pkce } from "./oauth-helpers";

let em: RunningEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em.stop());
afterEach(() => em.reset());

const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
const sendMagicLink = (email: string, on: RunningEmulator = em) => call(on, "/auth/otp/send-sign-in-code", { body: { email, callback_url: CALLBACK } });
const newUser = (email: string, on: RunningEmulator = em) => call(on, "/users", { access: "server", method: "POST", body: { primary_email: email, primary_email_auth_enabled: true } });
const userEmails = async (on: RunningEmulator = em) => ((await call(on, "/users", { access: "server" })).json.items as { primary_email: string }[]).map((u) => u.primary_email);
const project = async () => (await call(em, "/internal/projects/current", { access: "admin" })).json;
const wait = (query: Record<string, string>) => fetch(`${em.url}/emulator/outbox/wait?${new URLSearchParams(query)}`);

describe("reset", () => {
  test("puts users, teams, sessions, the outbox and project settings back, in process and by POST /emulator/reset", async () => {
    const before = await project();
    for (const reset of [() => em.reset(), async () => expect((await fetch(`${em.url}/emulator/reset`, { method: "POST" })).status).toBe(200)]) {
      expect((await newUser("ada@example.com")).status).toBe(201);
      await call(em, "/teams", { access: "server", method: "POST", body: { display_name: "Engines" } });
      await sendMagicLink("grace@example.com");
      await call(em, "/internal/projects/current", { access: "admin", method: "PATCH", body: { display_name: "Changed", config: { sign_up_enabled: false } } });
      em.setFaults([{ route: "/users/*", action: "status", status: 503 }]);
      expect([(await userEmails()).length, em.outbox.list().length, (await project()).config.sign_up_enabled]).toEqual([1, 1, false]);

      await reset();
      expect(await userEmails()).toEqual([]);
      expect((await call(em, "/teams", { access: "server" })).json.items).toEqual([]);
      expect(em.outbox.list()).toEqual([]);
      expect(await project()).toEqual(before);
      expect(em.core.faults.list()).toEqual([]);
    }
  });

  test("setBaseline: a reset returns to the state when it was called", async () => {
    await newUser("seeded@example.com");
    em.setBaseline();
    await newUser("later@example.com");
    await em.reset();
    expect(await userEmails()).toEqual(["seeded@example.com"]);
    // Back to the state at start for the other tests.
    await fetch(`${em.url}/emulator/baseline`, { method: "POST" });
    await call(em, `/users/${(await call(em, "/users", { access: "server" })).json.items[0].id}`, { access: "server", method: "DELETE" });
    await fetch(`${em.url}/emulator/baseline`, { method: "POST" });
  });

  test("with a data file, the file holds the baseline after a reset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-reset-"));
    const file = join(dir, "state.json");
    const kept = await startTestEmulator({ dataFile: file });
    try {
      await newUser("kept@example.com", kept);
      expect(readFileSync(file, "utf8")).toContain("kept@example.com");
      await kept.reset();
      expect(readFileSync(file, "utf8")).not.toContain("kept@example.com");
      expect(await userEmails(kept)).toEqual([]);
    } finally {
      await kept.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("waiting for an e-mail", () => {
  test("in process: resolves when the e-mail is captured (no polling), with the newest match", async () => {
    const started = Date.now();
    const waiting = em.waitForEmail({ to: "ADA@example.com", kind: "magic_link" });
    setTimeout(() => void sendMagicLink("ada@example.com"), 50);
    const mail = await waiting;
    expect(mail).toMatchObject({ to: ["ada@example.com"], kind: "magic_link", otp: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect(Date.now() - started).toBeLessThan(2000);
    // Already there: at once.
    expect((await em.waitForEmail({ to: "ada@example.com", subject: "your code is" })).id).toBe(mail.id);
  });

  test("in process: after the wait, an error that lists the outbox", async () => {
    await sendMagicLink("grace@example.com");
    await expect(em.waitForEmail({ to: "nobody@example.com" }, { timeoutMs: 50 })).rejects.toThrow(
      /No e-mail \(to nobody@example\.com\) arrived within 50 ms\. The outbox holds 1 e-mail:\n {2}- to grace@example\.com: "Sign in to Latchkey Demo: Your code is \w{6}" \(magic_link, /,
    );
  });

  test("GET /emulator/outbox/wait: at once when there, a long poll otherwise, `item: null` and the outbox after timeout_ms", async () => {
    await sendMagicLink("ada@example.com");
    const first = (await (await wait({ to: "ada@example.com", timeout_ms: "5000" })).json()).item;
    expect(first).toMatchObject({ to: ["ada@example.com"], kind: "magic_link" });

    // The e-mail already read is excluded: the next answer is the next e-mail, captured while the request waits.
    const pending = wait({ to: "ada@example.com", exclude: first.id, subject_pattern: "^sign in", subject_flags: "i", timeout_ms: "5000" });
    setTimeout(() => void sendMagicLink("ada@example.com"), 50);
    const second = (await (await pending).json()).item;
    expect(second.id).not.toBe(first.id);

    const none = await wait({ to: "ada@example.com", kind: "password_reset", timeout_ms: "30" });
    const body = await none.json();
    expect([none.status, body.item, body.items.map((i: { id: string }) => i.id)]).toEqual([200, null, [first.id, second.id]]);
    expect((await wait({ timeout_ms: "soon" })).status).toBe(400);
    expect((await wait({ subject_pattern: "(" })).status).toBe(400);
  });

  test("a waiting request does not hold back the others when the state is kept in a data file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-wait-"));
    const kept = await startTestEmulator({ dataFile: join(dir, "state.json") });
    try {
      const waiting = fetch(`${kept.url}/emulator/outbox/wait?to=ada@example.com&timeout_ms=5000`).then((r) => r.json());
      await new Promise((r) => setTimeout(r, 30));
      expect((await sendMagicLink("ada@example.com", kept)).status).toBe(200);
      expect((await waiting).item).toMatchObject({ to: ["ada@example.com"] });
    } finally {
      await kept.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the mock OAuth provider's next identity", () => {
  const authorizeUrl = (challenge: string) =>
    `${em.url}/emulator/oauth/github/authorize?${new URLSearchParams({ client_id: "app", redirect_uri: "http://localhost:9999/cb", response_type: "code", state: "s", code_challenge: challenge, code_challenge_method: "S256" })}`;

  async function signInAtProvider() {
    const { verifier, challenge } = pkce();
    const res = await fetch(authorizeUrl(challenge), { redirect: "manual" });
    if (res.status !== 302) return { status: res.status, userinfo: null };
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const tokens = await (
      await fetch(`${em.url}/emulator/oauth/github/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: "http://localhost:9999/cb", code_verifier: verifier }),
      })
    ).json();
    const userinfo = await (await fetch(`${em.url}/emulator/oauth/github/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
    return { status: 302, userinfo };
  }

  test("in process: the next authorization answers as the chosen person without the consent page, once", async () => {
    const account = em.setNextOAuthIdentity("github", { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" });
    expect(account).toEqual({ accountId: "583231", email: "octocat@github.mock", name: "Octo Cat", emailVerified: true });
    const first = await signInAtProvider();
    expect(first.userinfo).toMatchObject({ sub: "583231", email: "octocat@github.mock", name: "Octo Cat", email_verified: true });
    expect((await signInAtProvider()).status).toBe(200); // the consent page again
  });

  test("POST and DELETE /emulator/oauth/<provider>/next-identity; a reset forgets the choice", async () => {
    const url = `${em.url}/emulator/oauth/github/next-identity`;
    const post = (body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const chosen = await post({ email: "grace@github.mock", email_verified: false });
    expect(await chosen.json()).toEqual({
      provider_id: "github",
      identity: { account_id: expect.stringMatching(/^\d+$/), email: "grace@github.mock", name: "Grace Hopper", email_verified: false },
    });
    expect((await signInAtProvider()).userinfo).toMatchObject({ email: "grace@github.mock", email_verified: false });

    await post({ email: "sam@example.com" });
    expect((await fetch(url, { method: "DELETE" })).status).toBe(200);
    expect((await signInAtProvider()).status).toBe(200);
    await post({ email: "sam@example.com" });
    await em.reset();
    expect((await signInAtProvider()).status).toBe(200);

    expect((await post({ name: "No e-mail" })).status).toBe(400);
    expect((await post({ email: "a@example.com", email_verified: "yes" })).status).toBe(400);
  });
});
