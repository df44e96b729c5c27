// Child-process emulators for the throughput cases, one per option set (e.g. per KDF), started lazily and reused.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./emulator-process.mjs", import.meta.url));
const READY_TIMEOUT_MS = 15_000;
/** Every child started, so the watchdog can kill them synchronously. */
const children = new Set();

/** Starts an emulator child process; resolves to {url, projectId, keys, stop()}. */
export function forkEmulator(options) {
  const child = fork(script, [JSON.stringify(options)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`emulator child did not start within ${READY_TIMEOUT_MS} ms`));
    }, READY_TIMEOUT_MS);
    child.once("error", reject);
    const early = (code) => reject(new Error(`emulator child exited early (code ${code})`));
    child.once("exit", early);
    child.once("message", (m) => {
      clearTimeout(timer);
      if (!m || m.type !== "ready") return reject(new Error("unexpected message from emulator child"));
      const host = new URL(m.url).hostname;
      if (host !== "127.0.0.1") {
        child.kill();
        return reject(new Error(`refusing to benchmark a non-loopback target: ${m.url}`));
      }
      child.off("exit", early);
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const kill = setTimeout(() => child.kill("SIGKILL"), 3_000);
          child.once("exit", () => {
            clearTimeout(kill);
            done();
          });
          child.send({ type: "stop" });
        });
      resolve({ url: m.url, projectId: m.projectId, keys: m.keys, stop, pid: child.pid });
    });
  });
}

/** Lazily starts and caches emulators keyed by their options. */
export class EmulatorPool {
  #running = new Map();

  get(options) {
    const key = JSON.stringify(options);
    if (!this.#running.has(key)) this.#running.set(key, forkEmulator(options));
    return this.#running.get(key);
  }

  async stopAll() {
    const all = [...this.#running.values()];
    this.#running.clear();
    await Promise.all(all.map(async (p) => (await p.catch(() => null))?.stop()));
  }

  /** Last resort for the watchdog: kill every child right away. */
  killAll() {
    for (const child of children) child.kill("SIGKILL");
  }
}
