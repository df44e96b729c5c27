import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

let dir: string;
let cliFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-cli-"));
  cliFile = join(dir, "cli.mjs");
  await build({ entryPoints: [join(__dirname, "../../src/emulator/cli.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: cliFile, logLevel: "silent" });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [cliFile, ...args], { stdio: "pipe" });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

test("latchkey emulator prints the URL, ids, keys and inbox link, serves, and exits cleanly on SIGINT", async () => {
  const { child, output, exited } = run(["emulator", "--port", "0", "--fast-passwords", "--quiet"]);
  await waitFor(() => output().includes("Press Ctrl+C to stop."));
  const text = output();
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1];
  expect(text).toContain("3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60");
  expect(text).toMatch(/Publishable client key:\s+pck_[a-z2-7]{45}/);
  expect(text).toMatch(/Secret server key:\s+ssk_[a-z2-7]{45}/);
  expect(text).toMatch(/Super secret admin key:\s+sak_[a-z2-7]{45}/);
  expect(text).toContain(`Inbox:                   ${url}/`);
  expect(text).toContain("memory only");
  const res = await fetch(`${url}/health`);
  expect(await res.json()).toEqual({ status: "ok" });
  child.kill("SIGINT");
  expect(await exited).toBe(0);
});

test("--deterministic starts the test mode: the banner says so and passkey options carry the fixed challenge", async () => {
  const { child, output, exited } = run(["emulator", "--port", "0", "--fast-passwords", "--deterministic", "--quiet"]);
  await waitFor(() => output().includes("Press Ctrl+C to stop."));
  const text = output();
  expect(text).toContain("deterministic (fixed passkey challenge TU9DSw)");
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1];
  const projectId = /Project id:\s+(\S+)/.exec(text)![1];
  const key = /Publishable client key:\s+(\S+)/.exec(text)![1];
  const headers = { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": key };
  const res = await fetch(`${url}/api/v1/auth/passkey/initiate-passkey-authentication`, { method: "POST", headers, body: "{}" });
  expect(((await res.json()) as { options_json: { challenge: string } }).options_json.challenge).toBe("TU9DSw");
  child.kill("SIGINT");
  expect(await exited).toBe(0);
});

test("SIGTERM also stops it cleanly", async () => {
  const { child, output, exited } = run(["emulator", "--port", "0", "--fast-passwords"]);
  await waitFor(() => output().includes("Press Ctrl+C to stop."));
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});

test("a corrupt --data file is reported and left untouched", async () => {
  const file = join(dir, "corrupt.json");
  writeFileSync(file, "{ not json");
  const { output, exited } = run(["emulator", "--port", "0", "--data", file]);
  expect(await exited).toBe(1);
  expect(output()).toContain(`The emulator data file ${file} cannot be loaded: it is not valid JSON`);
  expect(readFileSync(file, "utf8")).toBe("{ not json");
});

test("bad arguments print the usage", async () => {
  const { output, exited } = run(["emulator", "--port", "nope"]);
  expect(await exited).toBe(2);
  expect(output()).toContain("--port must be a number");
  const usage = run(["something-else"]);
  expect(await usage.exited).toBe(2);
  expect(usage.output()).toContain("Usage: latchkey emulator");
});
