import { AdminApp, ClientApp, ServerApp } from "../../src/index";
import { routeStats, startTestEmulator, uniqueEmail, type Emulator } from "../helpers/emulator";
import { LeakCapture } from "./security/capture";

/**
 * Secrets never leak during a full cycle: sign-up, reads and a change, token refreshes (the emulator hands out
 * 2-second access tokens), a wrong password, a wrong old password, a 500 and a dropped connection from fault
 * injection, a wrong server key, server and admin calls (also failing), a garbage session, a tampered token given
 * to `verifyAccessToken`, and sign-out. Every access token, refresh token, key and password (learned from the
 * traffic itself, plus the ones the test typed) is searched for in every URL the SDK fetched, every console line
 * and every error thrown or returned (message, stack, `JSON.stringify` and `util.inspect`). The cycle has no OAuth
 * step, so no URL may carry a secret.
 */

jest.setTimeout(60_000);

const retry = { sleep: async () => {}, random: () => 0.5 };
const CALLBACK = "http://localhost:3000/handler";

async function faults(em: Emulator, rules: unknown[] | null): Promise<void> {
  await fetch(`${em.url}/emulator/faults`, rules ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rules) } : { method: "DELETE" });
}

describe("secrets stay out of URLs, errors and the console", () => {
  let em: Emulator;
  const cap = new LeakCapture();

  beforeAll(async () => {
    em = await startTestEmulator();
    em.core.settings.accessTokenTtlSeconds = 2;
    cap.watchConsole();
  });
  afterAll(async () => {
    cap.stop();
    await em.stop();
  });

  test("a full cycle with failures leaks nothing", async () => {
    const password = "correct horse battery";
    const wrongPassword = "wrong horse battery";
    const wrongKey = "ssk_wrong_0123456789abcdef0123456789abcdef";
    for (const s of [password, wrongPassword, wrongKey, em.keys.secretServerKey, em.keys.superSecretAdminKey]) cap.secret(s);
    const common = { projectId: em.projectId, baseUrl: em.url, fetch: cap.fetch, retry };
    const client = new ClientApp({ ...common, publishableClientKey: em.keys.publishableClientKey, tokenStore: "memory" });
    const server = new ServerApp({ ...common, secretServerKey: em.keys.secretServerKey, tokenStore: null });
    const admin = new AdminApp({ ...common, superSecretAdminKey: em.keys.superSecretAdminKey, tokenStore: null });
    const email = uniqueEmail("secrets");

    // sign-up, reads, a change; then refreshes once the 2-second access token is near its end
    expect((await cap.step(() => client.signUpWithCredential({ email, password, verificationCallbackUrl: `${CALLBACK}/email-verification` })))?.status).toBe("ok");
    const user = await client.getUser({ or: "throw" });
    await user.update({ displayName: "Secret Keeper" });
    await new Promise((r) => setTimeout(r, 2_100));
    await client.getUser({ or: "throw" });
    expect((await routeStats(em, "POST /auth/oauth/token")).requests).toBeGreaterThan(0);

    // failures: wrong passwords, a 500 on a read and on a change, a dropped connection
    await cap.step(() => new ClientApp({ ...common, tokenStore: "memory" }).signInWithCredential({ email, password: wrongPassword }));
    await cap.step(() => user.updatePassword({ oldPassword: wrongPassword, newPassword: "another horse battery" }));
    await faults(em, [{ route: "GET /users/me", action: "status", status: 500, times: 20 }]);
    await cap.step(() => client.getUser({ cache: "no-cache" } as never));
    await faults(em, [{ route: "PATCH /users/me", action: "status", status: 500, times: 20 }]);
    await cap.step(() => user.update({ displayName: "Never saved" }));
    await faults(em, [{ route: "GET /users", action: "drop", times: 20 }]);
    await cap.step(() => server.listUsers());
    await faults(em, null);

    // server and admin: success, a wrong key, a 500
    await cap.step(() => server.listUsers());
    await cap.step(() => server.getUser(user.id));
    await cap.step(() => new ServerApp({ ...common, secretServerKey: wrongKey, tokenStore: null }).listUsers());
    await cap.step(() => admin.getProject());
    await faults(em, [{ route: "GET /internal/projects/current", action: "status", status: 500, times: 20 }]);
    await cap.step(() => admin.getProject());
    await faults(em, null);

    // a tampered token for verification, a garbage session, sign-out and a call after it
    const token = (await client.getAccessToken())!;
    const [h, p, sig] = token.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), sub: "someone-else" })).toString("base64url")}.${sig}`;
    cap.secret(tampered);
    await cap.step(() => server.verifyAccessToken(tampered));
    const garbage = { accessToken: "garbage-access-token-value", refreshToken: "garbage-refresh-token-value-0123456789abcdef01" };
    cap.secret(garbage.accessToken);
    cap.secret(garbage.refreshToken);
    await cap.step(() => new ClientApp({ ...common, tokenStore: garbage }).getUser({ or: "throw" }));
    await cap.step(() => client.signOut());
    await cap.step(() => user.update({ displayName: "After sign-out" }));

    if (process.env.LATCHKEY_SECURITY_VERBOSE) process.stdout.write(cap.errors.map((e) => `${(e as Error).name}: ${(e as Error).message.slice(0, 150)}`).join("\n") + `\nsecrets ${cap.secrets.size}, urls ${cap.urls.length}\n`);
    expect(cap.errors.length).toBeGreaterThanOrEqual(9);
    expect(cap.secrets.size).toBeGreaterThanOrEqual(10);
    expect(cap.urls.length).toBeGreaterThan(15);
    expect(cap.leaks()).toEqual([]);
  });

  test("the capture finds a planted secret in a URL, a console line and an error", async () => {
    const probe = new LeakCapture();
    probe.watchConsole();
    try {
      probe.secret("planted-secret-value");
      await probe.fetch(`${em.url}/health?token=planted-secret-value`).catch(() => undefined);
      console.warn({ nested: { token: "planted-secret-value" } });
      await probe.step(async () => {
        throw Object.assign(new Error("boom"), { request: { headers: { "x-stack-access-token": "planted-secret-value" } } });
      });
    } finally {
      probe.stop();
    }
    expect(probe.leaks().map((l) => l.split(" contains")[0])).toEqual(["URL #0", "console line #0", "error #0 (Error) JSON", "error #0 (Error) inspected"]);
  });
});
