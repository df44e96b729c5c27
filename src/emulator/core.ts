import type { PasswordHashing } from "./domain/passwords";
import { Faults } from "./faults";
import type { RequestContext } from "./http/context";
import type { Reply } from "./http/reply";
import { Router } from "./http/router";
import { Outbox } from "./outbox/outbox";
import { Stats } from "./stats";
import type { Store } from "./store/store";
import { KeyRing } from "./tokens/keys";

/**
 * Settings the running emulator reads on every request (tests may change them, e.g. the token lifetime).
 *
 * @example
 * emulator.settings.accessTokenTtlSeconds = 1;
 */
export interface EmulatorSettings {
  /** Base URL, e.g. `http://127.0.0.1:8102` (issuer prefix and link base). */
  baseUrl: string;
  accessTokenTtlSeconds: number;
  passwordHashing: PasswordHashing;
  /** Largest accepted request body in bytes (413 above). */
  maxBodyBytes: number;
  /** Wait this long before answering `send-reset-code` for an unknown e-mail, like the platform (default 0). */
  unknownEmailDelayMs: number;
  /**
   * Test mode: passkey registration and sign-in options carry the fixed challenge `"MOCK"` (base64url `TU9DSw`), like
   * the platform's hard-coded test challenge, so recorded WebAuthn responses can be replayed.
   */
  deterministic: boolean;
  /** No diagnostic lines on stderr (lost data is reported all the same). */
  quiet: boolean;
}

/**
 * One `grant_type` of `POST /auth/oauth/token`. Registered by route families (`refresh_token` now,
 * `authorization_code` by the OAuth family).
 *
 * @example
 * core.oauthGrants.set("authorization_code", async (ctx, body) => json({ ... }));
 */
export type OAuthGrantHandler = (ctx: RequestContext, body: Record<string, string>) => Promise<Reply>;

/**
 * The running emulator's state and services, shared by every route family.
 *
 * @example
 * const user = core.store.users.get(id);
 */
export class EmulatorCore {
  readonly keys: KeyRing;
  readonly router = new Router();
  readonly stats = new Stats();
  readonly faults = new Faults();
  readonly outbox: Outbox;
  readonly oauthGrants = new Map<string, OAuthGrantHandler>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: Store,
    readonly settings: EmulatorSettings,
  ) {
    this.keys = new KeyRing(store.signingSecret);
    this.outbox = new Outbox(store);
  }

  /** Writes a diagnostic line to stderr unless `quiet`. */
  log(line: string): void {
    if (!this.settings.quiet) process.stderr.write(line + "\n");
  }

  /** Writes a line to stderr even when `quiet`: for what a user must not miss, like a change that was not saved. */
  alert(line: string): void {
    process.stderr.write(line + "\n");
  }

  /**
   * Runs `task` once every task started before it has finished, when the state is saved to a data file: each
   * request then changes and saves the state alone, so one that cannot be saved is rolled back without touching
   * another's changes. Without a data file tasks run at once.
   *
   * @example
   * const wire = await core.exclusive(() => runAndSave(request));
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (!this.store.persistent) return task();
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
