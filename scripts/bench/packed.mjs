// The published package as an app gets it, for the install, size and cold-import figures: `npm pack` the repository, unpack
// the tarball into a scratch app's node_modules/latchkey (exactly the files a registry would serve), and link the
// app's other packages (latchkey's dependencies, react, react-dom, the official SDK) to the repository's installed
// copies — offline, and the same versions the lockfile pins.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Packages the scratch app links from the repository besides latchkey's own dependencies. */
const APP_PACKAGES = ["react", "react-dom", "scheduler", "@stackframe/js"];

/**
 * Packs `root` and installs the tarball into a new scratch app; returns `{ appDir, packageDir, tarballBytes, pack,
 * cleanup }`, `pack` being what `npm pack --json` said (`size`, `unpackedSize`, `entryCount`, …).
 * Set LATCHKEY_KEEP_BENCH_TMP=1 to keep the folder.
 */
export function installPacked(root) {
  const dist = path.join(root, "dist", "browser", "index.js");
  if (!existsSync(dist)) throw new Error("dist/browser not built: run npm run build first");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "latchkey-packed-"));
  const out = execFileSync("npm", ["pack", "--pack-destination", tmp, "--ignore-scripts", "--json"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const pack = JSON.parse(out.slice(out.indexOf("[")))[0];
  const tarball = path.join(tmp, pack.filename);
  const appDir = path.join(tmp, "app");
  const packageDir = path.join(appDir, "node_modules", "latchkey");
  mkdirSync(packageDir, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", packageDir, "--strip-components=1"]);
  writeFileSync(path.join(appDir, "package.json"), JSON.stringify({ name: "latchkey-size-app", private: true, type: "module" }));
  const manifest = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...APP_PACKAGES]) {
    const from = path.join(root, "node_modules", name);
    if (!existsSync(from)) throw new Error(`the repository has no node_modules/${name}: run npm ci`);
    const to = path.join(appDir, "node_modules", name);
    mkdirSync(path.dirname(to), { recursive: true });
    symlinkSync(from, to, "dir");
  }
  const cleanup = () => {
    if (!process.env.LATCHKEY_KEEP_BENCH_TMP) rmSync(tmp, { recursive: true, force: true });
  };
  return { appDir, packageDir, tarballBytes: readFileSync(tarball).length, pack, cleanup };
}

/** Bytes of the files under `dir` (`apparent`) and what they take on disk as `du` counts it (`disk`, folders too). */
function usage(dir, skip = () => false) {
  let apparent = 0;
  let disk = 0;
  const walk = (d) => {
    const st = lstatSync(d);
    disk += st.blocks * 512;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (skip(full)) continue;
      if (entry.isDirectory()) walk(full);
      else {
        const f = lstatSync(full);
        apparent += f.size;
        disk += f.blocks * 512;
      }
    }
  };
  walk(dir);
  return { apparent, disk };
}

/**
 * What installing the packed package takes: the package as unpacked in `packageDir` (installPacked's) and every
 * package its dependencies bring, transitively, as the repository's lockfile installed them (the same versions and
 * files an app's `npm install latchkey` gets; optional peers such as react and next are the app's). Returns
 * `{ packages, apparentBytes, diskBytes }`: the package count (latchkey included), the bytes of their files, and the
 * bytes they take on disk as `du` counts them (what the install adds to node_modules).
 */
export function measureInstall(root, packageDir) {
  const seen = new Map([["latchkey", packageDir]]);
  const todo = [packageDir];
  while (todo.length) {
    const dir = todo.pop();
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      // Where Node would find it from `dir`: a nested copy first, then the repository's top level.
      const nested = dir === packageDir ? null : path.join(dir, "node_modules", name);
      const found = nested && existsSync(nested) ? nested : path.join(root, "node_modules", name);
      if (!existsSync(found)) throw new Error(`the repository has no node_modules/${name}: run npm ci`);
      const key = path.relative(root, found) || name;
      if (seen.has(key)) continue;
      seen.set(key, found);
      todo.push(found);
    }
  }
  let apparentBytes = 0;
  let diskBytes = 0;
  for (const dir of seen.values()) {
    // A package's own node_modules holds other packages, counted on their own.
    const u = usage(dir, (full) => path.basename(full) === "node_modules" && path.dirname(full) === dir);
    apparentBytes += u.apparent;
    diskBytes += u.disk;
  }
  return { packages: seen.size, apparentBytes, diskBytes };
}

/** What the package may take (MB = 1,000,000 B): unpacked (npm's "unpacked size"), and installed with its dependencies on disk. */
export const INSTALL_BUDGET = { unpackedBytes: 3_000_000, installedBytes: 6_000_000 };

/**
 * The install figures of a packed package (installPacked's result): `{ text, failed }`, `text` a table of the tarball,
 * its unpacked files, and the install with dependencies (on disk as `du` counts it, and the bytes of the files),
 * `failed` when over INSTALL_BUDGET.
 */
export function installFigures(root, packed) {
  const install = measureInstall(root, packed.packageDir);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  const rows = [
    ["tarball (npm pack)", mb(packed.pack.size), `${packed.pack.entryCount} files`, ""],
    ["unpacked", mb(packed.pack.unpackedSize), `${packed.pack.entryCount} files`, `at most ${mb(INSTALL_BUDGET.unpackedBytes)}`],
    ["installed, with dependencies (on disk)", mb(install.diskBytes), `${install.packages} packages`, `at most ${mb(INSTALL_BUDGET.installedBytes)}`],
    ["installed, with dependencies (bytes of files)", mb(install.apparentBytes), `${install.packages} packages`, ""],
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  const text = rows.map((r) => r.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd()).join("\n");
  const failed = packed.pack.unpackedSize > INSTALL_BUDGET.unpackedBytes || install.diskBytes > INSTALL_BUDGET.installedBytes;
  return { text, failed, install };
}
