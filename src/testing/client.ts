import type { OutboxItem } from "../emulator/outbox/outbox";
import { DEMO_PROJECT_ID } from "../emulator/store/seed";
import { setSessionCookies, type CookieJar, type PageLike } from "./browser";
import { receivedEmail, waitForEmailAt, type ReceivedEmail, type WaitForEmailOptions } from "./emails";
import { emulatorEnv, TEST_EMULATOR_PROJECT_VAR, TEST_EMULATOR_URL_VAR, type EmulatorEnv } from "./env";
import { emulatorRequest, type EmulatorTarget } from "./http";
import { createUserAt, tokensAt, type CreateUserOptions, type TestTokens, type TestUser } from "./users";

/**
 * Who the mock OAuth provider signs in as next: an e-mail, optionally a name, the account id at the provider, and
 * whether the provider calls the e-mail verified (default true).
 *
 * @example
 * const octocat: OAuthIdentity = { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" };
 */
export interface OAuthIdentity {
  email: string;
  name?: string | null;
  accountId?: string;
  emailVerified?: boolean;
}

/**
 * Where `connectTestEmulator` finds the emulator. Each field defaults to what `startTestEmulator` put in the
 * environment (`LATCHKEY_TEST_EMULATOR_URL`, `LATCHKEY_TEST_EMULATOR_PROJECT_ID`); missing keys are read from the
 * emulator's `GET /emulator/info`.
 *
 * @example
 * const options: ConnectOptions = { url: "http://127.0.0.1:8102" };
 */
export interface ConnectOptions {
  url?: string;
  projectId?: string;
  keys?: EmulatorTarget["keys"];
}

type Info = { projects: { id: string; publishable_client_key: string | null; secret_server_key: string | null; super_secret_admin_key: string | null }[] };

/**
 * The test helpers for one emulator, over HTTP: from the test process, a Playwright or jest worker, or another
 * process than the emulator's. `startTestEmulator` returns one (with `stop`), `connectTestEmulator` makes one.
 *
 * @example
 * const emulator = connectTestEmulator();
 * const user = await emulator.createUser({ displayName: "Ada" });
 * await emulator.signIn(page, user);
 */
export class TestEmulatorClient {
  /** The emulator's base URL (the API is under `/api/v1`). */
  readonly url: string;
  /** The project the helpers work on (the demo project unless told otherwise). */
  readonly projectId: string;
  private target: Promise<EmulatorTarget> | undefined;
  private readonly seen = new Set<string>();

  constructor(o: { url: string; projectId?: string; keys?: EmulatorTarget["keys"] }) {
    this.url = o.url.replace(/\/+$/, "");
    this.projectId = o.projectId ?? DEMO_PROJECT_ID;
    if (o.keys) this.target = Promise.resolve({ url: this.url, projectId: this.projectId, keys: o.keys });
  }

  /**
   * The project's keys (read once from `GET /emulator/info` when not given).
   *
   * @example
   * const { secretServerKey } = await emulator.getKeys();
   */
  getKeys(): Promise<EmulatorTarget["keys"]> {
    return this.resolve().then((t) => t.keys);
  }

  /**
   * The environment for an app under test: see `emulatorEnv`.
   *
   * @example
   * spawn("npm", ["start"], { env: { ...process.env, ...(await emulator.getEnv()) } });
   */
  async getEnv(): Promise<EmulatorEnv> {
    return emulatorEnv({ url: this.url, projectId: this.projectId, keys: await this.getKeys() });
  }

  private resolve(): Promise<EmulatorTarget> {
    return (this.target ??= emulatorRequest<Info>(`${this.url}/emulator/info`).then((info) => {
      const p = info.projects.find((x) => x.id === this.projectId);
      if (!p?.secret_server_key || !p.publishable_client_key || !p.super_secret_admin_key) {
        throw new Error(`The emulator at ${this.url} has no project ${this.projectId} with live keys.`);
      }
      return { url: this.url, projectId: this.projectId, keys: { publishableClientKey: p.publishable_client_key, secretServerKey: p.secret_server_key, superSecretAdminKey: p.super_secret_admin_key } };
    })).catch((e) => {
      this.target = undefined;
      throw e;
    });
  }

  /**
   * Puts the emulator back to its baseline (the state at start, or after the seed): users, sessions, teams, the
   * outbox and project settings; also clears fault rules, statistics and chosen OAuth identities.
   *
   * @example
   * beforeEach(() => emulator.reset());
   */
  async reset(): Promise<void> {
    await emulatorRequest(`${this.url}/emulator/reset`, { method: "POST" });
    this.seen.clear();
  }

  /**
   * Creates a user in a known state through the server API (no UI, no e-mail): see `CreateUserOptions`.
   *
   * @example
   * const user = await emulator.createUser({ verified: false, totp: true, team: "Analytical Engines" });
   */
  async createUser(options: CreateUserOptions = {}): Promise<TestUser> {
    return createUserAt(await this.resolve(), options);
  }

  /**
   * A new session's tokens for `user` (a `TestUser` or a user id), for API tests: send `accessToken` as
   * `x-stack-access-token`, or hand both to a `ClientApp` (`tokenStore: { accessToken, refreshToken }`).
   *
   * @example
   * const { accessToken } = await emulator.tokensFor(user);
   */
  async tokensFor(user: Pick<TestUser, "id"> | string, options: { expiresInMillis?: number } = {}): Promise<TestTokens> {
    return tokensAt(await this.resolve(), typeof user === "string" ? user : user.id, options);
  }

  /**
   * Signs `user` in without the UI: opens a session and sets the cookies the `"cookie"` and `"nextjs-cookie"`
   * token stores read on the page's context (or the context), so the next page load is signed in. `url` is the
   * app's address; default the page's current http(s) address, else every port of `localhost` and `127.0.0.1`.
   *
   * @example
   * await emulator.signIn(page, user); await page.goto("/dashboard");
   */
  async signIn(target: PageLike | CookieJar, user: Pick<TestUser, "id"> | string, options: { url?: string } = {}): Promise<TestTokens> {
    const tokens = await this.tokensFor(user);
    await setSessionCookies(target, this.projectId, tokens, options);
    return tokens;
  }

  /**
   * Waits for the newest e-mail to `to` (optionally by subject, kind, time) that this client has not returned
   * before, and returns it with its link and codes parsed out. The emulator answers as soon as it captures one (a
   * long poll); after `timeoutMs` (default 10 s) it rejects with an error listing the outbox.
   *
   * @example
   * const mail = await emulator.waitForEmail({ to: user.email, subject: "Verify" }); await page.goto(mail.link!);
   */
  waitForEmail(options: WaitForEmailOptions): Promise<ReceivedEmail> {
    return waitForEmailAt(this.url, this.projectId, options, this.seen);
  }

  /**
   * The project's captured e-mails, oldest first, optionally only those to `to` or of one `kind`.
   *
   * @example
   * expect(await emulator.emails({ to: user.email })).toHaveLength(0);
   */
  async emails(filter: { to?: string; kind?: string } = {}): Promise<ReceivedEmail[]> {
    const query = new URLSearchParams({ project_id: this.projectId, ...(filter.to ? { to: filter.to } : {}), ...(filter.kind ? { kind: filter.kind } : {}) });
    const { items } = await emulatorRequest<{ items: OutboxItem[] }>(`${this.url}/emulator/outbox?${query}`);
    return items.map(receivedEmail);
  }

  /**
   * Chooses who the mock OAuth provider (`github`, `google`, `microsoft`, …) signs in as next: its next
   * authorization answers at once as `identity`, with no consent page, once. `null` forgets a choice not used yet.
   *
   * @example
   * await emulator.setNextOAuthIdentity("github", { email: "octocat@github.mock", name: "Octo Cat", accountId: "583231" });
   * await page.getByRole("button", { name: "Sign in with GitHub" }).click();
   */
  async setNextOAuthIdentity(provider: string, identity: OAuthIdentity | null): Promise<void> {
    const path = `${this.url}/emulator/oauth/${encodeURIComponent(provider)}/next-identity`;
    if (identity === null) {
      await emulatorRequest(path, { method: "DELETE" });
      return;
    }
    await emulatorRequest(path, {
      method: "POST",
      body: { email: identity.email, name: identity.name, account_id: identity.accountId, email_verified: identity.emailVerified },
    });
  }
}

/**
 * The test helpers for an emulator that runs elsewhere: in the global setup's process (found through the
 * environment `startTestEmulator` set), or any emulator by its URL (`npx latchkey emulator`, a demo).
 *
 * @example
 * const emulator = connectTestEmulator(); // in a test file, after startTestEmulator() in the global setup
 * const other = connectTestEmulator({ url: "http://127.0.0.1:8102" });
 */
export function connectTestEmulator(options: ConnectOptions = {}): TestEmulatorClient {
  const url = options.url ?? process.env[TEST_EMULATOR_URL_VAR];
  if (!url) {
    throw new Error(
      `No test emulator to connect to: ${TEST_EMULATOR_URL_VAR} is not set. Start one with startTestEmulator() in your ` +
        "global setup (it sets the variable for the test processes it starts), or pass { url }.",
    );
  }
  return new TestEmulatorClient({ url, projectId: options.projectId ?? process.env[TEST_EMULATOR_PROJECT_VAR], keys: options.keys });
}
