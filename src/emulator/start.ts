import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EmulatorCore, type EmulatorSettings } from "./core";
import type { PasswordHashing } from "./domain/passwords";
import type { FaultRule } from "./faults";
import { handleRequest } from "./http/pipeline";
import type { Outbox } from "./outbox/outbox";
import { registerRoutes, type RouteFamily } from "./routes";
import type { Stats } from "./stats";
import { INPUT_LIMITS } from "./http/limits";
import { DataFile, readDataFile } from "./store/persistence";
import { DEMO_KEYS, DEMO_PROJECT_ID, INTERNAL_ADMIN_USER, INTERNAL_KEYS, seedSnapshot } from "./store/seed";
import { seedInternalPayments } from "./store/seed-payments";
import { Store } from "./store/store";
import { testControls, type EmulatorTestControls } from "./test-controls";

/**
 * Options of `startEmulator`.
 *
 * @example
 * const em = await startEmulator({ port: 0, passwordHashing: "fast", quiet: true });
 */
export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /**
   * Persist state to this JSON file on every change and load it on start (default: memory only). Requests then run
   * one at a time, and one whose change cannot be written is answered 507 and rolled back.
   */
  dataFile?: string;
  /** Fault rules active from the start. */
  faults?: FaultRule[];
  /** Access token lifetime in seconds (default 600). */
  accessTokenTtlSeconds?: number;
  /** `scrypt` (default, slow by design) or `fast` (salted SHA-256, for tests). */
  passwordHashing?: PasswordHashing;
  /** Largest request body in bytes (default `INPUT_LIMITS.defaultMaxBodyBytes`, 16 MiB; larger bodies get 413). */
  maxBodyBytes?: number;
  /** Delay for password-reset requests of unknown e-mails, like the platform's (default 0 ms). */
  unknownEmailDelayMs?: number;
  /**
   * Test mode (default false): passkey registration and sign-in options use the fixed challenge `"MOCK"` (base64url
   * `TU9DSw`), as the platform does in its test mode, so recorded passkey responses can be replayed.
   */
  deterministic?: boolean;
  /** No diagnostic lines on stderr. A change that could not be saved to `dataFile` is still reported there. */
  quiet?: boolean;
  /** Extra route families to register after the built-in ones. */
  routeFamilies?: RouteFamily[];
}

/**
 * Keys of a project.
 *
 * @example
 * const { publishableClientKey } = em.keys;
 */
export interface ProjectKeys {
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

/**
 * A running emulator.
 *
 * @example
 * const em = await startEmulator(); console.log(em.url, em.projectId); await em.stop();
 */
export interface RunningEmulator extends EmulatorTestControls {
  /** Base URL, e.g. `http://127.0.0.1:8102` (the API is under `/api/v1`). */
  url: string;
  /** The demo project's id. */
  projectId: string;
  /** The demo project's keys. */
  keys: ProjectKeys;
  /** The `internal` project, its keys and its seeded admin user (owner of the demo project). */
  internal: { projectId: "internal"; keys: ProjectKeys; adminUser: { id: string; email: string; password: string } };
  /** Captured e-mails. */
  outbox: Outbox;
  /** Request and side-effect counters. */
  stats: Stats;
  /** Replaces the active fault rules (`[]` clears them). */
  setFaults(rules: FaultRule[]): void;
  /** Live settings (e.g. `accessTokenTtlSeconds`). */
  settings: EmulatorSettings;
  /** The state and services, for tests and route families. */
  core: EmulatorCore;
  /** Stops listening and closes open connections. */
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the emulator: seeds (or loads `dataFile`), registers every route family and listens.
 *
 * @example
 * const em = await startEmulator({ port: 0, passwordHashing: "fast" });
 * await fetch(`${em.url}/api/v1/projects/current`, { headers: { "x-stack-project-id": em.projectId, "x-stack-access-type": "client" } });
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const passwordHashing = options.passwordHashing ?? "scrypt";
  const loaded = options.dataFile ? readDataFile(options.dataFile) : undefined;
  const store = new Store(loaded ?? (await seedSnapshot(passwordHashing)));
  // the internal project's plans (a state saved before they existed gets them now; saved with the first request)
  seedInternalPayments(store);
  const settings: EmulatorSettings = {
    baseUrl: "",
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 600,
    passwordHashing,
    maxBodyBytes: options.maxBodyBytes ?? INPUT_LIMITS.defaultMaxBodyBytes,
    unknownEmailDelayMs: options.unknownEmailDelayMs ?? 0,
    deterministic: options.deterministic ?? false,
    quiet: options.quiet ?? false,
  };
  const core = new EmulatorCore(store, settings);
  registerRoutes(core);
  for (const family of options.routeFamilies ?? []) core.router.addAll(family(core));
  if (options.faults) core.faults.set(options.faults);
  if (options.dataFile) store.persistTo(new DataFile(options.dataFile, store.toJSON(), { writeNow: !loaded }));

  const server = createServer((req, res) => {
    handleRequest(core, req, res).catch((e) => {
      core.log(`[emulator] unexpected failure: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Something went wrong.");
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  const address = await listen(server, options.port ?? 0, host);
  const urlHost = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  settings.baseUrl = `http://${urlHost}:${address.port}`;

  let stopped: Promise<void> | undefined;
  return {
    url: settings.baseUrl,
    projectId: DEMO_PROJECT_ID,
    keys: { ...DEMO_KEYS },
    internal: {
      projectId: "internal",
      keys: { ...INTERNAL_KEYS },
      adminUser: { id: INTERNAL_ADMIN_USER.id, email: INTERNAL_ADMIN_USER.email, password: INTERNAL_ADMIN_USER.password },
    },
    outbox: core.outbox,
    stats: core.stats,
    setFaults: (rules) => core.faults.set(rules),
    ...testControls(core),
    settings,
    core,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
