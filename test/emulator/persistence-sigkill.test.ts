/**
 * Persistence under SIGKILL: the emulator CLI with `--data`, killed with SIGKILL in the middle of a burst of
 * sign-ups, restarts from a data file that is readable JSON and holds every sign-up it acknowledged (each one can
 * sign in with its password). Five rounds on the same file, so later rounds also prove earlier users survive
 * repeated kills. Sign-ups still in flight at the kill may or may not be there; none is half there.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

let dir: string;
let cliFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-sigkill-"));
  cliFile = join(dir, "cli.mjs");
  await build({ entryPoints: [join(__dirname, "../../src/emulator/cli.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: cliFile, logLevel: "silent" });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  headers: Record<string, string>;
  exited: Promise<number | null>;
}

async function startCli(dataFile: string): Promise<Running> {
  const child = spawn(process.execPath, [cliFile, "emulator", "--port", "0", "--fast-passwords", "--quiet", "--data", dataFile], { stdio: "pipe" });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const start = Date.now();
  while (!out.includes("Press Ctrl+C to stop.")) {
    if (child.exitCode !== null || Date.now() - start > 15_000) throw new Error(`the emulator did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
  const projectId = /Project id:\s+(\S+)/.exec(out)![1];
  const key = /Publishable client key:\s+(\S+)/.exec(out)![1];
  const headers = { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": key };
  return { child, url, headers, exited };
}

const PASSWORD = "password123";

/** Sign-ups from `workers` loops until `stop()`; returns the e-mails whose 200 answer arrived in full. */
function burst(em: Running, round: number, workers = 8) {
  const acknowledged: string[] = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      const email = `r${round}-${n++}@example.com`;
      try {
        const res = await fetch(`${em.url}/api/v1/auth/password/sign-up`, { method: "POST", headers: em.headers, body: JSON.stringify({ email, password: PASSWORD }) });
        const body = (await res.json()) as { user_id?: string };
        if (res.status === 200 && body.user_id) acknowledged.push(email);
        else throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(body)}`);
      } catch (error) {
        if (!stopped) throw error;
      }
    }
  });
  return {
    acknowledged,
    stop: () => {
      stopped = true;
    },
    done: Promise.allSettled(loops),
  };
}

test("five rounds of SIGKILL during a burst of sign-ups: a readable file with every acknowledged sign-up", async () => {
  const file = join(dir, "state.json");
  const everyAcknowledged: string[] = [];
  for (let round = 1; round <= 5; round++) {
    const em = await startCli(file);
    const b = burst(em, round);
    // Kill once some sign-ups were acknowledged, at a moment that differs from round to round.
    const want = 5 + round * 7;
    while (b.acknowledged.length < want) await new Promise((r) => setTimeout(r, 2));
    em.child.kill("SIGKILL");
    b.stop();
    await b.done;
    expect(await em.exited).toBeNull();
    everyAcknowledged.push(...b.acknowledged);

    // The file is whole JSON: a write is atomic (a temporary file renamed over it; a kill mid-write can leave only
    // that temporary file behind, which nothing reads).
    expect(() => JSON.parse(readFileSync(file, "utf8"))).not.toThrow();

    const again = await startCli(file);
    try {
      const missing: string[] = [];
      for (const email of everyAcknowledged) {
        const res = await fetch(`${again.url}/api/v1/auth/password/sign-in`, { method: "POST", headers: again.headers, body: JSON.stringify({ email, password: PASSWORD }) });
        if (res.status !== 200) missing.push(`${email} (${res.status})`);
      }
      expect({ round, acknowledged: everyAcknowledged.length, missing }).toEqual({ round, acknowledged: everyAcknowledged.length, missing: [] });
    } finally {
      again.child.kill("SIGINT");
      expect(await again.exited).toBe(0);
    }
  }
  expect(everyAcknowledged.length).toBeGreaterThanOrEqual(5 * 5 + 7 * 15);
}, 120_000);
