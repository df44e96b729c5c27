// Bundles the demo app (examples/demo/app) for the browser with esbuild: `latchkey` and `latchkey/react` are the
// BUILT package (dist/browser, what an `import` of it resolves to), as an app installing it would get; React comes from the repository's node_modules.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (examples/demo/../..). */
export const ROOT = path.resolve(HERE, "../..");
/** The built package's entry files the demo runs on. */
export const DIST = {
  index: path.join(ROOT, "dist/browser/index.js"),
  react: path.join(ROOT, "dist/browser/react/index.js"),
  emulator: path.join(ROOT, "dist/emulator.js"),
};

/** Thrown when dist/ is missing: the demo runs on the built package. */
export class DemoNotBuiltError extends Error {
  constructor(missing) {
    super(`The demo runs on the built package, but ${path.relative(ROOT, missing)} is missing. Run \`npm run build\` first (\`npm run demo\` does).`);
    this.name = "DemoNotBuiltError";
  }
}

/** Throws a {@link DemoNotBuiltError} when an entry file of dist/ is missing. */
export function assertBuilt() {
  for (const file of Object.values(DIST)) if (!existsSync(file)) throw new DemoNotBuiltError(file);
}

const hashOf = (text) => createHash("sha256").update(text).digest("hex").slice(0, 12);

/**
 * Bundles the app (ESM, minified, React in production mode) and its style sheet. Returns both texts with
 * content-hashed file names, so the browser may cache them for good.
 *
 * @example
 * const { js, css } = await bundleDemo(); // js.name === "app-1a2b3c4d5e6f.js"
 */
export async function bundleDemo() {
  assertBuilt();
  const result = await build({
    entryPoints: { app: path.join(HERE, "app/main.tsx"), style: path.join(HERE, "app/styles.css") },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome115", "firefox115", "safari16"],
    minify: true,
    write: false,
    outdir: path.join(HERE, ".out"),
    logLevel: "silent",
    jsx: "automatic",
    alias: { latchkey: DIST.index, "latchkey/react": DIST.react },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const file = (ext) => {
    const out = result.outputFiles.find((f) => f.path.endsWith(ext));
    return { name: `${ext === ".js" ? "app" : "style"}-${hashOf(out.text)}${ext}`, text: out.text };
  };
  return { js: file(".js"), css: file(".css") };
}
