import type { IncomingMessage } from "node:http";
import type { PasswordHashing } from "./domain/passwords";
import { Faults } from "./faults";
import type { AccessType } from "./http/access-type";
import type { AuthInfo } from "./http/auth-info";
import type { Reply } from "./http/reply";
import { Router, type RoutePattern } from "./http/route-matcher";
import type { Field } from "./http/schema";
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

// The core and what is registered on it refer to each other: it owns the router of routes (RouteDef) whose handlers
// get a request context (RequestContext) that holds the core, and the OAuth grant handlers that get one too. So the
// three types stand here, with the core; http/context.ts and http/router.ts re-export them for the route families.

/**
 * Everything a route handler gets. `body`, `query` and `params` are already validated (and `me` resolved).
 *
 * @example
 * handler: (ctx) => json({ id: ctx.params.user_id })
 */
export interface RequestContext {
  core: EmulatorCore;
  req: IncomingMessage;
  method: string;
  /** The path as requested, e.g. `/api/v1/users/me`. */
  pathname: string;
  url: URL;
  /** Route name used in stats, e.g. `POST /auth/password/sign-in`. */
  routeName: string;
  auth: AuthInfo | null;
  // Validated request parts are loosely typed on purpose: each handler reads the fields its schema declared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: Record<string, any>;
  /** Reads a header; names starting with `x-stack-` also match their `x-hexclave-` twin. */
  header(name: string): string | undefined;
  /** Counts a side effect (e.g. `users_created`) in `/emulator/stats`. */
  effect(name: string, count?: number): void;
}

/**
 * One route. `path` is relative to `/api/v1` for `scope: "api"` (the default) and absolute for `scope: "root"`.
 * Path parameters are written `:name`; a last segment `*name` takes the rest of the path. `access` lists the allowed access types (`ACCESS_TYPE_REQUIRED` /
 * `INSUFFICIENT_ACCESS_TYPE` otherwise); `"any"` also admits requests without an access type. `user:
 * "required"` rejects requests without a signed-in user with `SCHEMA_ERROR` "auth.user must be defined".
 * `body`/`query`/`params` are object fields; unknown keys are rejected unless the field allows them. Omit
 * `body` to ignore the body entirely.
 *
 * @example
 * router.add({ method: "GET", path: "/users/me", access: CLIENT_OR_HIGHER, handler: (ctx) => json(readMe(ctx)) });
 */
export interface RouteDef extends RoutePattern {
  access: readonly AccessType[] | "any";
  /** `"internal"`: the request must be on the `internal` project (`SCHEMA_ERROR` "auth.project.id must be one of …"). */
  project?: "internal";
  user?: "required";
  /** The body schema, or one per access type (like the platform's per-access-type overloads). */
  body?: Field | ((auth: AuthInfo | null) => Field);
  query?: Field;
  params?: Field;
  /**
   * A long poll: the handler waits for something to happen and changes nothing, so with a data file it runs outside
   * the one-at-a-time queue (where it would hold every other request back) and saves nothing.
   */
  waits?: true;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
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
  readonly router = new Router<RouteDef>();
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
