import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import type { Metafile } from "esbuild";
import { clientFor, startTestEmulator, uniqueEmail } from "../helpers/emulator";
import type { Emulator } from "../helpers/emulator";

// A command-line program built on latchkey, bundled the way a Node CLI would be (esbuild, code splitting), then
// run in its own Node process: what loads for promptCliLogin holds no browser module, importing it touches no
// browser global, and the login completes over real HTTP while this process, as the browser, confirms.
const ROOT = resolve(__dirname, "..", "..");
const BROWSER_MODULES = /node_modules\/(@simplewebauthn|oauth4webapi)\//;

let emulator: Emulator;
let dir: string;
let metafile: Metafile;
beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = mkdtempSync(join(tmpdir(), "latchkey-cli-login-"));
  writeFileSync(
    join(dir, "cli.ts"),
    `import { ClientApp } from ${JSON.stringify(join(ROOT, "src/index"))};
export function login(projectId: string, publishableClientKey: string, baseUrl: string) {
  const app = new ClientApp({ projectId, publishableClientKey, baseUrl, tokenStore: null });
  return app.promptCliLogin({ appUrl: "http://localhost:3000", waitTimeMillis: 20, maxAttempts: 500 });
}
`,
  );
  // The program imports the bundle only after trapping the browser globals, so any read while it loads is seen.
  writeFileSync(
    join(dir, "run.mjs"),
    `const touched = [];
for (const name of ["window", "document", "localStorage", "sessionStorage", "location", "navigator", "self"]) {
  if (name in globalThis) continue;
  Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return undefined; } });
}
const { login } = await import("./out/cli.js");
const touchedAtImport = [...touched];
const [projectId, key, baseUrl] = process.argv.slice(2);
const result = await login(projectId, key, baseUrl);
console.log("RESULT " + JSON.stringify({ touchedAtImport, result }));
`,
  );
  const built = await build({
    entryPoints: [join(dir, "cli.ts")],
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: join(dir, "out"),
    metafile: true,
    logLevel: "silent",
  });
  metafile = built.metafile;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.stop();
});

/** The output chunks loaded by `from` and everything it imports statically. */
function staticClosure(from: string, seen = new Set<string>()): Set<string> {
  if (seen.has(from)) return seen;
  seen.add(from);
  for (const imp of metafile.outputs[from].imports) if (imp.kind === "import-statement" && !imp.external) staticClosure(imp.path, seen);
  return seen;
}
const outputOf = (source: RegExp) => Object.keys(metafile.outputs).find((key) => source.test(metafile.outputs[key].entryPoint ?? ""))!;
const inputsOf = (chunks: Set<string>) => [...chunks].flatMap((key) => Object.keys(metafile.outputs[key].inputs));

test("promptCliLogin's code loads on demand and pulls no browser-flow module in", () => {
  const atImport = staticClosure(outputOf(/cli\.ts$/));
  const cliChunk = outputOf(/src\/auth\/cli-login\.ts$/);
  expect(cliChunk).toBeDefined();
  // Not part of what the program loads at start: the facade reaches it through import().
  expect(inputsOf(atImport).filter((i) => i.includes("src/auth/cli-"))).toEqual([]);
  const forLogin = inputsOf(staticClosure(cliChunk, new Set(atImport)));
  expect(forLogin).toContain("src/auth/cli-login.ts");
  expect(forLogin.filter((i) => BROWSER_MODULES.test(i) || /src\/auth\/(oauth|passkey)/.test(i))).toEqual([]);
  // js-cookie is present only as an import of the cookie token store, of the OAuth verifier cookies and of the
  // cross-tab refresh (lazy chunks the CLI never loads); all read `document` inside their functions, never on load.
  const cookieImporters = Object.entries(metafile.inputs)
    .filter(([, input]) => input.imports.some((imp) => imp.path.includes("node_modules/js-cookie/")))
    .map(([file]) => file);
  expect(cookieImporters.sort()).toEqual(["src/auth/oauth-cookies.ts", "src/session/cross-tab.ts", "src/token-stores/cookie.ts"]);
  expect(inputsOf(atImport).filter((i) => i.includes("src/session/cross-tab"))).toEqual([]);
});

test("in a plain Node process the program imports without touching a browser global and logs in", async () => {
  const child = spawn(process.execPath, [join(dir, "run.mjs"), emulator.projectId, emulator.keys.publishableClientKey, emulator.url], { stdio: "pipe" });
  let out = "";
  child.stderr.on("data", (d) => (out += d));
  const printedCode = new Promise<string>((resolveCode) =>
    child.stdout.on("data", (d) => {
      out += d;
      const code = /cli-auth-confirm\?login_code=([a-z0-9]+)/.exec(out)?.[1];
      if (code) resolveCode(code);
    }),
  );
  const exited = new Promise<number | null>((r) => child.on("exit", r));

  const { app: browser } = clientFor(emulator, { noAutomaticPrefetch: true });
  await browser.signUpWithCredential({ email: uniqueEmail("node-cli"), password: "correct horse battery", noVerificationCallback: true });
  const loginCode = await printedCode;
  expect(out).toContain(`http://localhost:3000/handler/cli-auth-confirm?login_code=${loginCode}`);
  expect(await browser.confirmCliLogin(loginCode)).toEqual({ status: "ok", data: undefined });

  expect(await exited).toBe(0);
  const report = JSON.parse(/RESULT (.*)/.exec(out)![1]);
  expect(report.touchedAtImport).toEqual([]);
  expect(report.result).toEqual({ status: "ok", data: await browser.getRefreshToken() });
});
