/**
 * Runs `npm run demo`'s script (scripts/demo.mjs) as a child process, the way a person starts the demo, and reads
 * the addresses it prints.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";

const SCRIPT = path.resolve(__dirname, "../../../scripts/demo.mjs");

/** A running `node scripts/demo.mjs` and what it printed. */
export interface DemoProcess {
  child: ChildProcess;
  /** The app, `http://localhost:<port>`. */
  url: string;
  /** The emulator's inbox page. */
  inboxUrl: string;
  /** The emulator's base URL (the inbox's origin). */
  emulatorUrl: string;
  /** Everything printed on stdout so far. */
  stdout(): string;
  /** Sends Ctrl+C (SIGINT) and resolves to the exit code once the process has exited. */
  interrupt(): Promise<number | null>;
}

/** The output of a run that ended by itself. */
export interface DemoExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess) {
  const out = { stdout: "", stderr: "" };
  child.stdout?.on("data", (d: Buffer) => (out.stdout += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { out, exited };
}

const start = (args: string[]) => spawn(process.execPath, [SCRIPT, ...args], { stdio: ["ignore", "pipe", "pipe"] });

/** Starts the demo with `args` and waits until it says it is running; rejects (with its output) if it exits first. */
export async function startDemoProcess(args: string[]): Promise<DemoProcess> {
  const child = start(args);
  const { out, exited } = collect(child);
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not start within 30 s:\n${out.stdout}\n${out.stderr}`)), 30_000);
    child.stdout?.on("data", () => {
      if (out.stdout.includes("Press Ctrl+C to stop.")) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${code}) before it was ready:\n${out.stdout}\n${out.stderr}`));
    });
  });
  await ready;
  const printed = (label: string) => {
    const match = new RegExp(`^\\s*${label}\\s+(http\\S+)`, "m").exec(out.stdout);
    if (!match) throw new Error(`the demo printed no "${label}" line:\n${out.stdout}`);
    return match[1];
  };
  const inboxUrl = printed("Emulator inbox");
  return {
    child,
    url: printed("App"),
    inboxUrl,
    emulatorUrl: new URL(inboxUrl).origin,
    stdout: () => out.stdout,
    interrupt: async () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}

/** Runs the demo with `args` until it exits by itself (within 30 s). */
export async function runDemoToExit(args: string[]): Promise<DemoExit> {
  const child = start(args);
  const { out, exited } = collect(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, ...out };
}
