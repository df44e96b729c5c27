// Builds dist/browser/: the package's ES modules, for every `import` of `latchkey` and `latchkey/react` (bundlers and
// Node alike; `require` gets the CommonJS files of scripts/cjs-tree.mjs). One tree for both entries, everywhere: a Next.js page loads in
// the browser the very file its server layer resolved for a "use client" module, and a process that loaded the two
// entries from two trees would hold two copies of every class, WeakMap and React context (the Next.js example
// failed that way).
//
// Group files and one file per module, imports rewritten to the built files' names:
// - dist/browser/client-core.js holds the modules every browser page with a ClientApp runs: the static import
//   closure of src/apps/client-app.ts (and CORE_SEEDS), plus CORE_LAZY, the modules ClientApp loads with import() on a path every
//   page takes (reading the user, a cookie session). Bundled into this one file, those import()s need no fetch.
// - dist/browser/server-core.js holds the rest of what `import("latchkey")` loads at once: the static import closure
//   of src/index.ts (ServerApp, AdminApp, the public helpers) minus the client core. No browser page reaches it (an
//   app's bundler drops it: nothing a page uses is in it). It exports what src/index.ts exports, and is what Node
//   imports for "latchkey" (package.json's "node" condition; bundlers get dist/browser/index.js, which takes the
//   client's names from the client core and the server's from here, so a page drops this file): Node reads it, the
//   client core and the known errors' table and lineage at import, instead of one file per module (each file costs
//   Node 20 about 0.3-0.5 ms of a cold import of 5-10 ms). The TOTP helpers, which the entry exports, are copied in
//   (pure functions: two copies behave as one; React's TOTP set-up loads auth/totp.js). The table and lineage stay
//   files of their own: a page loads the lineage with its first known error, and grouped they cost the client
//   surface's total 1.3 kB.
// - dist/browser/server-lazy.js: the resource code ServerApp and AdminApp load on first use (SERVER_LAZY_SEEDS,
//   src/apps/server-resources.ts, and what it imports that no page may load), one file. Node reads it and the few
//   shared files it imports on the first server or admin call, not at import. In a page's bundle it is a chunk
//   nothing loads (esbuild writes one for every import(), even in code it drops), so what it uses from the client
//   core ships to pages: keep it to what pages use anyway (the UUID checks live in src/util/uuid.ts for this).
// - dist/browser/client-lazy.js: the modules ClientApp loads on demand that the server core or the server-lazy group
//   imports statically, and CLIENT_LAZY_EXTRA: the small modules a client app loads first for calls a page may never
//   make (which module holds a method's code, getUser's `or`, the navigation, a dashboard user's owned projects, a
//   session's refresh, the session view's token fetches, the project's mapping). One file for them all: each on its
//   own would be a file of a few hundred bytes in every bundle's total, gzipped apart.
// - The React layer stays one file per module: grouped, its top-level calls (createContext, memo, …) would keep
//   every page's code in every React bundle (provider + useUser grew from +3.3 kB to +9.2 kB).
// - every other module (flows, resources and pages loaded on demand, the React entry) is one file of its own, as in
//   src/ (the emulator's and the test helpers' excepted: Node only, see tsup.config.ts), but for the files no entry
//   reaches (type-only modules, unused barrels), which are left out.
//
// Why: an app's bundler tree-shakes the parts of a file (the package says sideEffects: false), but code splitting
// cuts a bundle into files, and esbuild gives every module its own chunk unless all the same entries (the app's
// page, each import() target) reach it. From one file per module, a password-only page was cut into 24 files,
// each gzipped on its own (22.3 kB against 17.3 kB for the same code in one file); from tsup's bundled files it
// could not tree-shake at all (its dist/index.js held ClientApp, ServerApp and AdminApp, and imported every shared
// chunk their code needed). With the client core in one file, a page downloads its entry chunk and one chunk for
// the core, and the flows it never calls stay out.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const SOURCE_SUFFIXES = [".ts", ".tsx", "/index.ts", "/index.tsx"];
/**
 * Where the client core starts, and the modules it loads lazily on every page's path (bundled in, see above).
 * OAuthCallbackError is public and its class extends another, which a bundler must assume has side effects: left
 * in a file of its own, every page importing "latchkey" would fetch that file (the OAuth flows use it, so it is
 * bundled, and the entry's re-export keeps an import of it). The slot AdminApp registers its owned-project support in
 * (src/apps/owned-project-support.ts) is a few lines `import("latchkey")` runs at once: as a member of the client's
 * lazy group with the internal user's methods, it made Node read that group at import. It costs a page 16 B.
 */
const CORE_SEEDS = ["apps/client-app.ts", "errors/oauth-callback.ts", "apps/owned-project-support.ts"];
export const CORE_LAZY = ["apps/current-user.ts", "session/cross-tab.ts"];
export const CORE_FILE = "client-core.js";
export const SERVER_CORE_FILE = "server-core.js";
export const CLIENT_LAZY_FILE = "client-lazy.js";
export const SERVER_LAZY_FILE = "server-lazy.js";
/** Modules the server core bundles a copy of for the entry's names (pure functions; see above). */
const SERVER_CORE_COPIES = ["auth/totp.ts"];
/** Modules ClientApp loads on demand that join the client's lazy group (see above), whoever else imports them. */
const CLIENT_LAZY_EXTRA = [
  "apps/client-calls.ts",
  "auth/get-user-or.ts",
  "core/navigation.ts",
  "urls/navigate.ts",
  "apps/user-methods/internal.ts",
  "session/refresh.ts",
  "session/internal-session-tokens.ts",
  "resources/projects/client.ts",
  // A request's tokens (the request token store): the server core's access-token verifier loads them with import()
  // too, which alone would make them files of their own.
  "token-stores/request.ts",
  "token-stores/authorization-header-read.ts",
  "token-stores/authorization-header.ts",
];
/** Where the server-lazy group starts: the resource code ServerApp and AdminApp load on first use. */
const SERVER_LAZY_SEEDS = ["apps/server-resources.ts"];
/** Modules that are client code (they start with "use client"): the React layer and latchkey/next's client half. */
const CLIENT_MODULES = ["react/client.ts", "next/client.tsx"];
/** Modules that must never be part of the client core (it ships to every browser page). */
const NEVER_IN_CORE = [/^apps\/(server|admin)-/, /^resources\/([^/]+\/)?(server|admin)[^/]*\.ts$/, /^auth\/passkey-server-user/, /^verify\//, /^emulator\//, /^react\//];

const slash = (p) => p.split(path.sep).join("/");
const resolveSource = (resolveDir, spec) => {
  const base = path.resolve(resolveDir, spec);
  return SOURCE_SUFFIXES.map((suffix) => base + suffix).find((f) => existsSync(f) && statSync(f).isFile());
};
const shared = {
  bundle: true,
  packages: "external",
  format: "esm",
  platform: "neutral",
  target: "es2022",
  jsx: "automatic",
  logLevel: "error",
};

/**
 * The static import closure of `seeds` (paths relative to src/), with the `lazy` modules' import()s followed too
 * (they are bundled in, see inlineLazy). Returns module paths relative to src/.
 */
async function staticClosure(src, seeds, lazy = []) {
  const lazyFiles = new Set(lazy.map((m) => path.join(src, m)));
  const result = await build({
    ...shared,
    absWorkingDir: src,
    entryPoints: seeds.map((m) => path.join(src, m)),
    write: false,
    metafile: true,
    outdir: "out",
    plugins: [
      {
        name: "static-closure",
        setup(b) {
          b.onResolve({ filter: /^\./ }, (args) => {
            if (args.kind !== "dynamic-import") return undefined;
            const file = resolveSource(args.resolveDir, args.path);
            return file && lazyFiles.has(file) ? { path: file } : { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return Object.keys(result.metafile.inputs).map(slash);
}

/** Every module `seeds` can ever load (import()s followed), relative to src/. */
async function closure(src, seeds) {
  const result = await build({ ...shared, absWorkingDir: src, entryPoints: seeds.map((m) => path.join(src, m)), write: false, metafile: true, outdir: "out" });
  return Object.keys(result.metafile.inputs).map(slash);
}

/** The client core's modules (paths relative to src/): the static closure of CORE_SEEDS and CORE_LAZY. */
async function coreMembers(src) {
  const members = await staticClosure(src, CORE_SEEDS, CORE_LAZY);
  const wrong = members.filter((m) => NEVER_IN_CORE.some((re) => re.test(m)));
  if (wrong.length) throw new Error(`browser tree: the client core (what ${CORE_SEEDS.join(", ")} import) must not hold ${wrong.join(", ")}`);
  return new Set(members);
}

/**
 * While a group file is built: `import("./x")` of a module bundled into it (CORE_LAZY for the client core) becomes `Promise.resolve({ a, b })` over a
 * static `import { a, b } from "./x"` (every export of x). Left as import(), esbuild would keep it inside one file by
 * wrapping the module and everything it imports in lazy initialisers, which no bundler can tree-shake; a namespace
 * import would need esbuild's `__export` helper, which apps' bundlers put in a chunk of its own. Node's files (tsup)
 * keep the import().
 */
const inlineLazy = (src, exportsOf) => ({
  name: "inline-lazy",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      let text = readFileSync(args.path, "utf8");
      const added = [];
      text = text.replace(/\bimport\(\s*"(\.[^"]+)"\s*\)/g, (call, spec) => {
        const names = exportsOf.get(resolveSource(path.dirname(args.path), spec));
        if (!names) return call;
        const n = added.length;
        const local = (name) => `__coreLazy${n}_${name}`;
        added.push(`import { ${names.map((n) => `${n} as ${local(n)}`).join(", ")} } from ${JSON.stringify(spec)};`);
        return `Promise.resolve({ ${names.map((n) => `${n}: ${local(n)}`).join(", ")} })`;
      });
      return { contents: added.join("\n") + "\n" + text, loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
});

/** The names each of `files` exports (its value exports, as esbuild sees them). */
async function exportsOf(src, files) {
  const result = await build({ ...shared, bundle: false, absWorkingDir: src, entryPoints: files, outdir: "out", write: false, metafile: true });
  return new Map(Object.values(result.metafile.outputs).map((o) => [path.join(src, o.entryPoint), o.exports]));
}

/**
 * Marks relative imports external, pointing at the built file of the module they name (its group's file, e.g.
 * client-core.js, for a grouped module). `groups` maps a module (relative to src/) to its group file. While group
 * file `building` is built, its own members, and the modules of `alsoBundle`, are bundled instead.
 */
const rewriteImports = (src, groups, building, alsoBundle = []) => ({
  name: "rewrite-imports",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const file = resolveSource(args.resolveDir, args.path);
      if (!file) return { errors: [{ text: `browser tree: cannot find the module ${args.path} imported by ${args.importer}` }] };
      const module = slash(path.relative(src, file));
      const group = groups.get(module);
      if (building && (group === building || alsoBundle.includes(module))) return { path: file };
      const built = group ?? module.replace(/\.tsx?$/, ".js");
      // Output files sit where their sources sit under src/, group files at the top.
      const fromDir = building ? src : args.resolveDir;
      const target = slash(path.relative(fromDir, path.join(src, built)));
      return { path: target.startsWith(".") ? target : `./${target}`, external: true };
    });
  },
});

/**
 * Builds group file `file` (at the top of `outdir`): one module re-exporting every member's exports (or, with
 * `exported`, those of these modules, bundled with the members), `inline` the members whose import()s are bundled
 * in. Two members exporting different things under one name would make that name ambiguous (esbuild leaves it
 * out): refused.
 */
async function buildGroup(root, src, outdir, file, members, groups, inline, exported = members) {
  const memberExports = await exportsOf(src, [...new Set([...members, ...exported])].map((m) => path.join(src, m)));
  const inlineExports = new Map(inline.map((m) => [path.join(src, m), memberExports.get(path.join(src, m))]));
  const entry = exported.map((m) => `export * from ${JSON.stringify("./" + m.replace(/\.tsx?$/, ""))};`).join("\n");
  const built = await build({
    ...shared,
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: src, sourcefile: file.replace(/\.js$/, ".ts"), loader: "ts" },
    outfile: path.join(outdir, file),
    metafile: true,
    plugins: [rewriteImports(src, groups, file, exported === members ? [] : [...exported, ...SERVER_CORE_COPIES]), inlineLazy(src, inlineExports)],
  });
  if (/__coreLazy/.test(built.outputFiles?.[0]?.text ?? readFileSync(path.join(outdir, file), "utf8"))) {
    throw new Error(`browser tree: ${file} kept an unresolved name of inlineLazy`);
  }
  const names = new Set(Object.values(built.metafile.outputs)[0].exports);
  const missing = exported
    .map((m) => path.join(src, m))
    .flatMap((f) => memberExports.get(f).filter((n) => !names.has(n)).map((n) => `${n} (${path.relative(src, f)})`));
  if (missing.length) throw new Error(`browser tree: ${file} cannot export ${missing.join(", ")}: exported by two of its modules`);
}

/**
 * Removes the files of `outdir` that no entry of package.json (its `exports` into dist/browser) reaches by import or
 * import(), such as the empty files of type-only modules, and the folders left empty: nothing can load them.
 */
async function pruneUnreachable(root, outdir) {
  const targets = [];
  const collect = (v) => (typeof v === "string" ? targets.push(v) : v && typeof v === "object" && Object.values(v).forEach(collect));
  collect(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).exports);
  const entries = targets.filter((t) => t.startsWith("./dist/browser/") && t.endsWith(".js")).map((t) => path.join(root, t));
  const result = await build({ ...shared, absWorkingDir: root, entryPoints: entries, splitting: true, outdir: "out", write: false, metafile: true });
  const reached = new Set(Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f)));
  const paths = readdirSync(outdir, { recursive: true }).map((f) => path.join(outdir, String(f)));
  const dirs = paths.filter((f) => statSync(f).isDirectory()).sort((a, b) => b.length - a.length);
  for (const file of paths) if (file.endsWith(".js") && !reached.has(file)) rmSync(file);
  for (const dir of dirs) if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

/** Builds dist/browser from src/ under `root`; resolves to the number of source modules it holds. */
export async function buildBrowserTree(root) {
  const src = path.join(root, "src");
  const outdir = path.join(root, "dist", "browser");
  const core = await coreMembers(src);
  const modules = readdirSync(src, { recursive: true })
    .map((f) => slash(String(f)))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !/^(emulator|testing)\//.test(f)); // Node only: built apart
  // The server core: what `import("latchkey")` loads at once beside the client core, except any module a page may
  // load (all ClientApp can reach, import()s included) or the React entry loads: those stay files of their own, so
  // a page never fetches server code for them.
  const browserReachable = new Set(await closure(src, CORE_SEEDS));
  const serverAll = await staticClosure(src, ["index.ts"]);
  // What ServerApp and AdminApp load on first use (one import() of SERVER_LAZY_SEEDS), with its static imports.
  const serverLazyAll = (await staticClosure(src, SERVER_LAZY_SEEDS)).filter((m) => !serverAll.includes(m));
  // The React layer proper (react/index.ts adds the core's names to it), and latchkey/next's client half: what a
  // page of theirs loads beside the client core stays one file per module, never a server group.
  const reactAll = await staticClosure(src, CLIENT_MODULES);
  // And any module a module loaded on demand imports: esbuild makes a chunk for every import() of a file it
  // bundles, even in code it then drops, and a group holding a module such a chunk needs would be fetched by every
  // page importing the package (a static import keeps the group's order of evaluation). The server-lazy group
  // counts as loaded at once here: only server code loads it, and it is a group of its own (see below).
  const onDemand = async (entry, all) => {
    const statically = new Set(all);
    const lazy = (await closure(src, [entry])).filter((m) => !statically.has(m));
    return new Set(lazy.length ? await closure(src, lazy) : []);
  };
  const serverOnDemand = await onDemand("index.ts", [...serverAll, ...serverLazyAll]);
  // latchkey/next's client half makes client apps itself: what ClientApp loads on demand stays in the client's groups.
  const reactOnDemand = new Set([
    ...(await onDemand("react/client.ts", reactAll)),
    ...(await onDemand("next/client.tsx", [...reactAll, ...browserReachable])),
  ]);
  // Beside the client core, what `import("latchkey")` and the server-lazy group load is split by who else may load
  // it: a page may (ClientApp reaches it, import()s included) → the client's lazy group, one file (a page that calls
  // one of them fetches them all, once; a password-only page none); no page may → the server core if
  // `import("latchkey")` loads it, else the server-lazy group, which the server core loads on first use.
  const apart = new Set([...reactAll, ...serverOnDemand, ...reactOnDemand, "index.ts"]);
  const rest = [...serverAll, ...serverLazyAll].filter((m) => !core.has(m) && !apart.has(m));
  const serverMembers = rest.filter((m) => !browserReachable.has(m) && serverAll.includes(m));
  const serverLazyMembers = rest.filter((m) => !browserReachable.has(m) && !serverAll.includes(m));
  const lazyMembers = [...new Set([...rest.filter((m) => browserReachable.has(m)), ...CLIENT_LAZY_EXTRA])];
  const groups = new Map([
    ...[...core].map((m) => [m, CORE_FILE]),
    ...lazyMembers.map((m) => [m, CLIENT_LAZY_FILE]),
    ...serverMembers.map((m) => [m, SERVER_CORE_FILE]),
    ...serverLazyMembers.map((m) => [m, SERVER_LAZY_FILE]),
  ]);
  await buildGroup(root, src, outdir, CORE_FILE, [...core], groups, CORE_LAZY);
  // A group's import()s of its own members are bundled in (so nothing is wrapped in lazy initialisers). The server
  // core exports the entry's names (see above).
  await buildGroup(root, src, outdir, SERVER_CORE_FILE, serverMembers, groups, serverMembers, ["index.ts"]);
  await buildGroup(root, src, outdir, CLIENT_LAZY_FILE, lazyMembers, groups, lazyMembers);
  await buildGroup(root, src, outdir, SERVER_LAZY_FILE, serverLazyMembers, groups, serverLazyMembers);
  // The server-lazy group must not import the server core: in a page's bundle it is a chunk nothing loads, but a
  // chunk importing the server core would make the page fetch the server core's parts it uses.
  if (/from\s*"\.\/server-core\.js"/.test(readFileSync(path.join(outdir, SERVER_LAZY_FILE), "utf8"))) {
    throw new Error(`browser tree: ${SERVER_LAZY_FILE} imports ${SERVER_CORE_FILE}`);
  }
  // Every other module: one file each.
  await build({
    ...shared,
    absWorkingDir: root,
    entryPoints: modules.filter((m) => !groups.has(m)).map((m) => path.join(src, m)),
    outbase: src,
    outdir,
    plugins: [rewriteImports(src, groups, null)],
  });
  await pruneUnreachable(root, outdir);
  // The server core exports the entry's names only: every file importing from it asks for those.
  const serverCoreExports = new Set((await exportsOf(outdir, [path.join(outdir, SERVER_CORE_FILE)])).values().next().value);
  for (const file of readdirSync(outdir, { recursive: true }).map(String).filter((f) => f.endsWith(".js"))) {
    for (const [, imported, spec] of readFileSync(path.join(outdir, file), "utf8").matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      if (slash(path.join(path.dirname(file), spec)) !== SERVER_CORE_FILE) continue;
      const hidden = imported.split(",").map((n) => n.trim().split(/\s+as\s+/)[0]).filter((n) => n && !serverCoreExports.has(n));
      if (hidden.length) throw new Error(`browser tree: ${file} imports ${hidden.join(", ")} from ${SERVER_CORE_FILE}, which exports the entry's names only`);
    }
  }
  // Client code for frameworks with server components: each module whose source starts with "use client" keeps the
  // line (esbuild keeps an entry point's directives), and the React layer's must.
  for (const module of CLIENT_MODULES) {
    const file = path.join(outdir, module.replace(/\.tsx?$/, ".js"));
    if (!readFileSync(file, "utf8").startsWith('"use client"')) throw new Error(`browser tree: ${module} lost its "use client" line`);
  }
  return modules.length;
}
