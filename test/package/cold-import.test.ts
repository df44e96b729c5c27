/**
 * A cold `import("latchkey")` in Node stays cheap, checked without a clock: the files a fresh Node process loads for
 * each entry of the built package (dist/, built by test/support/global-setup.cjs when stale). What a cold import costs
 * is mostly how many files Node's module loader goes through (0.3 to 0.5 ms each on Node 20) and how many bytes it
 * compiles (`npm run bench` times it), so these are pinned:
 * - `import("latchkey")` loads four files of the package: the server core (dist/browser/server-core.js, what
 *   package.json's "node" condition names; it exports the entry's names), the client core and the known errors'
 *   table and lineage, and of the dependencies only js-cookie: no jose (access-token verification loads it), no oauth4webapi or
 *   @simplewebauthn/browser (OAuth and passkey flows), no uqr or @oslojs/otp (TOTP set-up), no emulator code, none
 *   of the server and admin resource code (server-lazy.js), which the first ServerApp or AdminApp call loads, nor
 *   the client's lazy group (the first call needing it, or the first request whose access token is verified);
 * - `latchkey` and `latchkey/react` resolve to one tree (dist/browser), so a process loading both (a Next.js server,
 *   a test runner) holds one copy of every module: no file is loaded twice, and no class is defined in two files;
 * - every built ES module links (each name imported from a group file is exported there).
 *
 * The scripts run in the repository with its package name ("latchkey" resolves to dist/ through package.json
 * `exports`, as in an app). Module loading is observed with a module.register() `load` hook.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const TREE = path.join(ROOT, "dist", "browser");

/** A `load` hook writing each file URL it loads to stderr (synchronously: the hooks run on their own thread). */
const HOOKS = `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) writeSync(2, "LOADED " + url + "\\n");
  return next(url, context);
}`;

interface Loaded {
  /** Our files, relative to the repository (e.g. "dist/browser/client-core.js"), in load order. */
  ours: string[];
  /** The packages loaded from node_modules (by name), sorted. */
  packages: string[];
}

function runNode(source: string): string {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", source], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`node exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stderr + r.stdout;
}

/** `runNode(source)` with the loader hooks registered first: each file the process loads is printed as `LOADED <url>`. */
function runHooked(source: string): string {
  const hooks = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
  return runNode(`import { register } from "node:module";
register(${JSON.stringify(hooks)});
${source}`);
}

/** The files a fresh process loads for `import()` of each specifier, in order. */
function importing(...specifiers: string[]): Loaded {
  const out = runHooked(`for (const s of ${JSON.stringify(specifiers)}) await import(s);`);
  const files = out
    .split("\n")
    .filter((l) => l.startsWith("LOADED file://"))
    .map((l) => decodeURIComponent(new URL(l.slice("LOADED ".length)).pathname));
  const packages = new Set<string>();
  const ours: string[] = [];
  for (const file of files) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (m) packages.add(m[1]);
    else if (file.startsWith(ROOT + "/")) ours.push(path.relative(ROOT, file).split(path.sep).join("/"));
  }
  return { ours, packages: [...packages].sort() };
}

const LAZY_PACKAGES = ["jose", "oauth4webapi", "@simplewebauthn/browser", "uqr", "@oslojs/otp"];

describe('a cold import("latchkey") in Node', () => {
  let loaded: Loaded;
  beforeAll(() => {
    loaded = importing("latchkey");
  });

  test("loads the server core (Node's entry), the client core and the known errors' table and lineage: four files of ours", () => {
    expect([...loaded.ours].sort()).toEqual(["dist/browser/client-core.js", "dist/browser/errors/lineage.js", "dist/browser/errors/table.js", "dist/browser/server-core.js"]);
  });

  test("leaves the server and admin resource code (server-lazy.js) and the client's lazy group to the first call", () => {
    expect(loaded.ours).not.toContain("dist/browser/server-lazy.js");
    expect(loaded.ours).not.toContain("dist/browser/client-lazy.js");
    expect(loaded.ours.filter((f) => /\/resources\/([^/]+\/)?(server|admin)[^/]*\.js$/.test(f))).toEqual([]);
  });

  test("loads js-cookie and no other dependency: jose, OAuth, passkey and TOTP code load on first use", () => {
    expect(loaded.packages).toEqual(["js-cookie"]);
    for (const name of LAZY_PACKAGES) expect(loaded.packages).not.toContain(name);
  });

  test("loads no emulator or React code", () => {
    expect(loaded.ours.filter((f) => /emulator|cli\.js$|\/react\//.test(f))).toEqual([]);
  });
});

describe("the first ServerApp / AdminApp call", () => {
  test("the first verifyAccessToken loads jose, and the first request verified the request reader (client-lazy.js)", () => {
    // A token that is no JWT and a request without one are refused without a request to the platform.
    const out = runHooked(`import { writeSync } from "node:fs";
const { ServerApp, AccessTokenVerificationError } = await import("latchkey");
const fetch = () => { throw new Error("no request expected"); };
const server = new ServerApp({ projectId: "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f", secretServerKey: "ssk_x", publishableClientKey: "pck_x", tokenStore: null, fetch });
const reasonOf = (p) => p.then(() => "resolved", (e) => (AccessTokenVerificationError.isInstance(e) && e instanceof AccessTokenVerificationError ? e.reason : String(e)));
writeSync(2, "TOKEN\\n");
const token = await reasonOf(server.verifyAccessToken("not-a-jwt"));
writeSync(2, "REQUEST\\n");
const request = await reasonOf(server.verifyAccessToken({ headers: new Headers() }));
writeSync(2, "RESULT " + token + "," + request + "\\n");`);
    const [atImport, firstToken, firstRequest] = [out.slice(0, out.indexOf("TOKEN")), out.slice(out.indexOf("TOKEN"), out.indexOf("REQUEST")), out.slice(out.indexOf("REQUEST"))];
    expect(atImport).not.toMatch(/dist\/browser\/verify\/|\/jose\//);
    expect(firstToken).toContain("dist/browser/verify/jose.js");
    expect(firstToken).not.toContain("dist/browser/client-lazy.js");
    expect(firstRequest).toContain("dist/browser/client-lazy.js");
    expect(out).toContain("RESULT malformed,no-token");
  });

  test("loads the resource code, and still refuses a bad argument with an ArgumentError before any request", () => {
    // A fetch that fails the test if called: the ids are checked before any request. Markers and the hooks' lines
    // both go to stderr, in order.
    const out = runHooked(`import { writeSync } from "node:fs";
const { AdminApp, ArgumentError } = await import("latchkey");
const fetch = () => { throw new Error("no request expected"); };
const admin = new AdminApp({ projectId: "internal", superSecretAdminKey: "sak_x", secretServerKey: "ssk_x", publishableClientKey: "pck_x", tokenStore: null, fetch });
writeSync(2, "BEFORE-CALL\\n");
const errors = await Promise.all([admin.getUser("not-a-uuid"), admin.getEmailTheme("not-a-uuid")].map((p) => p.then(() => "resolved", (e) => e instanceof ArgumentError ? "ArgumentError" : String(e))));
writeSync(2, "RESULTS " + errors.join(",") + "\\n");`);
    const before = out.slice(0, out.indexOf("BEFORE-CALL"));
    expect(before).not.toContain("dist/browser/server-lazy.js");
    expect(out.slice(out.indexOf("BEFORE-CALL"))).toContain("dist/browser/server-lazy.js");
    expect(out).toContain("RESULTS ArgumentError,ArgumentError");
  });
});

describe("latchkey and latchkey/react in one process (a Next.js server, a test runner)", () => {
  test("resolve to one tree and load each file once", () => {
    const loaded = importing("latchkey", "latchkey/react");
    expect(loaded.ours.every((f) => f.startsWith("dist/browser/"))).toBe(true);
    expect(new Set(loaded.ours).size).toBe(loaded.ours.length);
    expect(loaded.ours).toContain("dist/browser/react/index.js");
    expect(loaded.packages).toEqual(["js-cookie", "react"]);
  });

  test("share one copy of every class: no class is defined in two of the tree's files", () => {
    const files = fs.readdirSync(TREE, { recursive: true }).map(String).filter((f) => f.endsWith(".js"));
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(TREE, file), "utf8");
      for (const m of text.matchAll(/(?:^|\n)\s*(?:var|let|const)\s+(\w+)\s*=\s*class\b|(?:^|\n)\s*(?:export\s+)?class\s+(\w+)/g)) {
        const name = m[1] ?? m[2];
        if (owner.has(name)) twice.push(`${name} (${owner.get(name)} and ${file})`);
        owner.set(name, file);
      }
    }
    expect(owner.get("ClientApp")).toBe("client-core.js");
    expect(owner.get("ServerApp")).toBe("server-core.js");
    expect(twice).toEqual([]);
  });
});

describe("the tree's files", () => {
  test("every ES module links: each name imported from a group file is exported there", () => {
    const files = fs
      .readdirSync(TREE, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(40);
    const urls = files.map((f) => `file://${path.join(TREE, f)}`);
    // Linking fails ("does not provide an export named") when a file imports a name its group file lacks.
    const out = runNode(`for (const u of ${JSON.stringify(urls)}) await import(u); console.log("LINKED " + ${files.length});`);
    expect(out).toContain(`LINKED ${files.length}`);
  });
});
