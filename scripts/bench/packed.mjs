// The published package as an app gets it, for the size and cold-import figures: `npm pack` the repository, unpack
// the tarball into a scratch app's node_modules/latchkey (exactly the files a registry would serve), and link the
// app's other packages (latchkey's dependencies, react, react-dom, the official SDK) to the repository's installed
// copies — offline, and the same versions the lockfile pins.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Packages the scratch app links from the repository besides latchkey's own dependencies. */
const APP_PACKAGES = ["react", "react-dom", "scheduler", "@stackframe/js"];

/**
 * Packs `root` and installs the tarball into a new scratch app; returns `{ appDir, packageDir, tarballBytes, cleanup }`.
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
  const tarball = path.join(tmp, JSON.parse(out.slice(out.indexOf("[")))[0].filename);
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
  return { appDir, packageDir, tarballBytes: readFileSync(tarball).length, cleanup };
}
