#!/usr/bin/env node
import { parseArgs } from "node:util";
import { EmulatorDataFileError } from "./store/persistence";
import { startEmulator, type RunningEmulator } from "./start";

const USAGE = `Usage: latchkey emulator [--port 8102] [--host 127.0.0.1] [--data file.json] [--fast-passwords] [--deterministic] [--quiet]

Starts a local, in-memory server that speaks the platform's REST API.
  --port            TCP port (default 8102; 0 picks a free one)
  --host            interface to listen on (default 127.0.0.1)
  --data            keep state in this JSON file (loaded on start, written on every change;
                    a change that cannot be written is refused with 507 and rolled back)
  --fast-passwords  hash passwords with a fast hash instead of scrypt (for tests)
  --deterministic   test mode: passkey options use the platform's fixed test challenge ("MOCK",
                    base64url TU9DSw), so recorded passkey responses can be replayed
  --quiet           no diagnostic lines on stderr (unsaved changes are still reported)`;

/**
 * The banner printed once the emulator listens: URL, inbox link, the demo and internal projects' keys.
 *
 * @example
 * console.log(banner(em, undefined));
 */
export function banner(em: RunningEmulator, dataFile: string | undefined): string {
  const row = (label: string, value: string) => `  ${(label + ":").padEnd(25)}${value}`;
  return [
    `latchkey emulator listening on ${em.url}`,
    row("API base", `${em.url}/api/v1`),
    row("Inbox", `${em.url}/`),
    row("State", dataFile ? `persisted to ${dataFile}` : "memory only"),
    ...(em.settings.deterministic ? [row("Test mode", "deterministic (fixed passkey challenge TU9DSw)")] : []),
    "",
    "Demo project",
    row("Project id", em.projectId),
    row("Publishable client key", em.keys.publishableClientKey),
    row("Secret server key", em.keys.secretServerKey),
    row("Super secret admin key", em.keys.superSecretAdminKey),
    "",
    "Internal project",
    row("Project id", em.internal.projectId),
    row("Publishable client key", em.internal.keys.publishableClientKey),
    row("Secret server key", em.internal.keys.secretServerKey),
    row("Super secret admin key", em.internal.keys.superSecretAdminKey),
    row("Admin user", `${em.internal.adminUser.email} / ${em.internal.adminUser.password}`),
    "",
    "Press Ctrl+C to stop.",
  ].join("\n");
}

/**
 * Runs the command line; resolves with the process exit code once the emulator stops (or fails to start).
 *
 * @example
 * process.exitCode = await main(["emulator", "--port", "0"]);
 */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        data: { type: "string" },
        "fast-passwords": { type: "boolean" },
        deterministic: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] !== "emulator" || positionals.length > 1) {
    (values.help ? process.stdout : process.stderr).write(USAGE + "\n");
    return values.help ? 0 : 2;
  }
  const port = values.port === undefined ? 8102 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a number from 0 to 65535, got ${JSON.stringify(values.port)}\n`);
    return 2;
  }
  let em: RunningEmulator;
  try {
    em = await startEmulator({
      port,
      host: values.host,
      dataFile: values.data,
      passwordHashing: values["fast-passwords"] ? "fast" : "scrypt",
      deterministic: values.deterministic,
      quiet: values.quiet,
    });
  } catch (e) {
    const message = e instanceof EmulatorDataFileError ? e.message : `Could not start the emulator: ${(e as Error).message}`;
    process.stderr.write(message + "\n");
    return 1;
  }
  // The signal handlers are in place before the banner says "Press Ctrl+C to stop.": a signal sent as soon as it
  // is read stops the emulator cleanly instead of killing it.
  const stopped = new Promise<number>((resolve) => {
    const shutdown = (signal: string) => {
      process.stdout.write(`\nReceived ${signal}, stopping.\n`);
      void em.stop().then(() => resolve(0));
    };
    process.once("SIGINT", () => shutdown("SIGINT"));
    process.once("SIGTERM", () => shutdown("SIGTERM"));
  });
  process.stdout.write(banner(em, values.data) + "\n");
  return await stopped;
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
